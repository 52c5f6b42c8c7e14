import { getFormProps } from '@conform-to/react';
import { useState } from 'react';
import { redirect, useNavigate } from 'react-router';
import type { EditConflict } from '#shared/validation/edit-conflict.ts';
import { documentsApi } from '#shared/contracts/documents.ts';
import { DOCUMENT_MESSAGES, isLabelKind, LABEL_KINDS, type DocumentDetail } from '#shared/validation/documents.ts';
import {
  DocumentMetaFields,
  DocumentRevisionList,
  DocumentUsageList,
  useDocumentMetaForm,
} from '../../components/admin/document-fields.tsx';
import { EditConflictDialog } from '../../components/admin/edit-conflict.tsx';
import { EditFrame, type Version } from '../../components/admin/edit-frame.tsx';
import { UnsavedChangesGuard } from '../../components/admin/editor/unsaved-changes.tsx';
import { ListNotice } from '../../components/admin/list-actions.tsx';
import { FileField, FormErrors } from '../../components/forms/fields.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { itemOr404, loadOrRedirect, type Envelope } from '../../lib/api-client.ts';
import { useEditConflict } from '../../lib/edit-conflict.ts';
import {
  addDocument,
  editDocument,
  fileTypeName,
  formatSize,
  kindName,
  replaceDocumentFile,
  restoreDocumentRevision,
} from '../../lib/documents.ts';
import { useVersionedSave } from '../../lib/versioned-editor.ts';
import type { Route } from './+types/label-form';
import { DOCUMENT_FIELD_LABELS } from '#shared/field-labels.ts';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? 'Edit' : 'Add'} Product Label/SDS | Site Administration` },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadOrRedirect(async () => {
    if (!params.id) return { doc: null };
    const doc = await itemOr404(documentsApi.get, { params: { id: params.id } }, DOCUMENT_MESSAGES.notFound);
    // images and other files are edited in the document library
    if (!isLabelKind(doc.kind)) throw redirect(`/siteadmin/document-library/edit/${doc.id}`);
    if (params.versionId && !doc.revisions.some((r) => String(r.id) === params.versionId))
      throw new Response(DOCUMENT_MESSAGES.revisionNotFound, { status: 404 });
    return { doc };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading label...</p>;
}

export default function LabelForm({ loaderData, params }: Route.ComponentProps) {
  const { doc } = loaderData;
  // a fresh form for every loaded revision: saving or choosing a rollback loads new values
  return (
    <LabelEditor
      key={doc ? `${doc.id}-${doc.revisions[0]?.id ?? ''}-${doc.version}-${params.versionId ?? ''}` : 'new'}
      doc={doc}
      revisionId={params.versionId ?? null}
    />
  );
}

const PDF = 'application/pdf,.pdf';
const editPath = (id: number) => `/siteadmin/product-labels/edit/${id}`;

/** The server's envelope with the editor's own success message (what the save did, in words). */
function saying<T>(env: Envelope<T>, message: string): Envelope<T> {
  return env.success ? { ...env, message } : env;
}

function LabelEditor({ doc, revisionId }: { doc: DocumentDetail | null; revisionId: string | null }) {
  const formId = 'label-form';
  const [kind, setKind] = useState(doc?.kind ?? '');
  const editor = useVersionedSave(formId, editPath);
  const navigate = useNavigate();
  const conflicts = useEditConflict((to) => void navigate(to));
  const loaded = revisionId ? (doc?.revisions.find((r) => String(r.id) === revisionId) ?? null) : null;
  // the served revision loaded by its address is no rollback
  const restoring = loaded && !loaded.current ? loaded : null;
  const versions: Version[] = (doc?.revisions ?? []).map((r) => ({ id: r.id, created: r.created, savedBy: r.author }));

  const { form, fields, pending, formRef, fileError } = useDocumentMetaForm(formId, doc, (value, file) => {
    // the details' save again over the newest version, once someone else saved first (ADR 048): the file is already in
    let overwrite: ((c: EditConflict) => Promise<Envelope<DocumentDetail>>) | null = null;
    return editor.save<DocumentDetail>(
      async () => {
        const name = `${kindName(value.kind)} “${value.title}”`;
        if (!doc) return saying(await addDocument(value, file!), `The ${name} was added.`);
        // the file first: a refused file (not a PDF) leaves the document as it was
        let fileNews = '';
        if (file) {
          const replaced = await replaceDocumentFile(doc.id, file);
          if (!replaced.success) return replaced;
          fileNews = ' The new file is served at the same link; the previous file is kept as a revision.';
        } else if (restoring) {
          const restored = await restoreDocumentRevision(doc.id, restoring.id);
          if (!restored.success) return restored;
          fileNews = ` The file of ${formatDateTime(restoring.created)} is served again, as a new revision; no revision is lost.`;
        }
        const message = `The ${name} was saved.${fileNews}`;
        overwrite = async (c) => saying(await editDocument(doc.id, value, { baseVersion: c.currentVersion, overwrite: true }), message);
        return saying(await editDocument(doc.id, value, { baseVersion: doc.version }), message);
      },
      undefined,
      (env) => {
        const again = overwrite;
        return again && conflicts.take(env, (c) => editor.save(() => again(c))) ? null : undefined;
      },
    );
  });

  const labelOrSds = kind === 'label' || kind === 'sds';
  return (
    <EditFrame
      title="Product Label/SDS"
      itemId={doc?.id}
      backTo="/siteadmin/product-labels"
      formId={form.id}
      saving={pending}
      versions={versions}
      rollbackRoute="product-labels"
      loadedVersionId={revisionId}
      actions={
        doc ? (
          <a className="button button--secondary" href={doc.url} target="_blank" rel="noopener">
            Open file<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        ) : null
      }
    >
      <UnsavedChangesGuard when={editor.dirty} whenRef={editor.dirtyRef} />
      <ListNotice notice={editor.notice} />
      <form {...getFormProps(form)} ref={formRef} className="stack admin-form" encType="multipart/form-data">
        <FormErrors id={form.errorId} errors={form.errors} />
        {doc ? (
          <p className="field__hint">
            Public link (stays the same when the file is replaced or rolled back):{' '}
            <a href={doc.url} target="_blank" rel="noopener">
              {doc.url}
              <span className="visually-hidden"> (opens in a new tab)</span>
            </a>
          </p>
        ) : null}
        <DocumentMetaFields
          fields={fields}
          kinds={LABEL_KINDS}
          regionDefault={doc?.regionIds ?? [2]}
          showAltText={false}
          onKindChange={setKind}
          productHint={
            labelOrSds
              ? 'Required: the label or SDS is listed under this product on Product Labels and on its product pages.'
              : 'Required for labels and SDSs. A statement is linked from content, so it needs no product.'
          }
        />
        {/* images are not managed here; keep an alt text the library may have set */}
        <input type="hidden" name={fields.altText.name} value={doc?.altText ?? ''} />
        {restoring ? (
          <p className="form-alert form-alert--info" id="label-restoring">
            Loaded: the file of {formatDateTime(restoring.created)}, {restoring.fileName} ({fileTypeName(restoring.contentType)},{' '}
            {formatSize(restoring.size)}){restoring.author ? `, uploaded by ${restoring.author}` : ''}. Save Changes serves it again at the
            same link. The title, kind, product and regions are not part of a revision: they are saved as shown.
          </p>
        ) : null}
        <FileField
          id="label-file"
          name="file"
          label={doc ? 'Replace file' : 'File'}
          accept={PDF}
          required={!doc}
          error={fileError}
          hint={
            doc
              ? `${restoring ? 'Or upload a new file instead. ' : ''}Current file: ${doc.fileName} (${fileTypeName(doc.contentType)}, ${formatSize(doc.size)}). Choose a new PDF to replace it; the link stays the same and the previous file is kept as a revision.`
              : 'A PDF file. Its link (/doccenter/…) stays the same when the file is replaced later.'
          }
        />
      </form>
      {doc ? (
        <>
          <section aria-labelledby="revisions-title" className="stack admin-section">
            <h2 id="revisions-title" className="admin-subtitle">
              Revisions
            </h2>
            <p className="field__hint">Every file uploaded for this document, newest first. Choose one under Rollback to serve it again.</p>
            <DocumentRevisionList revisions={doc.revisions} />
          </section>
          <section aria-labelledby="usage-title" className="stack admin-section">
            <h2 id="usage-title" className="admin-subtitle">
              Where it is used
            </h2>
            {doc.usage.length === 0 ? <p>Not used on any page.</p> : <DocumentUsageList usage={doc.usage} />}
          </section>
        </>
      ) : null}
      <EditConflictDialog
        conflict={conflicts.conflict}
        labels={DOCUMENT_FIELD_LABELS}
        busy={conflicts.busy}
        error={conflicts.error}
        onSaveMine={() => void conflicts.saveMine()}
        onLoadTheirs={() => {
          editor.markSaved();
          conflicts.close();
          if (doc) void navigate(editPath(doc.id), { replace: true });
        }}
        onClose={conflicts.close}
      />
    </EditFrame>
  );
}
