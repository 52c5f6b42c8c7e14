import { getFormProps } from '@conform-to/react';
import { useNavigate } from 'react-router';
import { retailersApi } from '#shared/contracts/reps-retailers.ts';
import { RETAILER_MESSAGES, RetailerFormSchema } from '#shared/validation/reps-retailers.ts';
import { GuardedSaveDialog } from '../../components/admin/edit-conflict.tsx';
import { EditFrame } from '../../components/admin/edit-frame.tsx';
import { FormErrors, TextField } from '../../components/forms/fields.tsx';
import { api, itemOr404, loadOrRedirect, refusalOr } from '../../lib/api-client.ts';
import { useGuardedSave } from '../../lib/edit-conflict.ts';
import { textDefaults, useZodForm } from '../../lib/use-zod-form.ts';
import type { Route } from './+types/retailer-form';
import { RETAILER_FIELD_LABELS } from '#shared/field-labels.ts';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? 'Edit' : 'Add'} Retailer | Site Administration` },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadOrRedirect(async () => {
    if (!params.id) return { retailer: null, next: false };
    const retailer = await itemOr404(retailersApi.get, { params: { id: params.id } }, RETAILER_MESSAGES.notFound);
    return { retailer, next: Boolean(params.next) };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading retailer...</p>;
}

const LIST = '/siteadmin/reps-retailers?tab=retailers';

/** The API fields a refused save compares, as the form names them. */
const FIELD_LABELS = RETAILER_FIELD_LABELS;

export default function RetailerForm({ loaderData }: Route.ComponentProps) {
  // a fresh form for every saved version (Load theirs after a refused save loads the newest)
  return <RetailerEditor key={`${loaderData.retailer?.id ?? 'new'}-${loaderData.retailer?.version ?? ''}`} loaderData={loaderData} />;
}

function RetailerEditor({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { retailer, next } = loaderData;
  const navigate = useNavigate();
  const save = useGuardedSave((to) => void navigate(to));
  const { form, fields, pending } = useZodForm({
    id: `retailer-form-${retailer?.id ?? 'new'}`,
    schema: RetailerFormSchema,
    defaultValue: {
      ...textDefaults(retailer, ['name', 'address', 'city', 'state', 'postalCode', 'phone', 'website']),
      latitude: retailer ? String(retailer.latitude) : '',
      longitude: retailer ? String(retailer.longitude) : '',
      products: (retailer?.products ?? []).join(', '),
    },
    async onValid(value) {
      // With {next}, saving continues to the following retailer in list order.
      const then = () => navigate(next && retailer?.nextId ? `/siteadmin/reps-retailers/retailer/edit/${retailer.nextId}/next` : LIST);
      if (retailer)
        return save.guarded(
          (guard) => api().call(retailersApi.edit, { body: { ...value, id: retailer.id, ...guard } }),
          retailer.version,
          then,
        );
      return refusalOr(api().call(retailersApi.add, { body: value }), then);
    },
  });

  return (
    <EditFrame title="Retailer" itemId={retailer?.id} backTo={LIST} formId={form.id} saving={pending}>
      <form {...getFormProps(form)} className="stack admin-form">
        {next ? (
          <p className="form-alert form-alert--info">
            {retailer?.nextId ? 'After saving, the next retailer opens.' : 'This is the last retailer: saving returns to the list.'}
          </p>
        ) : null}
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.name} label="Name" autoComplete="off" />
        <TextField meta={fields.address} label="Address" autoComplete="off" />
        <TextField meta={fields.city} label="City" autoComplete="off" hint="Leave blank to use the town of the ZIP or postal code." />
        <TextField meta={fields.state} label="State or province" autoComplete="off" hint="Two-letter code, such as IA or SK." />
        <TextField meta={fields.postalCode} label="ZIP or postal code" autoComplete="off" />
        <fieldset className="field field--group">
          <legend className="field__label">Location</legend>
          <p className="field__hint">Leave both blank to place the retailer at the centre of its ZIP or postal code area.</p>
          <div className="field-row">
            <TextField meta={fields.latitude} label="Latitude" autoComplete="off" inputMode="text" />
            <TextField meta={fields.longitude} label="Longitude" autoComplete="off" inputMode="text" />
          </div>
        </fieldset>
        <TextField meta={fields.phone} label="Phone" autoComplete="off" />
        <TextField meta={fields.website} label="Website" autoComplete="off" hint="Starting with http:// or https://." />
        <TextField
          meta={fields.products}
          label="Products carried"
          autoComplete="off"
          hint="Separate products with commas, such as AGROTAIN, SUPERU."
        />
      </form>
      <GuardedSaveDialog save={save} labels={FIELD_LABELS} />
    </EditFrame>
  );
}
