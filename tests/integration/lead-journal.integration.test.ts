import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { EnvSchema } from '#config/env.ts';
import { openDatabase, type Database } from '#db/client.ts';
import { LeadJournalEntrySchema } from '#domain/leads/intake-journal.ts';
import { createIntakeJournalRepository } from '#domain/leads/intake-journal-repository.ts';
import { buildApp } from '#server/app.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { powerCutFs } from '#tests/setup/power-cut-fs.ts';
import { createTestApp } from '#tests/setup/test-app.ts';

const LEADS = 240;
const CONCURRENCY = 24;

const root = mkdtempSync(path.join(os.tmpdir(), 'lead-journal-'));
const dataDir = path.join(root, 'data');
const pgliteDir = path.join(dataDir, 'pglite');
const journalDir = path.join(dataDir, 'intake-journal');
afterAll(() => rmSync(root, { recursive: true, force: true }));

const env = EnvSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir, FORM_RATE_LIMIT: '100000' });

function lead(i: number) {
  return {
    name: `Power Cut ${i}`,
    email: `power-cut-${i}@example.com`,
    phone: '+1 (515) 555-0199',
    data: JSON.stringify({ Region: 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
    message: `Lead ${i} answered before the power went.`,
    reCaptchaToken: '',
    idempotencyKey: `power-cut-key-${String(i).padStart(4, '0')}-${'x'.repeat(20)}`,
    // the product selector's answers the visitor sent along: journaled and restored with the lead
    journey: 'challenge=5&crop=1&nitrogen=1&product=anvol&product=superu',
  };
}

async function storedLeads(database: Database) {
  const rows = (await database.db.execute(sql`select id, email from form_submissions where email like 'power-cut-%'`)) as unknown as {
    rows: { id: number; email: string }[];
  };
  return new Map(rows.rows.map((r) => [Number(r.id), r.email]));
}

describe('leads survive a power cut on the embedded database (intake journal)', () => {
  const acknowledged = new Map<number, string>();
  let layer: ReturnType<typeof powerCutFs>;
  let journalCopy: Buffer[] = [];

  beforeAll(async () => {
    // a database on disk, closed cleanly: what the disk holds before the server starts
    mkdirSync(dataDir, { recursive: true });
    const image = await openDatabase({ dataDir: pgliteDir, loadDataDir: new Blob([readFileSync(inject('dbImage'))]) });
    await image.close();
  });

  it('answers success only once a lead is journaled and fsynced, concurrent leads sharing fsyncs', async () => {
    layer = powerCutFs(pgliteDir, path.join(root, 'durable-pglite'));
    const database = await openDatabase({ dataDir: pgliteDir });
    // trimmed only when the test says so
    const app = await buildApp({
      env,
      database,
      jwtSecret: TEST_JWT_SECRET,
      logger: false,
      intakeJournal: { fs: layer.fs, trimIntervalMs: 3_600_000 },
    });
    expect(app.services.intakeJournal).toBeDefined();
    let next = 0;
    let trimmed = false;
    const client = async () => {
      while (next < LEADS) {
        const i = next++;
        const res = await app.inject({ method: 'POST', url: '/api/forms/add', payload: lead(i) });
        const reply = res.json() as { success: boolean; data: { id: number } };
        expect(reply.success, res.body).toBe(true);
        acknowledged.set(reply.data.id, lead(i).email);
        // half way, while leads keep arriving: the database checkpoints, is fsynced, and the journal is trimmed
        if (acknowledged.size === LEADS / 2 && !trimmed) {
          trimmed = true;
          await app.services.intakeJournal!.trim();
        }
      }
    };
    await Promise.all(Array.from({ length: CONCURRENCY }, client));
    expect(trimmed).toBe(true);
    expect(acknowledged.size).toBe(LEADS);
    // group commit: far fewer fsyncs than leads
    expect(layer.syncs()).toBeLessThan(LEADS / 2);

    // The power goes: whatever was not fsynced is lost.
    layer.cut();
    await app.close();
    await database.close();
    layer.restore(journalDir);
    journalCopy = readdirSync(journalDir).map((n) => readFileSync(path.join(journalDir, n)));
  });

  it('proves the cut loses leads the database had answered: without the journal some are missing', async () => {
    // a copy, so the real restart below starts from the disk exactly as the cut left it
    const probeDir = path.join(root, 'probe');
    cpSync(pgliteDir, probeDir, { recursive: true });
    const probe = await openDatabase({ dataDir: probeDir });
    const survived = await storedLeads(probe);
    await probe.close();
    const missing = [...acknowledged.keys()].filter((id) => !survived.has(id));
    // the ones answered after the mid-way checkpoint were only in the database's unsynced writes
    expect(missing.length).toBeGreaterThan(0);
    expect(missing.length).toBeLessThan(LEADS);
  });

  it('restores every acknowledged lead, with its id and its email, at the next start', async () => {
    const database = await openDatabase({ dataDir: pgliteDir });
    const before = await storedLeads(database);
    const app = await buildApp({ env, database, jwtSecret: TEST_JWT_SECRET, logger: false });
    try {
      const after = await storedLeads(database);
      const lost = [...acknowledged].filter(([id, email]) => after.get(id) !== email);
      expect(lost).toEqual([]);
      expect(after.size).toBe(LEADS);
      expect(before.size).toBeLessThan(LEADS);
      // each restored lead has its notifications again, under the ids they had (the same Message-IDs): the
      // regional team's and, since 50010 is in a seeded rep's territory, the routed rep's (ADR 041)
      const mail = (await database.db.execute(
        sql`select count(*)::int as n, count(*) filter (where m.kind = 'lead-assigned')::int as rep
          from mail_outbox m join form_submissions f on f.id = m.form_submission_id where f.email like 'power-cut-%'`,
      )) as unknown as { rows: { n: number; rep: number }[] };
      expect(mail.rows[0]).toEqual({ n: 2 * LEADS, rep: LEADS });
      // and each is routed as it was when it was answered: the rep and how routing decided
      const routed = (await database.db.execute(
        sql`select count(*)::int as n from form_submissions f join reps r on r.id = f.assigned_rep_id
          where f.email like 'power-cut-%' and f.routing = 'ZIP codes starting 500'`,
      )) as unknown as { rows: { n: number }[] };
      expect(routed.rows[0]!.n).toBe(LEADS);
      const journeys = (await database.db.execute(
        sql`select count(*)::int as n from form_submissions
          where email like 'power-cut-%' and selector_journey -> 'products' = '["anvol", "superu"]'::jsonb`,
      )) as unknown as { rows: { n: number }[] };
      expect(journeys.rows[0]!.n).toBe(LEADS);
      // the journal was trimmed once the restored leads were checkpointed and fsynced
      expect(readdirSync(journalDir)).toEqual([]);
      // new leads get new ids: the sequence moved past the restored ones
      const res = await app.inject({ method: 'POST', url: '/api/forms/add', payload: lead(LEADS + 1) });
      expect(res.json().data.id).toBeGreaterThan(Math.max(...acknowledged.keys()));
      // leads are personal data: the journal is readable by the server's own account only
      const segments = readdirSync(journalDir);
      expect(segments.length).toBeGreaterThan(0);
      for (const name of segments) expect(statSync(path.join(journalDir, name)).mode & 0o777, name).toBe(0o600);
      expect(statSync(journalDir).mode & 0o777).toBe(0o700);
      // replaying the same journal again writes nothing
      const entries = journalCopy.flatMap((b) =>
        b
          .toString('utf8')
          .split('\n')
          .flatMap((line) => {
            try {
              return [LeadJournalEntrySchema.parse(JSON.parse(line))];
            } catch {
              return [];
            }
          }),
      );
      expect(entries.length).toBeGreaterThan(0);
      expect(await database.db.transaction((tx) => createIntakeJournalRepository(tx).restore(entries))).toBe(0);
      expect((await storedLeads(database)).size).toBe(LEADS + 1);
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('is off for a database in memory (tests) and with PostgreSQL (no embedded files to journal for)', async () => {
    const t = await createTestApp();
    try {
      expect(t.app.services.intakeJournal).toBeUndefined();
    } finally {
      await t.close();
    }
  });
});
