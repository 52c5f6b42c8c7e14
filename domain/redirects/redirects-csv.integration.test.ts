import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { sqlRows } from '#tests/setup/auth-helpers.ts';
import { openTestDatabase } from '#tests/setup/test-db.ts';
import { createRedirectsRepository, type RedirectsRepository } from './redirects-repository.ts';
import { createRedirectsService } from './redirects-service.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function importedCount(): Promise<number> {
  const [row] = await sqlRows(database)<{ n: number }>`select count(*)::int as n from redirects where from_path like '/batch-%'`;
  return row!.n;
}

it('a redirects import is written in batches: a failure part-way keeps the batches before it, says so, and the same file finishes it', async () => {
  const errors: unknown[] = [];
  let batches = 0;
  let failBatch = 2;
  // The real repository inside the real transactions: the chosen batch fails on its second row, after its first was written.
  const failing = (repo: RedirectsRepository, batch: number): RedirectsRepository => {
    let writes = 0;
    return {
      ...repo,
      async insert(values) {
        if (batch === failBatch && ++writes === 2) throw new Error('disk full');
        return repo.insert(values);
      },
    };
  };
  const service = createRedirectsService(createRedirectsRepository(database.db), {
    transaction: (work) => database.db.transaction((tx) => work(failing(createRedirectsRepository(tx), ++batches))),
    batch: { rows: 200, ms: 60_000 },
    log: { error: (obj) => errors.push(obj) },
  });
  const csv = ['fromPath,toPath', ...Array.from({ length: 450 }, (_, i) => `/batch-${i},/about`)].join('\n');

  await expect(service.importCsv(csv)).rejects.toMatchObject({
    name: 'DomainError',
    status: 409,
    message:
      'The import stopped part-way: the first 200 of 450 rows were imported (200 new, 0 updated), the rest were not. Import the same file again to finish: the rows already imported are updated, not added twice.',
  });
  expect(await importedCount()).toBe(200);
  expect(errors).toHaveLength(1);

  failBatch = -1;
  expect(await service.importCsv(csv)).toEqual({ created: 250, updated: 200 });
  expect(await importedCount()).toBe(450);
  expect((await service.resolve('/batch-449'))?.toPath).toBe('/about');
});

it('checks a file of 5,000 redirects for loops and chains in linear time, not minutes', async () => {
  const service = createRedirectsService(createRedirectsRepository(database.db));
  const csv = ['fromPath,toPath', ...Array.from({ length: 4999 }, (_, i) => `/many-${i},/about`), '/many-more,/many-1'].join('\n');
  const started = Date.now();
  const preview = await service.previewImport(csv);
  // about a quarter of a second here; checking every row against every other took over five minutes
  expect(Date.now() - started).toBeLessThan(10_000);
  expect(preview).toMatchObject({ valid: 4998, invalid: 2 });
  expect(preview.rows.filter((r) => r.errors.length).map((r) => [r.fromPath, r.errors])).toEqual([
    [
      '/many-1',
      [
        'The redirect from /many-more already points to /many-1, so redirecting /many-1 too would make a chain. Change that redirect to the final address first.',
      ],
    ],
    [
      '/many-more',
      [
        '/many-1 already redirects to /about. Point this redirect straight at the final address, so visitors are not sent through a chain of redirects.',
      ],
    ],
  ]);
});
