import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { firstErrors, newIdempotencyKey, REP_CONTACT_FIELD_ORDER, RepContactFormSchema } from '#shared/validation/contact.ts';
import type { FinderLabel } from '#shared/validation/finder.ts';
import { ErrorAnnouncer, errorProps, Field, focusFirstError, Honeypot, useHydrated } from './form-helpers.tsx';
import { PhoneField } from './phone-field.tsx';
import { useRecaptcha } from './use-recaptcha.ts';

export interface ContactTarget {
  type: 'rep' | 'retailer';
  id: number;
  name: string;
}

interface RepContactDialogProps {
  target: ContactTarget;
  zip: string;
  label: FinderLabel;
  recaptchaSiteKey: string | null;
  onClose(): void;
}

const idFor = (field: string) => `rep-contact-${field}`;

/**
 * The short "contact this rep or retailer" form, in a modal dialog (focus stays inside, Escape
 * closes, focus returns to the button that opened it). Stored as a Rep submission (type 1).
 */
export function RepContactDialog({ target, zip, label, recaptchaSiteKey, onClose }: RepContactDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const getToken = useRecaptcha(recaptchaSiteKey);
  const [values, setValues] = useState({ name: '', email: '', phone: '', phoneText: '', message: '' });
  const [honeypot, setHoneypot] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [attempt, setAttempt] = useState(0);
  const [sending, setSending] = useState(false);
  // One key per opening of the dialog, sent with every attempt: a retry never stores the lead twice.
  const idempotencyKey = useRef<string | null>(null);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    // start in the first field rather than on the close button
    document.getElementById(idFor('name'))?.focus();
  }, []);

  function set(key: 'name' | 'email' | 'message', value: string) {
    setValues((v) => ({ ...v, [key]: value }));
    if (errors[key]) setErrors(({ [key]: _removed, ...rest }) => rest);
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sending) return;
    setAttempt((n) => n + 1);
    const parsed = RepContactFormSchema.safeParse({ name: values.name, email: values.email, phone: values.phoneText, message: values.message });
    if (!parsed.success) {
      const found = firstErrors(parsed.error.issues);
      setErrors(found);
      requestAnimationFrame(() => focusFirstError(REP_CONTACT_FIELD_ORDER, found, idFor));
      return;
    }
    setErrors({});
    setSending(true);
    idempotencyKey.current ??= newIdempotencyKey();
    try {
      const reCaptchaToken = await getToken();
      const res = await fetch('/api/forms/contact-rep', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ ...parsed.data, targetType: target.type, targetId: target.id, zip, label, reCaptchaToken, website: honeypot, idempotencyKey: idempotencyKey.current }),
      });
      const body = (await res.json().catch(() => null)) as { success?: boolean } | null;
      if (body?.success === true) {
        dialogRef.current?.close();
        await navigate(target.type === 'rep' ? '/rep-thankyou' : '/retailer-thankyou', {
          state: { name: target.name, back: window.location.pathname + window.location.search },
        });
        return;
      }
      console.warn('rep contact was not accepted', res.status, body);
    } catch (err) {
      console.warn('rep contact could not be sent', err);
    } finally {
      setSending(false);
    }
  }

  const messages = REP_CONTACT_FIELD_ORDER.map((f) => errors[f]).filter((m): m is string => Boolean(m));

  return (
    <dialog ref={dialogRef} className="rep-dialog" aria-labelledby="rep-contact-title" onClose={onClose}>
      <div className="rep-dialog__head">
        <h2 id="rep-contact-title">Contact {target.name}</h2>
        <button type="button" className="rep-dialog__close" aria-label="Close" onClick={() => dialogRef.current?.close()}>
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
            <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
        </button>
      </div>
      <p className="rep-dialog__intro">
        Leave your details and a short message; {target.type === 'rep' ? 'they' : 'the retailer'} will get back to you.
      </p>
      <form className="lead-form" noValidate onSubmit={submit}>
        <ErrorAnnouncer messages={messages} attempt={attempt} />
        <Field id={idFor('name')} label="Name" required error={errors.name}>
          <input
            id={idFor('name')}
            className="lead-input"
            autoComplete="name"
            aria-required="true"
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
            {...errorProps(idFor('name'), errors.name)}
          />
        </Field>
        <Field id={idFor('email')} label="Email" required error={errors.email}>
          <input
            id={idFor('email')}
            type="email"
            className="lead-input"
            autoComplete="email"
            aria-required="true"
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
            {...errorProps(idFor('email'), errors.email)}
          />
        </Field>
        <PhoneField
          id={idFor('phone')}
          label="Phone"
          value={values.phone}
          onChange={(phone, formatted) => setValues((v) => ({ ...v, phone, phoneText: formatted }))}
          error={errors.phone}
        />
        <Field id={idFor('message')} label="Message" error={errors.message}>
          <textarea
            id={idFor('message')}
            className="lead-input lead-input--textarea"
            rows={4}
            value={values.message}
            onChange={(e) => set('message', e.target.value)}
            {...errorProps(idFor('message'), errors.message)}
          />
        </Field>
        <Honeypot id="rep-contact-website" value={honeypot} onChange={setHoneypot} />
        <div className="lead-form__actions rep-dialog__actions">
          <button type="button" className="button button--ghost" onClick={() => dialogRef.current?.close()}>
            Cancel
          </button>
          <button type="submit" className="button button--primary" disabled={!hydrated || sending} aria-busy={sending}>
            {sending ? 'Sending…' : 'Send message'}
          </button>
        </div>
      </form>
    </dialog>
  );
}
