import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { copyEmbeddedTemplate, openDatabase, type Database } from './client.ts';

// The embedded database's first start copies the template the build made (scripts/pglite-template.mjs)
// instead of running PGlite's initdb in the server, and runs with small memory settings (ADR 042).
// Embedded only: the PostgreSQL pass leaves this file out (vitest.config.ts).
describe('the embedded database template and memory settings', () => {
  let tmp: string;
  let template: string;

  beforeAll(async () => {
    tmp = mkdtempSync(path.join(os.tmpdir(), 'pglite-template-'));
    // a real database folder as the template: the test image written to disk
    template = path.join(tmp, 'template');
    const image = new Blob([readFileSync(inject('dbImage'))]);
    const made = await openDatabase({ dataDir: template, loadDataDir: image });
    await made.embedded!.checkpoint();
    await made.close();
  });
  afterAll(() => rmSync(tmp, { recursive: true, force: true }));

  const pgliteQuery = async (database: Database, sql: string) =>
    (await (database as unknown as { pglite: import('@electric-sql/pglite').PGlite }).pglite.query(sql)).rows as Record<string, unknown>[];

  it('a data directory without a database starts as a copy of the template, with 16 MB of shared buffers', async () => {
    const dataDir = path.join(tmp, 'data', 'pglite');
    const database = await openDatabase({ dataDir, embeddedTemplate: template });
    try {
      // the template's tables and rows are there: PGlite did not make an empty database of its own
      const [row] = await pgliteQuery(database, 'select count(*)::int as n from reps');
      expect(row!.n).toBeGreaterThan(0);
      expect(await pgliteQuery(database, "select current_setting('shared_buffers') as v")).toEqual([{ v: '16MB' }]);
      expect(await pgliteQuery(database, "select current_setting('maintenance_work_mem') as v")).toEqual([{ v: '16MB' }]);
    } finally {
      await database.close();
    }
    // copied beside the folder and renamed into place: nothing is left half-way
    expect(readdirSync(path.dirname(dataDir))).toEqual(['pglite']);
  });

  it('an empty folder is filled from the template; a folder with anything in it is left alone', () => {
    const empty = path.join(tmp, 'empty');
    mkdirSync(empty);
    expect(copyEmbeddedTemplate(empty, template)).toBe(true);
    expect(existsSync(path.join(empty, 'PG_VERSION'))).toBe(true);
    // a database already there is never replaced
    writeFileSync(path.join(empty, 'marker'), 'mine');
    expect(copyEmbeddedTemplate(empty, template)).toBe(false);
    expect(readFileSync(path.join(empty, 'marker'), 'utf8')).toBe('mine');
    // a folder with other files (not a database) is not touched either
    const other = path.join(tmp, 'other');
    mkdirSync(other);
    writeFileSync(path.join(other, 'notes.txt'), 'x');
    expect(copyEmbeddedTemplate(other, template)).toBe(false);
    expect(readdirSync(other)).toEqual(['notes.txt']);
  });

  it('without a template nothing is copied (PGlite makes the database itself)', () => {
    const dir = path.join(tmp, 'no-template');
    expect(copyEmbeddedTemplate(dir, path.join(tmp, 'missing'))).toBe(false);
    expect(existsSync(dir)).toBe(false);
  });
});
