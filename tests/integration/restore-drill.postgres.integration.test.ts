import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EnvSchema } from '#config/env.ts';
import { projectRoot } from '#config/project-root.ts';
import { openDatabase, type Database } from '#db/client.ts';
import { buildApp } from '#server/app.ts';
import { addUser, bearer, login, signIn } from '#tests/setup/auth-helpers.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { multipart, pdf } from '#tests/setup/multipart.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

// The restore drill, on PostgreSQL: deploy/backup/site-backup.sh backs up a site with content,
// a lead, a user and a document; the dump is restored into a new database with pg_restore and the
// document files into a new DATA_DIR; an app started on them finds all four.

const script = path.join(projectRoot, 'deploy', 'backup', 'site-backup.sh');
const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL! });
const dirs: string[] = [];
const databases: string[] = [];
const tmp = (prefix: string) => {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  dirs.push(dir);
  return dir;
};

function backup(env: Record<string, string>) {
  const r = spawnSync(script, [], { encoding: 'utf8', env: { PATH: process.env.PATH ?? '', ...env } });
  expect(r.status, `${r.stdout}\n${r.stderr}`).toBe(0);
  return r;
}

const COUNTED = ['products', 'knowledge_items', 'press_releases', 'pages', 'form_submissions', 'admin_users', 'documents'] as const;
async function counts(database: Database) {
  const out: Record<string, number> = {};
  for (const table of COUNTED) {
    const r = (await database.db.execute(sql.raw(`select count(*)::int as n from ${table}`))) as unknown as { rows: { n: number }[] };
    out[table] = r.rows[0]!.n;
  }
  return out;
}

let source: TestApp & { database: Database & { url?: string } };
beforeAll(async () => {
  await admin.connect();
  source = (await createTestApp({ FORM_RATE_LIMIT: '1000' })) as typeof source;
});
afterAll(async () => {
  await source.close();
  for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
  await admin.end();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

describe('the restore drill', () => {
  it('backs up a site and brings back its content, leads, users and documents in a new database', async () => {
    const token = (await signIn(source.app)).token;
    await addUser(source.app, token, 'restored.editor@example.com', 'a-long-enough-passphrase-42');
    const lead = await source.app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: {
        name: 'Dana Miller',
        email: 'dana.miller@example.com',
        phone: '+1 (515) 555-0199',
        data: JSON.stringify({ Region: 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
        message: 'Spring nitrogen on 800 acres of corn.',
        reCaptchaToken: '',
      },
    });
    expect(lead.statusCode, lead.body).toBe(200);
    const leadId = lead.json().data.id as number;
    const upload = await source.app.inject({
      method: 'POST',
      url: '/api/admin/documents/add',
      ...multipart(
        [
          { name: 'title', value: 'Drill Statement' },
          { name: 'kind', value: 'statement' },
          { name: 'altText', value: '' },
          { name: 'regionIds', value: '2' },
          { name: 'file', value: pdf('restore drill'), fileName: 'drill.pdf', type: 'application/pdf' },
        ],
        bearer(token),
      ),
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const docUrl = upload.json().data.url as string;
    const before = await counts(source.database);

    const backups = tmp('backups-');
    backup({ DATABASE_URL: source.database.url!, DATA_DIR: source.env.DATA_DIR, BACKUP_DIR: backups, BACKUP_DATE: '2026-11-29' });
    const files = readdirSync(path.join(backups, 'daily')).sort();
    expect(files).toEqual(['site-2026-11-29.documents.tar.gz', 'site-2026-11-29.dump']);
    // 2026-11-29 is a Sunday: it is a weekly backup too
    expect(readdirSync(path.join(backups, 'weekly')).sort()).toEqual(files);

    // restore into a new database and a new data folder
    const name = `drill_${randomBytes(5).toString('hex')}`;
    await admin.query(`create database ${name}`);
    databases.push(name);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${name}`;
    const restored = spawnSync('pg_restore', ['--no-owner', `--dbname=${url}`, path.join(backups, 'daily', files[1]!)], {
      encoding: 'utf8',
    });
    expect(restored.status, restored.stderr).toBe(0);
    const dataDir = tmp('restored-');
    mkdirSync(dataDir, { recursive: true });
    const untar = spawnSync('tar', ['-C', dataDir, '-xzf', path.join(backups, 'daily', files[0]!)], { encoding: 'utf8' });
    expect(untar.status, untar.stderr).toBe(0);

    const database = await openDatabase({ url: url.toString(), poolSize: 3 });
    const env = EnvSchema.parse({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATA_DIR: dataDir });
    const app = await buildApp({ env, database, jwtSecret: TEST_JWT_SECRET, ui: 'none', logger: false });
    try {
      expect(await counts(database)).toEqual(before);
      expect(before.products).toBeGreaterThan(0);
      expect(before.knowledge_items).toBeGreaterThan(0);
      // the lead, the user (with the password they had), the document's bytes
      expect(await app.services.leads.findById(leadId)).toMatchObject({ email: 'dana.miller@example.com' });
      const signedIn = await login(app, 'restored.editor@example.com', 'a-long-enough-passphrase-42');
      expect(signedIn.statusCode, signedIn.body).toBe(200);
      const doc = await app.inject(docUrl);
      expect(doc.statusCode).toBe(200);
      expect(doc.body).toContain('restore drill');
    } finally {
      await app.close();
      await database.close();
    }
  });

  it('keeps 7 daily and 4 weekly backups', async () => {
    // what is kept, not what is in it, is under test here: a pg_dump that writes a stand-in file
    // (the real one took 2 s a day on a busy machine; the drill above runs the real one)
    const bin = tmp('fake-pg-dump-');
    writeFileSync(path.join(bin, 'pg_dump'), '#!/bin/sh\nfor a; do case "$a" in --file=*) echo dump > "${a#--file=}";; esac; done\n', {
      mode: 0o755,
    });
    const backups = tmp('retention-');
    const start = Date.UTC(2026, 10, 8);
    for (let i = 0; i < 29; i++) {
      const day = new Date(start + i * 86_400_000).toISOString().slice(0, 10);
      const r = spawnSync(script, [], {
        encoding: 'utf8',
        env: { PATH: `${bin}:${process.env.PATH ?? ''}`, DATABASE_URL: 'postgres://unused', BACKUP_DIR: backups, BACKUP_DATE: day },
      });
      expect(r.status, r.stderr).toBe(0);
    }
    const days = (dir: string) => readdirSync(path.join(backups, dir)).map((f) => f.slice(5, 15));
    expect(days('daily').sort()).toEqual([
      '2026-11-30',
      '2026-12-01',
      '2026-12-02',
      '2026-12-03',
      '2026-12-04',
      '2026-12-05',
      '2026-12-06',
    ]);
    // the Sundays: Nov 8, 15, 22, 29 and Dec 6; the newest four stay
    expect(days('weekly').sort()).toEqual(['2026-11-15', '2026-11-22', '2026-11-29', '2026-12-06']);
  });
});
