import type { SubmissionResult } from '@conform-to/react';
import { getFormProps } from '@conform-to/react';
import { useEffect, useRef, useState } from 'react';
import {
  CONTACT_FIELD_ORDER,
  CONTACT_REGIONS,
  CONTACT_ROLES,
  contactDataJson,
  contactFieldLabels,
  statesRegionIdFor,
} from '#shared/validation/contact-fields.ts';
import { ErrorAnnouncer, errorProps, Honeypot, LeadSelect, LeadTextField, SendFailure } from './form-helpers.tsx';
import { PhoneField } from './phone-field.tsx';
import { postLead, useLeadForm, type SendOutcome } from './use-lead-form.ts';
import { LEAD_PATHS } from '#shared/contracts/lead-paths.ts';
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
  /** The signed render time from the loader (the time-to-fill spam signal, ADR 043). */
  formStarted?: string;
  /** The privacy text shown beside the form, and its version, posted with the lead (ADR 044); none: no text. */
  privacy?: { id: number; text: string } | null;
  /** The product selector's answers and products from the page's address: what will be sent with the message. */
  journey?: JourneyProps | null;
  onSent(): void;
}

/** A journey as the form shows and posts it: its query form (the field's value) and its lines of words. */
export interface JourneyProps {
  value: string;
  answers: { question: string; answer: string }[];
  products: string[];
}

const FORM_ID = 'contact';

function sendContact(
  value: Record<string, string | undefined>,
  extras: { reCaptchaToken: string; idempotencyKey: string; website: string; formStarted: string },
  privacyVersion: number | undefined,
  formData: FormData,
): Promise<SendOutcome> {
  // the field as posted (unticked: absent), not its parsed form
  const journey = formData.get('journey');
  const text = (k: string) => value[k] ?? '';
  const payload = {
    name: text('name'),
    email: text('email'),
    phone: text('phone'),
    data: contactDataJson({ region: text('region'), role: text('role'), state: text('state'), zipcode: text('zipcode') }),
    message: text('message'),
    ...extras,
    ...(privacyVersion ? { privacyVersion } : {}),
    ...(typeof journey === 'string' && journey ? { journey } : {}),
  };
  return postLead(LEAD_PATHS.contact, payload, CONTACT_FIELD_ORDER, 'contact form');
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
  formStarted,
  privacy,
  journey,
  onSent,
}: ContactFormProps) {
  const lead = useLeadForm({
    id: FORM_ID,
    schema: 'contact',
    fieldOrder: CONTACT_FIELD_ORDER,
    lastResult,
    failedOnServer,
    recaptchaSiteKey,
    send: (value, extras, formData) => sendContact(value, extras, privacy?.id, formData),
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
        <LeadTextField lead={lead} name="name" label="Name" required autoComplete="name" />
        <PhoneField
          id={idFor('phone')}
          label="Phone"
          defaultValue={initial('phone')}
          // the Canadian contact page starts at +1 Canada (its region is Canada); everywhere else at the spec's US
          country={initialRegion === 'Canada' ? 'ca' : 'us'}
          error={errors.phone}
        />
        <LeadTextField lead={lead} name="email" label="Email" required type="email" autoComplete="email" />
        <LeadSelect
          lead={lead}
          name="region"
          label="Region"
          required
          placeholder="Select a region"
          options={CONTACT_REGIONS}
          defaultValue={region}
          onChange={(e) => setRegion(e.target.value)}
        />
        {labels.showStateAndZip ? (
          <>
            <LeadSelect
              // a new list starts unselected
              key={`${statesRegion}-${states.length}`}
              lead={lead}
              name="state"
              label={labels.state}
              placeholder={`Select a ${labels.state.toLowerCase()}`}
              options={states.map((s) => s.name)}
              defaultValue={statesRegion === statesRegionIdFor(initial('region') || initialRegion) ? initial('state') : ''}
              autoComplete="address-level1"
            />
            <LeadTextField lead={lead} name="zipcode" label={labels.zipcode} autoComplete="postal-code" />
          </>
        ) : null}
        <LeadSelect
          lead={lead}
          name="role"
          label="Role"
          required
          className="lead-form__wide"
          placeholder="Select a role"
          options={CONTACT_ROLES}
        />
        <LeadTextField lead={lead} name="message" label="Message" required rows={5} className="lead-form__wide" />
      </div>
      {journey ? (
        // a post without JavaScript that came back with errors keeps the visitor's choice
        <JourneyBlock
          journey={journey}
          id={idFor('journey')}
          error={errors.journey}
          included={lastResult ? initial('journey') !== '' : true}
        />
      ) : null}
      <Honeypot id="contact-website" formStarted={formStarted} />
      {idempotencyKey ? <input type="hidden" name="idempotencyKey" value={idempotencyKey} /> : null}
      {privacy ? (
        <>
          <p className="lead-form__privacy">{privacy.text}</p>
          <input type="hidden" name="privacyVersion" value={privacy.id} />
        </>
      ) : null}
      <SendFailure failed={lead.failed} />
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

/**
 * What the product selector hands to the message: its answers and products, listed, and one checkbox
 * whose value is the journey itself. Ticked, the journey is posted with the form (with or without
 * JavaScript); unticked, nothing of it is sent.
 */
function JourneyBlock({
  journey,
  id,
  error,
  included: initiallyIncluded,
}: {
  journey: JourneyProps;
  id: string;
  error?: string;
  included: boolean;
}) {
  const [included, setIncluded] = useState(initiallyIncluded);
  return (
    <fieldset className={`lead-journey lead-form__wide${included ? '' : ' lead-journey--removed'}`}>
      <legend className="lead-journey__legend">From the product selector</legend>
      <div className="lead-journey__summary">
        <p className="lead-journey__intro">
          While the box below is ticked, these answers and recommended products go with your message, so we can answer without asking again.
        </p>
        <dl className="lead-journey__answers">
          {journey.answers.map((a) => (
            <div key={a.question} className="lead-journey__answer">
              <dt>{a.question}</dt>
              <dd>{a.answer}</dd>
            </div>
          ))}
          {journey.products.length ? (
            <div className="lead-journey__answer">
              <dt>Recommended products</dt>
              <dd>{journey.products.join(', ')}</dd>
            </div>
          ) : null}
        </dl>
      </div>
      <div className="lead-journey__choice">
        <input
          id={id}
          type="checkbox"
          name="journey"
          value={journey.value}
          defaultChecked={initiallyIncluded}
          onChange={(e) => setIncluded(e.target.checked)}
          {...errorProps(id, error)}
        />
        <label htmlFor={id}>Send my product selector answers and recommended products with this message</label>
      </div>
      {error ? (
        <p className="lead-field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
