import { getFormProps } from '@conform-to/react';
import { useNavigate } from 'react-router';
import { documentsApi } from '#shared/contracts/documents.ts';
import { DOCUMENT_KINDS, DOCUMENT_MESSAGES } from '#shared/validation/documents.ts';
import {
  DocumentMetaFields,
  DocumentRevisionList,
  DocumentUsageList,
  useDocumentMetaForm,
} from '../../components/admin/document-fields.tsx';
import { GuardedSaveDialog } from '../../components/admin/edit-conflict.tsx';
import { EditFrame } from '../../components/admin/edit-frame.tsx';
import { FileField, FormErrors } from '../../components/forms/fields.tsx';
import { itemOr404, loadOrRedirect } from '../../lib/api-client.ts';
import { useGuardedSave } from '../../lib/edit-conflict.ts';
import { addDocument, editDocument, formatSize, kindName, replaceDocumentFile } from '../../lib/documents.ts';
import type { Route } from './+types/document-form';
import { DOCUMENT_FIELD_LABELS } from '#shared/field-labels.ts';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? 'Edit' : 'Add'} Document | Site Administration` },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadOrRedirect(async () => {
    if (!params.id) return { doc: null };
    return { doc: await itemOr404(documentsApi.get, { params: { id: params.id } }, DOCUMENT_MESSAGES.notFound) };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading document...</p>;
}

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp,.pdf,.png,.jpg,.jpeg,.webp';

/** The API fields a refused save compares, as the form names them. */
const FIELD_LABELS = DOCUMENT_FIELD_LABELS;

export default function DocumentForm({ loaderData }: Route.ComponentProps) {
  // a fresh form for every saved version (Load theirs after a refused save loads the newest)
  return <DocumentEditor key={loaderData.doc?.version ?? 'new'} loaderData={loaderData} />;
}

function DocumentEditor({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { doc } = loaderData;
  const navigate = useNavigate();
  const save = useGuardedSave((to) => void navigate(to));
  const { form, fields, pending, formRef, fileError } = useDocumentMetaForm('document-form', doc, async (value, file) => {
    // the list shows the news (ResourceList reads a notice handed over in the navigation's state)
    const name = `${kindName(value.kind)} “${value.title}”`;
    if (doc) {
      // the details first: a save refused because someone else saved first replaces no file
      return save.guarded(
        async (guard) => {
          const edited = await editDocument(doc.id, value, guard);
          if (!edited.success || !file) return edited;
          const replaced = await replaceDocumentFile(doc.id, file);
          return replaced.success ? edited : { ...replaced, data: null };
        },
        doc.version,
        () => navigate('/siteadmin/document-library', { state: { notice: `The ${name} was saved.` } }),
      );
    }
    const added = await addDocument(value, file!);
    if (!added.success) return added.message ?? 'Something is wrong';
    await navigate('/siteadmin/document-library', { state: { notice: `The ${name} was added.` } });
    return null;
  });

  return (
    <EditFrame title="Document" itemId={doc?.id} backTo="/siteadmin/document-library" formId={form.id} saving={pending}>
      <form {...getFormProps(form)} ref={formRef} className="stack admin-form" encType="multipart/form-data">
        <FormErrors id={form.errorId} errors={form.errors} />
        {doc ? (
          <p className="field__hint">
            Public link (stays the same when the file is replaced):{' '}
            <a href={doc.url} target="_blank" rel="noreferrer">
              {doc.url}
            </a>
          </p>
        ) : null}
        <DocumentMetaFields
          fields={fields}
          kinds={DOCUMENT_KINDS}
          regionDefault={doc?.regionIds ?? [2]}
          productHint="Required for labels and SDSs: listed on the product's page and on Product Labels. Other kinds are linked from content instead, so they need no product."
        />
        <FileField
          id="document-file"
          name="file"
          label={doc ? 'Replace file' : 'File'}
          accept={ACCEPT}
          required={!doc}
          error={fileError}
          hint={
            doc
              ? `Current file: ${doc.fileName} (${formatSize(doc.size)}). Choose a new PDF, PNG, JPEG or WebP file to replace it; the previous file is kept as a revision.`
              : 'A PDF, PNG, JPEG or WebP file.'
          }
        />
      </form>
      {doc ? (
        <>
          <section aria-labelledby="revisions-title" className="stack">
            <h2 id="revisions-title">Revisions</h2>
            <DocumentRevisionList revisions={doc.revisions} />
          </section>
          <section aria-labelledby="usage-title" className="stack">
            <h2 id="usage-title">Where it is used</h2>
            {doc.usage.length === 0 ? <p>Not used on any page.</p> : <DocumentUsageList usage={doc.usage} />}
          </section>
        </>
      ) : null}
      <GuardedSaveDialog save={save} labels={FIELD_LABELS} />
    </EditFrame>
  );
}
