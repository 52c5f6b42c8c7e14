import { getFormProps } from '@conform-to/react';
import { useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { PrivacyTextBodySchema, privacyApi, type PrivacyTextVersionDto } from '#shared/contracts/privacy.ts';
import { settingsApi } from '#shared/contracts/settings.ts';
import { SiteSettingsFormSchema } from '#shared/validation/settings.ts';
import { CheckboxField, FormErrors, TextAreaField, TextField } from '../../components/forms/fields.tsx';
import { formatDateTime } from '../../lib/admin-sections.ts';
import { api, dataOf, loadOrRedirect } from '../../lib/api-client.ts';
import { useGuardedSave } from '../../lib/edit-conflict.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { GuardedSaveDialog } from '../../components/admin/edit-conflict.tsx';
import { ListHeading } from '../../components/admin/list-heading.tsx';
import { EditorPresence } from '../../components/admin/editor-presence.tsx';
import type { Route } from './+types/site-settings';
import { SETTINGS_FIELD_LABELS } from '#shared/field-labels.ts';

export const meta: Route.MetaFunction = () => [
  { title: 'Site Settings | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader() {
  return loadOrRedirect(async () => {
    const [settings, versions] = await Promise.all([api().call(settingsApi.get), api().call(privacyApi.versions)]);
    return { ...dataOf(settings), privacyVersions: dataOf(versions) };
  });
}

export function HydrateFallback() {
  return <p role="status">Loading site settings...</p>;
}

const REGIONS = [
  { key: 'us', label: 'USA' },
  { key: 'ca', label: 'Canada' },
  { key: 'int', label: 'International' },
] as const;

/** The retention fields' region names, as the audit log's retention entries name them. */
const RETENTION_REGIONS = [
  { key: 'us', label: 'U.S.' },
  { key: 'ca', label: 'Canada' },
  { key: 'int', label: 'International' },
] as const;

/**
 * Administrators: the notice bar, social links, careers address, lead recipients, reCAPTCHA score, lead
 * retention and the privacy text (ADR 044); sign-in security and integrations are linked.
 */
export default function SiteSettings({ loaderData }: Route.ComponentProps) {
  // a fresh form for every loaded version (Load theirs after a refused save loads the newest)
  return <SiteSettingsScreen key={loaderData.version} loaderData={loaderData} />;
}

/** The privacy text's form: its text (the version it started from is sent beside it). */
const PrivacyTextFormSchema = PrivacyTextBodySchema.pick({ text: true });
const PRIVACY_FIELD_LABELS = { text: 'Privacy text' };

/** The API fields a refused save compares, as the screen names them. */
const FIELD_LABELS = SETTINGS_FIELD_LABELS;

function SiteSettingsScreen({ loaderData }: Pick<Route.ComponentProps, 'loaderData'>) {
  const { privacyVersions, ...loaded } = loaderData;
  const [data, setData] = useState(loaded);
  const [saved, setSaved] = useState(false);
  const navigate = useNavigate();
  const save = useGuardedSave((to) => void navigate(to));
  const { settings, fallbacks } = data;
  const { form, fields, pending } = useZodForm({
    id: 'site-settings',
    schema: SiteSettingsFormSchema,
    defaultValue: {
      notice: settings.notice,
      social: settings.social,
      careersUrl: settings.careersUrl,
      leadRecipients: settings.leadRecipients,
      recaptchaMinScore: settings.recaptchaMinScore === null ? undefined : settings.recaptchaMinScore,
      leadRetentionDays: {
        us: settings.leadRetentionDays.us ?? undefined,
        ca: settings.leadRetentionDays.ca ?? undefined,
        int: settings.leadRetentionDays.int ?? undefined,
      },
    },
    async onValid(value) {
      setSaved(false);
      // the three day fields are on the screen, so all three blank means off (not "leave as saved", which a missing field means)
      const body = { ...value, leadRetentionDays: value.leadRetentionDays ?? { us: null, ca: null, int: null } };
      return save.guarded(
        (guard) => api().call(settingsApi.edit, { body: { ...body, ...guard } }),
        data.version,
        (saved) => {
          setData(saved);
          setSaved(true);
        },
      );
    },
  });
  const notice = fields.notice.getFieldset();
  const recipients = fields.leadRecipients.getFieldset();
  const retention = fields.leadRetentionDays.getFieldset();
  const social = fields.social.getFieldList();

  return (
    <section aria-labelledby="settings-title">
      <ListHeading id="settings-title" title="Site Settings">
        <button className="button button--primary" type="submit" form={form.id} disabled={pending}>
          {pending ? 'Saving...' : 'Save Changes'}
        </button>
      </ListHeading>
      <EditorPresence item="/siteadmin/settings" />
      <p className="form-alert form-alert--info">
        Sign-in rules (two-step sign-in for every account) are on the <Link to="/siteadmin/security">Security</Link> screen; CRM webhooks
        for leads are on the <Link to="/siteadmin/settings/integrations">Integrations</Link> screen.
      </p>
      <div className="panel">
        <form {...getFormProps(form)} className="stack admin-form">
          <FormErrors id={form.errorId} errors={form.errors} />
          <div role="status">
            {saved ? <p className="form-alert form-alert--success">Site settings saved. Public pages show them now.</p> : null}
          </div>

          <fieldset className="settings-fieldset">
            <legend>Notice bar</legend>
            <CheckboxField
              meta={notice.enabled}
              label="Show the notice bar"
              description="The bar above every public page. Visitors can dismiss it; a new text shows again to everyone."
            />
            <TextField meta={notice.text} label="Notice text" />
            <TextField
              meta={notice.linkUrl}
              label="Notice link address"
              hint="Optional. Where the notice's link goes: a page of this site such as /about, or another site's full address starting with https://."
            />
            <TextField
              meta={notice.linkText}
              label="Notice link text"
              hint="The words visitors click, for example Learn more. Needed when there is a link."
            />
          </fieldset>

          <fieldset className="settings-fieldset">
            <legend>Social links</legend>
            {social.map((item, index) => {
              const link = item.getFieldset();
              return (
                <div className="social-row" key={item.key}>
                  <TextField meta={link.name} label={`Network ${index + 1} name`} />
                  <TextField meta={link.url} label={`Network ${index + 1} address`} type="url" inputMode="url" />
                  <button
                    className="button button--small button--danger-outline"
                    {...form.remove.getButtonProps({ name: fields.social.name, index })}
                  >
                    Remove<span className="visually-hidden"> network {index + 1}</span>
                  </button>
                </div>
              );
            })}
            <div>
              <button
                className="button button--small button--secondary"
                {...form.insert.getButtonProps({ name: fields.social.name, defaultValue: { name: '', url: '' } })}
              >
                Add Social Link
              </button>
            </div>
          </fieldset>

          <fieldset className="settings-fieldset">
            <legend>Careers</legend>
            <TextField
              meta={fields.careersUrl}
              label="Careers address"
              type="url"
              inputMode="url"
              hint="The careers site the footer's Careers link opens, for example https://careers.example.com."
            />
          </fieldset>

          <fieldset className="settings-fieldset">
            <legend>Lead recipients</legend>
            {REGIONS.map((r) => (
              <TextField
                key={r.key}
                meta={recipients[r.key]}
                label={`${r.label} leads email`}
                type="email"
                hint={`Who receives the contact requests from visitors in this region. Leave it blank to keep sending them to ${fallbacks.leadRecipients[r.key]}, the address set when the site was installed.`}
              />
            ))}
          </fieldset>

          <fieldset className="settings-fieldset">
            <legend>reCAPTCHA</legend>
            <TextField
              meta={fields.recaptchaMinScore}
              label="Minimum reCAPTCHA score"
              inputMode="decimal"
              hint={`How sure Google must be that a form was sent by a person: from 0 (accept everything) to 1 (refuse anything doubtful). Forms scored lower are refused. Leave it blank to keep ${fallbacks.recaptchaMinScore}, the installation's setting.`}
            />
          </fieldset>

          <fieldset className="settings-fieldset">
            <legend>Lead retention</legend>
            <p className="field__hint">
              Once a day the site deletes the leads older than the number of days set for their region, with their emails, webhook
              deliveries, notes and history, and notes how many in the Audit Log. Blank: leads are kept until someone deletes them. Deleted
              leads cannot be brought back.
            </p>
            {RETENTION_REGIONS.map((r) => (
              <TextField
                key={r.key}
                meta={retention[r.key]}
                label={`Keep ${r.label} leads for (days)`}
                inputMode="numeric"
                hint={
                  settings.leadRetentionDays[r.key] === null
                    ? 'Off: kept. Enter 1 to 3650 days to turn it on.'
                    : `On: leads older than ${settings.leadRetentionDays[r.key]} days are deleted each day. Clear it to keep them.`
                }
              />
            ))}
          </fieldset>
        </form>
      </div>
      {/* a fresh panel for every loaded privacy text version (Load theirs after a refused save loads the newest) */}
      <PrivacyTextPanel key={privacyVersions[0]?.id ?? 0} initial={privacyVersions} />
      <GuardedSaveDialog save={save} labels={FIELD_LABELS} />
    </section>
  );
}

/**
 * The privacy text shown beside the contact and rep-contact forms (ADR 044). It is saved in versions: a
 * changed text becomes a new version and every lead keeps the one its visitor saw, so old versions stay listed.
 */
function PrivacyTextPanel({ initial }: { initial: PrivacyTextVersionDto[] }) {
  const navigate = useNavigate();
  const guardedSave = useGuardedSave((to) => void navigate(to));
  const [versions, setVersions] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const current = versions[0] ?? null;
  // the version shown when Save is pressed (a ref: the submit handler may be an earlier render's)
  const shownId = useRef(current?.id ?? null);
  shownId.current = current?.id ?? null;
  const { form, fields, pending } = useZodForm({
    id: 'privacy-text',
    schema: PrivacyTextFormSchema,
    defaultValue: { text: current?.text ?? '' },
    async onValid(value) {
      setMessage(null);
      const before = shownId.current;
      // the save names the version shown (0: none), so a version added since is not silently replaced (ADR 048)
      return guardedSave.guarded(
        (guard) => api().call(privacyApi.saveText, { body: { ...value, ...guard } }),
        before ?? 0,
        async (saved) => {
          const list = dataOf(await api().call(privacyApi.versions));
          setVersions(list);
          setMessage(
            saved && saved.id === before
              ? `The text is unchanged: the forms still show version ${saved.id}.`
              : `Saved as version ${saved?.id ?? ''}. The contact and rep-contact forms show it now; earlier leads keep the version they were sent with.`,
          );
        },
      );
    },
  });
  return (
    <div className="panel">
      <form {...getFormProps(form)} className="stack admin-form" aria-labelledby="privacy-text-title">
        <h2 id="privacy-text-title" className="panel__title">
          Privacy text
        </h2>
        <p>
          {current
            ? `Version ${current.id}, saved ${formatDateTime(current.created)}${current.createdBy ? ` by ${current.createdBy}` : ''}.`
            : 'No privacy text is saved yet: the forms show none, and leads record no version.'}
        </p>
        <FormErrors id={form.errorId} errors={form.errors} />
        <div role="status">{message ? <p className="form-alert form-alert--success">{message}</p> : null}</div>
        <TextAreaField
          meta={fields.text}
          label="Text beside the contact forms"
          rows={5}
          maxLength={2000}
          hint="Plain text, up to 2,000 characters, shown beside the contact form and the form for contacting a rep or retailer. Saving a changed text makes a new version; each lead records the version its visitor saw."
        />
        <div className="form-actions">
          <button type="submit" className="button button--primary" disabled={pending}>
            {pending ? 'Saving...' : 'Save Privacy Text'}
          </button>
        </div>
      </form>
      {versions.length > 1 ? (
        <table className="admin-table resource-table">
          <caption>Earlier versions</caption>
          <thead>
            <tr>
              <th scope="col">Version</th>
              <th scope="col">Saved</th>
              <th scope="col">Leads</th>
              <th scope="col">Text</th>
            </tr>
          </thead>
          <tbody>
            {versions.slice(1).map((v) => (
              <tr key={v.id}>
                <td>{v.id}</td>
                <td>
                  {formatDateTime(v.created)}
                  {v.createdBy ? ` by ${v.createdBy}` : ''}
                </td>
                <td>{v.leads}</td>
                <td className="privacy-version__text">{v.text}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      <GuardedSaveDialog save={guardedSave} labels={PRIVACY_FIELD_LABELS} />
    </div>
  );
}
