import type { CountryCode } from 'libphonenumber-js';
import type { DbOrTx } from '#db/client.ts';
import { parsePostalCode } from '#shared/validation/finder.ts';
import { readContactData, statesRegionIdFor, type FormsAddBody, type RepContactBody } from '#shared/validation/contact.ts';
import type { FinderService } from '../finder/finder-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import {
  FORMS_MESSAGES,
  type FormsFilter,
  type FormsPage,
  type FormSubmissionDto,
  type FormsView,
} from '#shared/validation/forms-admin.ts';
import { DomainError } from '../errors.ts';
import type { OutboxInsert } from '../mail/mail-repository.ts';
import type { LeadsRepository, SubmissionInsert, SubmissionQuery, SubmissionRow } from './leads-repository.ts';
import type { LeadJournalEntry } from './intake-journal.ts';
import { journalWebhook, webhookLead, type LeadWebhooks } from './lead-webhooks.ts';
import type { DeliveryRow } from '../webhooks/webhooks-repository.ts';
import { contactNotification, leadsAddressFor, repNotification, type LeadRecipients } from './notifications.ts';
import { displayPhone, toE164 } from './phone.ts';
import type { RecaptchaVerifier } from './recaptcha.ts';

export const FORM_TYPE_CONTACT = 0;
export const FORM_TYPE_REP = 1;

export interface LeadsServiceDeps {
  repo: LeadsRepository;
  mail: MailService;
  finder: FinderService;
  recaptcha: RecaptchaVerifier;
  /** Read for every lead, so a change in site settings applies to the next one. */
  recipients: () => Promise<LeadRecipients>;
  transaction: <T>(work: (tx: DbOrTx) => Promise<T>) => Promise<T>;
  log: { info(obj: object, msg?: string): void; warn(obj: object, msg?: string): void };
  /** The embedded database's intake journal (ADR 030): a lead is on disk there before it is answered. */
  journal?: { record(entry: LeadJournalEntry): Promise<void> };
  /** The CRM webhook outbox (ADR 040): lead events are written in the lead's transaction. */
  webhooks?: LeadWebhooks & { listForSubmission(id: number): Promise<DeliveryRow[]> };
}

export interface SubmitMeta {
  ip?: string;
}

/** Rows the CSV export reads per query: memory stays bounded however many rows the view has. */
export const EXPORT_BATCH_SIZE = 1000;

/** captcha values behind each verification filter (ADR 006: a lead without a token, or with Google unreachable, is kept unverified). */
const CAPTCHA_BY_VERIFICATION: Record<FormsView['verification'], readonly string[] | null> = {
  all: null,
  verified: ['verified'],
  unverified: ['missing', 'unavailable'],
  'not-checked': ['not-configured'],
};

function queryOf(view: FormsView): SubmissionQuery {
  return {
    order: view.order,
    status: view.status,
    type: view.type,
    createdFrom: view.createdFrom ? new Date(view.createdFrom) : null,
    createdTo: view.createdTo ? new Date(view.createdTo) : null,
    captcha: CAPTCHA_BY_VERIFICATION[view.verification],
    search: view.search,
  };
}

/** The data JSON as name/value pairs for display; text that is not a JSON object shows as one field. */
export function dataFields(data: string): { name: string; value: string }[] {
  let parsed: unknown;
  try {
    parsed = JSON.parse(data);
  } catch {
    return data.trim() ? [{ name: 'data', value: data }] : [];
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return [{ name: 'data', value: data }];
  return Object.entries(parsed as Record<string, unknown>).map(([name, value]) => ({
    name,
    value:
      value === null || value === undefined
        ? ''
        : typeof value === 'object'
          ? JSON.stringify(value)
          : String(value as string | number | boolean),
  }));
}

/** Spec: the ZipCode column comes from the data JSON (Zipcode, any case); the stored copy otherwise. */
function zipOf(fields: { name: string; value: string }[], stored: string): string {
  return fields.find((f) => f.name.toLowerCase() === 'zipcode')?.value ?? stored;
}

export function toSubmissionDto(row: SubmissionRow): FormSubmissionDto {
  const data = dataFields(row.data);
  return {
    id: row.id,
    name: row.name,
    email: row.email,
    phone: row.phone,
    phoneDisplay: displayPhone(row.phone, row.phoneE164),
    type: row.type,
    created: row.created.toISOString(),
    zipCode: zipOf(data, row.zipcode),
    message: row.message,
    data,
    archived: row.status === 1,
    read: row.readAt !== null,
    captcha: row.captcha,
  };
}

const PHONE_COUNTRY: Record<number, CountryCode | undefined> = { 2: 'US', 3: 'CA' };

/** Idempotency keys of recent bot posts remembered, so a bot's retry gets its first id back as a person's would. */
const BOT_KEYS_KEPT = 1000;

/** Thrown inside a bot's transaction once it has done a real lead's work: rolls everything back. */
class BotLeadDiscarded extends Error {
  constructor(readonly id: number) {
    super('honeypot lead rolled back');
  }
}

/** A lead and its emails as the journal keeps them: every column, ids included, so a replay is exact. */
function journalEntry(
  lead: SubmissionInsert & { id: number; created: Date },
  mail: (OutboxInsert & { id: number })[],
  webhooks: DeliveryRow[],
): LeadJournalEntry {
  return {
    v: 1,
    lead: {
      id: lead.id,
      type: lead.type,
      name: lead.name,
      email: lead.email,
      phone: lead.phone,
      phoneE164: lead.phoneE164,
      data: lead.data,
      message: lead.message,
      zipcode: lead.zipcode,
      regionId: lead.regionId,
      repId: lead.repId ?? null,
      retailerId: lead.retailerId ?? null,
      captcha: lead.captcha,
      captchaScore: lead.captchaScore,
      idempotencyKey: lead.idempotencyKey ?? null,
      created: lead.created.toISOString(),
    },
    mail: mail.map((m) => ({ id: m.id, kind: m.kind, toAddresses: m.toAddresses, replyTo: m.replyTo, subject: m.subject, text: m.text })),
    ...(webhooks.length > 0 ? { webhooks: webhooks.map(journalWebhook) } : {}),
  };
}

/**
 * Leads: checked (honeypot, reCAPTCHA), then stored together with their notification email in one
 * transaction before the visitor is told it worked. The email is delivered afterwards by the outbox.
 */
export function createLeadsService(deps: LeadsServiceDeps) {
  const botKeys = new Map<string, number>();

  /** A filled honeypot is a bot: it gets the same answer as a person (so it learns nothing), nothing is stored or sent. */
  function isBot(value: string, kind: string): boolean {
    if (!value.trim()) return false;
    deps.log.info({ kind }, 'form submission dropped: honeypot filled');
    return true;
  }

  /**
   * Stores a lead and its notification in one transaction. A bot's lead goes through exactly the
   * same work (the reCAPTCHA check before this, the insert and the outbox row) and is then rolled
   * back: it answers with the id the insert drew from the same sequence as real leads, after the
   * same database round trips, so neither the reply's shape, its value nor its timing tells a bot
   * that it was caught. A bot's retry with the same idempotency key gets its first id back.
   */
  async function storeLead(
    insert: SubmissionInsert,
    notification: (row: { id: number; created: Date }) => OutboxInsert,
    bot: boolean,
    type: 'contact' | 'rep',
  ): Promise<number> {
    let stored: { id: number; duplicate: boolean; entry?: LeadJournalEntry };
    try {
      stored = await deps.transaction(async (tx) => {
        const row = await deps.repo.insert(insert, tx);
        if (row.duplicate) return { id: row.id, duplicate: true };
        const message = notification(row);
        const mailId = await deps.mail.enqueue(message, tx);
        const hooks = await leadEvent('lead.created', { ...insert, ...row }, tx);
        if (bot) throw new BotLeadDiscarded(row.id);
        return { id: row.id, duplicate: false, entry: deps.journal && journalEntry({ ...insert, ...row }, [{ ...message, id: mailId }], hooks) };
      });
    } catch (err) {
      if (!(err instanceof BotLeadDiscarded)) throw err;
      const key = insert.idempotencyKey;
      if (!key) return err.id;
      const first = botKeys.get(key);
      if (first !== undefined) return first;
      if (botKeys.size >= BOT_KEYS_KEPT) botKeys.delete(botKeys.keys().next().value!);
      botKeys.set(key, err.id);
      return err.id;
    }
    if (deps.journal) {
      // A retry whose first attempt was stored but never answered (it may not be journaled yet) is journaled again: replay ignores the copy.
      await deps.journal.record(stored.entry ?? (await storedEntry(stored.id)));
    }
    if (stored.duplicate) {
      deps.log.info({ formId: stored.id, type }, 'lead retry answered from the first submission');
      return stored.id;
    }
    deps.log.info({ formId: stored.id, type, regionId: insert.regionId }, 'lead stored');
    deps.mail.kick();
    deps.webhooks?.kick();
    return stored.id;
  }

  /** Writes a lead event to the webhook outbox in `tx` (no endpoint wants it: nothing). */
  function leadEvent(
    type: 'lead.created' | 'lead.status_changed',
    lead: SubmissionInsert & { id: number; created: Date },
    tx: DbOrTx,
    status?: { from: string | null; to: string; by: string | null },
  ): Promise<DeliveryRow[]> {
    if (!deps.webhooks) return Promise.resolve([]);
    const payload = { type, timestamp: new Date().toISOString(), data: { lead: webhookLead(lead, dataFields(lead.data)), ...(status ? { status } : {}) } };
    return deps.webhooks.enqueue(payload, lead.id, tx);
  }

  /** The journal entry of a lead already in the database. */
  async function storedEntry(id: number): Promise<LeadJournalEntry> {
    const row = await deps.repo.findById(id);
    if (!row) throw new Error(`lead ${id} vanished before it was journaled`);
    return journalEntry(row, await deps.mail.listForSubmission(id), (await deps.webhooks?.listForSubmission(id)) ?? []);
  }

  return {
    /** POST /api/forms/add: the body has already passed FormsAddBodySchema. */
    async submitContact(body: FormsAddBody, meta: SubmitMeta = {}): Promise<{ id: number }> {
      const bot = isBot(body.website, 'contact');
      const captcha = await deps.recaptcha.verify(body.reCaptchaToken, meta.ip);
      const data = readContactData(body.data);
      const region = String(data.region ?? '');
      const regionId = statesRegionIdFor(region);
      const fields = {
        name: body.name.trim(),
        email: body.email.trim(),
        phone: body.phone.trim(),
        message: body.message.trim(),
        state: typeof data.state === 'string' ? data.state.trim() : '',
        zipcode: typeof data.zipcode === 'string' ? data.zipcode.trim() : '',
        role: String(data.role ?? ''),
      };
      const phoneE164 = toE164(fields.phone, PHONE_COUNTRY[regionId]);
      // Read before the transaction: on the embedded database a query outside it would wait for it forever.
      const recipients = await deps.recipients();
      const id = await storeLead(
        {
          type: FORM_TYPE_CONTACT,
          name: fields.name,
          email: fields.email,
          phone: fields.phone,
          phoneE164,
          data: body.data,
          message: fields.message,
          zipcode: fields.zipcode,
          regionId,
          captcha: captcha.result,
          captchaScore: captcha.score,
          idempotencyKey: body.idempotencyKey ?? null,
        },
        (row) =>
          contactNotification(
            { ...fields, id: row.id, phoneE164, region, created: row.created, captcha: captcha.result },
            leadsAddressFor(regionId, recipients),
          ),
        bot,
        'contact',
      );
      return { id };
    },

    /** The contact-a-rep short form on the finder results: stored as type 1 (Rep). */
    async submitRepContact(body: RepContactBody, meta: SubmitMeta = {}): Promise<{ id: number; targetType: 'rep' | 'retailer' }> {
      const bot = isBot(body.website, 'rep');
      const captcha = await deps.recaptcha.verify(body.reCaptchaToken, meta.ip);
      const target =
        body.targetType === 'rep' ? await deps.finder.findActiveRep(body.targetId) : await deps.finder.findActiveRetailer(body.targetId);
      if (!target && !bot) {
        // The listing may have been withdrawn after the page loaded: keep the lead for the regional team.
        deps.log.warn({ targetType: body.targetType, targetId: body.targetId }, 'rep contact for a listing that is no longer active');
      }
      const regionId = parsePostalCode(body.zip)?.country === 'CA' ? 3 : 2;
      const phoneE164 = toE164(body.phone, PHONE_COUNTRY[regionId]);
      const data = JSON.stringify({
        Zipcode: body.zip,
        Label: body.label ?? (body.targetType === 'rep' ? 'Reps' : 'Retailers'),
        For: body.targetType === 'rep' ? 'Rep' : 'Retailer',
        [body.targetType === 'rep' ? 'RepId' : 'RetailerId']: body.targetId,
        ...(target ? { [body.targetType === 'rep' ? 'Rep' : 'Retailer']: target.name } : {}),
      });
      const recipients = await deps.recipients();
      const regional = leadsAddressFor(regionId, recipients);
      const to = body.targetType === 'rep' && target && 'email' in target ? [target.email, regional] : [regional];
      const id = await storeLead(
        {
          type: FORM_TYPE_REP,
          name: body.name,
          email: body.email,
          phone: body.phone,
          phoneE164,
          data,
          message: body.message,
          zipcode: body.zip,
          regionId,
          repId: body.targetType === 'rep' ? body.targetId : null,
          retailerId: body.targetType === 'retailer' ? body.targetId : null,
          captcha: captcha.result,
          captchaScore: captcha.score,
          idempotencyKey: body.idempotencyKey ?? null,
        },
        (row) =>
          repNotification(
            {
              id: row.id,
              name: body.name,
              email: body.email,
              phone: body.phone,
              phoneE164,
              message: body.message,
              zip: body.zip,
              target: target ? { type: body.targetType, id: body.targetId, name: target.name } : null,
              created: row.created,
              captcha: captcha.result,
            },
            to,
          ),
        bot,
        'rep',
      );
      return { id, targetType: body.targetType };
    },

    /** POST /api/admin/forms/filter: one page of the view and its total; the marker comes back as sent. */
    async list(filter: FormsFilter): Promise<FormsPage> {
      const { rows, total } = await deps.repo.listForAdmin(queryOf(filter), filter.start, filter.length);
      return {
        items: rows.map(toSubmissionDto),
        total,
        start: filter.start,
        ...(filter.updated === undefined ? {} : { updated: filter.updated }),
      };
    },

    /** The lead was opened in the admin (View): it no longer counts as unread. */
    async markRead(id: number): Promise<void> {
      if (!(await deps.repo.markRead(id))) throw new DomainError(FORMS_MESSAGES.notFound, 404);
    },

    /** Leads since `since`, and unread leads in the working list (the dashboard). */
    counts: (since: Date) => deps.repo.counts(since),

    /** Archive is a status: the row stays in the database and in the archived view. */
    async archive(id: number): Promise<void> {
      if (!(await deps.repo.archive(id))) throw new DomainError(FORMS_MESSAGES.notFound, 404);
      deps.log.info({ formId: id }, 'form submission archived');
    },

    /** Every row of a view in its order, read EXPORT_BATCH_SIZE at a time as the consumer asks for more. */
    async *exportRows(view: FormsView, batchSize = EXPORT_BATCH_SIZE): AsyncGenerator<FormSubmissionDto> {
      const query = queryOf(view);
      let cursor = null;
      do {
        const batch = await deps.repo.listBatch(query, cursor, batchSize);
        for (const row of batch.rows) yield toSubmissionDto(row);
        cursor = batch.next;
      } while (cursor);
    },

    findById: (id: number) => deps.repo.findById(id),

    /**
     * The hook for a lead's status change: writes the 'lead.status_changed' webhook event in `tx`,
     * the transaction that changes the status (so the event exists exactly when the change does).
     * Call `notify()` once that transaction has committed.
     */
    statusChanged: (lead: SubmissionRow, status: { from: string | null; to: string; by: string | null }, tx: DbOrTx) =>
      leadEvent('lead.status_changed', lead, tx, status),

    /** Starts delivering what was just committed (emails and webhooks) without waiting for the retry loops. */
    notify(): void {
      deps.mail.kick();
      deps.webhooks?.kick();
    },
    count: () => deps.repo.count(),
  };
}
export type LeadsService = ReturnType<typeof createLeadsService>;
