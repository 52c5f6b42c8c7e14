import { and, asc, arrayContains, count, desc, eq, ilike, inArray, max, ne, or, sql, type SQL } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { documentRevisions, documents } from '#db/schema/documents.ts';
import { reps } from '#db/schema/finder.ts';
import { adminUsers } from '#db/schema/users.ts';
import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import { DOMAIN_KINDS, type DomainKind } from '../kinds/index.ts';
import { actorId, atVersion, nextVersion } from '../record-versions-repository.ts';

export type DocumentKind = 'label' | 'sds' | 'statement' | 'image' | 'other';

export interface AdminListFilter {
  start: number;
  length: number;
  search: string;
  kind: DocumentKind | '';
  region: number;
  /** only these kinds (the Product Labels/SDSs list: label, sds, statement) */
  kinds?: DocumentKind[];
  productKey?: string;
  sort?: 'updated' | 'title' | 'product';
  dir?: 'asc' | 'desc';
  /** product keys in the order "sort by product" follows (by name); keys not listed sort after them */
  productOrder?: readonly string[];
}

export interface RevisionRow {
  id: number;
  fileName: string;
  contentType: string;
  size: number;
  checksum: string;
  storageKey: string;
  created: Date;
  authorId: number | null;
  /** the uploader's email; null for seeded files and deleted accounts */
  author: string | null;
}

/** A place whose live content mentions a document (its GUID), or a product page that lists it. */
export interface UsageRow {
  /** a versioned kind's name (shared/kinds), or a rep */
  kind: string;
  title: string;
  slug: string;
  regionId: number | null;
}

export interface DocumentRow {
  id: number;
  guid: string;
  kind: DocumentKind;
  productKey: string | null;
  title: string;
  altText: string;
  regionIds: number[];
  status: number;
  sortOrder: number;
  updated: Date;
  /** ADR 048: moved on by every save of the document's details; a save names the one it started from */
  version: number;
  updatedBy: number | null;
  revisionId: number;
  fileName: string;
  contentType: string;
  size: number;
  checksum: string;
  storageKey: string;
  revisionCreated: Date;
}

const columns = {
  id: documents.id,
  guid: documents.guid,
  kind: sql<DocumentKind>`${documents.kind}`,
  productKey: documents.productKey,
  title: documents.title,
  altText: documents.altText,
  regionIds: documents.regionIds,
  status: documents.status,
  sortOrder: documents.sortOrder,
  updated: documents.updated,
  version: documents.version,
  updatedBy: documents.updatedBy,
  revisionId: documentRevisions.id,
  fileName: documentRevisions.fileName,
  contentType: documentRevisions.contentType,
  size: documentRevisions.size,
  checksum: documentRevisions.checksum,
  storageKey: documentRevisions.storageKey,
  revisionCreated: documentRevisions.created,
};

const revisionColumns = {
  id: documentRevisions.id,
  fileName: documentRevisions.fileName,
  contentType: documentRevisions.contentType,
  size: documentRevisions.size,
  checksum: documentRevisions.checksum,
  storageKey: documentRevisions.storageKey,
  created: documentRevisions.created,
  authorId: documentRevisions.authorId,
  author: adminUsers.email,
};

export interface NewDocument {
  guid: string;
  kind: DocumentKind;
  productKey: string | null;
  title: string;
  altText?: string;
  regionIds: number[];
  sortOrder?: number;
}

export interface DocumentMetaUpdate {
  kind: DocumentKind;
  productKey: string | null;
  title: string;
  altText: string;
  regionIds: number[];
}

export interface NewRevision {
  fileName: string;
  contentType: string;
  size: number;
  checksum: string;
  storageKey: string;
  authorId?: number | null;
}

export function createDocumentsRepository(db: DbOrTx, kinds: readonly DomainKind[] = DOMAIN_KINDS) {
  /** the newest revision of every document */
  const latest = () =>
    db
      .select({ id: max(documentRevisions.id) })
      .from(documentRevisions)
      .groupBy(documentRevisions.documentId);

  /** The one document `where` picks, with its newest revision. */
  async function findOne(where: SQL): Promise<DocumentRow | undefined> {
    const [row] = await db
      .select(columns)
      .from(documents)
      .innerJoin(documentRevisions, eq(documentRevisions.documentId, documents.id))
      .where(where)
      .orderBy(desc(documentRevisions.id))
      .limit(1);
    return row;
  }

  return {
    db,
    findByGuid: (guid: string): Promise<DocumentRow | undefined> => findOne(eq(documents.guid, guid)),
    /** Active documents of the given kinds with their newest revision; one query. */
    async listActive(kinds: DocumentKind[], productKeys?: string[]): Promise<DocumentRow[]> {
      return db
        .select(columns)
        .from(documents)
        .innerJoin(documentRevisions, eq(documentRevisions.documentId, documents.id))
        .where(
          and(
            eq(documents.status, 1),
            inArray(documents.kind, kinds),
            productKeys ? inArray(documents.productKey, productKeys.length ? productKeys : ['']) : undefined,
            inArray(documentRevisions.id, latest()),
          ),
        )
        .orderBy(asc(documents.sortOrder), asc(documents.kind), asc(documents.id));
    },
    /** A document's revisions, newest (the served one) first, with who uploaded each. */
    async listRevisions(documentId: number): Promise<RevisionRow[]> {
      return db
        .select(revisionColumns)
        .from(documentRevisions)
        .leftJoin(adminUsers, eq(adminUsers.id, documentRevisions.authorId))
        .where(eq(documentRevisions.documentId, documentId))
        .orderBy(desc(documentRevisions.id));
    },
    /** One revision of a document; undefined when it does not exist or belongs to another document. */
    async findRevision(documentId: number, revisionId: number): Promise<RevisionRow | undefined> {
      const [row] = await db
        .select(revisionColumns)
        .from(documentRevisions)
        .leftJoin(adminUsers, eq(adminUsers.id, documentRevisions.authorId))
        .where(and(eq(documentRevisions.documentId, documentId), eq(documentRevisions.id, revisionId)));
      return row;
    },
    async insert(doc: NewDocument, revision: NewRevision, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .insert(documents)
        .values({ ...doc, sortOrder: doc.sortOrder ?? 0, updatedBy: actorId() })
        .returning({ id: documents.id });
      await tx.insert(documentRevisions).values({ documentId: row!.id, ...revision });
      return row!.id;
    },
    async appendRevision(documentId: number, revision: NewRevision, tx: DbOrTx = db): Promise<void> {
      await tx.insert(documentRevisions).values({ documentId, ...revision });
      await tx.update(documents).set({ updated: new Date() }).where(eq(documents.id, documentId));
    },
    async lastUpdated(kinds: DocumentKind[]): Promise<Date | null> {
      const [row] = await db
        .select({ at: max(documentRevisions.created) })
        .from(documentRevisions)
        .innerJoin(documents, eq(documents.id, documentRevisions.documentId))
        .where(and(eq(documents.status, 1), inArray(documents.kind, kinds)));
      return row?.at ? new Date(row.at) : null;
    },
    findById: (id: number): Promise<DocumentRow | undefined> => findOne(eq(documents.id, id)),
    /**
     * The admin lists: searched by title or file name, filtered by kind(s), product and region,
     * sorted by the last change (newest first by default), title, or product name; one page and the total.
     */
    async listForAdmin(filter: AdminListFilter): Promise<{ rows: DocumentRow[]; total: number }> {
      const pattern = `%${filter.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
      const where = and(
        inArray(documentRevisions.id, latest()),
        filter.search ? or(ilike(documents.title, pattern), ilike(documentRevisions.fileName, pattern)) : undefined,
        filter.kind ? eq(documents.kind, filter.kind) : undefined,
        filter.kinds?.length ? inArray(documents.kind, filter.kinds) : undefined,
        filter.productKey ? eq(documents.productKey, filter.productKey) : undefined,
        filter.region ? arrayContains(documents.regionIds, [filter.region]) : undefined,
      );
      const sort = filter.sort ?? 'updated';
      const dir = (filter.dir ?? (sort === 'updated' ? 'desc' : 'asc')) === 'asc' ? asc : desc;
      // products by the given order (their names); documents without a product after them, either direction
      const productOrder = filter.productOrder ?? [];
      const keys = sql.join(
        productOrder.map((k) => sql`${k}`),
        sql`, `,
      );
      const productRank = productOrder.length
        ? sql`coalesce(array_position(array[${keys}]::text[], ${documents.productKey}), ${productOrder.length + 1})`
        : sql`0`;
      const kindRank = sql`case ${documents.kind} when 'label' then 0 when 'sds' then 1 else 2 end`;
      const order =
        sort === 'title'
          ? [dir(sql`lower(${documents.title})`), dir(documents.id)]
          : sort === 'product'
            ? [
                sql`(${documents.productKey} is null)`,
                dir(productRank),
                dir(documents.productKey),
                asc(kindRank),
                asc(sql`lower(${documents.title})`),
                asc(documents.id),
              ]
            : [dir(documents.updated), dir(documents.id)];
      const rows = await db
        .select(columns)
        .from(documents)
        .innerJoin(documentRevisions, eq(documentRevisions.documentId, documents.id))
        .where(where)
        .orderBy(...order)
        .offset(filter.start)
        .limit(filter.length);
      const [total] = await db
        .select({ n: count() })
        .from(documents)
        .innerJoin(documentRevisions, eq(documentRevisions.documentId, documents.id))
        .where(where);
      return { rows, total: total?.n ?? 0 };
    },
    /** Writes a document's details; with a guard only while it is at the version the save started from (false otherwise, ADR 048). */
    async updateMeta(id: number, meta: DocumentMetaUpdate, guard?: SaveGuard | null): Promise<boolean> {
      const rows = await db
        .update(documents)
        .set({ ...meta, ...nextVersion(documents.version) })
        .where(atVersion(eq(documents.id, id), documents.version, guard))
        .returning({ id: documents.id });
      return rows.length > 0;
    },
    /** Deletes the document and its revisions; returns the storage keys no other revision still uses. */
    async delete(id: number, tx: DbOrTx = db): Promise<string[]> {
      const keys = await tx
        .select({ key: documentRevisions.storageKey })
        .from(documentRevisions)
        .where(eq(documentRevisions.documentId, id));
      await tx.delete(documents).where(eq(documents.id, id));
      const unique = [...new Set(keys.map((k) => k.key))];
      if (unique.length === 0) return [];
      const still = await tx
        .selectDistinct({ key: documentRevisions.storageKey })
        .from(documentRevisions)
        .where(and(inArray(documentRevisions.storageKey, unique), ne(documentRevisions.documentId, id)));
      const kept = new Set(still.map((k) => k.key));
      return unique.filter((k) => !kept.has(k));
    },
    /**
     * Where a document is used: live (newest) versions of the versioned kinds' items whose content
     * mentions its GUID (each kind's `usage`, in its order; products also by the labels and SDSs they
     * list), then reps whose photo it is.
     */
    async usage(guid: string, productKey: string | null, listedOnProducts: boolean): Promise<UsageRow[]> {
      const pattern = `%${guid}%`;
      const used = [...kinds].filter((k) => k.usage).sort((a, b) => a.usage!.order - b.usage!.order);
      const [kindRows, repRows] = await Promise.all([
        Promise.all(used.map((k) => k.usage!.find(db, pattern, { productKey, listedOnProducts }))),
        // a rep's photo is a library address (/doccenter/{guid}, shared/validation/reps-retailers.ts) the finder shows
        db
          .select({ title: reps.name, slug: sql<string>`${reps.id}::text`, regionId: reps.regionId })
          .from(reps)
          .where(ilike(reps.photo, pattern))
          .orderBy(asc(reps.name)),
      ]);
      return [
        ...used.flatMap((k, i) => kindRows[i]!.map((r) => ({ kind: k.def.name, ...r }))),
        ...repRows.map((r) => ({ kind: 'rep' as const, ...r })),
      ];
    },
    transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
      return (db as import('#db/client.ts').Db).transaction(fn);
    },
  };
}
export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
