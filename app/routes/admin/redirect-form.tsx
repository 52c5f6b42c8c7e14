import { getFormProps } from '@conform-to/react';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { redirectsApi } from '#shared/contracts/redirects.ts';
import { REDIRECT_STATUS_CODES, REDIRECT_TYPE_LABELS, RedirectFormSchema, type RedirectStatusCode } from '#shared/validation/redirects.ts';
import { GuardedSaveDialog } from '../../components/admin/edit-conflict.tsx';
import { EditFrame } from '../../components/admin/edit-frame.tsx';
import { CheckboxField, FormErrors, SelectField, TextField } from '../../components/forms/fields.tsx';
import { api, itemOr404, loadOrRedirect, refusalOr } from '../../lib/api-client.ts';
import { useGuardedSave } from '../../lib/edit-conflict.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import type { Route } from './+types/redirect-form';
import { REDIRECT_FIELD_LABELS } from '#shared/field-labels.ts';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? 'Edit' : 'Add'} Redirect | Site Administration` },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  // Create from the Not Found log: /siteadmin/redirects/create?from=/old-path
  const from = new URL(request.url).searchParams.get('from') ?? '';
  return loadOrRedirect(async () => {
    if (!params.id) return { redirect: null, from };
    return {
      redirect: await itemOr404(redirectsApi.get, { params: { id: params.id } }, 'Redirect not found.'),
      from,
    };
  });
}

/** The API fields a refused save compares, as the form names them. */
const FIELD_LABELS = REDIRECT_FIELD_LABELS;

export function HydrateFallback() {
  return <p role="status">Loading redirect...</p>;
}

export default function RedirectForm({ loaderData }: Route.ComponentProps) {
  // a fresh form for every saved version (Load theirs after a refused save loads the newest)
  return <RedirectEditor key={loaderData.redirect?.version ?? 'new'} loaderData={loaderData} />;
}

function RedirectEditor({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { redirect, from } = loaderData;
  const navigate = useNavigate();
  const save = useGuardedSave((to) => void navigate(to));
  const [gone, setGone] = useState(redirect?.statusCode === 410);
  const { form, fields, pending } = useZodForm({
    id: 'redirect-form',
    schema: RedirectFormSchema,
    defaultValue: {
      fromPath: redirect?.fromPath ?? from,
      toPath: redirect?.toPath ?? '',
      statusCode: redirect?.statusCode ?? 301,
      keepQuery: redirect ? redirect.keepQuery : true,
    },
    async onValid(value) {
      // RedirectFormSchema has checked the status code is one of REDIRECT_STATUS_CODES
      const body = { ...value, statusCode: value.statusCode as RedirectStatusCode, toPath: value.statusCode === 410 ? '' : value.toPath };
      if (redirect)
        return save.guarded(
          (guard) => api().call(redirectsApi.edit, { body: { id: redirect.id, ...body, ...guard } }),
          redirect.version,
          () => navigate('/siteadmin/redirects'),
        );
      return refusalOr(api().call(redirectsApi.add, { body }), () => navigate('/siteadmin/redirects'));
    },
  });

  return (
    <EditFrame title="Redirect" itemId={redirect?.id} backTo="/siteadmin/redirects" formId={form.id} saving={pending}>
      <form {...getFormProps(form)} className="stack admin-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField
          meta={fields.fromPath}
          label="From Path"
          autoComplete="off"
          hint="The old address on this site, such as /old-page. Letter case and a trailing slash do not matter. Without a query string it matches any query; with one (/page.aspx?id=12) it matches that query only, in any order, and wins over the path alone."
        />
        <SelectField
          meta={fields.statusCode}
          label="Type"
          options={REDIRECT_STATUS_CODES.map((code) => ({ value: String(code), label: REDIRECT_TYPE_LABELS[code] }))}
          hint="301 for a page that moved for good, 302 for a temporary move, 410 for a page removed with no replacement."
          onChange={(v) => setGone(v === '410')}
        />
        {gone ? null : (
          <>
            <TextField
              meta={fields.toPath}
              label="Target"
              autoComplete="off"
              hint="A path on this site (/new-page) or a full address (https://...)."
            />
            <CheckboxField
              meta={fields.keepQuery}
              label="Keep the query string"
              description="Pass the visitor's query string (such as ?utm_source=mail) on to the target. Untick it for an old address with a query (/page.aspx?id=12): the new page has no use for it."
            />
          </>
        )}
      </form>
      <GuardedSaveDialog save={save} labels={FIELD_LABELS} />
    </EditFrame>
  );
}
