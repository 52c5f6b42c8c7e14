import { FORMS_MESSAGES } from '#shared/validation/forms-admin.ts';
import { WEBHOOK_EVENT_LABELS, WEBHOOK_MESSAGES, type DeliveryDto, type DeliveryState, type WebhookEvent } from '#shared/webhooks.ts';
import { DomainError } from '../errors.ts';
import type { OutboxRow } from '../mail/mail-repository.ts';
import type { MailService } from '../mail/mail-service.ts';
import type { DeliveryRow } from '../webhooks/webhooks-repository.ts';
import type { WebhooksService } from '../webhooks/webhooks-service.ts';
import type { LeadsService } from './leads-service.ts';

/** What each kind of lead email is, in the delivery log. */
export const LEAD_MAIL_LABELS: Record<string, string> = {
  'contact-lead': 'Regional email',
  'rep-lead': 'Rep email',
  // the rep territory routing chose, or whoever an Administrator assigned the lead to
  'lead-assigned': 'Assignee email',
};

/** An outbox row's state as the log words it: pending without a failure yet is queued, after one it is retrying. */
function stateOf(row: { status: string; lastError: string | null }): DeliveryState {
  if (row.status === 'sent') return 'sent';
  if (row.status === 'failed') return 'failed';
  return row.lastError ? 'retrying' : 'queued';
}

function fromMail(row: OutboxRow): DeliveryDto {
  const state = stateOf(row);
  return {
    channel: 'email',
    id: row.id,
    label: LEAD_MAIL_LABELS[row.kind] ?? 'Email',
    to: row.toAddresses.join(', '),
    state,
    attempts: row.attempts,
    lastError: row.lastError,
    created: row.created.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: state === 'queued' || state === 'retrying' ? row.nextAttemptAt.toISOString() : null,
    resendable: state === 'sent' || state === 'failed',
  };
}

function fromWebhook(row: DeliveryRow): DeliveryDto {
  const state = stateOf(row);
  return {
    channel: 'webhook',
    id: row.id,
    label: `Webhook: ${(WEBHOOK_EVENT_LABELS[row.eventType as WebhookEvent] ?? row.eventType).toLowerCase()}`,
    to: row.url,
    state,
    attempts: row.attempts,
    lastError: row.lastError,
    created: row.created.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    nextAttemptAt: state === 'queued' || state === 'retrying' ? row.nextAttemptAt.toISOString() : null,
    resendable: state === 'sent' || state === 'failed',
  };
}

/**
 * A lead's delivery log: a view over the outboxes (mail_outbox and webhook_deliveries rows linked to
 * the lead), so what it shows is what the delivery loops do, with nothing kept twice (ADR 040).
 */
export function createDeliveryLog(deps: { mail: MailService; webhooks: WebhooksService; leads: Pick<LeadsService, 'findById'> }) {
  async function list(formId: number): Promise<DeliveryDto[]> {
    const [mail, hooks] = await Promise.all([deps.mail.listForSubmission(formId), deps.webhooks.listForSubmission(formId)]);
    // emails first, then webhooks, each in the order written (a resent email comes after the webhook it followed)
    return [...mail.map(fromMail), ...hooks.map(fromWebhook)].sort(
      (a, b) => Date.parse(a.created) - Date.parse(b.created) || (a.channel === b.channel ? a.id - b.id : a.channel === 'email' ? -1 : 1),
    );
  }

  return {
    async forLead(formId: number): Promise<DeliveryDto[]> {
      if (!(await deps.leads.findById(formId))) throw new DomainError(FORMS_MESSAGES.notFound, 404);
      return list(formId);
    },

    /**
     * Resend: an email (sent or failed) is queued again as a new message, a webhook (sent or failed)
     * is replayed with its webhook-id, so a receiver that had it drops the repeat. Answers what was
     * sent again and the log.
     */
    async resend(formId: number, channel: 'email' | 'webhook', id: number): Promise<{ resent: DeliveryDto; items: DeliveryDto[] }> {
      if (!(await deps.leads.findById(formId))) throw new DomainError(FORMS_MESSAGES.notFound, 404);
      let resent: DeliveryDto;
      if (channel === 'email') {
        const row = (await deps.mail.listForSubmission(formId)).find((m) => m.id === id);
        if (!row) throw new DomainError(WEBHOOK_MESSAGES.deliveryNotFound, 404);
        if (row.status !== 'sent' && row.status !== 'failed') throw new DomainError(WEBHOOK_MESSAGES.notResendable, 409);
        const copy = {
          kind: row.kind,
          toAddresses: row.toAddresses,
          replyTo: row.replyTo,
          subject: row.subject,
          text: row.text,
          formSubmissionId: formId,
        };
        const newId = await deps.mail.enqueue(copy);
        deps.mail.kick();
        resent = fromMail({
          ...copy,
          id: newId,
          status: 'pending',
          attempts: 0,
          nextAttemptAt: new Date(),
          lastError: null,
          created: new Date(),
          sentAt: null,
        });
      } else {
        const row = await deps.webhooks.findDelivery(id);
        if (!row || row.formSubmissionId !== formId) throw new DomainError(WEBHOOK_MESSAGES.deliveryNotFound, 404);
        resent = fromWebhook(await deps.webhooks.replay(id));
      }
      return { resent, items: await list(formId) };
    },
  };
}
export type DeliveryLogService = ReturnType<typeof createDeliveryLog>;
