import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { EnvSchema } from '#config/env.ts';
import { openDatabase } from '#db/client.ts';
import { createIntakeJournal } from '#domain/leads/intake-journal.ts';
import { buildApp } from '#server/app.ts';
import { bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';

/** ADR 044 with ADR 030: an erased lead must not come back from the embedded database's intake journal. */

const root = mkdtempSync(path.join(os.tmpdir(), 'privacy-journal-'));
const dataDir = path.join(root, 'data');
const pgliteDir = path.join(dataDir, 'pglite');
const journalDir = path.join(dataDir, 'intake-journal');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const journalText = () =>
  readdirSync(journalDir)
    .map((n) => readFileSync(path.join(journalDir, n), 'utf8'))
    .join('');

describe('erasure and the intake journal', () => {
  it('leaves no journal entry of the erased address, so a replay after a power cut cannot restore it', { timeout: 120_000 }, async () => {
    mkdirSync(dataDir, { recursive: true });
    const image = await openDatabase({ dataDir: pgliteDir, loadDataDir: new Blob([readFileSync(inject('dbImage'))]) });
    await image.close();
    const database = await openDatabase({ dataDir: pgliteDir });
    const env = EnvSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, FORM_RATE_LIMIT: '1000' });
    // the journal is trimmed only when something asks (not on a timer during the test)
    const app = await buildApp({ env, database, jwtSecret: TEST_JWT_SECRET, logger: false, intakeJournal: { trimIntervalMs: 3_600_000 } });
    try {
      const payload = (email: string, i: number) => ({
        name: 'Journal Erasure',
        email,
        phone: '+1 (515) 555-0199',
        data: JSON.stringify({ Region: 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
        message: 'Erase me later.',
        reCaptchaToken: '',
        idempotencyKey: `journal-erasure-${i}-${'y'.repeat(20)}`,
      });
      for (const [i, email] of ['erase.me@example.com', 'keep.me@example.com'].entries()) {
        const res = await app.inject({ method: 'POST', url: '/api/forms/add', payload: payload(email, i) });
        expect(res.statusCode, res.body).toBe(200);
      }
      // journaled before it was answered: a power cut now would replay it
      expect(journalText()).toContain('erase.me@example.com');

      const admin = (await signIn(app)).token;
      const erased = await app.inject({
        method: 'POST',
        url: '/api/admin/privacy/erase',
        headers: bearer(admin),
        payload: { email: 'erase.me@example.com', confirmCount: 1 },
      });
      expect(erased.statusCode, erased.body).toBe(200);
      expect(erased.json().data.count).toBe(1);
      expect(journalText()).not.toContain('erase.me@example.com');

      // what a restart after a power cut would replay from the journal now: nothing of the erased address
      const replayed: string[] = [];
      const journal = createIntakeJournal({
        dir: journalDir,
        dataDir: pgliteDir,
        checkpoint: async () => undefined,
        log: { info: () => undefined, warn: () => undefined, error: () => undefined },
      });
      await journal.open(async (entries) => {
        replayed.push(...entries.map((e) => e.lead.email));
        return 0;
      });
      expect(replayed).not.toContain('erase.me@example.com');
      const rows = (await database.db.execute(sql`select email from form_submissions where name = 'Journal Erasure'`)) as unknown as {
        rows: { email: string }[];
      };
      expect(rows.rows.map((r) => r.email)).toEqual(['keep.me@example.com']);
    } finally {
      await app.close();
      await database.close();
    }
  });
});
