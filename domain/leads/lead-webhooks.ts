import type { DbOrTx } from '#db/client.ts';
import type { WebhookLeadSchema, WebhookPayload } from '#shared/webhooks.ts';
import type { z } from 'zod';
import { describeJourney } from '#shared/validation/selector-journey.ts';
import type { DeliveryRow } from '../webhooks/webhooks-repository.ts';
import type { SubmissionInsert } from './leads-repository.ts';

/** What the leads service needs of the webhook outbox (domain/webhooks/webhooks-service.ts). */
export interface LeadWebhooks {
  enqueue(payload: WebhookPayload, formSubmissionId: number | null, tx: DbOrTx): Promise<DeliveryRow[]>;
  kick(): void;
}

/** A stored lead as a webhook carries it; `fields` are its data JSON as name/value pairs. */
export function webhookLead(
  lead: SubmissionInsert & { id: number; created: Date },
  fields: { name: string; value: string }[],
): z.infer<typeof WebhookLeadSchema> {
  return {
    id: lead.id,
    form: lead.type === 1 ? 'rep' : 'contact',
    name: lead.name,
    email: lead.email,
    phone: lead.phone,
    phoneE164: lead.phoneE164,
    message: lead.message,
    zipCode: lead.zipcode,
    regionId: lead.regionId,
    repId: lead.repId ?? null,
    retailerId: lead.retailerId ?? null,
    fields,
    verification: lead.captcha,
    created: lead.created.toISOString(),
    journey: lead.selectorJourney ? describeJourney(lead.selectorJourney) : null,
  };
}

/** A webhook row as the intake journal keeps it (ADR 030): every column, so a replay is exact. */
export function journalWebhook(row: DeliveryRow) {
  return {
    id: row.id,
    messageId: row.messageId,
    endpointId: row.endpointId,
    url: row.url,
    eventType: row.eventType,
    payload: row.payload,
    retryUntil: row.retryUntil.toISOString(),
    created: row.created.toISOString(),
  };
}
