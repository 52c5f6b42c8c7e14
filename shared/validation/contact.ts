import '../zod-browser.ts';
import { z } from 'zod';
import { cleanText } from '../input.ts';

/** The spec's messages, word for word (sections 5 and 8). */
export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  regionRequired: 'Region is required.',
  roleRequired: 'Role is required.',
} as const;

/** Shown when a contact form could not be sent (429, 5xx, network): what was typed stays in the form. */
export const SEND_FAILED_MESSAGE = 'We could not send your message. Please try again in a moment.';

/** Local part, @, domain labels, and a top-level domain of 2 to 6 letters. */
export const EMAIL_PATTERN = /^[^\s@]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,6}$/;

export const CONTACT_REGIONS = ['USA', 'Canada', 'Central America', 'South America', 'Europe', 'Asia Pacific', 'Africa'] as const;
export type ContactRegion = (typeof CONTACT_REGIONS)[number];
export const CONTACT_ROLES = ['Grower', 'Product retailer', 'Vendor', 'Other'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

export const LIMITS = { name: 200, email: 254, phone: 40, state: 100, zipcode: 20, message: 5000 } as const;

const optionalText = (max: number, what: string) =>
  z.string().trim().max(max, `${what} must be at most ${max} characters.`).default('');

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
});
export type ContactFormInput = z.input<typeof ContactFormSchema>;
export type ContactForm = z.output<typeof ContactFormSchema>;

/** The order fields appear on screen; the first one in error receives focus. */
export const CONTACT_FIELD_ORDER = ['name', 'phone', 'email', 'region', 'state', 'zipcode', 'role', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELD_ORDER)[number];

/** The `data` JSON string sent with the form: region, role, state and zipcode. */
export function contactDataJson(values: { region: string; role: string; state: string; zipcode: string }): string {
  return JSON.stringify({ Region: values.region, Role: values.role, State: values.state, Zipcode: values.zipcode });
}

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

/** A fresh idempotency key (128 random bits as hex); works on plain http, unlike crypto.randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

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
    idempotencyKey: IdempotencyKeyField,
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

/** Which region the states list comes from (GET /api/states/get-all/{regionId}). */
export function statesRegionIdFor(region: string): 2 | 3 | 4 {
  return region === 'USA' ? 2 : region === 'Canada' ? 3 : 4;
}

/** Labels and visibility of the state and zip fields for the chosen region (spec: Contact overlay). */
export function contactFieldLabels(region: string): { state: string; zipcode: string; showStateAndZip: boolean } {
  if (region === 'Canada') return { state: 'Province', zipcode: 'Postal Code', showStateAndZip: true };
  if (region === 'USA') return { state: 'State', zipcode: 'Zip', showStateAndZip: true };
  return { state: 'State', zipcode: 'Zip', showStateAndZip: false };
}

/** The form's region preselected from the site region (2 USA, 3 Canada, International chooses). */
export function defaultContactRegion(siteRegion: number): '' | ContactRegion {
  return siteRegion === 3 ? 'Canada' : siteRegion === 2 ? 'USA' : '';
}

/** The contact-a-rep short form on the finder results: who it is for, and the visitor's details. */
export const RepContactFormSchema = z.object({
  name: NameField,
  email: EmailField,
  phone: PhoneField,
  message: MessageField,
});
export type RepContactForm = z.output<typeof RepContactFormSchema>;
export const REP_CONTACT_FIELD_ORDER = ['name', 'email', 'phone', 'message'] as const;

export const RepContactBodySchema = RepContactFormSchema.extend({
  targetType: z.enum(['rep', 'retailer'], { error: 'Choose a rep or retailer to contact.' }),
  targetId: z.coerce.number().int().positive({ error: 'Choose a rep or retailer to contact.' }),
  zip: z.string().trim().max(LIMITS.zipcode).default(''),
  label: z.enum(['Retailers', 'Reps']).optional(),
  reCaptchaToken: wireText(5000),
  website: wireText(1000),
  idempotencyKey: IdempotencyKeyField,
});
export type RepContactBody = z.output<typeof RepContactBodySchema>;

/** Zod issues as the first message per field, for showing beside each field. */
export function firstErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    out[key] ??= issue.message;
  }
  return out;
}
