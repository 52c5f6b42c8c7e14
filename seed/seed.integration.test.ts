import path from 'node:path';
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { openTestDatabase } from '#tests/setup/test-db.ts';
import { TEST_ADMIN } from '#tests/setup/constants.ts';
import { seedDatabase } from './index.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function rowCounts(): Promise<Record<string, number>> {
  type Rows<T> = { rows: T[] };
  const tables = (await database.db.execute(
    sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
  )) as Rows<{ table_name: string }>;
  const counts: Record<string, number> = {};
  for (const { table_name } of tables.rows) {
    const res = (await database.db.execute(sql`select count(*)::int as n from ${sql.identifier(table_name)}`)) as Rows<{ n: number }>;
    counts[table_name] = res.rows[0]!.n;
  }
  return counts;
}

it('running the seed again changes nothing', async () => {
  const before = await rowCounts();
  expect(before['states']).toBe(64);
  const result = await seedDatabase(database.db, {
    ...TEST_ADMIN,
    adminEmail: TEST_ADMIN.email,
    dataDir: path.join(os.tmpdir(), 'seed-again'),
    demoReps: true,
  });
  expect(result.admin).toBeUndefined();
  expect(await rowCounts()).toEqual(before);
});

it('renames the seeded role 2 to Editor on a database seeded before the rename', async () => {
  await database.db.execute(sql`update site_roles set name = 'Content Editor' where id = 2`);
  await seedDatabase(database.db, {
    ...TEST_ADMIN,
    adminEmail: TEST_ADMIN.email,
    dataDir: path.join(os.tmpdir(), 'seed-again'),
    demoReps: true,
  });
  const res = (await database.db.execute(sql`select id, name from site_roles order by id`)) as { rows: { id: number; name: string }[] };
  expect(res.rows).toEqual([
    { id: 1, name: 'Administrator' },
    { id: 2, name: 'Editor' },
  ]);
});
