import { getFormProps } from '@conform-to/react';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { LEADS_PERMISSION } from '#shared/permissions.ts';
import { repsApi } from '#shared/contracts/reps-retailers.ts';
import { REP_MESSAGES, RepFormSchema, TERRITORY_FIELDS } from '#shared/validation/reps-retailers.ts';
import { GuardedSaveDialog } from '../../components/admin/edit-conflict.tsx';
import { EditFrame } from '../../components/admin/edit-frame.tsx';
import { announceInput } from '../../components/admin/editor/dom-events.ts';
import { DocumentPicker, type DocumentSource } from '../../components/admin/editor/document-picker.tsx';
import { FormErrors, TextField } from '../../components/forms/fields.tsx';
import { useAdminUser } from '../../lib/admin-session.ts';
import { api, itemOr404, loadOrRedirect, refusalOr } from '../../lib/api-client.ts';
import { useGuardedSave } from '../../lib/edit-conflict.ts';
import { textDefaults, useZodForm } from '../../lib/use-zod-form.ts';
import type { Route } from './+types/rep-form';
import { REP_FIELD_LABELS } from '#shared/field-labels.ts';

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `${params.id ? 'Edit' : 'Add'} Rep | Site Administration` },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader({ params }: Route.ClientLoaderArgs) {
  return loadOrRedirect(async () => {
    if (!params.id) return { rep: null };
    return { rep: await itemOr404(repsApi.get, { params: { id: params.id } }, REP_MESSAGES.notFound) };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading rep...</p>;
}

const LIST = '/siteadmin/reps-retailers?tab=reps';

/**
 * The photo, chosen from the Document Library's images; stored as its address (/doccenter/{guid}),
 * the same string the form always sent. Decorative on the finder (the name is beside it), so no alt text.
 */
export function RepPhotoField({
  meta,
  initial,
  documents,
}: {
  meta: { name: string; errorId: string; errors?: string[] };
  initial: string;
  documents?: DocumentSource;
}) {
  const [src, setSrc] = useState(initial);
  const [title, setTitle] = useState<string | undefined>(undefined);
  const hidden = useRef<HTMLInputElement>(null);
  const changed = useRef(false);
  useEffect(() => {
    if (changed.current) announceInput(hidden.current);
  }, [src]);
  return (
    <>
      <DocumentPicker
        label="Photo"
        kind="image"
        value={src ? { url: src, title } : null}
        showAlt={false}
        source={documents}
        errors={meta.errors}
        errorId={meta.errorId}
        onChange={(doc) => {
          changed.current = true;
          setSrc(doc?.url ?? '');
          setTitle(doc?.title);
        }}
      />
      <input ref={hidden} type="hidden" name={meta.name} value={src} />
    </>
  );
}

/** The API fields a refused save compares, as the form names them. */
const FIELD_LABELS = REP_FIELD_LABELS;

export default function RepForm({ loaderData }: Route.ComponentProps) {
  // a fresh form for every saved version (Load theirs after a refused save loads the newest)
  return <RepEditor key={loaderData.rep?.version ?? 'new'} loaderData={loaderData} />;
}

function RepEditor({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { rep } = loaderData;
  const navigate = useNavigate();
  const save = useGuardedSave((to) => void navigate(to));
  // a rep's email is where their leads go: set only by someone who may read leads (the server checks too)
  const mayDirectLeads = useAdminUser().permissions.includes(LEADS_PERMISSION);
  const { form, fields, pending } = useZodForm({
    id: 'rep-form',
    schema: RepFormSchema,
    defaultValue: {
      ...textDefaults(rep, ['name', 'title', 'photo', 'email', 'phone']),
      ...Object.fromEntries(TERRITORY_FIELDS.map((t) => [t.field, (rep?.[t.field] ?? []).join(', ')])),
    },
    async onValid(value) {
      if (rep)
        return save.guarded(
          (guard) => api().call(repsApi.edit, { body: { ...value, id: rep.id, ...guard } }),
          rep.version,
          () => navigate(LIST),
        );
      return refusalOr(api().call(repsApi.add, { body: value }), () => navigate(LIST));
    },
  });

  if (!rep && !mayDirectLeads) {
    return (
      <section aria-labelledby="rep-add-title" className="stack">
        <h1 id="rep-add-title" className="admin-title">
          Add Rep
        </h1>
        <p className="form-alert form-alert--info">{REP_MESSAGES.addNeedsLeads}</p>
        <p>
          <Link to={LIST}>Back to Reps &amp; Retailers</Link>
        </p>
      </section>
    );
  }

  return (
    <EditFrame title="Rep" itemId={rep?.id} backTo={LIST} formId={form.id} saving={pending}>
      <form {...getFormProps(form)} className="stack admin-form">
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField meta={fields.name} label="Name" autoComplete="off" />
        <TextField
          meta={fields.title}
          label="Title"
          autoComplete="off"
          hint="Shown under the name, such as Territory Manager, Central Iowa."
        />
        <RepPhotoField meta={fields.photo} initial={rep?.photo ?? ''} />
        <TextField
          meta={fields.email}
          label="Email"
          type="email"
          autoComplete="off"
          readOnly={!mayDirectLeads}
          hint={mayDirectLeads ? 'Requests from the finder are sent to this address.' : REP_MESSAGES.emailReadOnlyHint}
        />
        <TextField meta={fields.phone} label="Phone" autoComplete="off" />
        <fieldset className="field field--group">
          <legend className="field__label">Territories</legend>
          <p className="field__hint">
            Separate values with commas. The most specific rule wins: a ZIP beats a ZIP prefix, which beats a state; an FSA beats a
            province.
          </p>
          <div className="stack">
            {TERRITORY_FIELDS.map((t) => (
              <TextField key={t.field} meta={fields[t.field]} label={t.label} autoComplete="off" hint={t.hint} />
            ))}
          </div>
        </fieldset>
      </form>
      <GuardedSaveDialog save={save} labels={FIELD_LABELS} />
    </EditFrame>
  );
}
