import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { CSV_COLUMNS, RedirectInputSchema, type ImportPreview, type ImportRow } from '#shared/validation/redirects.ts';
import { currentAuditContext } from '../audit/audit-context.ts';
import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import { DomainError } from '../errors.ts';
import { savedSince } from '../record-versions-repository.ts';
import { createRedirectChecks, writeValues, type Entry } from './redirects-admin.ts';
import type { RedirectsContext } from './redirects-context.ts';

const MAX_IMPORT_ROWS = 5000;

/** Redirects in and out as CSV: a previewed import (all rows or none, written in short batches) and the export. */
export function createRedirectsCsv(ctx: RedirectsContext) {
  const { repo, opts, transaction, flush, changed, localTarget, audited } = ctx;
  const { indexTable, chainErrorIn } = createRedirectChecks(localTarget);

  function parseCsv(csv: string): { header: string[]; records: { line: number; cells: string[] }[] } {
    let parsed: { record: string[]; info: { lines: number } }[];
    try {
      parsed = parse(csv, {
        bom: true,
        info: true,
        skip_empty_lines: true,
        trim: true,
        relax_column_count: true,
      }) as unknown as typeof parsed;
    } catch (err) {
      throw new DomainError(`The file could not be read as CSV: ${(err as Error).message}`, 400);
    }
    const [first, ...rest] = parsed;
    if (!first) throw new DomainError('The file is empty.', 400);
    if (rest.length > MAX_IMPORT_ROWS)
      throw new DomainError(`The file has ${rest.length} rows; import at most ${MAX_IMPORT_ROWS} at a time.`, 400);
    return { header: first.record.map((h) => h.trim().toLowerCase()), records: rest.map((r) => ({ line: r.info.lines, cells: r.record })) };
  }

  async function preview(
    csv: string,
  ): Promise<ImportPreview & { plan: { id?: number; guard: SaveGuard | null; values: ReturnType<typeof writeValues> }[] }> {
    const { header, records } = parseCsv(csv);
    const index = Object.fromEntries(CSV_COLUMNS.map((c) => [c, header.indexOf(c.toLowerCase())])) as Record<
      (typeof CSV_COLUMNS)[number],
      number
    >;
    if (index.fromPath < 0 || index.toPath < 0) {
      throw new DomainError(
        `The first row must name the columns: ${CSV_COLUMNS.join(', ')} (statusCode and keepQuery may be left out).`,
        400,
      );
    }
    if (records.length === 0) throw new DomainError('The file has no rows below its header.', 400);
    // the version the export wrote (ADR 048): a row whose redirect was saved since is refused
    const versionAt = header.indexOf('version');
    const existing = await repo.listAll();
    const byFrom = new Map(existing.map((r) => [r.fromPath, r]));
    const seen = new Map<string, number>();
    const rows: ImportRow[] = [];
    const plan: { id?: number; guard: SaveGuard | null; values: ReturnType<typeof writeValues> }[] = [];
    const cell = (cells: string[], i: number) => (i < 0 ? '' : (cells[i] ?? '').trim());
    for (const { line, cells } of records) {
      const errors: string[] = [];
      const statusText = cell(cells, index.statusCode);
      const keepText = cell(cells, index.keepQuery).toLowerCase();
      const statusCode = statusText === '' ? 301 : Number(statusText);
      let keepQuery = true;
      if (['false', 'no', '0'].includes(keepText)) keepQuery = false;
      else if (!['', 'true', 'yes', '1'].includes(keepText)) errors.push('keepQuery must be true or false.');
      const parsedRow = RedirectInputSchema.safeParse({
        fromPath: cell(cells, index.fromPath),
        toPath: cell(cells, index.toPath),
        statusCode,
        keepQuery,
      });
      if (!parsedRow.success) {
        for (const issue of parsedRow.error.issues) {
          const field = String(issue.path[0] ?? '');
          errors.push(field === 'statusCode' ? 'statusCode must be 301, 302 or 410.' : `${field}: ${issue.message}`);
        }
      }
      const values = writeValues({
        fromPath: cell(cells, index.fromPath) || '/',
        toPath: cell(cells, index.toPath),
        statusCode: statusCode as 301,
        keepQuery,
      });
      const twin = seen.get(values.fromPath);
      if (parsedRow.success && twin !== undefined) errors.push(`${values.fromPath} is already on line ${twin}.`);
      seen.set(values.fromPath, line);
      const current = byFrom.get(values.fromPath);
      const versionText = cell(cells, versionAt);
      const version = /^\d{1,9}$/.test(versionText) ? Number(versionText) : null;
      if (versionText !== '' && version === null)
        errors.push(`"${versionText}" is not a version: keep the number the export wrote, or leave it blank to save the row as it is.`);
      else if (version !== null && !current)
        errors.push('This redirect was deleted since the file was exported: leave its version blank to add it again.');
      else if (version !== null && current && current.version !== version)
        errors.push(
          `Changed since this file was exported: ${await savedSince(repo.db, current)}. Export again and redo this row, or leave its version blank to save it over theirs.`,
        );
      rows.push({
        line,
        fromPath: values.fromPath,
        toPath: values.toPath,
        statusCode: Number.isFinite(statusCode) ? statusCode : null,
        keepQuery,
        action: current ? 'update' : 'create',
        errors,
      });
      plan.push({ id: current?.id, guard: version === null ? null : { baseVersion: version, overwrite: false }, values });
    }
    // Loops and chains are judged against the table as it will be after the import.
    const after: Entry[] = existing.filter((r) => !seen.has(r.fromPath));
    const entries = plan.map((p, i) => (rows[i]!.errors.length === 0 ? { id: p.id ?? -(i + 1), ...p.values } : null));
    for (const entry of entries) if (entry) after.push(entry);
    const table = indexTable(after);
    entries.forEach((entry, i) => {
      const err = entry && chainErrorIn(entry, table);
      if (err) rows[i]!.errors.push(err);
    });
    const invalid = rows.filter((r) => r.errors.length > 0).length;
    const message = invalid
      ? `${invalid} of ${rows.length} rows have errors. Fix them in the file and preview again; nothing has been imported.`
      : null;
    return { rows, valid: rows.length - invalid, invalid, message, plan };
  }

  return {
    async previewImport(csv: string): Promise<ImportPreview> {
      const { plan: _plan, ...result } = await preview(csv);
      return result;
    },
    /**
     * Any row with an error writes nothing; otherwise the rows are written in short batches (each its
     * own transaction, so lead intake never waits long behind an import), and one import of redirects
     * runs at a time (409 while another runs). Only the database can stop it part-way: the batches
     * before stay, and the answer says so; importing the same file again finishes it (a row whose
     * from-path exists is an update, never a second redirect).
     */
    async importCsv(csv: string) {
      await opts.imports?.assertIdle('redirects');
      const { plan, rows, invalid, message } = await preview(csv);
      if (invalid) {
        const details: Record<string, string[]> = {};
        for (const r of rows) if (r.errors.length) details[`line ${r.line}`] = r.errors;
        throw new DomainError(message ?? 'The file has errors; nothing has been imported.', 400, details);
      }
      const batchRows = opts.batch?.rows ?? 500;
      const batchMs = opts.batch?.ms ?? 100;
      let created = 0;
      let updated = 0;
      let done = 0;
      const write = async () => {
        while (done < plan.length) {
          const from = done;
          const started = Date.now();
          done = await transaction(async (tx) => {
            let i = from;
            do {
              const p = plan[i]!;
              if (p.id === undefined) await tx.insert(p.values);
              // written only while the redirect is at the version the file had (a save since stops the import here)
              else if (!(await tx.update(p.id, p.values, p.guard)))
                throw new DomainError(`${p.values.fromPath} was deleted or saved by someone else while the file was imported.`, 409);
              i++;
            } while (i < plan.length && i - from < batchRows && Date.now() - started < batchMs);
            await tx.deleteNotFoundPaths(plan.slice(from, i).map((p) => p.values.fromPath));
            return i;
          });
          for (const p of plan.slice(from, done)) {
            if (p.id === undefined) created++;
            else updated++;
          }
          // queries that waited for the batch (a lead) go before the next one
          await yieldToEventLoop();
        }
        return { created, updated };
      };
      try {
        const counts = opts.imports
          ? await opts.imports.exclusive('redirects', plan.length, write, { startedBy: currentAuditContext()?.actor?.email ?? null })
          : await write();
        // many paths at once: every stored page may be one of them
        changed(null);
        await audited('imported', null, { count: plan.length, ...counts });
        return counts;
      } catch (err) {
        if (done === 0) throw err;
        opts.log?.error({ err }, 'redirects import stopped part-way');
        changed(null);
        await audited('imported', null, { count: done, created, updated, stopped: true }).catch(() => undefined);
        throw new DomainError(
          `The import stopped part-way: the first ${done} of ${plan.length} rows were imported (${created} new, ${updated} updated), the rest were not. Import the same file again to finish: the rows already imported are updated, not added twice.`,
          409,
        );
      }
    },
    async exportCsv(): Promise<string> {
      await flush();
      const rows = await repo.listAll();
      return stringify(
        rows.map((r) => [
          r.fromPath,
          r.toPath ?? '',
          r.statusCode,
          String(r.keepQuery),
          r.hits,
          r.lastHit ? r.lastHit.toISOString() : '',
          r.version,
        ]),
        { header: true, columns: [...CSV_COLUMNS, 'hits', 'lastHit', 'version'] },
      );
    },
  };
}
