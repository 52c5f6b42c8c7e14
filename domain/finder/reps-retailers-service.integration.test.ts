import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Database } from '#db/client.ts';
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

it('a failure part-way through an import leaves nothing imported (one transaction), and the job says so', async () => {
  const errors: unknown[] = [];
  const changes: string[] = [];
  let insertCalls = 0;
  // The real repository inside the real transaction, failing on its second chunk of rows.
  const failing = (repo: RepsRetailersRepository): RepsRetailersRepository => ({
    ...repo,
    async insertRetailers(rows) {
      if (++insertCalls === 2) throw new Error('disk full');
      return repo.insertRetailers(rows);
    },
  });
  const service = createRepsRetailersService({
    repo: createRepsRetailersRepository(database.db),
    transaction: (work) => database.db.transaction((tx) => work(failing(createRepsRetailersRepository(tx)))),
    jobs: createImportJobs({ repo: createImportJobsRepository(database.db), log: { error: (obj) => errors.push(obj) } }),
    contentChanged: () => changes.push('changed'),
  });
  const csv = ['name,zip', ...Array.from({ length: 450 }, (_, i) => `Bulk Retailer ${i},50010`)].join('\n');
  const before = await retailerCount();

  expect(await service.previewImport('retailers', csv)).toMatchObject({ total: 450, creates: 450, errors: [] });
  const job = await finished(service, (await service.startImport('retailers', csv)).id);

  expect(job).toMatchObject({ state: 'failed', created: 0, message: 'The import failed, so nothing was imported. Please try again.' });
  expect(insertCalls).toBe(2);
  expect(await retailerCount()).toBe(before);
  expect(errors).toHaveLength(1);
  expect(changes).toEqual([]);

  // The same file imports whole once nothing fails, in chunks, reporting progress up to the total.
  insertCalls = 10;
  const ok = await finished(service, (await service.startImport('retailers', csv)).id);
  expect(ok).toMatchObject({ state: 'done', done: 450, total: 450, created: 450 });
  expect(await retailerCount()).toBe(before + 450);
  expect(changes).toEqual(['changed']);
});
