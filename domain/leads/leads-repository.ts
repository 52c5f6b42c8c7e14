import { and, asc, count, desc, eq, gte, ilike, inArray, lt, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { FORM_STATUS, formSubmissions } from '#db/schema/forms.ts';

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
}

export interface SubmissionRow extends SubmissionInsert {
  id: number;
  status: number;
  archivedAt: Date | null;
  readAt: Date | null;
  created: Date;
}

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
};

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
}

/** A position in a sorted view: the sort value (as PostgreSQL prints it, so no precision is lost) and id of the last row read. */
export interface SubmissionCursor {
  key: string;
  id: number;
}

/** The sort of each order code: key expression, its type (to read a cursor back) and direction; ties broken by id the same way. */
function sortOf(order: number): { key: SQL; type: 'text' | 'smallint' | 'timestamptz'; dir: 'asc' | 'desc' } {
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
  return and(...conditions);
}

export function createLeadsRepository(db: DbOrTx) {
  return {
    /**
     * Stores a submission once per idempotency key (the unique constraint decides, so concurrent
     * retries are safe): `duplicate` is true, with the first row's id, when the key was seen before.
     */
    async insert(row: SubmissionInsert, tx: DbOrTx = db): Promise<{ id: number; created: Date; duplicate: boolean }> {
      const [inserted] = await tx
        .insert(formSubmissions)
        .values({ ...row, repId: row.repId ?? null, retailerId: row.retailerId ?? null, idempotencyKey: row.idempotencyKey ?? null })
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
      const [row] = await db.select(columns).from(formSubmissions).where(eq(formSubmissions.id, id));
      return row;
    },
    /** One page of an admin view by offset (the list's Load More), with the view's total. */
    async listForAdmin(q: SubmissionQuery, start: number, length: number): Promise<{ rows: SubmissionRow[]; total: number }> {
      const where = whereOf(q);
      const sort = sortOf(q.order);
      const by = sort.dir === 'asc' ? asc : desc;
      const [rows, [total]] = await Promise.all([
        db.select(columns).from(formSubmissions).where(where).orderBy(by(sort.key), by(formSubmissions.id)).limit(length).offset(start),
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
    async count(): Promise<number> {
      const [row] = await db.select({ n: count() }).from(formSubmissions);
      return Number(row?.n ?? 0);
    },
  };
}
export type LeadsRepository = ReturnType<typeof createLeadsRepository>;
