import { and, asc, desc, eq, inArray, max, sql } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { documentRevisions, documents } from '#db/schema/documents.ts';

export type DocumentKind = 'label' | 'sds' | 'statement' | 'image';

export interface DocumentRow {
  id: number;
  guid: string;
  kind: DocumentKind;
  productKey: string | null;
  title: string;
  regionIds: number[];
  status: number;
  sortOrder: number;
  updated: Date;
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
  regionIds: documents.regionIds,
  status: documents.status,
  sortOrder: documents.sortOrder,
  updated: documents.updated,
  revisionId: documentRevisions.id,
  fileName: documentRevisions.fileName,
  contentType: documentRevisions.contentType,
  size: documentRevisions.size,
  checksum: documentRevisions.checksum,
  storageKey: documentRevisions.storageKey,
  revisionCreated: documentRevisions.created,
};

export interface NewDocument {
  guid: string;
  kind: DocumentKind;
  productKey: string | null;
  title: string;
  regionIds: number[];
  sortOrder?: number;
}

export interface NewRevision {
  fileName: string;
  contentType: string;
  size: number;
  checksum: string;
  storageKey: string;
  authorId?: number | null;
}

export function createDocumentsRepository(db: DbOrTx) {
  /** the newest revision of every document */
  const latest = () =>
    db.select({ id: max(documentRevisions.id) }).from(documentRevisions).groupBy(documentRevisions.documentId);

  return {
    async findByGuid(guid: string): Promise<DocumentRow | undefined> {
      const [row] = await db
        .select(columns)
        .from(documents)
        .innerJoin(documentRevisions, eq(documentRevisions.documentId, documents.id))
        .where(eq(documents.guid, guid))
        .orderBy(desc(documentRevisions.id))
        .limit(1);
      return row;
    },
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
    async listRevisions(documentId: number) {
      return db
        .select({
          id: documentRevisions.id,
          fileName: documentRevisions.fileName,
          contentType: documentRevisions.contentType,
          size: documentRevisions.size,
          checksum: documentRevisions.checksum,
          storageKey: documentRevisions.storageKey,
          created: documentRevisions.created,
        })
        .from(documentRevisions)
        .where(eq(documentRevisions.documentId, documentId))
        .orderBy(desc(documentRevisions.id));
    },
    async insert(doc: NewDocument, revision: NewRevision, tx: DbOrTx = db): Promise<number> {
      const [row] = await tx
        .insert(documents)
        .values({ ...doc, sortOrder: doc.sortOrder ?? 0 })
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
    transaction<T>(fn: (tx: DbOrTx) => Promise<T>): Promise<T> {
      return (db as import('#db/client.ts').Db).transaction(fn);
    },
  };
}
export type DocumentsRepository = ReturnType<typeof createDocumentsRepository>;
