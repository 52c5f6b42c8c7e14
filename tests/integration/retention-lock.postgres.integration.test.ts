import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RETENTION_LOCK_KEY } from '#domain/maintenance/retention-repository.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

// PostgreSQL only: two instances, one database; the retention job's advisory lock lets one work.
let t: TestApp & { database: TestApp['database'] & { url?: string } };
beforeAll(async () => {
  t = (await createTestApp()) as typeof t;
});
afterAll(() => t.close());

describe('the daily retention job on several instances', () => {
  it('runs on one instance at a time: another that finds the lock taken does nothing', async () => {
    const other = new pg.Client({ connectionString: t.database.url! });
    await other.connect();
    try {
      await other.query('select pg_advisory_lock($1::bigint)', [RETENTION_LOCK_KEY.toString()]);
      expect(await t.app.services.retention.runOnce(new Date())).toEqual({
        ran: false,
        audit: 0,
        outbox: 0,
        webhooks: 0,
        emlFiles: 0,
        failures: 0,
        leads: [],
      });
      await other.query('select pg_advisory_unlock($1::bigint)', [RETENTION_LOCK_KEY.toString()]);
      expect((await t.app.services.retention.runOnce(new Date())).ran).toBe(true);
    } finally {
      await other.end();
    }
  });
});
