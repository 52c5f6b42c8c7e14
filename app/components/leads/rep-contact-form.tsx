import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { REP_CONTACT_FIELD_ORDER, SEND_FAILED_MESSAGE } from '#shared/validation/contact-fields.ts';
import type { FinderLabel } from '#shared/validation/finder-fields.ts';
import { ErrorAnnouncer, errorProps, Field, Honeypot } from './form-helpers.tsx';
import { PhoneField } from './phone-field.tsx';
import { useLeadForm, type SendOutcome } from './use-lead-form.ts';

export interface ContactTarget {
  type: 'rep' | 'retailer';
  id: number;
  name: string;
}

export interface RepContactFormProps {
  target: ContactTarget;
  zip: string;
  label: FinderLabel;
  recaptchaSiteKey: string | null;
  /** The results page the visitor came from (Back to results on the thank-you page). */
  back: string;
  /** The action's answer to a post without JavaScript. */
  lastResult?: SubmissionResult<string[]> | null;
  failed?: boolean;
  idempotencyKey?: string;
  /** The Cancel control: a button in the dialog, a link back to the results on the page. */
  cancel: { onClick(): void } | { href: string };
}

/** Where a stored rep contact goes: the thank-you page for a rep or a retailer (it reads their name by id). */
export function thankYouPath(target: ContactTarget, back: string): string {
  const params = new URLSearchParams({ id: String(target.id), back });
  return `/${target.type === 'rep' ? 'rep' : 'retailer'}-thankyou?${params.toString()}`;
}

/** The form's page, which its post goes to without JavaScript (the query names the listing for the page's loader). */
export function repContactPath(target: ContactTarget, zip: string, label: FinderLabel, back: string): string {
  return `/reps-retailers/contact?${new URLSearchParams({ type: target.type, id: String(target.id), zip, label, back }).toString()}`;
}

/**
 * The short "contact this rep or retailer" form, shared by the dialog on the results
 * (./rep-contact-dialog.tsx) and the page that serves it without JavaScript
 * (app/routes/public/rep-contact.tsx), on the same form state as the contact form (./use-lead-form.ts).
 * Stored as a Rep submission (type 1).
 */
export function RepContactForm({
  target,
  zip,
  label,
  recaptchaSiteKey,
  back,
  lastResult,
  failed,
  idempotencyKey,
  cancel,
}: RepContactFormProps) {
  const lead = useLeadForm({
    id: 'rep-contact',
    schema: 'rep',
    fieldOrder: REP_CONTACT_FIELD_ORDER,
    lastResult,
    failedOnServer: failed,
    recaptchaSiteKey,
    async send(value, extras): Promise<SendOutcome> {
      const res = await fetch('/api/forms/contact-rep', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: value.name ?? '',
          email: value.email ?? '',
          phone: value.phone ?? '',
          message: value.message ?? '',
          targetType: target.type,
          targetId: target.id,
          zip,
          label,
          ...extras,
        }),
      });
      const body = (await res.json().catch(() => null)) as { success?: boolean; errors?: Record<string, string[]> } | null;
      if (body?.success === true) return { ok: true };
      console.warn('rep contact was not accepted', res.status, body);
      const fieldErrors = Object.fromEntries(
        Object.entries(body?.errors ?? {}).filter(([k]) => (REP_CONTACT_FIELD_ORDER as readonly string[]).includes(k)),
      );
      return { ok: false, fieldErrors };
    },
    onSent: () => window.location.assign(thankYouPath(target, back)),
  });
  const { errors, idFor, initial } = lead;

  return (
    <form method="post" action={repContactPath(target, zip, label, back)} className="lead-form" {...getFormProps(lead.form)}>
      <ErrorAnnouncer messages={lead.messages} attempt={lead.attempt} />
      <input type="hidden" name="targetType" value={target.type} />
      <input type="hidden" name="targetId" value={target.id} />
      <input type="hidden" name="targetName" value={target.name} />
      <input type="hidden" name="zip" value={zip} />
      <input type="hidden" name="label" value={label} />
      <input type="hidden" name="back" value={back} />
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      <Field id={idFor('name')} label="Name" required error={errors.name}>
        <input
          id={idFor('name')}
          name="name"
          className="lead-input"
          autoComplete="name"
          aria-required="true"
          defaultValue={initial('name')}
          {...errorProps(idFor('name'), errors.name)}
        />
      </Field>
      <Field id={idFor('email')} label="Email" required error={errors.email}>
        <input
          id={idFor('email')}
          name="email"
          type="email"
          className="lead-input"
          autoComplete="email"
          aria-required="true"
          defaultValue={initial('email')}
          {...errorProps(idFor('email'), errors.email)}
        />
      </Field>
      <PhoneField id={idFor('phone')} label="Phone" defaultValue={initial('phone')} error={errors.phone} />
      <Field id={idFor('message')} label="Message" error={errors.message}>
        <textarea
          id={idFor('message')}
          name="message"
          className="lead-input lead-input--textarea"
          rows={4}
          defaultValue={initial('message')}
          {...errorProps(idFor('message'), errors.message)}
        />
      </Field>
      <Honeypot id="rep-contact-website" />
      <div className="lead-form__failure" role="alert">
        {lead.failed ? <p className="lead-form__failure-text">{SEND_FAILED_MESSAGE}</p> : null}
      </div>
      <div className="lead-form__actions rep-dialog__actions">
        {'href' in cancel ? (
          <a className="button button--ghost" href={cancel.href}>
            Cancel
          </a>
        ) : (
          <button type="button" className="button button--ghost" onClick={cancel.onClick}>
            Cancel
          </button>
        )}
        <button type="submit" className="button button--primary" disabled={lead.sending} aria-busy={lead.sending}>
          {lead.sending ? 'Sending…' : 'Send message'}
        </button>
      </div>
    </form>
  );
}
