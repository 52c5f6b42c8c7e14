import '../zod-browser.ts';
import { z } from 'zod';
import { cleanText } from '../input.ts';
import { CONTACT_MESSAGES, CONTACT_REGIONS, CONTACT_ROLES, EMAIL_PATTERN, LIMITS } from './contact-fields.ts';
import { JourneyField } from './selector-journey.ts';

export * from './contact-fields.ts';

const optionalText = (max: number, what: string) => z.string().trim().max(max, `${what} must be at most ${max} characters.`).default('');

export const NameField = z
  .string({ error: CONTACT_MESSAGES.nameRequired })
  .trim()
  .min(1, { error: CONTACT_MESSAGES.nameRequired, abort: true })
  .max(LIMITS.name, `Name must be at most ${LIMITS.name} characters.`);

export const EmailField = z
  .string({ error: CONTACT_MESSAGES.emailRequired })
  .trim()
  .min(1, { error: CONTACT_MESSAGES.emailRequired, abort: true })
  .max(LIMITS.email, { error: CONTACT_MESSAGES.emailInvalid, abort: true })
  .regex(EMAIL_PATTERN, CONTACT_MESSAGES.emailInvalid);

export const PhoneField = optionalText(LIMITS.phone, 'Phone');
export const MessageField = optionalText(LIMITS.message, 'Message');

/**
 * The contact form's fields and rules: the browser validates the form with it and the server
 * validates the API payload (after reading `data`) with the same schema.
 */
export const ContactFormSchema = z.object({
  name: NameField,
  email: EmailField,
  phone: PhoneField,
  region: z.enum(CONTACT_REGIONS, { error: CONTACT_MESSAGES.regionRequired }),
  state: optionalText(LIMITS.state, 'State'),
  zipcode: optionalText(LIMITS.zipcode, 'Zip'),
  role: z.enum(CONTACT_ROLES, { error: CONTACT_MESSAGES.roleRequired }),
  message: MessageField,
  /** the product selector's answers and products, when the visitor came from its result and left them ticked */
  journey: JourneyField,
});
export type ContactFormInput = z.input<typeof ContactFormSchema>;
export type ContactForm = z.output<typeof ContactFormSchema>;

/** Reads region, role, state and zipcode from a `data` string, whatever the key case; tolerant of bad JSON. */
export function readContactData(json: string | undefined): { region?: unknown; role?: unknown; state?: unknown; zipcode?: unknown } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(json ?? '{}');
  } catch {
    return {};
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {};
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(parsed)) {
    // JSON escapes (\u0000) inside the string survive the request's input boundary: clean them here too.
    const value = typeof raw === 'string' ? cleanText(raw) : raw;
    const k = key.toLowerCase().replace(/[^a-z]/g, '');
    if (k === 'region' || k === 'role' || k === 'state') out[k] = value;
    else if (k === 'zipcode' || k === 'zip' || k === 'postalcode') out.zipcode = value;
  }
  return out;
}

const wireText = (max: number) => z.string().max(max).default('');

/**
 * Optional: a random id the form makes once per view and sends with every attempt, so a retry
 * after a lost reply stores (and emails) the lead only once.
 */
export const IdempotencyKeyField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{16,100}$/, 'The idempotency key must be 16 to 100 letters, digits, - or _.')
  .optional()
  .describe('a random id generated once per form view and sent with every attempt: the lead is stored once per key');

/** The version of the privacy text shown beside the form (ADR 044): the lead stores it when it names a saved version. */
export const PrivacyVersionField = z.coerce
  .number({ error: 'The privacy text version must be a number.' })
  .int('The privacy text version must be a number.')
  .positive('The privacy text version must be a number.')
  .max(2_147_483_647, 'The privacy text version must be a number.')
  .optional()
  .describe('the id of the privacy text version the form showed (a hidden field)');

/**
 * Optional: the signed time the form was rendered (a hidden field the server writes into the page).
 * The time taken to fill the form is one signal of the spam verdict (ADR 043).
 */
export const FormStartedField = z
  .string()
  .max(100)
  .default('')
  .describe('the opaque render stamp of the form page, sent back as it was given; optional');

/**
 * POST /api/forms/add, the spec's payload: name, email, phone, data (JSON string of region, role,
 * state and zipcode), message and reCaptchaToken; `website` is the honeypot and must stay empty.
 * Every rule is ContactFormSchema's, so the browser and the server report the same messages.
 */
export const FormsAddBodySchema = z
  .object({
    name: wireText(1000),
    email: wireText(1000),
    phone: wireText(200),
    data: wireText(10_000),
    message: wireText(20_000),
    reCaptchaToken: wireText(5000),
    website: wireText(1000),
    formStarted: FormStartedField,
    idempotencyKey: IdempotencyKeyField,
    privacyVersion: PrivacyVersionField,
    journey: JourneyField,
  })
  .superRefine((body, ctx) => {
    const data = readContactData(body.data);
    const result = ContactFormSchema.safeParse({
      name: body.name,
      email: body.email,
      phone: body.phone,
      message: body.message,
      region: data.region,
      role: data.role,
      state: typeof data.state === 'string' ? data.state : '',
      zipcode: typeof data.zipcode === 'string' ? data.zipcode : '',
    });
    if (!result.success) {
      for (const issue of result.error.issues) ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
    }
  });
export type FormsAddBody = z.output<typeof FormsAddBodySchema>;

/** The contact-a-rep short form on the finder results: who it is for, and the visitor's details. */
export const RepContactFormSchema = z.object({
  name: NameField,
  email: EmailField,
  phone: PhoneField,
  message: MessageField,
});
export type RepContactForm = z.output<typeof RepContactFormSchema>;

export const RepContactBodySchema = RepContactFormSchema.extend({
  targetType: z.enum(['rep', 'retailer'], { error: 'Choose a rep or retailer to contact.' }),
  targetId: z.coerce.number().int().positive({ error: 'Choose a rep or retailer to contact.' }),
  zip: z.string().trim().max(LIMITS.zipcode).default(''),
  label: z.enum(['Retailers', 'Reps']).optional(),
  reCaptchaToken: wireText(5000),
  website: wireText(1000),
  formStarted: FormStartedField,
  idempotencyKey: IdempotencyKeyField,
  privacyVersion: PrivacyVersionField,
});
export type RepContactBody = z.output<typeof RepContactBodySchema>;
