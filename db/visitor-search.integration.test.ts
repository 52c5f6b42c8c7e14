import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKnowledgeRepository } from '#domain/content/content-repository.ts';
import { knowledgeItemSearch } from '#db/schema/knowledge.ts';
import { openTestDatabase } from '#tests/setup/test-db.ts';
import type { Database } from '#db/client.ts';

/**
 * The visitor search runs as a Drizzle prepared statement (the text parsed once, in the FROM list): it
 * must give what the plain query gives, on either engine.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

/** The search as a plain query, planned afresh. */
async function plain(text: string): Promise<Map<number, number>> {
  const { rows } = (await database.db.execute(
    sql`select item_id as id, ts_rank(rank_document, websearch_to_tsquery('english', ${text})) as rank
        from knowledge_item_search where document @@ websearch_to_tsquery('english', ${text})`,
  )) as unknown as { rows: { id: number | string; rank: number | string }[] };
  return new Map(rows.map((r) => [Number(r.id), Number(r.rank)]));
}

describe('the prepared visitor search', () => {
  it('gives the rows and ranks of the plain query, also after the database dropped its prepared statements', async () => {
    const repo = createKnowledgeRepository(database.db);
    for (const text of ['nitrogen', 'urea or zinc', '"surface applied" -canola', "it's", 'nitrogen abc123', '', '&|!:*()']) {
      expect(await repo.searchRanks(text), text).toEqual(await plain(text));
    }
    expect((await repo.searchRanks('nitrogen')).size).toBeGreaterThan(2);
    // prepared statements dropped (a PGlite session, or a pooled connection reset): the next search still answers
    if (database.engine === 'pglite') await database.db.execute(sql`deallocate all`);
    expect(await repo.searchRanks('nitrogen or zinc')).toEqual(await plain('nitrogen or zinc'));
  });

  it("never runs inside another caller's transaction: it does not see rows that are rolled back", async () => {
    const repo = createKnowledgeRepository(database.db);
    let during: Promise<Map<number, number>> | undefined;
    await database.db
      .transaction(async (tx) => {
        await tx
          .insert(knowledgeItemSearch)
          .values({ itemId: 1, title: 'Zebrafish', summary: '', body: '' })
          .onConflictDoUpdate({
            target: knowledgeItemSearch.itemId,
            set: { title: 'Zebrafish' },
          });
        during = repo.searchRanks('zebrafish');
        // time for a search that ignored the transaction's lock to run between its statements
        await new Promise((resolve) => setTimeout(resolve, 100));
        throw new Error('roll back');
      })
      .catch((err: Error) => expect(err.message).toBe('roll back'));
    expect((await during!).size).toBe(0);
  });
});
