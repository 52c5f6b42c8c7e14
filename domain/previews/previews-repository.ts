import { and, eq, gt, lte } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { contentPreviews } from '#db/schema/previews.ts';

export interface NewPreview {
  tokenHash: string;
  kind: string;
  itemId: number | null;
  payload: unknown;
  authorId: number | null;
  expiresAt: Date;
}

export interface StoredPreview {
  kind: string;
  itemId: number | null;
  payload: unknown;
  created: Date;
}

export function createPreviewsRepository(db: DbOrTx) {
  return {
    async insert(row: NewPreview): Promise<void> {
      await db.insert(contentPreviews).values(row);
    },
    /** The preview whose token has this hash, unless it has expired. */
    async findValid(tokenHash: string, now: Date): Promise<StoredPreview | undefined> {
      const [row] = await db
        .select({
          kind: contentPreviews.kind,
          itemId: contentPreviews.itemId,
          payload: contentPreviews.payload,
          created: contentPreviews.created,
        })
        .from(contentPreviews)
        .where(and(eq(contentPreviews.tokenHash, tokenHash), gt(contentPreviews.expiresAt, now)));
      return row;
    },
    /** Deletes expired previews (an index range scan on expires_at); returns how many. */
    async purgeExpired(now: Date): Promise<number> {
      const rows = await db.delete(contentPreviews).where(lte(contentPreviews.expiresAt, now)).returning({ id: contentPreviews.id });
      return rows.length;
    },
  };
}
export type PreviewsRepository = ReturnType<typeof createPreviewsRepository>;
