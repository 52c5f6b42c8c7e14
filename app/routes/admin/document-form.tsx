import { getFormProps } from '@conform-to/react';
import { useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { DOCUMENT_PRODUCTS } from '#shared/product-documents.ts';
import { REGION_OPTIONS } from '#shared/regions.ts';
import { DOCUMENT_KINDS, DOCUMENT_MESSAGES, DocumentMetaSchema, type DocumentDetail } from '#shared/validation/documents.ts';
import { EditFrame } from '../../components/admin/edit-frame.tsx';
import { CheckboxGroup, FileField, FormErrors, SelectField, TextField } from '../../components/forms/fields.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { formatSize } from './documents-list.tsx';
import type { Route } from './+types/document-form';

export const meta: Route.MetaFunction = ({ params }) => [{ title: `${params.baseId ? 'Edit' : 'Add'} Document | Site Administration` }, { name: 'robots', content: 'noindex, nofollow' }];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadOrRedirect(async () => {
    if (!params.baseId) return { doc: null };
    const env = await api().get<DocumentDetail>(`/api/admin/documents/get/${encodeURIComponent(params.baseId)}`);
    if (!env.success) throw new Response(env.message ?? DOCUMENT_MESSAGES.notFound, { status: 404 });
    return { doc: dataOf(env) };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading document...</p>;
}

const ACCEPT = 'application/pdf,image/png,image/jpeg,image/webp,.pdf,.png,.jpg,.jpeg,.webp';

export default function DocumentForm({ loaderData }: Route.ComponentProps) {
  const { doc } = loaderData;
  const navigate = useNavigate();
  const formRef = useRef<HTMLFormElement>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const { form, fields, pending } = useZodForm({
    id: 'document-form',
    schema: DocumentMetaSchema,
    defaultValue: {
      title: doc?.title ?? '',
      kind: doc?.kind ?? '',
      productKey: doc?.productKey ?? '',
      regionIds: (doc?.regionIds ?? [2]).map(String),
      altText: doc?.altText ?? '',
    },
    async onValid(value) {
      setFileError(null);
      const chosen = formRef.current ? (new FormData(formRef.current).get('file') as File | null) : null;
      const file = chosen && chosen.size > 0 ? chosen : null;
      if (!doc && !file) {
        setFileError(DOCUMENT_MESSAGES.fileRequired);
        return DOCUMENT_MESSAGES.fileRequired;
      }
      if (doc) {
        const edited = await api().post('/api/admin/documents/edit', { id: doc.id, ...value });
        if (!edited.success) return edited.message ?? 'Something is wrong';
        if (file) {
          const body = new FormData();
          body.append('file', file);
          const replaced = await api().post(`/api/admin/documents/replace/${doc.id}`, body);
          if (!replaced.success) return replaced.message ?? 'Something is wrong';
        }
      } else {
        const body = new FormData();
        body.append('title', value.title);
        body.append('kind', value.kind);
        body.append('productKey', value.productKey ?? '');
        for (const id of value.regionIds) body.append('regionIds', String(id));
        body.append('altText', value.altText);
        body.append('file', file!);
        const added = await api().post('/api/admin/documents/add', body);
        if (!added.success) return added.message ?? 'Something is wrong';
      }
      await navigate('/siteadmin/document-library');
      return null;
    },
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
        <TextField meta={fields.title} label="Title" autoComplete="off" />
        <SelectField meta={fields.kind} label="Kind" options={[{ value: '', label: 'Choose a kind' }, ...DOCUMENT_KINDS.map((k) => ({ value: k.id, label: k.name }))]} />
        <SelectField
          meta={fields.productKey}
          label="Product"
          hint="For labels and SDSs: listed on the product's page and on Product Labels. Other kinds are linked from content instead, so they need no product."
          options={[{ value: '', label: 'No product' }, ...DOCUMENT_PRODUCTS.map((p) => ({ value: p.key, label: p.name }))]}
        />
        <CheckboxGroup meta={fields.regionIds} legend="Regions" defaultValue={(doc?.regionIds ?? [2]).map(String)} options={REGION_OPTIONS.map((r) => ({ value: String(r.id), label: r.name }))} />
        <TextField meta={fields.altText} label="Alt text" autoComplete="off" hint="Required for images: what the image shows, for people who cannot see it." />
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
            <ul>
              {doc.revisions.map((r) => (
                <li key={r.id}>
                  {formatDateTime(r.created)}: {r.fileName} ({formatSize(r.size)}){r.current ? ' (current)' : ''}
                </li>
              ))}
            </ul>
          </section>
          <section aria-labelledby="usage-title" className="stack">
            <h2 id="usage-title">Where it is used</h2>
            {doc.usage.length === 0 ? (
              <p>Not used on any page.</p>
            ) : (
              <ul>
                {doc.usage.map((u) => (
                  <li key={`${u.kind}-${u.path}-${u.title}`}>
                    {u.kind}: {u.path ? <a href={u.path}>{u.title}</a> : u.title}
                  </li>
                ))}
              </ul>
            )}
          </section>
        </>
      ) : null}
    </EditFrame>
  );
}
