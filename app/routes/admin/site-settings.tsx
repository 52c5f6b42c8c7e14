import { getFormProps } from '@conform-to/react';
import { useState } from 'react';
import { Link } from 'react-router';
import { settingsApi } from '#shared/contracts/settings.ts';
import { SiteSettingsFormSchema } from '#shared/validation/settings.ts';
import { CheckboxField, FormErrors, TextField } from '../../components/forms/fields.tsx';
import { api, dataOf, loadOrRedirect, refusalOr } from '../../lib/api-client.ts';
import { useZodForm } from '../../lib/use-zod-form.ts';
import { ListHeading } from '../../components/admin/list-heading.tsx';
import type { Route } from './+types/site-settings';

export const meta: Route.MetaFunction = () => [
  { title: 'Site Settings | Site Administration' },
  { name: 'robots', content: 'noindex, nofollow' },
];

export async function clientLoader() {
  return loadOrRedirect(async () => dataOf(await api().call(settingsApi.get)));
}

export function HydrateFallback() {
  return <p role="status">Loading site settings...</p>;
}

const REGIONS = [
  { key: 'us', label: 'USA' },
  { key: 'ca', label: 'Canada' },
  { key: 'int', label: 'International' },
] as const;

/** Administrators: the notice bar, social links, careers address, lead recipients and reCAPTCHA score; sign-in security is linked. */
export default function SiteSettings({ loaderData }: Route.ComponentProps) {
  const [data, setData] = useState(loaderData);
  const [saved, setSaved] = useState(false);
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
    },
    async onValid(value) {
      setSaved(false);
      return refusalOr(api().call(settingsApi.edit, { body: value }), (saved) => {
        setData(saved);
        setSaved(true);
      });
    },
  });
  const notice = fields.notice.getFieldset();
  const recipients = fields.leadRecipients.getFieldset();
  const social = fields.social.getFieldList();

  return (
    <section aria-labelledby="settings-title">
      <ListHeading id="settings-title" title="Site Settings">
        <button className="button button--primary" type="submit" form={form.id} disabled={pending}>
          {pending ? 'Saving...' : 'Save Changes'}
        </button>
      </ListHeading>
      <p className="form-alert form-alert--info">
        Sign-in rules (two-step sign-in for every account) are on the <Link to="/siteadmin/security">Security</Link> screen; CRM
        webhooks for leads are on the <Link to="/siteadmin/settings/integrations">Integrations</Link> screen.
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
        </form>
      </div>
    </section>
  );
}
