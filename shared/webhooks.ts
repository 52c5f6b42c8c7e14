import './zod-browser.ts';
import { z } from 'zod';
import { LEAD_STATUSES } from './validation/forms-admin.ts';
import { JourneyDtoSchema } from './validation/selector-journey.ts';
import { saveGuardFields } from './validation/edit-conflict.ts';

/**
 * The CRM webhook (Settings, Integrations): what is posted to an endpoint, and how endpoints and a
 * lead's delivery log look in the admin. Deliveries are signed as the Standard Webhooks spec says
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`); `webhook-id` is the idempotency key: the
 * same on every retry and replay of one event, so a receiver drops repeats.
 */
export const WEBHOOK_EVENTS = ['lead.created', 'lead.status_changed'] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];
export const WEBHOOK_EVENT_LABELS: Record<WebhookEvent, string> = {
  'lead.created': 'Lead created',
  'lead.status_changed': 'Lead status changed',
};

const isoDate = z.iso.datetime({ offset: true });

/** The lead as a webhook carries it. */
export const WebhookLeadSchema = z.object({
  id: z.number().int().positive(),
  /** 'contact': the contact form; 'rep': the contact-a-rep form on the finder results */
  form: z.enum(['contact', 'rep']),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  /** the phone in E.164 (+15155550177) when it parses, else null */
  phoneE164: z.string().nullable(),
  message: z.string(),
  zipCode: z.string(),
  /** 2 USA, 3 Canada, 4 International (null: unknown) */
  regionId: z.number().int().nullable(),
  /** the rep or retailer the visitor chose (rep form) */
  repId: z.number().int().nullable(),
  retailerId: z.number().int().nullable(),
  /** every field the form sent, as name and value */
  fields: z.array(z.object({ name: z.string(), value: z.string() })),
  /** the reCAPTCHA check: verified, missing, unavailable or not-configured (ADR 006) */
  verification: z.string(),
  created: isoDate,
  /**
   * the product selector's answers and recommended products the visitor sent with a contact lead; null: none
   * (absent in events queued before the field existed)
   */
  journey: JourneyDtoSchema.nullable().optional(),
});

/** The body of every webhook delivery (Standard Webhooks' recommended shape: type, timestamp, data). */
export const WebhookPayloadSchema = z
  .object({
    type: z.enum(WEBHOOK_EVENTS),
    /** when the event happened */
    timestamp: isoDate,
    data: z.object({
      lead: WebhookLeadSchema,
      /** lead.status_changed only: the status before and after (new, contacted, qualified, won, lost, spam), and who changed it */
      status: z.object({ from: z.enum(LEAD_STATUSES).nullable(), to: z.enum(LEAD_STATUSES), by: z.string().nullable() }).optional(),
    }),
  })
  .meta({
    description:
      'The JSON body posted to a CRM webhook endpoint. Headers: webhook-id (the idempotency key, the same on every retry and replay), webhook-timestamp (Unix seconds of the attempt) and webhook-signature (v1,<base64 HMAC-SHA256 of "id.timestamp.body" under the endpoint secret), as the Standard Webhooks spec says.',
  });
export type WebhookPayload = z.infer<typeof WebhookPayloadSchema>;

export const WEBHOOK_MESSAGES = {
  notFound: 'This endpoint does not exist.',
  https: 'The address must start with https://.',
  privateAddress: 'This address leads to a loopback or private network address; endpoints must be on the public internet.',
  unresolved: 'This host name could not be found.',
  secret: 'The secret must read whsec_ followed by 24 to 64 bytes in base64 (use Generate).',
  events: 'Choose at least one event.',
  deliveryNotFound: 'This delivery does not exist.',
  notResendable: 'This delivery is still on its way; it can be sent again once it was sent or has failed.',
} as const;

/** `whsec_` and 24 to 64 random bytes in base64, as Standard Webhooks libraries take it. */
export const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/]{32,88}={0,2}$/;

/** A new secret, made in the browser (or a test): the server never sends one back. */
export function generateWebhookSecret(): string {
  const bytes = new Uint8Array(32);
  globalThis.crypto.getRandomValues(bytes);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return `whsec_${btoa(binary)}`;
}

const EndpointFields = z.object({
  url: z.url({ protocol: /^https?$/, error: WEBHOOK_MESSAGES.https }).max(2000),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1, WEBHOOK_MESSAGES.events).max(WEBHOOK_EVENTS.length),
  enabled: z.boolean().default(true),
});

/** Add an endpoint: the secret is required. */
export const WebhookEndpointAddSchema = EndpointFields.extend({
  secret: z.string().trim().regex(WEBHOOK_SECRET, WEBHOOK_MESSAGES.secret),
});
/** Edit an endpoint: a blank secret keeps the stored one. */
export const WebhookEndpointEditSchema = EndpointFields.extend({
  secret: z.union([z.literal(''), z.string().trim().regex(WEBHOOK_SECRET, WEBHOOK_MESSAGES.secret)]).default(''),
});
/** The edit's body: the form's fields and the version it started from (ADR 048). */
export const WebhookEndpointEditBodySchema = WebhookEndpointEditSchema.extend(saveGuardFields);
export type WebhookEndpointAdd = z.output<typeof WebhookEndpointAddSchema>;
export type WebhookEndpointEdit = z.output<typeof WebhookEndpointEditSchema>;

export const WebhookEndpointSchema = z.object({
  id: z.number().int(),
  url: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  enabled: z.boolean(),
  /** `whsec_...` and the secret's last four characters: never the secret */
  secretHint: z.string(),
  created: isoDate,
  updated: isoDate,
  /** ADR 048: send it as baseVersion when editing */
  version: z.number().int().describe('the version of this endpoint (ADR 048): send it as baseVersion when editing'),
});
export type WebhookEndpointDto = z.infer<typeof WebhookEndpointSchema>;

export const IntegrationsSchema = z.object({
  endpoints: z.array(WebhookEndpointSchema),
  /** WEBHOOK_ALLOW_PRIVATE: loopback and private addresses (and plain http to them) are accepted */
  allowPrivate: z.boolean(),
});
export type Integrations = z.infer<typeof IntegrationsSchema>;

export const EndpointIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** A lead's delivery log: every notification it caused. */
export const DELIVERY_STATES = ['queued', 'sent', 'retrying', 'failed'] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const DeliverySchema = z.object({
  channel: z.enum(['email', 'webhook']),
  id: z.number().int(),
  /** what it is: "Regional email", "Rep email", "Webhook: lead created" */
  label: z.string(),
  /** the addresses or the endpoint */
  to: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  created: isoDate,
  sentAt: isoDate.nullable(),
  /** when the next attempt is due (queued or retrying) */
  nextAttemptAt: isoDate.nullable(),
  /** whether Resend (an email) or Replay (a webhook) is offered: once sent or failed */
  resendable: z.boolean(),
});
export type DeliveryDto = z.infer<typeof DeliverySchema>;
export const DeliveryLogSchema = z.object({ items: z.array(DeliverySchema) });
export type DeliveryLog = z.infer<typeof DeliveryLogSchema>;

export const ResendBodySchema = z.object({
  channel: z.enum(['email', 'webhook']),
  id: z.number().int().positive().max(2_147_483_647),
});
