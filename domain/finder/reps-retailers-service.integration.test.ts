import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
import { ROLE_IDS } from '#shared/permissions.ts';
import { sqlRows } from '#tests/setup/auth-helpers.ts';
import { openTestDatabase } from '#tests/setup/test-db.ts';
import { createImportJobs } from './import-jobs.ts';
import { createImportJobsRepository } from './import-jobs-repository.ts';
import { createRepsRetailersRepository, type RepsRetailersRepository } from './reps-retailers-repository.ts';
import { createRepsRetailersService } from './reps-retailers-service.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function retailerCount(): Promise<number> {
  const [row] = await sqlRows(database)<{ n: number }>`select count(*)::int as n from retailers`;
  return row!.n;
}

async function finished(service: ReturnType<typeof createRepsRetailersService>, id: string) {
  for (let i = 0; i < 400; i++) {
    const job = await service.importStatus(id);
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('import did not finish');
}

const ADMIN = [ROLE_IDS.administrator];

it('an import is written in batches: a failure in the first writes nothing, a later one keeps the batches before it and says where it stopped', async () => {
  const errors: unknown[] = [];
  const changes: string[] = [];
  let batches = 0;
  let failBatch = 1;
  let failedAfter = 0;
  // The real repository inside the real transactions: the chosen batch fails on its second write, after its first succeeded.
  const failing = (repo: RepsRetailersRepository, batch: number): RepsRetailersRepository => {
    let writes = 0;
    return {
      ...repo,
      async insertRetailers(rows) {
        if (batch === failBatch && ++writes === 2) {
          failedAfter = batch;
          throw new Error('disk full');
        }
        return repo.insertRetailers(rows);
      },
    };
  };
  const service = createRepsRetailersService({
    repo: createRepsRetailersRepository(database.db),
    transaction: (work) => database.db.transaction((tx) => work(failing(createRepsRetailersRepository(tx), ++batches))),
    jobs: createImportJobs({ repo: createImportJobsRepository(database.db), log: { error: (obj) => errors.push(obj) } }),
    contentChanged: () => changes.push('changed'),
    // batches of 200 rows, each more than one write
    batch: { rows: 200, ms: 60_000 },
  });
  const csv = ['name,zip', ...Array.from({ length: 450 }, (_, i) => `Bulk Retailer ${i},50010`)].join('\n');
  const before = await retailerCount();

  expect(await service.previewImport('retailers', csv, ADMIN)).toMatchObject({ total: 450, creates: 450, errors: [] });
  // the first batch fails after a write: it rolls back, nothing is imported
  const job = await finished(service, (await service.startImport('retailers', csv, { roles: ADMIN })).id);
  expect(job).toMatchObject({ state: 'failed', created: 0, message: 'The import failed, so nothing was imported. Please try again.' });
  expect(failedAfter).toBe(1);
  expect(await retailerCount()).toBe(before);
  expect(errors).toHaveLength(1);
  expect(changes).toEqual([]);

  // the second batch fails: the first stays, and the job says which rows were imported
  batches = 0;
  failBatch = 2;
  const partial = await finished(service, (await service.startImport('retailers', csv, { roles: ADMIN })).id);
  expect(partial).toEqual({
    id: expect.any(String),
    state: 'failed',
    done: 200,
    total: 450,
    created: 200,
    updated: 0,
    message:
      'The import failed part-way. The first 200 of 450 rows were imported (200 added, 0 updated); the rows from line 202 on were not. Import a file of those rows only: rows without an id that were imported already would be added again.',
  });
  expect(failedAfter).toBe(2);
  expect(await retailerCount()).toBe(before + 200);
  expect(errors).toHaveLength(2);
  // the finder shows what was written
  expect(changes).toEqual(['changed']);

  // The same file imports whole once nothing fails, reporting progress up to the total.
  failBatch = -1;
  const ok = await finished(service, (await service.startImport('retailers', csv, { roles: ADMIN })).id);
  expect(ok).toMatchObject({ state: 'done', done: 450, total: 450, created: 450 });
  expect(await retailerCount()).toBe(before + 200 + 450);
  expect(changes).toEqual(['changed', 'changed']);
});
