import { asc, eq } from 'drizzle-orm';
import type { DbOrTx } from '#db/client.ts';
import { redirects } from '#db/schema/redirects.ts';

const columns = {
  id: redirects.id,
  fromPath: redirects.fromPath,
  toPath: redirects.toPath,
  statusCode: redirects.statusCode,
  created: redirects.created,
  updated: redirects.updated,
};

export type RedirectRow = { id: number; fromPath: string; toPath: string; statusCode: number; created: Date; updated: Date };

export function createRedirectsRepository(db: DbOrTx) {
  return {
    listAll(): Promise<RedirectRow[]> {
      return db.select(columns).from(redirects).orderBy(asc(redirects.fromPath));
    },
    async findById(id: number): Promise<RedirectRow | undefined> {
      const [row] = await db.select(columns).from(redirects).where(eq(redirects.id, id));
      return row;
    },
    async findByFromPath(fromPath: string): Promise<RedirectRow | undefined> {
      const [row] = await db.select(columns).from(redirects).where(eq(redirects.fromPath, fromPath));
      return row;
    },
    async insert(values: { fromPath: string; toPath: string; statusCode: number }, tx: DbOrTx = db): Promise<RedirectRow> {
      const [row] = await tx.insert(redirects).values(values).returning(columns);
      return row!;
    },
    async update(id: number, values: { fromPath: string; toPath: string; statusCode: number }, tx: DbOrTx = db) {
      const [row] = await tx
        .update(redirects)
        .set({ ...values, updated: new Date() })
        .where(eq(redirects.id, id))
        .returning(columns);
      return row;
    },
    async delete(id: number, tx: DbOrTx = db): Promise<boolean> {
      const rows = await tx.delete(redirects).where(eq(redirects.id, id)).returning({ id: redirects.id });
      return rows.length > 0;
    },
  };
}
export type RedirectsRepository = ReturnType<typeof createRedirectsRepository>;
