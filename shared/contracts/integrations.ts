import { FormIdParamsSchema } from '../validation/forms-admin.ts';
import {
  DeliveryLogSchema,
  EndpointIdParamsSchema,
  IntegrationsSchema,
  ResendBodySchema,
  WebhookEndpointAddSchema,
  WebhookEndpointEditBodySchema,
  WebhookEndpointSchema,
} from '../webhooks.ts';
import { defineContract } from './contract.ts';

const settings = { tags: ['admin integrations'], security: 'bearer', permission: 'settings' } as const;

const PAYLOAD_NOTE =
  "Each event is posted as JSON (components.schemas.WebhookPayload) with the Standard Webhooks headers webhook-id (the idempotency key: the same on every retry and replay), webhook-timestamp and webhook-signature (v1, HMAC-SHA256 under the endpoint secret). A delivery is retried with exponential back-off for 24 hours, then marked failed (Replay in the lead's delivery log).";

/** Settings, Integrations: CRM webhook endpoints (Administrators only). Secrets are write-only. */
export const integrationsApi = {
  list: defineContract({
    ...settings,
    method: 'GET',
    path: '/api/admin/integrations/list',
    operationId: 'listWebhookEndpoints',
    summary: 'The CRM webhook endpoints (each secret shown by its last four characters only)',
    description: PAYLOAD_NOTE,
    reply: IntegrationsSchema,
  }),
  add: defineContract({
    ...settings,
    method: 'POST',
    path: '/api/admin/integrations/add',
    operationId: 'addWebhookEndpoint',
    summary:
      'Add a webhook endpoint: an https address on the public internet (one resolving to a loopback or private address is refused unless WEBHOOK_ALLOW_PRIVATE), its secret (whsec_...) and the events it wants',
    description: PAYLOAD_NOTE,
    body: WebhookEndpointAddSchema,
    reply: WebhookEndpointSchema,
  }),
  edit: defineContract({
    ...settings,
    method: 'POST',
    path: '/api/admin/integrations/edit/:id',
    operationId: 'editWebhookEndpoint',
    summary: 'Change a webhook endpoint; a blank secret keeps the stored one',
    description:
      "baseVersion is the endpoint's version when it was read: when another save landed since, the reply is 409 with who saved, when and the fields that differ (the secret named, its values masked as their last four characters) (ADR 048).",
    params: EndpointIdParamsSchema,
    body: WebhookEndpointEditBodySchema,
    reply: WebhookEndpointSchema,
  }),
  delete: defineContract({
    ...settings,
    method: 'POST',
    path: '/api/admin/integrations/delete/:id',
    operationId: 'deleteWebhookEndpoint',
    summary: "Remove a webhook endpoint; its deliveries stay in the leads' delivery logs, those still pending fail",
    params: EndpointIdParamsSchema,
    reply: WebhookEndpointSchema,
  }),
};

const forms = { tags: ['admin forms'], security: 'bearer', permission: 'forms' } as const;

/** A lead's delivery log (its View dialog) and Resend, permission 'forms'. */
export const deliveriesApi = {
  list: defineContract({
    ...forms,
    method: 'GET',
    path: '/api/admin/forms/deliveries/:id',
    operationId: 'leadDeliveries',
    summary:
      'Every notification a lead caused (emails and webhooks) with its state (queued, sent, retrying, failed), attempts and last error, oldest first',
    params: FormIdParamsSchema,
    reply: DeliveryLogSchema,
  }),
  resend: defineContract({
    ...forms,
    method: 'POST',
    path: '/api/admin/forms/deliveries/:id/resend',
    operationId: 'resendLeadDelivery',
    summary:
      'Send a notification of the lead again once it was sent or has failed: an email is queued as a new message, a webhook is replayed with the same webhook-id (409 while it is still on its way)',
    params: FormIdParamsSchema,
    body: ResendBodySchema,
    reply: DeliveryLogSchema,
  }),
};
