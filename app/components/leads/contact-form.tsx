import type { SubmissionResult } from '@conform-to/react';
import { getFormProps } from '@conform-to/react';
import { useEffect, useRef, useState } from 'react';
import {
  CONTACT_FIELD_ORDER,
  CONTACT_REGIONS,
  CONTACT_ROLES,
  contactDataJson,
  contactFieldLabels,
  SEND_FAILED_MESSAGE,
  statesRegionIdFor,
} from '#shared/validation/contact-fields.ts';
import { ErrorAnnouncer, errorProps, Field, Honeypot } from './form-helpers.tsx';
import { PhoneField } from './phone-field.tsx';
import { useLeadForm, type SendOutcome } from './use-lead-form.ts';
import { Select } from '../forms/select.tsx';
import { REGION_INT } from '#shared/regions.ts';

export interface StateOption {
  id: number;
  code: string;
  name: string;
}

export interface ContactFormProps {
  initialRegion: string;
  /** States (or provinces) of the initial region, from the loader; others are fetched from the API. */
  initialStates: { regionId: number; states: StateOption[] };
  recaptchaSiteKey: string | null;
  /** The action's answer to a post without JavaScript: its field messages and what was typed. */
  lastResult?: SubmissionResult<string[]> | null;
  /** The action could not send it (rate limit, server trouble). */
  failed?: boolean;
  /** The idempotency key of a post without JavaScript, sent again with the next attempt. */
  idempotencyKey?: string;
  onSent(): void;
}

const FORM_ID = 'contact';

async function sendContact(
  value: Record<string, string | undefined>,
  extras: { reCaptchaToken: string; idempotencyKey: string; website: string },
): Promise<SendOutcome> {
  const text = (k: string) => value[k] ?? '';
  const res = await fetch('/api/forms/add', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      name: text('name'),
      email: text('email'),
      phone: text('phone'),
      data: contactDataJson({ region: text('region'), role: text('role'), state: text('state'), zipcode: text('zipcode') }),
      message: text('message'),
      ...extras,
    }),
  });
  const body = (await res.json().catch(() => null)) as { success?: boolean; errors?: Record<string, string[]> } | null;
  if (body?.success === true) return { ok: true };
  console.warn('contact form was not accepted', res.status, body);
  // The server checks with the same schema; field errors it still finds show beside the fields.
  const fieldErrors = Object.fromEntries(
    Object.entries(body?.errors ?? {}).filter(([k]) => (CONTACT_FIELD_ORDER as readonly string[]).includes(k)),
  );
  return { ok: false, fieldErrors };
}

/**
 * The contact form. In the HTML it posts to the page's action (app/routes/public/contact.tsx), which
 * checks it with the server's schema and stores it as POST /api/forms/add does. In the browser it is
 * checked as it is filled and sent to POST /api/forms/add without a reload. A failed send (429, 5xx,
 * network) keeps what the visitor typed, says so in an alert and is logged; every attempt of one form
 * view carries the same idempotency key, so a retry never stores a lead twice.
 */
export function ContactForm({
  initialRegion,
  initialStates,
  recaptchaSiteKey,
  lastResult,
  failed: failedOnServer,
  idempotencyKey,
  onSent,
}: ContactFormProps) {
  const lead = useLeadForm({
    id: FORM_ID,
    schema: 'contact',
    fieldOrder: CONTACT_FIELD_ORDER,
    lastResult,
    failedOnServer,
    recaptchaSiteKey,
    send: sendContact,
    onSent,
  });
  const { errors, idFor, initial } = lead;
  const [region, setRegion] = useState(lastResult ? initial('region') : initialRegion);
  const labels = contactFieldLabels(region);
  const statesRegion = statesRegionIdFor(region);
  const statesCache = useRef(new Map<number, StateOption[]>([[initialStates.regionId, initialStates.states]]));
  const [states, setStates] = useState<StateOption[]>(statesRegion === initialStates.regionId ? initialStates.states : []);

  useEffect(() => {
    if (statesRegion === REGION_INT) {
      setStates([]);
      return;
    }
    const cached = statesCache.current.get(statesRegion);
    if (cached) {
      setStates(cached);
      return;
    }
    const controller = new AbortController();
    fetch(`/api/states/get-all/${statesRegion}`, { signal: controller.signal })
      .then((res) => res.json() as Promise<{ success: boolean; data: StateOption[] }>)
      .then((body) => {
        if (!body.success) return;
        statesCache.current.set(statesRegion, body.data);
        setStates(body.data);
      })
      .catch((err: unknown) => {
        if ((err as Error).name !== 'AbortError') console.warn('could not load states', err);
      });
    return () => controller.abort();
  }, [statesRegion]);

  return (
    <form method="post" className="lead-form contact-form" {...getFormProps(lead.form)} aria-describedby="contact-required-note">
      <ErrorAnnouncer messages={lead.messages} attempt={lead.attempt} />
      <p id="contact-required-note" className="lead-form__note">
        Fields marked <span aria-hidden="true">*</span>
        <span className="visually-hidden">with an asterisk</span> are required.
      </p>
      <div className="lead-form__grid">
        <Field id={idFor('name')} label="Name" required error={errors.name}>
          <input
            id={idFor('name')}
            name="name"
            type="text"
            className="lead-input"
            autoComplete="name"
            aria-required="true"
            defaultValue={initial('name')}
            {...errorProps(idFor('name'), errors.name)}
          />
        </Field>
        <PhoneField
          id={idFor('phone')}
          label="Phone"
          defaultValue={initial('phone')}
          // the Canadian contact page starts at +1 Canada (its region is Canada); everywhere else at the spec's US
          country={initialRegion === 'Canada' ? 'ca' : 'us'}
          error={errors.phone}
        />
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
        <Field id={idFor('region')} label="Region" required error={errors.region}>
          <Select
            id={idFor('region')}
            name="region"
            aria-required="true"
            defaultValue={region}
            onChange={(e) => setRegion(e.target.value)}
            {...errorProps(idFor('region'), errors.region)}
          >
            <option value="">Select a region</option>
            {CONTACT_REGIONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
        </Field>
        {labels.showStateAndZip ? (
          <>
            <Field id={idFor('state')} label={labels.state} error={errors.state}>
              <Select
                // a new list starts unselected
                key={`${statesRegion}-${states.length}`}
                id={idFor('state')}
                name="state"
                autoComplete="address-level1"
                defaultValue={statesRegion === statesRegionIdFor(initial('region') || initialRegion) ? initial('state') : ''}
                {...errorProps(idFor('state'), errors.state)}
              >
                <option value="">Select a {labels.state.toLowerCase()}</option>
                {states.map((s) => (
                  <option key={s.id} value={s.name}>
                    {s.name}
                  </option>
                ))}
              </Select>
            </Field>
            <Field id={idFor('zipcode')} label={labels.zipcode} error={errors.zipcode}>
              <input
                id={idFor('zipcode')}
                name="zipcode"
                type="text"
                className="lead-input"
                autoComplete="postal-code"
                defaultValue={initial('zipcode')}
                {...errorProps(idFor('zipcode'), errors.zipcode)}
              />
            </Field>
          </>
        ) : null}
        <Field id={idFor('role')} label="Role" required error={errors.role} className="lead-form__wide">
          <Select
            id={idFor('role')}
            name="role"
            aria-required="true"
            defaultValue={initial('role')}
            {...errorProps(idFor('role'), errors.role)}
          >
            <option value="">Select a role</option>
            {CONTACT_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
        </Field>
        <Field id={idFor('message')} label="Message" required error={errors.message} className="lead-form__wide">
          <textarea
            id={idFor('message')}
            name="message"
            className="lead-input lead-input--textarea"
            rows={5}
            defaultValue={initial('message')}
            {...errorProps(idFor('message'), errors.message)}
          />
        </Field>
      </div>
      <Honeypot id="contact-website" />
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      {/* Present from the start (empty) so screen readers announce the message when it appears. */}
      <div className="lead-form__failure" role="alert">
        {lead.failed ? <p className="lead-form__failure-text">{SEND_FAILED_MESSAGE}</p> : null}
      </div>
      <div className="lead-form__actions">
        <button type="submit" className="button button--primary lead-form__submit" disabled={lead.sending} aria-busy={lead.sending}>
          {lead.sending ? 'Sending…' : 'Send'}
        </button>
        {recaptchaSiteKey ? (
          <p className="lead-form__recaptcha">
            This site is protected by reCAPTCHA and the Google{' '}
            <a href="https://policies.google.com/privacy" target="_blank" rel="noopener noreferrer">
              Privacy Policy<span className="visually-hidden"> (opens in a new tab)</span>
            </a>{' '}
            and{' '}
            <a href="https://policies.google.com/terms" target="_blank" rel="noopener noreferrer">
              Terms of Service<span className="visually-hidden"> (opens in a new tab)</span>
            </a>{' '}
            apply.
          </p>
        ) : null}
      </div>
    </form>
  );
}
