import { stringify } from 'csv-stringify/sync';
import { AUDIT_ACCOUNT_ACTIONS, AUDIT_SUBJECTS, type AuditCategory, type AuditSubject, type AuditSubjectKind } from '#shared/audit.ts';
import { changedFieldWords, joinWords, USER_FIELD_LABELS } from '#shared/field-labels.ts';
import { displayName } from '#shared/people.ts';
import type { AuditPart, AuditPerson } from '#shared/validation/auth.ts';
import { neutralise } from '../finder/csv.ts';
import { currentAuditContext, runWithSaveChanges, type AuditContext } from './audit-context.ts';
import type { AuditInsert, AuditQuery, AuditRepository, AuditRow } from './audit-repository.ts';

/** One admin change, as a service reports it; who and from where come from the request. */
export interface AuditEvent {
  action: string;
  subject?: { kind: AuditSubjectKind | (string & {}); id?: number | string | null; title?: string | null; link?: string | null };
  target?: { userId?: number | null; email?: string | null };
  detail?: Record<string, unknown> | null;
}

export interface AuditFilter {
  actor?: string | null;
  category?: AuditCategory | null;
  /** inclusive days, YYYY-MM-DD (UTC) */
  from?: string | null;
  to?: string | null;
}

const DATE_TIME = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' });
const when = (iso: unknown) =>
  typeof iso === 'string' && !Number.isNaN(Date.parse(iso)) ? `${DATE_TIME.format(new Date(iso))} UTC` : 'a later time';
const an = (word: string) => (/^[aeiou]/i.test(word) ? `an ${word}` : `a ${word}`);
const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** A rep's email is where their leads go: a save that changed it says from what to what. */
function emailChange(email: unknown): string {
  if (typeof email !== 'object' || email === null) return '';
  const { before, after } = email as { before?: unknown; after?: unknown };
  return typeof before === 'string' && typeof after === 'string' ? ` and changed their email from ${before} to ${after}` : '';
}

/** A save made over another person's on purpose (ADR 048): ", saved over Ana Lopez's changes of November 28, 2026 at 10:04 PM UTC". */
function savedOver(detail: unknown): string {
  const over = (detail as { overwrote?: unknown } | null)?.overwrote;
  if (typeof over !== 'object' || over === null) return '';
  const { name, saved } = over as { name?: unknown; saved?: unknown };
  const whose = typeof name === 'string' && name ? `${name}'s` : "another person's";
  return `, saved over ${whose} changes of ${when(saved)}`;
}

/** What an entry's words are made from (the names are the people's as they are now: null when none). */
export type AuditWordsRow = Pick<AuditRow, 'action' | 'actorEmail' | 'targetEmail' | 'subjectKind' | 'subjectTitle' | 'detail'> &
  Partial<Pick<AuditRow, 'actorName' | 'targetName' | 'targetUserId'>>;

// where the sentence names the person acting and the person acted on: NUL, which no stored text can hold
const WHO = '\u0000who\u0000';
const TARGET = '\u0000target\u0000';
// eslint-disable-next-line no-control-regex -- NUL marks the people in the words: no stored text can hold one
const PLACEHOLDER = /\u0000(who|target)\u0000/;

/** The people an entry names: the one acting and the one acted on, each by name with the email kept (ADR 052). */
function peopleOf(row: AuditWordsRow): { who: AuditPerson | null; target: AuditPerson | null } {
  const person = (email: string | null, name: string | null | undefined) => (email ? { name: displayName({ name, email }), email } : null);
  // an address that named no account (a sign-in as an unknown username) is said exactly as it was typed
  const typed = row.targetUserId === null && row.targetEmail !== null;
  return { who: person(row.actorEmail, row.actorName), target: typed ? null : person(row.targetEmail, row.targetName) };
}

/**
 * The entry in words, as parts: text, and the people it names (by name, with their email for the
 * screen's hover and the export). "Jane Doe published the knowledge item Spring Nitrogen Plan".
 */
export function auditParts(row: AuditWordsRow, subjects: Readonly<Record<string, AuditSubject>> = AUDIT_SUBJECTS): AuditPart[] {
  const people = peopleOf(row);
  const parts: AuditPart[] = [];
  const words = sentence(row, subjects) + savedOver(row.detail);
  for (const [i, piece] of words.split(PLACEHOLDER).entries()) {
    if (i % 2 === 0) {
      if (piece) parts.push({ text: piece });
      continue;
    }
    const person = piece === 'who' ? people.who : people.target;
    // nobody (the site itself, an unknown username) is said in words
    if (person) parts.push({ person });
    else parts.push({ text: piece === 'who' ? 'The site' : (row.targetEmail ?? 'an unknown username') });
  }
  // adjacent text parts joined
  return parts.reduce<AuditPart[]>((all, part) => {
    const last = all[all.length - 1];
    if (last && 'text' in last && 'text' in part) all[all.length - 1] = { text: last.text + part.text };
    else all.push(part);
    return all;
  }, []);
}

/** The entry in words, people by name: "Jane Doe published the knowledge item Spring Nitrogen Plan". */
export function auditSentence(row: AuditWordsRow, subjects: Readonly<Record<string, AuditSubject>> = AUDIT_SUBJECTS): string {
  return auditParts(row, subjects)
    .map((p) => ('text' in p ? p.text : p.person.name))
    .join('');
}

/** "Editor and Administrator"; "no role" for none. */
function roleWords(roles: unknown): string {
  const names = Array.isArray(roles) ? roles.filter((r): r is string => typeof r === 'string') : [];
  return names.length ? joinWords(names) : 'no role';
}

function sentence(row: AuditWordsRow, subjects: Readonly<Record<string, AuditSubject>>): string {
  const d = (row.detail ?? {}) as Record<string, unknown>;
  const who = WHO;
  const target = TARGET;
  const subject = row.subjectKind && Object.hasOwn(subjects, row.subjectKind) ? subjects[row.subjectKind] : undefined;
  if (subject) {
    const label = subject.label;
    const what = row.subjectTitle ? `the ${label} ${row.subjectTitle}` : an(label);
    const count = typeof d.count === 'number' ? d.count : 0;
    // the fields a save changed, by the editor's labels (entries made before ADR 052 do not list them)
    const fields = Array.isArray(d.fields) ? d.fields.filter((f): f is string => typeof f === 'string') : null;
    const changes = fields ? changedFieldWords(fields, subject.fields) : '';
    // publishing and unpublishing are a change of status: the words say so already
    const others = fields?.filter((f) => f !== 'status') ?? [];
    const changing = others.length ? `, changing ${changedFieldWords(others, subject.fields)}` : '';
    switch (row.action) {
      case 'created':
        return `${who} created ${what}${d.status === 'draft' ? ' as a draft' : d.status === 'scheduled' ? `, to be published ${when(d.publishAt)}` : ''}`;
      case 'published':
        return `${who} published ${what}${changing}`;
      case 'unpublished':
        // ADR 049: an expiry the site carried out, and where the address now leads
        return d.scheduled === true
          ? `${who} unpublished ${what} on schedule${d.redirect && typeof (d.redirect as { to?: unknown }).to === 'string' ? `, redirecting it to ${(d.redirect as { to: string }).to}` : ''}`
          : `${who} unpublished ${what}${changing}`;
      case 'scheduled':
        return `${who} scheduled a new version of ${what} for ${when(d.publishAt)}${changing}`;
      case 'rolled-back':
        return `${who} rolled back ${what} to the version of ${when(d.versionCreated)}`;
      case 'deleted':
        // ADR 049: the redirect an expiry left, removed as its item was published again
        return typeof d.expiryOf === 'string' && typeof d.from === 'string'
          ? `${who} removed the redirect from ${d.from} that the expiry of ${d.expiryOf} left, since it is published again`
          : `${who} deleted ${what}`;
      case 'pinned':
        return `${who} pinned ${what}`;
      case 'unpinned':
        return `${who} unpinned ${what}`;
      case 'uploaded':
        return `${who} uploaded ${what}`;
      case 'file-replaced':
        return `${who} replaced the file of ${what}`;
      case 'file-restored':
        return `${who} restored an earlier file of ${what}`;
      case 'imported':
        return `${who} imported ${plural(count, label)} from a CSV file${typeof d.created === 'number' ? ` (${d.created} new, ${typeof d.updated === 'number' ? d.updated : 0} updated)` : ''}${d.stopped ? ' before the import stopped part-way' : ''}`;
      case 'exported':
        return `${who} exported ${plural(count, label)} as CSV`;
      case 'archived':
        return `${who} archived ${what}`;
      case 'resent':
        return `${who} sent the ${typeof d.delivery === 'string' ? d.delivery : 'notification'} of ${what} again`;
      case 'status-changed':
        return `${who} changed the status of ${what} from ${typeof d.from === 'string' ? d.from : 'unknown'} to ${typeof d.to === 'string' ? d.to : 'unknown'}`;
      case 'assigned':
        return typeof d.to === 'string'
          ? `${who} assigned ${what} to ${d.to}${typeof d.from === 'string' ? ` (it was with ${d.from})` : ''}`
          : `${who} unassigned ${what}${typeof d.from === 'string' ? ` (it was with ${d.from})` : ''}`;
      case 'leads-expired':
        return `${who} deleted ${plural(count, 'lead')} of ${row.subjectTitle ?? 'a region'} older than ${typeof d.days === 'number' ? d.days : '?'} days`;
      case 'privacy-erased':
        return `${who} erased everything stored about ${row.targetEmail ?? 'an address'}: ${plural(count, 'lead')}`;
      case 'privacy-exported':
        return `${who} exported everything stored about ${row.targetEmail ?? 'an address'}: ${plural(count, 'lead')}`;
      case 'opened':
        return `${who} opened ${what}`;
      case 'note-added':
        return `${who} added a note to ${what}`;
      case 'dismissed':
        return `${who} removed ${row.subjectTitle ?? 'an address'} from the Not Found log`;
      case 'changed':
        return changes ? `${who} changed ${changes} of the ${label}` : `${who} changed the ${label}`;
      default: {
        // "Jane Doe saved Title, Body and Publish at of the knowledge item Spring Nitrogen Plan"; a
        // rep's new email is said with its addresses
        const email = emailChange(d.email);
        const listed = email ? (fields ?? []).filter((f) => f !== 'email') : (fields ?? []);
        const saved = listed.length
          ? `${changedFieldWords(listed, subject.fields)} of ${what}`
          : `${what}${fields?.length === 0 ? ' without changes' : ''}`;
        return `${who} saved ${saved}${d.source === 'csv' ? ' from a CSV file' : ''}${email}`;
      }
    }
  }
  switch (row.action) {
    case 'sign-in':
      return `${who} signed in${d.method === 'email-link' || String(d.method ?? '').startsWith('email-link') ? ' with an emailed link' : ''}`;
    case 'sign-in-failed':
      // a wrong current password given while signed in counts toward the same lockout as a sign-in
      return String(d.reason ?? '').startsWith('current-password')
        ? `A password check of ${target} failed while signed in`
        : `A sign-in as ${target} failed`;
    case 'account-locked':
      return `Sign-ins as ${target} from one address were locked for 15 minutes`;
    case 'username-locked':
      return `Sign-ins as ${target} were locked from everywhere until ${when(d.until)}`;
    case 'sign-in-refused-locked':
      return `A sign-in as ${target} was refused: locked`;
    case 'sign-out':
      return `${who} signed out`;
    case 'refresh-token-reuse':
      return `A used session token of ${target} was presented again, so that session was ended`;
    case 'sign-in-link-requested':
      return `A sign-in link was emailed to ${target}`;
    case 'recovery-code-used':
      return `${who} signed in with a recovery code`;
    case 'password-reset-requested':
      return `A password reset link was emailed to ${target}`;
    case 'password-reset':
      return `${who} reset their password with an emailed link`;
    case 'password-changed':
      return `${who} changed their password`;
    case 'email-change-requested':
      return `${who} asked to change their email address to ${typeof d.to === 'string' ? d.to : 'a new one'} (a confirmation link was emailed there)`;
    case 'email-changed':
      return `${typeof d.from === 'string' ? d.from : who} changed their email address to ${target}`;
    case 'second-factor-enabled':
      return `${who} turned on two-step sign-in`;
    case 'second-factor-disabled':
      return `${who} turned off two-step sign-in`;
    case 'user-created':
      return `${who} added the user ${target}${Array.isArray(d.roleNames) ? ` as ${roleWords(d.roleNames)}` : ''}`;
    case 'user-updated': {
      // "Ana Lopez changed roles of Ben Ng from Editor to Administrator" (ADR 052)
      const fields = Array.isArray(d.fields) ? d.fields.filter((f): f is string => typeof f === 'string') : null;
      const roles = Array.isArray(d.rolesBefore) && Array.isArray(d.rolesAfter);
      const others = (fields ?? []).filter((f) => f !== 'userRoles');
      const acts: string[] = [];
      if (roles) acts.push(`changed roles of ${target} from ${roleWords(d.rolesBefore)} to ${roleWords(d.rolesAfter)}`);
      // one's own account (My Account): "Ana Lopez changed their Name"
      const their = roles || (row.actorEmail !== null && row.actorEmail === row.targetEmail);
      if (others.length)
        acts.push(
          `changed ${their ? 'their ' : ''}${changedFieldWords(others, USER_FIELD_LABELS)}${their ? '' : ` of the user ${target}`}`,
        );
      if (d.passwordChanged) acts.push(acts.length ? 'set a new password' : `set a new password for ${target}`);
      if (acts.length) return `${who} ${joinWords(acts)}`;
      // entries made before ADR 052 do not list the fields
      return fields ? `${who} saved the user ${target} without changes` : `${who} changed the user ${target}`;
    }
    case 'user-deleted':
      return `${who} deleted the user ${target}`;
    case 'security-settings-changed':
      return d.requireSecondFactor
        ? `${who} required two-step sign-in for every account${typeof d.sessionsEnded === 'number' && d.sessionsEnded ? ` (${plural(d.sessionsEnded, 'session')} of accounts without it ended)` : ''}`
        : `${who} stopped requiring two-step sign-in`;
    default:
      return `${who}: ${row.action}`;
  }
}

/** The actions and subject kinds a "kind of action" filter covers. */
function categoryQuery(
  category: AuditCategory,
  subjects: Readonly<Record<string, AuditSubject>>,
): Pick<AuditQuery, 'actions' | 'subjectKinds'> {
  return {
    actions: Object.entries(AUDIT_ACCOUNT_ACTIONS)
      .filter(([, c]) => c === category)
      .map(([a]) => a),
    subjectKinds: Object.entries(subjects)
      .filter(([, s]) => s.category === category)
      .map(([k]) => k),
  };
}

function dayStart(day: string | null | undefined, plusDays = 0): Date | null {
  if (!day) return null;
  const d = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(d.getTime())) return null;
  return new Date(d.getTime() + plusDays * 86_400_000);
}

function toQuery(f: AuditFilter, subjects: Readonly<Record<string, AuditSubject>>): AuditQuery {
  return {
    actor: f.actor || null,
    ...(f.category ? categoryQuery(f.category, subjects) : {}),
    from: dayStart(f.from),
    to: dayStart(f.to, 1),
  };
}

function toDto(row: AuditRow, subjects: Readonly<Record<string, AuditSubject>>) {
  return {
    id: row.id,
    created: row.created.toISOString(),
    action: row.action,
    summary: auditSentence(row, subjects),
    parts: auditParts(row, subjects),
    actor: peopleOf(row).who,
    actorEmail: row.actorEmail,
    targetEmail: row.targetEmail,
    subjectKind: row.subjectKind,
    subjectTitle: row.subjectTitle,
    subjectLink: row.subjectLink,
    ip: row.ip,
  };
}

/** The entries a save records about its record, which name the fields it changed (ADR 052). */
const SAVE_ACTIONS = new Set(['saved', 'published', 'unpublished', 'scheduled']);

/** Is this entry one the save being made records about its own record (not, say, a redirect a slug change made)? */
function aboutTheSave(event: AuditEvent, context: AuditContext | null): boolean {
  const save = context?.save;
  if (!save || !event.subject || !SAVE_ACTIONS.has(event.action)) return false;
  if (event.subject.kind !== save.kind || String(event.subject.id) !== String(save.id)) return false;
  return !(event.detail && Object.hasOwn(event.detail, 'fields'));
}

/**
 * The audit log: every admin change and sign-in event, append only. Services
 * report a change with `record` (this is the one helper they call); who made it and from which
 * address come from the request (audit-context.ts), so no service needs the request itself.
 */
export function createAuditService(
  repo: AuditRepository,
  /** what a change can be about: the registry's kinds and the other subjects; a test may add kinds */
  subjects: Readonly<Record<string, AuditSubject>> = AUDIT_SUBJECTS,
) {
  function entry(event: AuditEvent, context: AuditContext | null): AuditInsert {
    return {
      action: event.action,
      actorUserId: context?.actor?.id ?? null,
      actorEmail: context?.actor?.email ?? null,
      targetUserId: event.target?.userId ?? null,
      targetEmail: event.target?.email ?? null,
      subjectKind: event.subject?.kind ?? null,
      subjectId: event.subject?.id === undefined || event.subject.id === null ? null : String(event.subject.id),
      subjectTitle: event.subject?.title ?? null,
      subjectLink: event.subject?.link ?? null,
      ip: context?.ip ?? null,
      detail: event.detail ?? null,
    };
  }
  return {
    /** Appends one entry for the current request's user and IP (or none: the site itself, e.g. the publish scheduler). */
    async record(event: AuditEvent, context: AuditContext | null = currentAuditContext()): Promise<void> {
      // an entry about the save being made waits for the fields it changed (recordSave)
      if (context?.save && aboutTheSave(event, context)) context.save.held.push(entry(event, context));
      else await repo.insert(entry(event, context));
    },
    /**
     * Runs the save of an existing record (`subject`), then records its entries about that record
     * with the fields it changed (ADR 052): `changedFields` is asked once the save is done (it
     * compares the record before and after). A save that fails records what it reported, without
     * fields; a comparison that fails records the entries without them too.
     */
    async recordSave<T>(
      subject: { kind: string; id: number | string },
      save: () => Promise<T>,
      changedFields: () => Promise<string[] | null>,
    ): Promise<T> {
      const held: unknown[] = [];
      const flush = async (fields: string[] | null) => {
        for (const e of held as AuditInsert[]) await repo.insert(fields ? { ...e, detail: { ...e.detail, fields } } : e);
      };
      let result: T;
      try {
        result = await runWithSaveChanges({ kind: subject.kind, id: subject.id, held }, save);
      } catch (err) {
        await flush(null);
        throw err;
      }
      await flush(await changedFields().catch(() => null));
      return result;
    },
    async list(filter: AuditFilter, start: number, length: number) {
      const page = await repo.list(toQuery(filter, subjects), start, length);
      return { total: page.total, items: page.items.map((row) => toDto(row, subjects)) };
    },
    /** Everyone who appears as the one acting, by name, each with their email (what the filter matches). */
    async actors(): Promise<AuditPerson[]> {
      return (await repo.actors()).map((p) => ({ name: displayName(p), email: p.email }));
    },
    /** The filtered log as CSV, newest first, in batches (no row limit). */
    async *exportCsv(filter: AuditFilter, siteUrl: string): AsyncGenerator<string> {
      const origin = new URL(siteUrl).origin;
      // who by name and by email (ADR 052), then the entry in words with people by name
      yield stringify([['When (UTC)', 'Name', 'Email', 'What happened', 'Link', 'IP', 'Action', 'Kind', 'Title']]);
      for await (const rows of repo.iterate(toQuery(filter, subjects))) {
        yield stringify(
          rows.map((r) => [
            r.created.toISOString(),
            r.actorEmail ? displayName({ name: r.actorName, email: r.actorEmail }) : 'The site',
            r.actorEmail ?? '',
            auditSentence(r, subjects),
            r.subjectLink ? origin + r.subjectLink : '',
            r.ip ?? '',
            r.action,
            r.subjectKind ?? '',
            r.subjectTitle ?? '',
          ]),
          { cast: { string: neutralise } },
        );
      }
    },
  };
}
export type AuditService = ReturnType<typeof createAuditService>;
/** What a service needs to record its changes: the one helper. */
export type AuditRecorder = Pick<AuditService, 'record'>;
