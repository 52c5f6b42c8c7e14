import { and, asc, count, desc, eq, gte, ilike, inArray, isNotNull, isNull, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { reps } from '#db/schema/finder.ts';
import { FORM_STATUS, formSubmissions, leadActivity } from '#db/schema/forms.ts';
import { adminUsers, userRoles } from '#db/schema/users.ts';
import { LEAD_STATUSES, type LeadStatus } from '#shared/validation/forms-admin.ts';
import type { SelectorJourney } from '#shared/validation/selector-journey.ts';

export interface SubmissionInsert {
  type: number;
  name: string;
  email: string;
  phone: string;
  phoneE164: string | null;
  data: string;
  message: string;
  zipcode: string;
  regionId: number | null;
  repId?: number | null;
  retailerId?: number | null;
  captcha: string;
  captchaScore: number | null;
  idempotencyKey?: string | null;
  /** the rep territory routing chose (a contact lead) or the visitor chose (a rep request) */
  assignedRepId?: number | null;
  /** territory routing's decision in words; null when it did not run */
  routing?: string | null;
  /** 'spam' when the spam verdict says so (ADR 043); otherwise the column's default, New */
  leadStatus?: string;
  /** the privacy text version shown beside the form (ADR 044); null: none */
  privacyTextId?: number | null;
  /** the product selector's answers and products sent with a contact lead; null: none */
  selectorJourney?: SelectorJourney | null;
  /** when it arrived, for a lead stored later from the pending-leads journal (ADR 046); otherwise now */
  created?: Date;
}

export interface SubmissionRow extends SubmissionInsert {
  id: number;
  status: number;
  archivedAt: Date | null;
  readAt: Date | null;
  created: Date;
  leadStatus: string;
  assignedUserId: number | null;
  /** the assigned rep's name or the assigned user's email; null when nobody is assigned */
  assigneeName: string | null;
}

/** Who made a change to a lead (null: the site). */
export type LeadActor = { id: number; email: string } | null;

export interface LeadActivityRow {
  id: number;
  kind: string;
  fromValue: string | null;
  toValue: string | null;
  note: string | null;
  actorEmail: string | null;
  /** the actor's own name, when the account still exists and has one (ADR 052) */
  actorName: string | null;
  created: Date;
}

/** Territory routing and the first answer, for the dashboard, per region (2 U.S., 3 Canada, 4 International, null unknown). */
export interface LeadRegionFigures {
  regionId: number | null;
  new: number;
  unassigned: number;
  /** leads that arrived in the window, and how many of them have had a status change */
  arrived: number;
  answered: number;
  /** median seconds from arrival to the first status change of those answered; null when none */
  medianSeconds: number | null;
}

/** Leads still to be worked: not archived, and not won, lost or spam. */
const OPEN_STATUSES: LeadStatus[] = ['new', 'contacted', 'qualified'];

const columns = {
  id: formSubmissions.id,
  type: formSubmissions.type,
  name: formSubmissions.name,
  email: formSubmissions.email,
  phone: formSubmissions.phone,
  phoneE164: formSubmissions.phoneE164,
  data: formSubmissions.data,
  message: formSubmissions.message,
  zipcode: formSubmissions.zipcode,
  regionId: formSubmissions.regionId,
  repId: formSubmissions.repId,
  retailerId: formSubmissions.retailerId,
  captcha: formSubmissions.captcha,
  captchaScore: formSubmissions.captchaScore,
  idempotencyKey: formSubmissions.idempotencyKey,
  status: formSubmissions.status,
  archivedAt: formSubmissions.archivedAt,
  readAt: formSubmissions.readAt,
  created: formSubmissions.created,
  leadStatus: formSubmissions.leadStatus,
  assignedRepId: formSubmissions.assignedRepId,
  assignedUserId: formSubmissions.assignedUserId,
  routing: formSubmissions.routing,
  privacyTextId: formSubmissions.privacyTextId,
  selectorJourney: formSubmissions.selectorJourney,
  assigneeName: sql<string | null>`coalesce(${reps.name}, ${adminUsers.email})`,
};

/** The assignee's name for the list, its filter and its sort: the rep's name or the user's email. */
const assigneeName = sql`lower(coalesce(${reps.name}, ${adminUsers.email}, ''))`;
/** The lead status as its position in LEAD_STATUSES, so New sorts first and Spam last. */
const statusRank = sql`(case ${formSubmissions.leadStatus} ${sql.join(
  LEAD_STATUSES.map((st, i) => sql`when ${st} then ${sql.raw(String(i))}`),
  sql` `,
)} else ${sql.raw(String(LEAD_STATUSES.length))} end)`;

/** Which rows an admin view holds (already parsed; codes as in shared/validation/forms-admin.ts). */
export interface SubmissionQuery {
  order: number;
  /** -1 not archived, 1 archived only, 2 everything */
  status: number;
  /** -1 every type */
  type: number;
  createdFrom?: Date | null;
  createdTo?: Date | null;
  /** captcha column values to keep; null keeps all */
  captcha: readonly string[] | null;
  search: string;
  /** one lead status; null: every one */
  leadStatus?: string | null;
  /** 'all', 'unassigned', 'assigned', 'rep:<id>' or 'user:<id>' */
  assignee?: string;
}

/** A position in a sorted view: the sort value (as PostgreSQL prints it, so no precision is lost) and id of the last row read. */
export interface SubmissionCursor {
  key: string;
  id: number;
}

/** The sort of each order code: key expression, its type (to read a cursor back) and direction; ties broken by id the same way. */
function sortOf(order: number): { key: SQL; type: 'text' | 'smallint' | 'integer' | 'timestamptz'; dir: 'asc' | 'desc' } {
  const name = sql`lower(${formSubmissions.name})`;
  const type = sql`${formSubmissions.type}`;
  const created = sql`${formSubmissions.created}`;
  switch (order) {
    case 0:
      return { key: name, type: 'text', dir: 'asc' };
    case 1:
      return { key: name, type: 'text', dir: 'desc' };
    case 2:
      return { key: type, type: 'smallint', dir: 'asc' };
    case 3:
      return { key: type, type: 'smallint', dir: 'desc' };
    case 5:
      return { key: created, type: 'timestamptz', dir: 'asc' };
    case 6:
      return { key: statusRank, type: 'integer', dir: 'asc' };
    case 7:
      return { key: statusRank, type: 'integer', dir: 'desc' };
    case 8:
      return { key: assigneeName, type: 'text', dir: 'asc' };
    case 9:
      return { key: assigneeName, type: 'text', dir: 'desc' };
    default:
      return { key: created, type: 'timestamptz', dir: 'desc' };
  }
}

/** LIKE pattern for "contains", with the user's % and _ taken literally. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function whereOf(q: SubmissionQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [];
  if (q.status === -1) conditions.push(ne(formSubmissions.status, FORM_STATUS.archived));
  else if (q.status !== 2) conditions.push(eq(formSubmissions.status, q.status));
  if (q.type === 1) conditions.push(eq(formSubmissions.type, 1));
  else if (q.type !== -1) conditions.push(ne(formSubmissions.type, 1));
  if (q.createdFrom) conditions.push(gte(formSubmissions.created, q.createdFrom));
  if (q.createdTo) conditions.push(lt(formSubmissions.created, q.createdTo));
  if (q.captcha) conditions.push(inArray(formSubmissions.captcha, [...q.captcha]));
  if (q.search) {
    const pattern = containsPattern(q.search);
    conditions.push(or(ilike(formSubmissions.name, pattern), ilike(formSubmissions.email, pattern)));
  }
  if (q.leadStatus) conditions.push(eq(formSubmissions.leadStatus, q.leadStatus));
  const assignee = q.assignee ?? 'all';
  if (assignee === 'unassigned') conditions.push(isNull(formSubmissions.assignedRepId), isNull(formSubmissions.assignedUserId));
  else if (assignee === 'assigned')
    conditions.push(or(isNotNull(formSubmissions.assignedRepId), isNotNull(formSubmissions.assignedUserId)));
  else if (assignee.startsWith('rep:')) conditions.push(eq(formSubmissions.assignedRepId, Number(assignee.slice(4))));
  else if (assignee.startsWith('user:')) conditions.push(eq(formSubmissions.assignedUserId, Number(assignee.slice(5))));
  return and(...conditions);
}

/** Joins that name a lead's assignee (left joins: a lead without one still lists). */
const assignedRep = eq(reps.id, formSubmissions.assignedRepId);
const assignedUser = eq(adminUsers.id, formSubmissions.assignedUserId);

export function createLeadsRepository(db: DbOrTx) {
  return {
    /**
     * Stores a submission once per idempotency key (the unique constraint decides, so concurrent
     * retries are safe): `duplicate` is true, with the first row's id, when the key was seen before.
     */
    async insert(row: SubmissionInsert, tx: DbOrTx = db): Promise<{ id: number; created: Date; duplicate: boolean }> {
      const [inserted] = await tx
        .insert(formSubmissions)
        .values({
          ...row,
          repId: row.repId ?? null,
          retailerId: row.retailerId ?? null,
          idempotencyKey: row.idempotencyKey ?? null,
          selectorJourney: row.selectorJourney ?? null,
        })
        .onConflictDoNothing({ target: formSubmissions.idempotencyKey })
        .returning({ id: formSubmissions.id, created: formSubmissions.created });
      if (inserted) return { ...inserted, duplicate: false };
      const [first] = await tx
        .select({ id: formSubmissions.id, created: formSubmissions.created })
        .from(formSubmissions)
        .where(eq(formSubmissions.idempotencyKey, row.idempotencyKey ?? ''));
      return { ...first!, duplicate: true };
    },
    async findById(id: number): Promise<SubmissionRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(formSubmissions)
        .leftJoin(reps, assignedRep)
        .leftJoin(adminUsers, assignedUser)
        .where(eq(formSubmissions.id, id));
      return row;
    },
    /** One page of an admin view by offset (the list's Load More), with the view's total. */
    async listForAdmin(q: SubmissionQuery, start: number, length: number): Promise<{ rows: SubmissionRow[]; total: number }> {
      const where = whereOf(q);
      const sort = sortOf(q.order);
      const by = sort.dir === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db
          .select(columns)
          .from(formSubmissions)
          .leftJoin(reps, assignedRep)
          .leftJoin(adminUsers, assignedUser)
          .where(where)
          .orderBy(by(sort.key), by(formSubmissions.id))
          .limit(length)
          .offset(start),
        db.select({ n: count() }).from(formSubmissions).where(where),
      ]);
      return { rows, total: Number(total?.n ?? 0) };
    },
    /**
     * The rows after `cursor` in an admin view (keyset paging: each batch costs the same however
     * deep the export is), and the cursor of the last row returned.
     */
    async listBatch(
      q: SubmissionQuery,
      cursor: SubmissionCursor | null,
      limit: number,
    ): Promise<{ rows: SubmissionRow[]; next: SubmissionCursor | null }> {
      const sort = sortOf(q.order);
      const by = sort.dir === 'asc' ? asc : desc;
      const value = cursor ? sql`cast(${cursor.key} as ${sql.raw(sort.type)})` : null;
      const after = cursor
        ? sort.dir === 'asc'
          ? sql`(${sort.key}, ${formSubmissions.id}) > (${value}, ${cursor.id})`
          : sql`(${sort.key}, ${formSubmissions.id}) < (${value}, ${cursor.id})`
        : undefined;
      const found = await db
        .select({ ...columns, sortKey: sql<string>`cast(${sort.key} as text)` })
        .from(formSubmissions)
        .leftJoin(reps, assignedRep)
        .leftJoin(adminUsers, assignedUser)
        .where(and(whereOf(q), after))
        .orderBy(by(sort.key), by(formSubmissions.id))
        .limit(limit);
      const last = found.at(-1);
      const rows = found.map(({ sortKey: _key, ...row }) => row);
      return { rows, next: last && found.length === limit ? { key: last.sortKey, id: last.id } : null };
    },
    /** Marks a submission archived (once: the first archive time is kept). False when there is no such id. */
    /** Marks a lead read the first time it is opened; true when the lead exists. */
    async markRead(id: number): Promise<boolean> {
      const [row] = await db
        .update(formSubmissions)
        .set({ readAt: sql`coalesce(${formSubmissions.readAt}, now())` })
        .where(eq(formSubmissions.id, id))
        .returning({ id: formSubmissions.id });
      return Boolean(row);
    },
    /** Leads that arrived since `since`, and leads in the working list nobody has opened yet. */
    async counts(since: Date): Promise<{ recent: number; unread: number }> {
      const [row] = await db
        .select({
          recent: sql<number>`count(*) filter (where ${formSubmissions.created} >= ${since})`.mapWith(Number),
          unread:
            sql<number>`count(*) filter (where ${formSubmissions.readAt} is null and ${formSubmissions.status} = ${FORM_STATUS.active})`.mapWith(
              Number,
            ),
        })
        .from(formSubmissions);
      return { recent: row?.recent ?? 0, unread: row?.unread ?? 0 };
    },
    async archive(id: number): Promise<boolean> {
      const [row] = await db
        .update(formSubmissions)
        .set({ status: FORM_STATUS.archived, archivedAt: sql`coalesce(${formSubmissions.archivedAt}, now())` })
        .where(eq(formSubmissions.id, id))
        .returning({ id: formSubmissions.id });
      return Boolean(row);
    },
    /** The lead's status and assignee, locked until the transaction ends (two admins changing one lead take turns). */
    async lockForChange(
      id: number,
      tx: DbOrTx,
    ): Promise<{ leadStatus: string; assignedRepId: number | null; assignedUserId: number | null } | undefined> {
      const [row] = await tx
        .select({
          leadStatus: formSubmissions.leadStatus,
          assignedRepId: formSubmissions.assignedRepId,
          assignedUserId: formSubmissions.assignedUserId,
        })
        .from(formSubmissions)
        .where(eq(formSubmissions.id, id))
        .for('update');
      return row;
    },
    async setLeadStatus(id: number, status: LeadStatus, tx: DbOrTx): Promise<void> {
      await tx.update(formSubmissions).set({ leadStatus: status }).where(eq(formSubmissions.id, id));
    },
    async setAssignee(id: number, assignee: { repId: number | null; userId: number | null }, tx: DbOrTx): Promise<void> {
      await tx
        .update(formSubmissions)
        .set({ assignedRepId: assignee.repId, assignedUserId: assignee.userId })
        .where(eq(formSubmissions.id, id));
    },
    async addActivity(
      row: {
        submissionId: number;
        kind: 'status' | 'assigned' | 'note';
        fromValue?: string | null;
        toValue?: string | null;
        note?: string | null;
      },
      actor: LeadActor,
      tx: DbOrTx,
    ): Promise<void> {
      await tx.insert(leadActivity).values({ ...row, actorId: actor?.id ?? null, actorEmail: actor?.email ?? null });
    },
    /** A lead's history, oldest first. */
    async history(id: number): Promise<LeadActivityRow[]> {
      return db
        .select({
          id: leadActivity.id,
          kind: leadActivity.kind,
          fromValue: leadActivity.fromValue,
          toValue: leadActivity.toValue,
          note: leadActivity.note,
          actorEmail: leadActivity.actorEmail,
          actorName: adminUsers.name,
          created: leadActivity.created,
        })
        .from(leadActivity)
        .leftJoin(adminUsers, eq(adminUsers.id, leadActivity.actorId))
        .where(eq(leadActivity.submissionId, id))
        .orderBy(asc(leadActivity.id));
    },
    /** Active reps, by name: whom a lead can be given to, with their email (where it is sent). */
    async activeReps(): Promise<{ id: number; name: string; email: string }[]> {
      return db
        .select({ id: reps.id, name: reps.name, email: reps.email })
        .from(reps)
        .where(eq(reps.active, true))
        .orderBy(asc(reps.name), asc(reps.id));
    },
    /** Users holding one of `roleIds` (the roles that may read leads), by email. */
    async usersWithRoles(roleIds: readonly number[], userId?: number): Promise<{ id: number; email: string }[]> {
      if (roleIds.length === 0) return [];
      return db
        .selectDistinct({ id: adminUsers.id, email: adminUsers.email })
        .from(adminUsers)
        .innerJoin(userRoles, eq(userRoles.userId, adminUsers.id))
        .where(and(inArray(userRoles.siteRoleId, [...roleIds]), userId === undefined ? undefined : eq(adminUsers.id, userId)))
        .orderBy(asc(adminUsers.email));
    },
    /**
     * The dashboard's lead figures per region: leads still New and open leads nobody works (archived
     * ones left out), and, of the leads that arrived since `since`, the median time from arrival to
     * the first status change.
     */
    async regionFigures(since: Date): Promise<LeadRegionFigures[]> {
      const firstChange = db
        .select({ submissionId: leadActivity.submissionId, first: sql<Date>`min(${leadActivity.created})`.as('first') })
        .from(leadActivity)
        .where(eq(leadActivity.kind, 'status'))
        .groupBy(leadActivity.submissionId)
        .as('first_change');
      const notArchived = ne(formSubmissions.status, FORM_STATUS.archived);
      const recent = gte(formSubmissions.created, since);
      const rows = await db
        .select({
          regionId: formSubmissions.regionId,
          new: sql<number>`count(*) filter (where ${and(notArchived, eq(formSubmissions.leadStatus, 'new'))})`.mapWith(Number),
          unassigned: sql<number>`count(*) filter (where ${and(
            notArchived,
            inArray(formSubmissions.leadStatus, OPEN_STATUSES),
            isNull(formSubmissions.assignedRepId),
            isNull(formSubmissions.assignedUserId),
          )})`.mapWith(Number),
          arrived: sql<number>`count(*) filter (where ${recent})`.mapWith(Number),
          answered: sql<number>`count(${firstChange.first}) filter (where ${recent})`.mapWith(Number),
          medianSeconds: sql<
            number | null
          >`percentile_cont(0.5) within group (order by extract(epoch from (${firstChange.first} - ${formSubmissions.created}))) filter (where ${recent} and ${firstChange.first} is not null)`,
        })
        .from(formSubmissions)
        .leftJoin(firstChange, eq(firstChange.submissionId, formSubmissions.id))
        .groupBy(formSubmissions.regionId)
        .orderBy(asc(formSubmissions.regionId));
      return rows.map((r) => ({ ...r, medianSeconds: r.medianSeconds === null ? null : Math.round(Number(r.medianSeconds)) }));
    },
    /** The open lead that has waited longest with status New. */
    async oldestNew(): Promise<{ id: number; name: string; created: Date; regionId: number | null } | undefined> {
      const [row] = await db
        .select({
          id: formSubmissions.id,
          name: formSubmissions.name,
          created: formSubmissions.created,
          regionId: formSubmissions.regionId,
        })
        .from(formSubmissions)
        .where(and(ne(formSubmissions.status, FORM_STATUS.archived), eq(formSubmissions.leadStatus, 'new')))
        .orderBy(asc(formSubmissions.created), asc(formSubmissions.id))
        .limit(1);
      return row;
    },
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(formSubmissions);
      return Number(row?.n ?? 0);
    },
  };
}
export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
