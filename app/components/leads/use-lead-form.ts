import { parse, useForm, type Submission, type SubmissionResult } from '@conform-to/react';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { newIdempotencyKey } from '#shared/validation/contact-fields.ts';
import { focusFirstError } from './form-helpers.tsx';
import { loadValidation, onFirstUse } from './lazy.ts';
import { useRecaptcha } from './use-recaptcha.ts';

type Values = Record<string, string | undefined>;

/** What a send gave back: done, field errors from the server's check, or a failure (429, 5xx, network). */
export type SendOutcome = { ok: true } | { ok: false; fieldErrors?: Record<string, string[]> };

/**
 * Posts a lead to its API. The server checks it with the same schema; the field errors it still finds
 * for `fieldOrder`'s fields come back to show beside them, and a refusal is logged as `what`.
 */
export async function postLead(url: string, payload: object, fieldOrder: readonly string[], what: string): Promise<SendOutcome> {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(payload) });
  const body = (await res.json().catch(() => null)) as { success?: boolean; errors?: Record<string, string[]> } | null;
  if (body?.success === true) return { ok: true };
  console.warn(`${what} was not accepted`, res.status, body);
  const fieldErrors = Object.fromEntries(Object.entries(body?.errors ?? {}).filter(([k]) => fieldOrder.includes(k)));
  return { ok: false, fieldErrors };
}

export interface LeadFormOptions {
  /** The form's id, and the prefix of its fields' ids (`${id}-${name}`). */
  id: string;
  /** Which of the server's schemas checks it (./lead-validation.ts). */
  schema: 'contact' | 'rep';
  /** Field names in the order they are shown: the first one in error is scrolled to and focused. */
  fieldOrder: readonly string[];
  /** The action's answer to a post without JavaScript (its messages and what was typed). */
  lastResult?: SubmissionResult<string[]> | null;
  /** The action could not send it (rate limit, server trouble): the failure alert shows from the start. */
  failedOnServer?: boolean;
  recaptchaSiteKey: string | null;
  /** Sends a valid form (the parsed values, or the raw ones if validation has not loaded yet). */
  send(
    value: Values,
    extras: { reCaptchaToken: string; idempotencyKey: string; website: string; formStarted: string },
    formData: FormData,
  ): Promise<SendOutcome>;
  onSent(): void;
}

/**
 * The lead forms' shared state, on Conform: the server's Zod schema checks the form in the browser
 * (loaded after the page; errors on submit, then live while correcting), the first field in error is
 * scrolled to and focused, each view has one idempotency key for every attempt, the reCAPTCHA token
 * is fetched on send, and a failed send keeps what was typed. Without JavaScript the same form posts
 * to the route's action, whose answer (`lastResult`) renders the same messages.
 */
export function useLeadForm({
  id,
  schema,
  fieldOrder,
  lastResult: serverResult,
  failedOnServer = false,
  recaptchaSiteKey,
  send,
  onSent,
}: LeadFormOptions) {
  const getToken = useRecaptcha(recaptchaSiteKey);
  const validate = useRef<((formData: FormData) => Submission<Values>) | null>(null);
  const [lastResult, setLastResult] = useState<SubmissionResult<string[]> | null | undefined>(serverResult);
  const [sending, setSending] = useState(false);
  const [failed, setFailed] = useState(failedOnServer);
  // announced again on every attempt, even with the same messages
  const [attempt, setAttempt] = useState(0);
  // One key per form view (made in the browser), sent with every attempt: a retry never stores the lead twice.
  const idempotencyKey = useRef<string | null>(null);

  // the schema arrives when the visitor starts on the form; a send before that waits for it
  const validation = useRef<{ loaded: Promise<void>; settled: boolean } | null>(null);
  const loadSchema = useCallback(() => {
    if (!validation.current) {
      const state = { settled: false, loaded: Promise.resolve() };
      state.loaded = loadValidation()
        .then((m) => {
          validate.current = m.validators[schema] as (formData: FormData) => Submission<Values>;
        })
        .catch((err: unknown) => console.warn('form validation unavailable; the server checks the form', err))
        .finally(() => {
          state.settled = true;
        });
      validation.current = state;
    }
    return validation.current.loaded;
  }, [schema]);
  useEffect(() => onFirstUse(document.getElementById(id), () => void loadSchema()), [id, loadSchema]);

  const [form, fields] = useForm<Values>({
    id,
    lastResult,
    shouldValidate: 'onSubmit',
    shouldRevalidate: 'onInput',
    // until the schema has arrived, everything goes to the server, which checks with the same schema
    onValidate: ({ formData }) => validate.current?.(formData) ?? parse(formData, { resolve: (value) => ({ value: value as Values }) }),
    onSubmit(event: FormEvent<HTMLFormElement>, { submission, formData }) {
      event.preventDefault();
      if (!validate.current && !validation.current?.settled) {
        // sent before the schema has arrived: check with it first (if it cannot load, the server checks)
        const form = event.currentTarget;
        void loadSchema().then(() => form.requestSubmit());
        return;
      }
      setAttempt((n) => n + 1);
      if (!submission || sending) return;
      if (submission.status !== 'success') return;
      setFailed(false);
      setSending(true);
      idempotencyKey.current ??= newIdempotencyKey();
      const website = String(formData.get('website') ?? '');
      const formStarted = String(formData.get('formStarted') ?? '');
      getToken()
        .then((reCaptchaToken) =>
          send(submission.value, { reCaptchaToken, idempotencyKey: idempotencyKey.current ?? '', website, formStarted }, formData),
        )
        .then((outcome) => {
          if (outcome.ok) return onSent();
          if (outcome.fieldErrors && Object.keys(outcome.fieldErrors).length)
            setLastResult(submission.reply({ fieldErrors: outcome.fieldErrors }));
          else setFailed(true);
        })
        .catch((err: unknown) => {
          setFailed(true);
          console.warn(`${id} form could not be sent`, err);
        })
        .finally(() => setSending(false));
    },
  });

  const errors: Record<string, string | undefined> = {};
  for (const name of fieldOrder) errors[name] = fields[name]?.errors?.[0];
  const messages = fieldOrder.map((f) => errors[f]).filter((m): m is string => Boolean(m));

  // After a submit with errors (in the browser, or the server's answer on load): scroll to the first one.
  const focusedFor = useRef<unknown>(null);
  useEffect(() => {
    if (!messages.length || attempt === 0 || focusedFor.current === attempt) return;
    focusedFor.current = attempt;
    focusFirstError(fieldOrder, errors, (f) => `${id}-${f}`);
  });

  return {
    form,
    fields,
    errors,
    messages,
    attempt,
    sending,
    /** true after a send failed (429, 5xx, network) or the server said so without JavaScript */
    failed,
    idFor: (name: string) => `${id}-${name}`,
    initial: (name: string) => {
      const v = (serverResult?.initialValue as Values | undefined)?.[name];
      return typeof v === 'string' ? v : '';
    },
  };
}
