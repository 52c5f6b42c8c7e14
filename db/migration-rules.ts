/**
 * The rolling-restart rule for migrations (ADR 039): a release only expands the schema (new tables,
 * new nullable or defaulted columns, new indexes); what the old release still reads is removed in
 * a later release (contract), once no running instance uses it. During a rolling restart the old
 * release runs against the new schema for a while, so a column dropped in the release that stops
 * reading it breaks every instance not yet restarted.
 *
 * A new migration may therefore not drop, rename, retype or require anything, nor change rows
 * (backfills go to db/backfills.ts, in batches outside the schema transaction), unless the
 * statement carries a marker naming the earlier release that stopped using what it removes:
 *
 *   -- contract: release 0023 stopped reading "pages"."visibility"
 *   ALTER TABLE "pages" DROP COLUMN "visibility";
 *
 * A release is named by the number of its newest migration; the marker's release must be older
 * than the migration that contracts.
 */

/** Migrations up to this number ran before the rule; they stay as they are. */
export const LAST_MIGRATION_BEFORE_THE_RULE = 22;

const RULES: readonly [RegExp, string][] = [
  [/\bDROP\s+TABLE\b/i, 'drops a table'],
  [/\bDROP\s+COLUMN\b/i, 'drops a column'],
  [/\bRENAME\b/i, 'renames a table or a column'],
  [/\bALTER\s+COLUMN\s+("[^"]+"|\S+)\s+(SET\s+DATA\s+)?TYPE\b/i, "changes a column's type"],
  [/\bSET\s+NOT\s+NULL\b/i, 'makes a column required (the old release may still write rows without it)'],
  [/\bTRUNCATE\b/i, 'empties a table'],
  [/^\s*DELETE\s+FROM\b/im, 'deletes rows'],
  [/^\s*UPDATE\b/im, 'changes rows inside the schema transaction (a backfill belongs in db/backfills.ts)'],
];

const MARKER = /^[ \t]*--[ \t]*contract:[ \t]*release[ \t]+(\d{1,4})[ \t]+\S/im;

export interface MigrationProblem {
  migration: string;
  statement: string;
  reason: string;
}

/** The number of a migration file (0023_backfills.sql: 23), or null for another file. */
export function migrationNumber(file: string): number | null {
  const m = /^(\d{4})_[\w-]+\.sql$/.exec(file);
  return m ? Number(m[1]) : null;
}

/** What in one migration breaks the rule; empty when it follows it (or ran before the rule). */
export function checkMigration(file: string, sql: string): MigrationProblem[] {
  const number = migrationNumber(file);
  if (number === null || number <= LAST_MIGRATION_BEFORE_THE_RULE) return [];
  const problems: MigrationProblem[] = [];
  for (const chunk of sql.split('--> statement-breakpoint')) {
    // the statement without its comments, so a marker's words are not read as SQL
    const statement = chunk
      .split('\n')
      .filter((line) => !line.trim().startsWith('--'))
      .join('\n')
      // a function's body is not a statement of the migration (it runs when the function is called)
      .replace(/\$(\w*)\$[\s\S]*?\$\1\$/g, '$$$$')
      .trim();
    if (!statement) continue;
    const reasons = RULES.filter(([pattern]) => pattern.test(statement)).map(([, reason]) => reason);
    if (reasons.length === 0) continue;
    const marker = MARKER.exec(chunk);
    const release = marker ? Number(marker[1]) : null;
    if (release !== null && release < number) continue;
    const why =
      release === null
        ? 'it has no "-- contract: release NNNN stopped using ..." marker'
        : `its marker names release ${release}, which is not older than this migration`;
    problems.push({
      migration: file,
      statement: statement.replace(/\s+/g, ' ').slice(0, 160),
      reason: `${reasons.join('; ')}, and ${why}`,
    });
  }
  return problems;
}
