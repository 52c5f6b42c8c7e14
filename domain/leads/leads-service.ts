import { randomBytes } from 'node:crypto';
import type { CountryCode } from 'libphonenumber-js';
import type { DbOrTx } from '#db/client.ts';
import { displayName } from '#shared/people.ts';
import { parsePostalCode } from '#shared/validation/finder.ts';
import {
  FormsAddBodySchema,
  readContactData,
  RepContactBodySchema,
  statesRegionIdFor,
  type FormsAddBody,
  type RepContactBody,
} from '#shared/validation/contact.ts';
import type { FinderService } from '../finder/finder-service.ts';
import type { MailService } from '../mail/mail-service.ts';
import {
  FORMS_MESSAGES,
  formTypeLabel,
  type FormsFilter,
  type FormsPage,
  type FormSubmissionDto,
  type FormsView,
} from '#shared/validation/forms-admin.ts';
import { DomainError } from '../errors.ts';
import type { AuditService } from '../audit/audit-service.ts';
import { currentAuditContext } from '../audit/audit-context.ts';
import type { OutboxInsert } from '../mail/mail-repository.ts';
import type { LeadActivityRow, LeadsRepository, SubmissionInsert, SubmissionQuery, SubmissionRow } from './leads-repository.ts';
import type { LeadJournalEntry } from './intake-journal.ts';
import { type PendingLead, type PendingLeads } from './pending-leads.ts';
import { isDatabaseUnavailable } from '#db/unavailable.ts';
import { journalWebhook, webhookLead, type LeadWebhooks } from './lead-webhooks.ts';
import type { DeliveryRow } from '../webhooks/webhooks-repository.ts';
import {
  assignedLeadNotification,
  contactNotification,
  leadsAddressFor,
  repNotification,
  routedLeadNotification,
  type LeadAssignment,
  type LeadRecipients,
} from './notifications.ts';
import { LEADS_PERMISSION, ROLE_PERMISSIONS } from '#shared/permissions.ts';
import { REGION_CA, REGION_IDS, REGION_US } from '#shared/regions.ts';
import {
  leadFieldLabel,
  leadStatusLabel,
  type LeadActivityDto,
  type LeadAssigneeBody,
  type LeadAssigneesDto,
  type LeadDetailDto,
  type LeadStatus,
} from '#shared/validation/forms-admin.ts';
import { describeJourney, SelectorJourneySchema } from '#shared/validation/selector-journey.ts';
import { displayPhone, toE164 } from './phone.ts';
import type { CaptchaOutcome, RecaptchaVerifier } from './recaptcha.ts';
import { createClientRate, spamVerdict, type FormStamp, type SpamVerdict } from './spam.ts';

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
  /** Where status changes, assignments and notes are recorded in words. */
  audit?: Pick<AuditService, 'record'>;
  /** Signs and reads the forms' render stamps (the time-to-fill signal of the spam verdict, ADR 043). */
  formStamp?: FormStamp;
  /** Whether an id names a saved privacy text version (ADR 044); read before the lead's transaction. */
  isPrivacyVersion?: (id: number) => Promise<boolean>;
  /** A privacy text version, for the admin's View. */
  privacyText?: (id: number) => Promise<{ id: number; text: string; created: string } | null>;
  /**
   * PostgreSQL: where a lead goes while the database cannot be reached (ADR 046); it is stored
   * from there, through storePending, once the database answers.
   */
  pending?: Pick<PendingLeads, 'record' | 'databaseAnswered'>;
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
    leadStatus: view.leadStatus && view.leadStatus !== 'all' ? view.leadStatus : null,
    assignee: view.assignee ?? 'all',
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
    leadStatus: row.leadStatus as LeadStatus,
    assignee: assigneeOf(row),
    routing: row.routing ?? null,
    privacyTextId: row.privacyTextId ?? null,
    journey: row.selectorJourney ? describeJourney(row.selectorJourney) : null,
  };
}

function assigneeOf(row: Pick<SubmissionRow, 'assignedRepId' | 'assignedUserId' | 'assigneeName'>): FormSubmissionDto['assignee'] {
  if (row.assignedRepId) return { type: 'rep', id: row.assignedRepId, name: row.assigneeName ?? `Rep #${row.assignedRepId}` };
  if (row.assignedUserId) return { type: 'user', id: row.assignedUserId, name: row.assigneeName ?? `User #${row.assignedUserId}` };
  return null;
}

/** How an assignee reads in the history and the audit log. */
function assigneeWords(a: FormSubmissionDto['assignee']): string | null {
  return a ? (a.type === 'rep' ? `rep ${a.name}` : a.name) : null;
}

function activityDto(row: LeadActivityRow): LeadActivityDto {
  return {
    id: row.id,
    kind: row.kind as LeadActivityDto['kind'],
    from: row.fromValue,
    to: row.toValue,
    note: row.note,
    actor: row.actorEmail,
    actorName: row.actorEmail ? displayName({ name: row.actorName, email: row.actorEmail }) : null,
    created: row.created.toISOString(),
  };
}

/** The roles whose users may read leads, and so may be given one. */
const LEAD_ROLE_IDS = Object.entries(ROLE_PERMISSIONS)
  .filter(([, permissions]) => permissions.includes(LEADS_PERMISSION))
  .map(([id]) => Number(id));

const PHONE_COUNTRY: Record<number, CountryCode | undefined> = { 2: 'US', 3: 'CA' };

/** A status change as the CRM's lead.status_changed event carries it (status codes, who). */
type LeadStatusChange = { from: LeadStatus | null; to: LeadStatus; by: string | null };

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
      assignedRepId: lead.assignedRepId ?? null,
      routing: lead.routing ?? null,
      ...(lead.leadStatus === 'spam' ? { leadStatus: 'spam' } : {}),
      privacyTextId: lead.privacyTextId ?? null,
      ...(lead.selectorJourney ? { selectorJourney: lead.selectorJourney } : {}),
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
 * Leads: checked (reCAPTCHA), judged (the spam verdict, ADR 043), then stored together with their notification email in one
 * transaction before the visitor is told it worked. The email is delivered afterwards by the outbox.
 */
export function createLeadsService(deps: LeadsServiceDeps) {
  const clientRate = createClientRate();

  /**
   * The spam verdict of one submission (ADR 043): the honeypot, the time since the form was rendered
   * (its signed stamp), the client's recent submissions and the reCAPTCHA score.
   */
  function verdictOf(
    body: { website: string; formStarted: string },
    captchaScore: number | null,
    meta: SubmitMeta,
    kind: string,
  ): SpamVerdict {
    const fill = deps.formStamp?.read(body.formStarted) ?? null;
    const verdict = spamVerdict({
      honeypot: body.website,
      fillMs: typeof fill === 'number' ? fill : null,
      stampInvalid: fill === 'invalid',
      recentFromClient: clientRate.hit(meta.ip),
      recaptchaScore: captchaScore,
    });
    if (verdict.spam) deps.log.info({ kind, reasons: verdict.reasons }, 'form submission judged spam: stored as Spam, nobody notified');
    return verdict;
  }

  /** How the verdict reads in the lead's history and its routing text. */
  const spamWords = (verdict: SpamVerdict) => `Spam: ${verdict.reasons.join('; ')}`;

  /**
   * Stores a lead and its notifications in one transaction. Spam (ADR 043) is stored with status
   * Spam, its verdict's reasons in its history, and notifies nobody: no email, no webhook. The visitor
   * is answered the same either way, so a bot learns nothing.
   */
  async function storeLead(
    insert: SubmissionInsert,
    notifications: (row: { id: number; created: Date }) => OutboxInsert[],
    verdict: SpamVerdict,
    type: 'contact' | 'rep',
  ): Promise<number> {
    const spam = verdict.spam;
    const lead: SubmissionInsert = spam ? { ...insert, leadStatus: 'spam', assignedRepId: null, routing: spamWords(verdict) } : insert;
    const stored: { id: number; duplicate: boolean; entry?: LeadJournalEntry } = await deps.transaction(async (tx) => {
      const row = await deps.repo.insert(lead, tx);
      if (row.duplicate) return { id: row.id, duplicate: true };
      const mail: (OutboxInsert & { id: number })[] = [];
      let hooks: DeliveryRow[] = [];
      if (spam) {
        await deps.repo.addActivity(
          { submissionId: row.id, kind: 'status', fromValue: null, toValue: 'spam', note: spamWords(verdict) },
          null,
          tx,
        );
      } else {
        for (const message of notifications(row)) mail.push({ ...message, id: await deps.mail.enqueue(message, tx) });
        hooks = await leadEvent('lead.created', { ...lead, ...row }, tx);
      }
      return { id: row.id, duplicate: false, entry: deps.journal && journalEntry({ ...lead, ...row }, mail, hooks) };
    });
    if (deps.journal) {
      // A retry whose first attempt was stored but never answered (it may not be journaled yet) is journaled again: replay ignores the copy.
      await deps.journal.record(stored.entry ?? (await storedEntry(stored.id)));
    }
    if (stored.duplicate) {
      deps.log.info({ formId: stored.id, type }, 'lead retry answered from the first submission');
      return stored.id;
    }
    deps.log.info({ formId: stored.id, type, regionId: insert.regionId, spam }, 'lead stored');
    if (!spam) {
      deps.mail.kick();
      deps.webhooks?.kick();
    }
    return stored.id;
  }

  /** Writes a lead event to the webhook outbox in `tx` (no endpoint wants it: nothing). */
  function leadEvent(
    type: 'lead.created' | 'lead.status_changed',
    lead: SubmissionInsert & { id: number; created: Date },
    tx: DbOrTx,
    status?: LeadStatusChange,
  ): Promise<DeliveryRow[]> {
    if (!deps.webhooks) return Promise.resolve([]);
    const payload = {
      type,
      timestamp: new Date().toISOString(),
      data: { lead: webhookLead(lead, dataFields(lead.data)), ...(status ? { status } : {}) },
    };
    return deps.webhooks.enqueue(payload, lead.id, tx);
  }

  /** The journal entry of a lead already in the database. */
  async function storedEntry(id: number): Promise<LeadJournalEntry> {
    const row = await deps.repo.findById(id);
    if (!row) throw new Error(`lead ${id} vanished before it was journaled`);
    return journalEntry(row, await deps.mail.listForSubmission(id), (await deps.webhooks?.listForSubmission(id)) ?? []);
  }

  /**
   * Territory routing of a contact lead (ADR 041): the finder's own search for the ZIP or postal code
   * (U.S. and Canada only: other regions' forms have no such field).
   */
  async function routeContactLead(regionId: number, zip: string): Promise<LeadAssignment & { rep: { id: number } | null }> {
    if ((regionId !== REGION_US && regionId !== REGION_CA) || !zip) return { rep: null, postalCode: null };
    return deps.finder.routeLead(zip);
  }

  /** The lead and its history, as the admin's View shows them. */
  async function detail(id: number): Promise<LeadDetailDto> {
    const row = await deps.repo.findById(id);
    if (!row) throw new DomainError(FORMS_MESSAGES.notFound, 404);
    const privacyText = row.privacyTextId ? ((await deps.privacyText?.(row.privacyTextId)) ?? null) : null;
    return { lead: toSubmissionDto(row), history: (await deps.repo.history(id)).map(activityDto), privacyText };
  }

  /** Runs one change of a lead in a transaction with the lead's row locked; 404 when there is no such lead. */
  async function change<T>(
    id: number,
    work: (current: { leadStatus: string; assignedRepId: number | null; assignedUserId: number | null }, tx: DbOrTx) => Promise<T>,
  ): Promise<T> {
    return deps.transaction(async (tx) => {
      const current = await deps.repo.lockForChange(id, tx);
      if (!current) throw new DomainError(FORMS_MESSAGES.notFound, 404);
      return work(current, tx);
    });
  }

  /**
   * With PostgreSQL every lead has an idempotency key before its first attempt (the visitor's, or
   * one made here): an attempt whose commit was lost with the connection and was journaled too is
   * then stored once (ADR 046).
   */
  const keyOf = (key: string | undefined): string | undefined => key ?? (deps.pending ? randomBytes(16).toString('hex') : undefined);

  /**
   * Runs `store`; when the database cannot be reached, the lead goes to the pending-leads journal
   * instead (ADR 046) and the answer carries no id (the lead gets one when it is drained). A journal
   * that cannot be written rejects with PendingLeadsUnavailableError (a 503).
   */
  async function orPending<T extends { id: number }>(
    lead: {
      kind: PendingLead['kind'];
      arrived: Date;
      body: (FormsAddBody | RepContactBody) & { idempotencyKey?: string };
      captcha: CaptchaOutcome;
      verdict: SpamVerdict;
    },
    store: () => Promise<T>,
  ): Promise<T | Record<string, never>> {
    if (!deps.pending) return store();
    try {
      const stored = await store();
      // the database answers: leads journaled during an outage are stored now
      deps.pending.databaseAnswered();
      return stored;
    } catch (err) {
      if (!isDatabaseUnavailable(err)) throw err;
      const { reCaptchaToken: _token, ...body } = lead.body;
      await deps.pending.record({
        kind: lead.kind,
        arrived: lead.arrived.toISOString(),
        key: lead.body.idempotencyKey!,
        body,
        captcha: lead.captcha,
        verdict: lead.verdict,
      });
      return {};
    }
  }

  const actor = () => currentAuditContext()?.actor ?? null;
  const subjectOf = (id: number, name: string) => ({ kind: 'lead', id, title: `from ${name}`, link: '/siteadmin/forms' });

  const service = {
    /**
     * POST /api/forms/add: the body has already passed FormsAddBodySchema. The answer has no id when
     * the database could not be reached and the lead waits in the pending-leads journal (ADR 046).
     */
    async submitContact(body: FormsAddBody, meta: SubmitMeta = {}): Promise<{ id?: number }> {
      const arrived = new Date();
      const captcha = await deps.recaptcha.verify(body.reCaptchaToken, meta.ip);
      const verdict = verdictOf(body, captcha.score, meta, 'contact');
      const keyed = { ...body, idempotencyKey: keyOf(body.idempotencyKey) };
      return orPending({ kind: 'contact', arrived, body: keyed, captcha, verdict }, () => service.storeContact(keyed, captcha, verdict));
    },

    /** The contact-a-rep short form on the finder results: stored as type 1 (Rep). No id: journaled (ADR 046). */
    async submitRepContact(body: RepContactBody, meta: SubmitMeta = {}): Promise<{ id?: number; targetType: 'rep' | 'retailer' }> {
      const arrived = new Date();
      const captcha = await deps.recaptcha.verify(body.reCaptchaToken, meta.ip);
      const verdict = verdictOf(body, captcha.score, meta, 'rep');
      const keyed = { ...body, idempotencyKey: keyOf(body.idempotencyKey) };
      const stored = await orPending({ kind: 'rep', arrived, body: keyed, captcha, verdict }, () =>
        service.storeRepContact(keyed, captcha, verdict),
      );
      return { ...stored, targetType: body.targetType };
    },

    /**
     * Stores a lead the pending-leads journal kept while the database was away (ADR 046), as it
     * would have been stored when it arrived (same verdict, the arrival as its creation time), with
     * routing, emails and webhooks read and written now. Its key makes a second call a no-op.
     */
    async storePending(entry: PendingLead): Promise<{ id: number }> {
      const created = new Date(entry.arrived);
      if (entry.kind === 'contact') {
        // the journey was kept as parsed (codes, or null), not as the form's text: checked as that
        const { journey, ...sent } = entry.body;
        const body = {
          ...FormsAddBodySchema.parse({ reCaptchaToken: '', ...sent }),
          journey: SelectorJourneySchema.nullable().parse(journey ?? null),
          idempotencyKey: entry.key,
        };
        return service.storeContact(body, entry.captcha, entry.verdict, created);
      }
      const body = { ...RepContactBodySchema.parse({ reCaptchaToken: '', ...entry.body }), idempotencyKey: entry.key };
      return service.storeRepContact(body, entry.captcha, entry.verdict, created);
    },

    /**
     * The contact form's lead once checked and judged: stored with its routing and emails. Called by
     * submitContact and storePending only (`created`: a pending lead's arrival, ADR 046).
     */
    async storeContact(body: FormsAddBody, captcha: CaptchaOutcome, verdict: SpamVerdict, created?: Date): Promise<{ id: number }> {
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
      const journey = body.journey ? describeJourney(body.journey) : null;
      // Read before the transaction: on the embedded database a query outside it would wait for it forever.
      const recipients = await deps.recipients();
      const assignment = await routeContactLead(regionId, fields.zipcode);
      // the version the form showed, even one replaced since (a page cached before the edit); an unknown id is not stored
      const privacyTextId =
        body.privacyVersion !== undefined && (await deps.isPrivacyVersion?.(body.privacyVersion)) ? body.privacyVersion : null;
      const id = await storeLead(
        {
          ...(created ? { created } : {}),
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
          assignedRepId: assignment.rep?.id ?? null,
          routing: assignment.rep ? assignment.rule : assignment.postalCode ? `no rep covers ${assignment.postalCode}` : null,
          privacyTextId,
          selectorJourney: body.journey,
        },
        (row) => {
          const lead = { ...fields, id: row.id, phoneE164, region, created: row.created, captcha: captcha.result, journey };
          // every lead goes to the regional team, saying whom it went to; the rep hears at once
          const regional = contactNotification(lead, leadsAddressFor(regionId, recipients), assignment);
          return assignment.rep ? [regional, routedLeadNotification(lead, assignment.rep, assignment.rule)] : [regional];
        },
        verdict,
        'contact',
      );
      return { id };
    },

    /** The contact-a-rep lead once checked and judged (type 1, Rep). Called by submitRepContact and storePending only. */
    async storeRepContact(body: RepContactBody, captcha: CaptchaOutcome, verdict: SpamVerdict, created?: Date): Promise<{ id: number }> {
      const target =
        body.targetType === 'rep' ? await deps.finder.findActiveRep(body.targetId) : await deps.finder.findActiveRetailer(body.targetId);
      if (!target && !verdict.spam) {
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
      // as the contact form: the version the form showed (read before the transaction), an unknown id not stored
      const privacyTextId =
        body.privacyVersion !== undefined && (await deps.isPrivacyVersion?.(body.privacyVersion)) ? body.privacyVersion : null;
      const to = body.targetType === 'rep' && target && 'email' in target ? [target.email, regional] : [regional];
      const id = await storeLead(
        {
          ...(created ? { created } : {}),
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
          // the rep the visitor chose works the lead (a listing withdrawn meanwhile: nobody yet)
          assignedRepId: body.targetType === 'rep' && target ? body.targetId : null,
          captcha: captcha.result,
          captchaScore: captcha.score,
          idempotencyKey: body.idempotencyKey ?? null,
          privacyTextId,
        },
        (row) => [
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
        ],
        verdict,
        'rep',
      );
      return { id };
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

    /** A new render stamp for a lead form's hidden `formStarted` field ('' when stamps are off). */
    formStamp: (): string => deps.formStamp?.issue() ?? '',

    /**
     * The hook for a lead's status change: writes the 'lead.status_changed' webhook event in `tx`,
     * the transaction that changes the status (so the event exists exactly when the change does).
     * Call `notify()` once that transaction has committed.
     */
    statusChanged: (lead: SubmissionRow, status: LeadStatusChange, tx: DbOrTx) => leadEvent('lead.status_changed', lead, tx, status),

    /** Starts delivering what was just committed (emails and webhooks) without waiting for the retry loops. */
    notify(): void {
      deps.mail.kick();
      deps.webhooks?.kick();
    },
    count: () => deps.repo.count(),

    /** GET /api/admin/forms/:id: the lead and its history. */
    detail,

    /**
     * The lead's View (GET /api/admin/forms/:id): the lead and its history, and an audit entry that
     * this person opened it (a lead is personal data: who looked at it is on record, ADR 052).
     */
    async open(id: number): Promise<LeadDetailDto> {
      const result = await detail(id);
      await deps.audit?.record({ action: 'opened', subject: subjectOf(id, result.lead.name) });
      return result;
    },

    /** A new lead status, in the lead's history (who, when, from what) and in the audit log. */
    async setStatus(id: number, status: LeadStatus): Promise<LeadDetailDto> {
      const lead = await deps.repo.findById(id);
      if (!lead) throw new DomainError(FORMS_MESSAGES.notFound, 404);
      const by = actor();
      const changed = await change(id, async (current, tx) => {
        if (current.leadStatus === status) return null;
        await deps.repo.setLeadStatus(id, status, tx);
        await deps.repo.addActivity({ submissionId: id, kind: 'status', fromValue: current.leadStatus, toValue: status }, by, tx);
        // the CRM's "lead status changed" event, written in the change's own transaction (ADR 040)
        await leadEvent('lead.status_changed', lead, tx, { from: current.leadStatus as LeadStatus, to: status, by: by?.email ?? null });
        return current.leadStatus;
      });
      const result = await detail(id);
      if (changed !== null) {
        deps.webhooks?.kick();
        deps.log.info({ formId: id, from: changed, to: status }, 'lead status changed');
        await deps.audit?.record({
          action: 'status-changed',
          subject: subjectOf(id, result.lead.name),
          detail: { from: leadStatusLabel(changed), to: leadStatusLabel(status) },
        });
      }
      return result;
    },

    /**
     * Gives the lead to an active rep or to a user who may read leads (or to nobody): in its history
     * and the audit log, and the new assignee is emailed the lead in the same transaction.
     */
    async assign(id: number, body: LeadAssigneeBody): Promise<LeadDetailDto> {
      const wanted = body.assignee;
      let to: { type: 'rep' | 'user'; id: number; name: string; email: string } | null = null;
      if (wanted?.type === 'rep') {
        const rep = await deps.finder.findActiveRep(wanted.id);
        if (!rep) throw new DomainError(FORMS_MESSAGES.repNotFound, 422);
        to = { type: 'rep', id: rep.id, name: rep.name, email: rep.email };
      } else if (wanted?.type === 'user') {
        const [user] = await deps.repo.usersWithRoles(LEAD_ROLE_IDS, wanted.id);
        if (!user) throw new DomainError(FORMS_MESSAGES.userCannotWorkLeads, 422);
        to = { type: 'user', id: user.id, name: user.email, email: user.email };
      }
      const before = await deps.repo.findById(id);
      if (!before) throw new DomainError(FORMS_MESSAGES.notFound, 404);
      const by = actor();
      const changed = await change(id, async (current, tx) => {
        const repId = to?.type === 'rep' ? to.id : null;
        const userId = to?.type === 'user' ? to.id : null;
        if (current.assignedRepId === repId && current.assignedUserId === userId) return false;
        await deps.repo.setAssignee(id, { repId, userId }, tx);
        const fromWords = assigneeWords(assigneeOf(before));
        const toWords = to ? assigneeWords(to) : null;
        await deps.repo.addActivity({ submissionId: id, kind: 'assigned', fromValue: fromWords, toValue: toWords }, by, tx);
        if (to) {
          const details = dataFields(before.data).map(({ name, value }): [string, string] => [leadFieldLabel(name), value]);
          const why = `${by?.email ?? 'An Administrator'} assigned this ${formTypeLabel(before.type).toLowerCase()} lead to you in the site administration.`;
          await deps.mail.enqueue(
            assignedLeadNotification(
              { ...before, captcha: before.captcha as never },
              details,
              { name: to.name, email: to.email },
              why,
              before.selectorJourney ? describeJourney(before.selectorJourney) : null,
            ),
            tx,
          );
        }
        return { from: fromWords, to: toWords };
      });
      if (changed) {
        deps.mail.kick();
        deps.log.info({ formId: id, assignee: to ? `${to.type}:${to.id}` : null }, 'lead assigned');
        await deps.audit?.record({ action: 'assigned', subject: subjectOf(id, before.name), detail: changed });
      }
      return detail(id);
    },

    /** A note on the lead, with who and when; in the audit log (without its text: notes may hold personal data). */
    async addNote(id: number, note: string): Promise<LeadDetailDto> {
      const name = await change(id, async (_current, tx) => {
        await deps.repo.addActivity({ submissionId: id, kind: 'note', note }, actor(), tx);
      }).then(async () => (await deps.repo.findById(id))!.name);
      await deps.audit?.record({ action: 'note-added', subject: subjectOf(id, name) });
      return detail(id);
    },

    /** Whom a lead can be given to. */
    async assignees(): Promise<LeadAssigneesDto> {
      const [reps, users] = await Promise.all([deps.repo.activeReps(), deps.repo.usersWithRoles(LEAD_ROLE_IDS)]);
      return { reps, users };
    },

    /** The dashboard's lead figures per region and the oldest lead still New. */
    async workload(since: Date) {
      const [figures, oldestNew] = await Promise.all([deps.repo.regionFigures(since), deps.repo.oldestNew()]);
      // every region has its row, with or without leads
      const empty = (regionId: number) => ({ regionId, new: 0, unassigned: 0, arrived: 0, answered: 0, medianSeconds: null });
      const regions = [
        ...REGION_IDS.map((id) => figures.find((f) => f.regionId === id) ?? empty(id)),
        ...figures.filter((f) => !REGION_IDS.includes(f.regionId as never)),
      ];
      return { regions, oldestNew: oldestNew ?? null };
    },
  };
  return service;
}
export type LeadsService = ReturnType<typeof createLeadsService>;
