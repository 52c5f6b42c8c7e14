import { useEffect, useRef, useState, type FormEvent } from 'react';
import {
  CONTACT_FIELD_ORDER,
  CONTACT_REGIONS,
  CONTACT_ROLES,
  ContactFormSchema,
  contactDataJson,
  contactFieldLabels,
  firstErrors,
  newIdempotencyKey,
  SEND_FAILED_MESSAGE,
  statesRegionIdFor,
} from '#shared/validation/contact.ts';
import { ErrorAnnouncer, errorProps, Field, focusFirstError, Honeypot, useHydrated } from './form-helpers.tsx';
import { PhoneField } from './phone-field.tsx';
import { useRecaptcha } from './use-recaptcha.ts';

export interface StateOption {
  id: number;
  code: string;
  name: string;
}

interface ContactFormProps {
  initialRegion: string;
  /** States (or provinces) of the initial region, from the loader; others are fetched from the API. */
  initialStates: { regionId: number; states: StateOption[] };
  recaptchaSiteKey: string | null;
  onSent(): void;
}

const idFor = (field: string) => `contact-${field}`;

interface Values {
  name: string;
  phone: string;
  phoneText: string;
  email: string;
  region: string;
  state: string;
  zipcode: string;
  role: string;
  message: string;
}

/**
 * The contact form: validated in the browser with the server's schema, then sent to
 * POST /api/forms/add. A failed send (429, 5xx, network) keeps what the visitor typed, says so in
 * an alert and is logged; the spec's silent failure described the old site and lost leads. Every
 * attempt of one form view carries the same idempotency key, so a retry never stores a lead twice.
 */
export function ContactForm({ initialRegion, initialStates, recaptchaSiteKey, onSent }: ContactFormProps) {
  const hydrated = useHydrated();
  const getToken = useRecaptcha(recaptchaSiteKey);
  const [values, setValues] = useState<Values>({
    name: '',
    phone: '',
    phoneText: '',
    email: '',
    region: initialRegion,
    state: '',
    zipcode: '',
    role: '',
    message: '',
  });
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  const [sendFailed, setSendFailed] = useState(false);
  // One key per form view (made after hydration: the server render has no use for one).
  const idempotencyKey = useRef<string | null>(null);
  const statesCache = useRef(new Map<number, StateOption[]>([[initialStates.regionId, initialStates.states]]));
  const [states, setStates] = useState<StateOption[]>(
    statesRegionIdFor(initialRegion) === initialStates.regionId ? initialStates.states : [],
  );

  // The site region can settle after hydration (local storage); follow it until the visitor picks one.
  const regionTouched = useRef(false);
  useEffect(() => {
    if (!regionTouched.current) setValues((v) => (v.region === initialRegion ? v : { ...v, region: initialRegion, state: '' }));
  }, [initialRegion]);

  const labels = contactFieldLabels(values.region);
  const statesRegion = statesRegionIdFor(values.region);

  useEffect(() => {
    if (statesRegion === 4) {
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

  function set<K extends keyof Values>(key: K, value: Values[K]) {
    setValues((v) => {
      const next = { ...v, [key]: value };
      if (key === 'region' && statesRegionIdFor(String(value)) !== statesRegionIdFor(v.region)) next.state = '';
      return next;
    });
    // an error goes away as soon as the field is corrected
    if (errors[key]) {
      setErrors((e) => {
        const { [key]: _removed, ...rest } = e;
        return rest;
      });
    }
  }

  function toSchemaInput(v: Values) {
    const hidden = !contactFieldLabels(v.region).showStateAndZip;
    return {
      name: v.name,
      email: v.email,
      phone: v.phoneText,
      region: v.region,
      state: hidden ? '' : v.state,
      zipcode: hidden ? '' : v.zipcode,
      role: v.role,
      message: v.message,
    };
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    const parsed = ContactFormSchema.safeParse(toSchemaInput(values));
    setAttempt((n) => n + 1);
    if (!parsed.success) {
      const found = firstErrors(parsed.error.issues);
      setErrors(found);
      // after React has rendered the messages
      requestAnimationFrame(() => focusFirstError(CONTACT_FIELD_ORDER, found, idFor));
      return;
    }
    setErrors({});
    setSendFailed(false);
    setSending(true);
    idempotencyKey.current ??= newIdempotencyKey();
    try {
      const form = parsed.data;
      const reCaptchaToken = await getToken();
      const res = await fetch('/api/forms/add', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          name: form.name,
          email: form.email,
          phone: form.phone,
          data: contactDataJson(form),
          message: form.message,
          reCaptchaToken,
          website: honeypot,
          idempotencyKey: idempotencyKey.current,
        }),
      });
      const body = (await res.json().catch(() => null)) as { success?: boolean; errors?: Record<string, string[]> } | null;
      if (body?.success === true) {
        onSent();
        return;
      }
      // The server checks with the same schema; if it still finds field errors, show them beside the fields.
      const serverErrors = Object.fromEntries(
        Object.entries(body?.errors ?? {})
          .filter(([k]) => (CONTACT_FIELD_ORDER as readonly string[]).includes(k))
          .map(([k, v]) => [k, v[0] ?? '']),
      );
      if (Object.keys(serverErrors).length) {
        setErrors(serverErrors);
        requestAnimationFrame(() => focusFirstError(CONTACT_FIELD_ORDER, serverErrors, idFor));
      } else {
        setSendFailed(true);
      }
      console.warn('contact form was not accepted', res.status, body);
    } catch (err) {
      setSendFailed(true);
      console.warn('contact form could not be sent', err);
    } finally {
      setSending(false);
    }
  }

  const messages = CONTACT_FIELD_ORDER.map((f) => errors[f]).filter((m): m is string => Boolean(m));

  return (
    <form className="lead-form contact-form" noValidate onSubmit={submit} aria-describedby="contact-required-note">
      <ErrorAnnouncer messages={messages} attempt={attempt} />
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
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            {...errorProps(idFor('name'), errors.name)}
          />
        </Field>
        <PhoneField
          id={idFor('phone')}
          label="Phone"
          value={values.phone}
          onChange={(phone, formatted) => setValues((v) => ({ ...v, phone, phoneText: formatted }))}
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
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
            {...errorProps(idFor('email'), errors.email)}
          />
        </Field>
        <Field id={idFor('region')} label="Region" required error={errors.region}>
          <select
            id={idFor('region')}
            name="region"
            className="lead-input lead-input--select"
            aria-required="true"
            value={values.region}
            onChange={(e) => {
              regionTouched.current = true;
              set('region', e.target.value);
            }}
            {...errorProps(idFor('region'), errors.region)}
          >
            <option value="">Select a region</option>
            {CONTACT_REGIONS.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        {labels.showStateAndZip ? (
          <>
            <Field id={idFor('state')} label={labels.state} error={errors.state}>
              <select
                id={idFor('state')}
                name="state"
                className="lead-input lead-input--select"
                autoComplete="address-level1"
                value={values.state}
                onChange={(e) => set('state', e.target.value)}
                {...errorProps(idFor('state'), errors.state)}
              >
                <option value="">Select a {labels.state.toLowerCase()}</option>
                {states.map((s) => (
                  <option key={s.id} value={s.name}>
                    {s.name}
                  </option>
                ))}
              </select>
            </Field>
            <Field id={idFor('zipcode')} label={labels.zipcode} error={errors.zipcode}>
              <input
                id={idFor('zipcode')}
                name="zipcode"
                type="text"
                className="lead-input"
                autoComplete="postal-code"
                value={values.zipcode}
                onChange={(e) => set('zipcode', e.target.value)}
                {...errorProps(idFor('zipcode'), errors.zipcode)}
              />
            </Field>
          </>
        ) : null}
        <Field id={idFor('role')} label="Role" required error={errors.role} className="lead-form__wide">
          <select
            id={idFor('role')}
            name="role"
            className="lead-input lead-input--select"
            aria-required="true"
            value={values.role}
            onChange={(e) => set('role', e.target.value)}
            {...errorProps(idFor('role'), errors.role)}
          >
            <option value="">Select a role</option>
            {CONTACT_ROLES.map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </select>
        </Field>
        <Field id={idFor('message')} label="Message" required error={errors.message} className="lead-form__wide">
          <textarea
            id={idFor('message')}
            name="message"
            className="lead-input lead-input--textarea"
            rows={5}
            value={values.message}
            onChange={(e) => set('message', e.target.value)}
            {...errorProps(idFor('message'), errors.message)}
          />
        </Field>
      </div>
      <Honeypot id="contact-website" value={honeypot} onChange={setHoneypot} />
      {/* Present from the start (empty) so screen readers announce the message when it appears. */}
      <div className="lead-form__failure" role="alert">
        {sendFailed ? <p className="lead-form__failure-text">{SEND_FAILED_MESSAGE}</p> : null}
      </div>
      <div className="lead-form__actions">
        <button type="submit" className="button button--primary lead-form__submit" disabled={!hydrated || sending} aria-busy={sending}>
          {sending ? 'Sending…' : 'Send'}
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
