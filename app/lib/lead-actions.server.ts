/**
 * The lead forms' React Router actions: the same forms post here when JavaScript is off (ADR 005).
 * They check the post with the schemas of POST /api/forms/add and /api/forms/contact-rep, and store
 * it through the same service (same email, honeypot, reCAPTCHA and idempotency rules; without
 * JavaScript there is no token, so the lead is kept unverified, ADR 006). The rate limit is
 * FORM_RATE_LIMIT per IP, counted with the API's (server/plugins/react-router.ts). Bad input is a 400
 * with the fields' messages, never a 5xx.
 */
import type { Submission, SubmissionResult } from '@conform-to/react';
import { parseWithZod } from '@conform-to/zod/v4';
import { data } from 'react-router';
import type { AppContext } from '#app/load-context.ts';
import { isDomainError } from '#domain/errors.ts';
import { cleanText, MAX_FORM_BYTES } from '#shared/input.ts';
import {
  ContactFormSchema,
  contactDataJson,
  FormsAddBodySchema,
  RepContactBodySchema,
  RepContactFormSchema,
  type FormsAddBody,
  type RepContactBody,
} from '#shared/validation/contact.ts';

export interface LeadActionResult {
  /** stored (or a honeypot bot, which is told the same) */
  sent: boolean;
  /** Conform's record of the post: field messages and what was typed */
  result: SubmissionResult<string[]> | null;
  /** could not be sent (rate limit, server trouble): the failure alert, what was typed kept */
  failed: boolean;
  /** the idempotency key this view's next attempt sends again */
  idempotencyKey?: string;
}

function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** The post's fields, cleaned like every JSON body at the input boundary; null when it is not a form. */
export async function readForm(request: Request): Promise<FormData | null> {
  const length = Number(request.headers.get('content-length') ?? '0');
  if (!Number.isFinite(length) || length > MAX_FORM_BYTES) return null;
  const type = request.headers.get('content-type') ?? '';
  if (!/^(application\/x-www-form-urlencoded|multipart\/form-data)\b/i.test(type)) return null;
  let raw: FormData;
  try {
    const text = await request.text();
    if (text.length > MAX_FORM_BYTES) return null;
    raw = await new Request('http://form.local/', { method: 'POST', headers: { 'content-type': type }, body: text }).formData();
  } catch {
    return null;
  }
  const form = new FormData();
  for (const [key, value] of raw) if (typeof value === 'string') form.append(key, cleanText(value));
  return form;
}

const text = (form: FormData, key: string) => {
  const v = form.get(key);
  return typeof v === 'string' ? v : '';
};

/** A valid key from the post, or a new one for this view's next attempt. */
function keyOf(form: FormData | null): string {
  const posted = form ? text(form, 'idempotencyKey') : '';
  return /^[A-Za-z0-9_-]{16,100}$/.test(posted) ? posted : newKey();
}

function fieldErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of issues) (out[String(issue.path[0] ?? '')] ??= []).push(issue.message);
  return out;
}

type Stored = (body: FormsAddBody | RepContactBody, ip: string | undefined) => Promise<unknown>;

async function leadAction(
  request: Request,
  context: AppContext,
  parse: (form: FormData) => Submission<unknown, string[], unknown>,
  toBody: (
    value: Record<string, unknown>,
    form: FormData,
  ) =>
    | { success: true; data: FormsAddBody | RepContactBody }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } },
  store: Stored,
  kind: string,
) {
  const form = await readForm(request);
  const idempotencyKey = keyOf(form);
  if (!form) {
    return data<LeadActionResult>({ sent: false, result: null, failed: true, idempotencyKey }, { status: 400 });
  }
  const submission = parse(form);
  if (submission.status !== 'success') {
    return data<LeadActionResult>({ sent: false, result: submission.reply(), failed: false, idempotencyKey }, { status: 400 });
  }
  if (context.formRateLimited) {
    context.log.warn({ kind }, 'form post over the rate limit');
    return data<LeadActionResult>({ sent: false, result: submission.reply(), failed: true, idempotencyKey }, { status: 429 });
  }
  const body = toBody(submission.value as Record<string, unknown>, form);
  if (!body.success) {
    return data<LeadActionResult>(
      { sent: false, result: submission.reply({ fieldErrors: fieldErrors(body.error.issues) }), failed: false, idempotencyKey },
      { status: 400 },
    );
  }
  try {
    await store(body.data, context.clientIp);
  } catch (err) {
    // refused by a rule (a reCAPTCHA token that fails, a listing gone): a 4xx as from the API, with the
    // failure alert the script shows for it; only trouble on our side is a 503
    if (isDomainError(err)) {
      const fields = err.details && Object.keys(err.details).length ? err.details : null;
      return data<LeadActionResult>(
        { sent: false, result: submission.reply(fields ? { fieldErrors: fields } : undefined), failed: !fields, idempotencyKey },
        { status: err.status },
      );
    }
    context.log.error({ err, kind }, 'form post could not be stored');
    return data<LeadActionResult>(
      { sent: false, result: submission.reply(), failed: true, idempotencyKey },
      { status: 503, headers: { 'Retry-After': '10' } },
    );
  }
  return data<LeadActionResult>({ sent: true, result: null, failed: false });
}

/** POST /contact, /contact-ca and /can/contact-us without JavaScript: stored as POST /api/forms/add. */
export function contactAction({ request, context }: { request: Request; context: AppContext }) {
  return leadAction(
    request,
    context,
    (form) => parseWithZod(form, { schema: ContactFormSchema }),
    (value, form) => {
      const v = (k: string) => (typeof value[k] === 'string' ? (value[k] as string) : '');
      return FormsAddBodySchema.safeParse({
        name: v('name'),
        email: v('email'),
        phone: v('phone'),
        data: contactDataJson({ region: v('region'), role: v('role'), state: v('state'), zipcode: v('zipcode') }),
        message: v('message'),
        reCaptchaToken: text(form, 'reCaptchaToken'),
        website: text(form, 'website'),
        formStarted: text(form, 'formStarted'),
        idempotencyKey: text(form, 'idempotencyKey') || undefined,
        privacyVersion: text(form, 'privacyVersion') || undefined,
        // the checkbox's value: posted only while it is ticked
        journey: text(form, 'journey'),
      });
    },
    (body, ip) => context.services.leads.submitContact(body as FormsAddBody, { ip }),
    'contact',
  );
}

/** POST /reps-retailers/contact without JavaScript: stored as POST /api/forms/contact-rep. */
export function repContactAction({ request, context }: { request: Request; context: AppContext }) {
  return leadAction(
    request,
    context,
    (form) => parseWithZod(form, { schema: RepContactFormSchema }),
    (value, form) =>
      RepContactBodySchema.safeParse({
        ...value,
        targetType: text(form, 'targetType'),
        targetId: text(form, 'targetId'),
        zip: text(form, 'zip'),
        label: text(form, 'label') || undefined,
        reCaptchaToken: text(form, 'reCaptchaToken'),
        website: text(form, 'website'),
        formStarted: text(form, 'formStarted'),
        idempotencyKey: text(form, 'idempotencyKey') || undefined,
        privacyVersion: text(form, 'privacyVersion') || undefined,
      }),
    (body, ip) => context.services.leads.submitRepContact(body as RepContactBody, { ip }),
    'rep',
  );
}
