import { getFormProps, type SubmissionResult } from '@conform-to/react';
import { LEAD_PATHS } from '#shared/contracts/lead-paths.ts';
import { REP_CONTACT_FIELD_ORDER } from '#shared/validation/contact-fields.ts';
import type { FinderLabel } from '#shared/validation/finder-fields.ts';
import { ErrorAnnouncer, Honeypot, LeadTextField, SendFailure } from './form-helpers.tsx';
import { PhoneField } from './phone-field.tsx';
import { postLead, useLeadForm } from './use-lead-form.ts';

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
  /** The signed render time from the page's loader (the time-to-fill spam signal, ADR 043); the dialog has none. */
  formStarted?: string;
  /** The privacy text shown beside the form, and its version, posted with the lead (ADR 044); none: no text. */
  privacy?: { id: number; text: string } | null;
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
  formStarted,
  privacy,
  cancel,
}: RepContactFormProps) {
  const lead = useLeadForm({
    id: 'rep-contact',
    schema: 'rep',
    fieldOrder: REP_CONTACT_FIELD_ORDER,
    lastResult,
    failedOnServer: failed,
    recaptchaSiteKey,
    send(value, extras) {
      return postLead(
        LEAD_PATHS.contactRep,
        {
          name: value.name ?? '',
          email: value.email ?? '',
          phone: value.phone ?? '',
          message: value.message ?? '',
          targetType: target.type,
          targetId: target.id,
          zip,
          label,
          ...extras,
          ...(privacy ? { privacyVersion: privacy.id } : {}),
        },
        REP_CONTACT_FIELD_ORDER,
        'rep contact',
      );
    },
    onSent: () => window.location.assign(thankYouPath(target, back)),
  });

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
      <LeadTextField lead={lead} name="name" label="Name" required autoComplete="name" />
      <LeadTextField lead={lead} name="email" label="Email" required type="email" autoComplete="email" />
      <PhoneField id={lead.idFor('phone')} label="Phone" defaultValue={lead.initial('phone')} error={lead.errors.phone} />
      <LeadTextField lead={lead} name="message" label="Message" rows={4} />
      <Honeypot id="rep-contact-website" formStarted={formStarted} />
      {privacy ? (
        <>
          <p className="lead-form__privacy">{privacy.text}</p>
          <input type="hidden" name="privacyVersion" value={privacy.id} />
        </>
      ) : null}
      <SendFailure failed={lead.failed} />
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
