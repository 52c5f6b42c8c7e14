import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { migrationsFolder } from './client.ts';
import { checkMigration, LAST_MIGRATION_BEFORE_THE_RULE, migrationNumber } from './migration-rules.ts';

const next = String(LAST_MIGRATION_BEFORE_THE_RULE + 5).padStart(4, '0');
const file = `${next}_example.sql`;

describe('the expand-then-contract rule for migrations', () => {
  it('holds for every migration in db/migrations', () => {
    const files = readdirSync(migrationsFolder).filter((f) => migrationNumber(f) !== null);
    expect(files.length).toBeGreaterThan(LAST_MIGRATION_BEFORE_THE_RULE);
    const problems = files.flatMap((f) => checkMigration(f, readFileSync(path.join(migrationsFolder, f), 'utf8')));
    expect(problems).toEqual([]);
  });

  it('lets a release expand: new tables, new columns with a default, new indexes', () => {
    const sql = [
      'CREATE TABLE "events" ("id" serial PRIMARY KEY NOT NULL, "title" text NOT NULL);',
      'ALTER TABLE "pages" ADD COLUMN "unpublish_at" timestamp with time zone;',
      'ALTER TABLE "pages" ADD COLUMN "weight" integer DEFAULT 0 NOT NULL;',
      'CREATE INDEX "pages_unpublish_idx" ON "pages" USING btree ("unpublish_at");',
    ].join('--> statement-breakpoint\n');
    expect(checkMigration(file, sql)).toEqual([]);
  });

  it.each([
    ['ALTER TABLE "pages" DROP COLUMN "visibility";', /drops a column/],
    ['DROP TABLE "old_things";', /drops a table/],
    ['ALTER TABLE "pages" RENAME COLUMN "title" TO "name";', /renames/],
    ['ALTER TABLE "pages" ALTER COLUMN "weight" SET DATA TYPE bigint;', /type/],
    ['ALTER TABLE "pages" ALTER COLUMN "weight" SET NOT NULL;', /required/],
    ['UPDATE "pages" SET "weight" = 1;', /db\/backfills\.ts/],
    ['DELETE FROM "sessions";', /deletes rows/],
    ['TRUNCATE "sessions";', /empties/],
  ])('refuses %s without a marker', (sql, reason) => {
    const problems = checkMigration(file, sql);
    expect(problems).toHaveLength(1);
    expect(problems[0]!.reason).toMatch(reason);
    expect(problems[0]!.reason).toMatch(/no "-- contract: release NNNN/);
  });

  it('accepts a contraction whose marker names an older release, and refuses one naming this release or a later one', () => {
    const older = `-- contract: release ${LAST_MIGRATION_BEFORE_THE_RULE + 1} stopped reading "pages"."visibility"\nALTER TABLE "pages" DROP COLUMN "visibility";`;
    expect(checkMigration(file, older)).toEqual([]);
    const same = `-- contract: release ${Number(next)} stopped reading it\nALTER TABLE "pages" DROP COLUMN "visibility";`;
    expect(checkMigration(file, same)[0]?.reason).toMatch(/not older than this migration/);
    // a marker with no words after the release says nothing about what stopped using it
    const bare = `-- contract: release ${LAST_MIGRATION_BEFORE_THE_RULE + 1}\nALTER TABLE "pages" DROP COLUMN "visibility";`;
    expect(checkMigration(file, bare)).toHaveLength(1);
  });

  it('reads the marker of each statement on its own', () => {
    const sql = [
      `-- contract: release ${LAST_MIGRATION_BEFORE_THE_RULE + 1} stopped reading "pages"."visibility"\nALTER TABLE "pages" DROP COLUMN "visibility";`,
      'ALTER TABLE "pages" DROP COLUMN "weight";',
    ].join('--> statement-breakpoint\n');
    const problems = checkMigration(file, sql);
    expect(problems.map((p) => p.statement)).toEqual(['ALTER TABLE "pages" DROP COLUMN "weight";']);
  });

  it('leaves the migrations that ran before the rule as they are', () => {
    const old = `${String(LAST_MIGRATION_BEFORE_THE_RULE).padStart(4, '0')}_old.sql`;
    expect(checkMigration(old, 'ALTER TABLE "pages" DROP COLUMN "visibility";')).toEqual([]);
    expect(readFileSync(path.join(migrationsFolder, '0014_versioned_content.sql'), 'utf8')).toMatch(/DROP COLUMN/);
  });
});

describe('a function defined by a migration', () => {
  it('is read as one statement: what its body does runs when it is called, not when it is created', () => {
    const sql = 'CREATE FUNCTION "prune"() RETURNS integer LANGUAGE plpgsql AS $$\nBEGIN\n  DELETE FROM "things";\n  RETURN 0;\nEND;\n$$;';
    expect(checkMigration(file, sql)).toEqual([]);
    expect(checkMigration(file, `${sql}--> statement-breakpoint\nDELETE FROM "things";`)).toHaveLength(1);
  });
});
