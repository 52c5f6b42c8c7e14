import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { parse } from 'csv-parse/sync';
import { stringify } from 'csv-stringify/sync';
import { normalisePath, normaliseQuery, redirectKey } from '#shared/paths.ts';
import { CSV_COLUMNS, RedirectInputSchema, type ImportPreview, type ImportRow, type RedirectInput } from '#shared/validation/redirects.ts';
import { DomainError, NotFoundError } from '../errors.ts';
import { currentAuditContext } from '../audit/audit-context.ts';
import type { AuditRecorder } from '../audit/audit-service.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import type { HitBatch, MissBatch, RedirectRow, RedirectsRepository } from './redirects-repository.ts';

export interface RedirectTarget {
  id: number;
  /** Null for 410 Gone. */
  toPath: string | null;
  statusCode: 301 | 302 | 410;
  /** Pass the visitor's query string on to the target. */
  keepQuery: boolean;
}

export interface RedirectsServiceOptions {
  /** How stale the in-memory table may be when another instance writes (this one reloads on its own writes). */
  ttlMs?: number;
  /** Runs each batch of an import, and a content rename's redirect changes, in one transaction. */
  transaction?: <T>(work: (repo: RedirectsRepository) => Promise<T>) => Promise<T>;
  /** The site's own origin: an absolute target on it is checked for chains like a local path. */
  siteUrl?: string;
  /** Where writes are announced (page cache, other instances). */
  events?: ContentEvents;
  /** Rows the Not Found log keeps (the least recently seen are pruned). */
  notFoundLimit?: number;
  /** How often hit counts and Not Found misses are written, in one batch. */
  flushMs?: number;
  log?: { error(obj: object, msg?: string): void };
  /** the audit log */
  audit?: AuditRecorder;
  /** An import commits a batch when it holds this many rows or has taken this long. Defaults: 500 rows, 100 ms. */
  batch?: { rows?: number; ms?: number };
  /** One import of redirects at a time, on every instance (domain/finder/import-jobs.ts). */
  imports?: {
    assertIdle(kind: string): Promise<void>;
    exclusive<T extends { created: number; updated: number }>(
      kind: string,
      total: number,
      work: () => Promise<T>,
      opts?: { startedBy?: string | null },
    ): Promise<T>;
  };
}

/** Distinct paths held in memory between two flushes: a scanner cannot grow the buffer past this. */
const MAX_PENDING_MISSES = 1000;
const MAX_IMPORT_ROWS = 5000;
const MISS_PATH = /^\/[^\s?#]{0,499}$/;

export const REDIRECT_ERRORS = {
  self: 'A redirect cannot point to itself.',
  duplicate: (from: string) => `A redirect from ${from} already exists.`,
  loop: (from: string, to: string) => `This would make a loop: ${to} already redirects to ${from}.`,
  chain: (to: string, next: string) =>
    `${to} already redirects to ${next}. Point this redirect straight at the final address, so visitors are not sent through a chain of redirects.`,
  incoming: (from: string, source: string) =>
    `The redirect from ${source} already points to ${from}, so redirecting ${from} too would make a chain. Change that redirect to the final address first.`,
  gone: (to: string) => `${to} is marked as gone (410): it cannot be the target of a redirect.`,
} as const;

type Entry = Pick<RedirectRow, 'id' | 'fromPath' | 'toPath' | 'statusCode'>;

/**
 * The redirect a request for `key` (a normalised path with its normalised query, if any) answers
 * with: the one for exactly that path and query, else the one for the path alone.
 */
function lookup<T>(byFrom: (fromPath: string) => T | undefined, key: string): T | undefined {
  const q = key.indexOf('?');
  return byFrom(key) ?? (q === -1 ? undefined : byFrom(key.slice(0, q)));
}

/**
 * Redirects are consulted for every request before routing, so the whole table is kept in memory:
 * reloaded after any write here, and at most `ttlMs` stale when another instance writes. Hits and
 * Not Found misses are counted in memory and written in one batch every `flushMs` (and before an
 * administrator reads them), so the hot path never waits for a database write.
 */
export function createRedirectsService(repo: RedirectsRepository, opts: RedirectsServiceOptions = {}) {
  const ttlMs = opts.ttlMs ?? 30_000;
  const notFoundLimit = opts.notFoundLimit ?? 2000;
  const siteOrigin = opts.siteUrl ? new URL(opts.siteUrl).origin : null;
  const transaction = opts.transaction ?? (<T>(work: (r: RedirectsRepository) => Promise<T>) => work(repo));
  let cache: { map: Map<string, RedirectTarget>; at: number } | null = null;
  let loading: Promise<Map<string, RedirectTarget>> | null = null;
  let hits = new Map<number, { count: number; last: Date }>();
  let misses = new Map<string, { count: number; last: Date }>();
  let flushing: Promise<void> = Promise.resolve();
  let timer: ReturnType<typeof setInterval> | null = null;

  async function table(): Promise<Map<string, RedirectTarget>> {
    if (cache && Date.now() - cache.at < ttlMs) return cache.map;
    loading ??= repo
      .listAll()
      .then((rows) => {
        const map = new Map<string, RedirectTarget>();
        for (const r of rows) {
          const statusCode = r.statusCode === 410 ? 410 : r.statusCode === 302 ? 302 : 301;
          map.set(redirectKey(r.fromPath), { id: r.id, toPath: r.toPath, statusCode, keepQuery: r.keepQuery });
        }
        cache = { map, at: Date.now() };
        return map;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  function invalidate() {
    cache = null;
  }

  /** The one place a write reports that public answers changed: here, on every other instance and in the page cache. */
  function changed(paths: { id: number; oldSlug: string | null; newSlug: string | null } | null) {
    invalidate();
    // pages are stored under their path (every query of it): a from-path's query names no page of its own
    const pathOf = (from: string | null) => (from === null ? null : from.split('?')[0]!);
    opts.events?.changed(
      paths ? { kind: 'redirect', id: paths.id, oldSlug: pathOf(paths.oldSlug), newSlug: pathOf(paths.newSlug) } : { kind: 'all' },
    );
  }

  /** The lookup key (path and query) a target leads to on this site, or null for another site (or 410). */
  function localTarget(toPath: string | null): string | null {
    if (!toPath) return null;
    if (toPath.startsWith('/')) return redirectKey(toPath);
    if (siteOrigin) {
      try {
        const url = new URL(toPath);
        if (url.origin === siteOrigin) return redirectKey(url.pathname + url.search);
      } catch {
        return null;
      }
    }
    return null;
  }

  /**
   * A table of redirects indexed once by from-path, matched as requests are (a target with a query
   * meets the redirect for that query, else the path's), with the first redirect leading to each
   * one: a file of thousands of rows is checked in linear time.
   */
  function indexTable(table: readonly Entry[]) {
    const byFrom = new Map<string, Entry>();
    for (const r of table) if (!byFrom.has(r.fromPath)) byFrom.set(r.fromPath, r);
    const answers = (target: string | null) => (target ? lookup((from) => byFrom.get(from), target) : undefined);
    const incoming = new Map<Entry, Entry>();
    for (const r of table) {
      if (r.statusCode === 410) continue;
      const hit = answers(localTarget(r.toPath));
      if (hit && hit !== r && !incoming.has(hit)) incoming.set(hit, r);
    }
    return { answers, incomingTo: (entry: Entry) => incoming.get(entry) };
  }

  /** Loops and chains of `values` (an entry of the indexed table): a → b when b redirects (a → b → a is one), or a when something already redirects to a. */
  function chainErrorIn(values: Entry, table: ReturnType<typeof indexTable>): string | null {
    const from = values.fromPath;
    const to = values.statusCode === 410 ? null : localTarget(values.toPath);
    if (to) {
      const next = table.answers(to);
      if (next === values) return REDIRECT_ERRORS.self;
      if (next) {
        if (next.statusCode === 410) return REDIRECT_ERRORS.gone(next.fromPath);
        return table.answers(localTarget(next.toPath)) === values
          ? REDIRECT_ERRORS.loop(from, next.fromPath)
          : REDIRECT_ERRORS.chain(next.fromPath, next.toPath ?? '');
      }
    }
    const incoming = table.incomingTo(values);
    return incoming ? REDIRECT_ERRORS.incoming(from, incoming.fromPath) : null;
  }

  /** Loops and chains of one redirect saved into `rows` (it replaces the row with its id or from-path). */
  function chainError(values: Entry, rows: readonly Entry[]): string | null {
    const others = rows.filter((r) => r.id !== values.id && r.fromPath !== values.fromPath);
    return chainErrorIn(values, indexTable([...others, values]));
  }

  function writeValues(input: RedirectInput) {
    const statusCode = input.statusCode ?? 301;
    return {
      fromPath: redirectKey(input.fromPath),
      toPath: statusCode === 410 ? null : (input.toPath ?? '').trim(),
      statusCode,
      keepQuery: input.keepQuery ?? true,
      // a person wrote it (by hand or in a CSV file): content renames leave it alone from now on
      origin: 'admin' as const,
    };
  }

  async function audited(
    action: string,
    row: { id: number; fromPath: string; toPath: string | null } | null,
    detail: Record<string, unknown> | null = null,
  ) {
    await opts.audit?.record({
      action,
      subject: {
        kind: 'redirect',
        id: row?.id ?? null,
        title: row ? `${row.fromPath} → ${row.toPath ?? '410 Gone'}` : null,
        link: row ? `/siteadmin/redirects/edit/${row.id}` : '/siteadmin/redirects',
      },
      detail,
    });
  }

  async function flushNow() {
    const hitBatch: HitBatch = [...hits].map(([id, h]) => ({ id, ...h }));
    const missBatch: MissBatch = [...misses].map(([path, m]) => ({ path, ...m }));
    hits = new Map();
    misses = new Map();
    if (hitBatch.length === 0 && missBatch.length === 0) return;
    try {
      if (hitBatch.length) await repo.addHits(hitBatch);
      if (missBatch.length) await repo.addMisses(missBatch, notFoundLimit);
    } catch (err) {
      // Counts are advisory: a failed write (database briefly away) is logged, not retried forever.
      opts.log?.error({ err }, 'writing redirect hits and Not Found counts failed');
    }
  }

  function flush(): Promise<void> {
    flushing = flushing.then(flushNow);
    return flushing;
  }

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

  async function preview(csv: string): Promise<ImportPreview & { plan: { id?: number; values: ReturnType<typeof writeValues> }[] }> {
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
    const existing = await repo.listAll();
    const byFrom = new Map(existing.map((r) => [r.fromPath, r]));
    const seen = new Map<string, number>();
    const rows: ImportRow[] = [];
    const plan: { id?: number; values: ReturnType<typeof writeValues> }[] = [];
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
      rows.push({
        line,
        fromPath: values.fromPath,
        toPath: values.toPath,
        statusCode: Number.isFinite(statusCode) ? statusCode : null,
        keepQuery,
        action: current ? 'update' : 'create',
        errors,
      });
      plan.push({ id: current?.id, values });
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
    /**
     * The redirect for a request: the one for its exact path and query first, then the one for the
     * path alone (`search` is the query string, with or without its `?`).
     */
    /**
     * Whether a stored redirect may answer this path and query, without waiting: true when one does,
     * and when the table is not in memory (or older than the TTL), so the caller must ask `resolve`.
     */
    mayRedirect(pathname: string, search = ''): boolean {
      if (!cache || Date.now() - cache.at >= ttlMs) return true;
      const map = cache.map;
      if (map.size === 0) return false;
      const path = normalisePath(pathname);
      const query = normaliseQuery(search);
      return lookup((key) => map.get(key), query ? `${path}?${query}` : path) !== undefined;
    },

    async resolve(pathname: string, search = ''): Promise<RedirectTarget | null> {
      const map = await table();
      const path = normalisePath(pathname);
      const query = normaliseQuery(search);
      const byFrom = (key: string) => map.get(key);
      const hit = lookup(byFrom, query ? `${path}?${query}` : path);
      // a redirect whose target is answered by itself would send the visitor round in a circle
      if (!hit || (hit.toPath !== null && hit.toPath.startsWith('/') && lookup(byFrom, redirectKey(hit.toPath)) === hit)) return null;
      return hit;
    },
    /** Counted in memory; written by the next flush. */
    recordHit(id: number) {
      const h = hits.get(id);
      if (h) {
        h.count++;
        h.last = new Date();
      } else hits.set(id, { count: 1, last: new Date() });
    },
    /** A page request that ended in Not Found (the caller has already left bots out). */
    recordMiss(pathname: string) {
      const path = normalisePath(pathname);
      if (!MISS_PATH.test(path)) return;
      const m = misses.get(path);
      if (m) {
        m.count++;
        m.last = new Date();
      } else if (misses.size < MAX_PENDING_MISSES) misses.set(path, { count: 1, last: new Date() });
    },
    flush,
    /** Writes counts every `flushMs` until stop(); the timer never keeps the process alive. */
    start() {
      if (timer) return;
      timer = setInterval(() => void flush(), opts.flushMs ?? 10_000);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await flush();
    },
    list: () => repo.listAll(),
    async filter(search: string, start: number, length: number) {
      await flush();
      return repo.filter(search, start, length);
    },
    async get(id: number) {
      await flush();
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError('Redirect not found.');
      return row;
    },
    async save(input: RedirectInput, id?: number) {
      const values = writeValues(input);
      const clash = await repo.findByFromPath(values.fromPath);
      if (clash && clash.id !== id) throw new DomainError(REDIRECT_ERRORS.duplicate(values.fromPath), 409);
      const problem = chainError({ id: id ?? -1, ...values }, await repo.listAll());
      if (problem) throw new DomainError(problem, problem === REDIRECT_ERRORS.self ? 400 : 409, { toPath: [problem] });
      const oldFromPath = id === undefined ? null : ((await repo.findById(id))?.fromPath ?? null);
      const row = id === undefined ? await repo.insert(values) : await repo.update(id, values);
      if (!row) throw new NotFoundError('Redirect not found.');
      // The path redirects now: it is no longer a Not Found to fix.
      await repo.deleteNotFoundPaths([values.fromPath]);
      // the path it now answers, and the one it answered before an edit, render differently
      changed({ id: row.id, oldSlug: oldFromPath, newSlug: row.fromPath });
      await audited(id === undefined ? 'created' : 'saved', row);
      return row;
    },
    /**
     * Can content move to `path`? Not when a redirect a person made answers it (it would hide the
     * page, and a rename must not remove it): the editor is told to choose another address or ask an
     * administrator. A redirect an earlier rename left there may go (the slug is changed back).
     */
    async checkMoveTarget(path: string): Promise<void> {
      const clash = await repo.findByFromPath(normalisePath(path));
      if (clash && clash.origin !== 'rename') {
        const message = `${clash.fromPath} is a redirect set up in Redirects; choose another address, or ask an administrator to remove that redirect first.`;
        throw new DomainError(message, 409, { slug: [message] });
      }
    },
    /**
     * Content moved from one path to another (a published slug changed): the old path redirects
     * (301) to the new one, and redirects earlier renames left that led to the old path now lead
     * straight to the new one (no chain). Only redirects renames created are touched:
     * one a person made at the new path refuses the move (checkMoveTarget, before the save), one
     * a rename left there is removed (the slug was changed back), and a person's redirect elsewhere
     * stays as it is.
     */
    async followMove(oldPath: string, newPath: string) {
      const from = normalisePath(oldPath);
      const to = normalisePath(newPath);
      if (from === to) return;
      const changes = await transaction(async (r) => {
        const touched: { id: number; oldSlug: string | null; newSlug: string | null }[] = [];
        const stale = await r.findByFromPath(to);
        if (stale?.origin === 'rename' && (await r.delete(stale.id))) touched.push({ id: stale.id, oldSlug: to, newSlug: null });
        for (const row of await r.listAll()) {
          if (row.origin === 'rename' && row.fromPath !== from && row.statusCode !== 410 && localTarget(row.toPath) === from) {
            await r.update(row.id, {
              fromPath: row.fromPath,
              toPath: to,
              statusCode: row.statusCode,
              keepQuery: row.keepQuery,
              origin: 'rename',
            });
            touched.push({ id: row.id, oldSlug: row.fromPath, newSlug: row.fromPath });
          }
        }
        const existing = await r.findByFromPath(from);
        // a person's redirect from the old path is theirs to keep
        if (existing && existing.origin !== 'rename') return touched;
        const row = existing
          ? await r.update(existing.id, { fromPath: from, toPath: to, statusCode: 301, keepQuery: true, origin: 'rename' })
          : await r.insert({ fromPath: from, toPath: to, statusCode: 301, keepQuery: true, origin: 'rename' });
        await r.deleteNotFoundPaths([from]);
        if (row) touched.push({ id: row.id, oldSlug: from, newSlug: from });
        return touched;
      });
      invalidate();
      for (const c of changes) changed(c);
    },
    /**
     * Content took this path without leaving one (a hidden page or a draft renamed back): a redirect
     * an earlier rename left here would answer in its place, so it goes; a person's redirect stays
     * (checkMoveTarget refused the move before the save).
     */
    async releasePath(path: string) {
      const at = normalisePath(path);
      const stale = await repo.findByFromPath(at);
      if (stale?.origin === 'rename' && (await repo.delete(stale.id))) changed({ id: stale.id, oldSlug: at, newSlug: null });
    },
    async delete(id: number) {
      const row = await repo.findById(id);
      if (!row || !(await repo.delete(id))) throw new NotFoundError('Redirect not found.');
      changed({ id, oldSlug: row.fromPath, newSlug: null });
      await audited('deleted', row);
    },
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
              else await tx.update(p.id, p.values);
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
        rows.map((r) => [r.fromPath, r.toPath ?? '', r.statusCode, String(r.keepQuery), r.hits, r.lastHit ? r.lastHit.toISOString() : '']),
        { header: true, columns: [...CSV_COLUMNS, 'hits', 'lastHit'] },
      );
    },
    async filterNotFound(search: string, start: number, length: number) {
      await flush();
      return repo.filterNotFound(search, start, length);
    },
    async dismissNotFound(id: number) {
      const entry = await repo.findNotFound(id);
      if (!entry || !(await repo.deleteNotFound(id))) throw new NotFoundError('That Not Found entry is no longer in the log.');
      await opts.audit?.record({
        action: 'dismissed',
        subject: { kind: 'not-found', id, title: entry.path, link: '/siteadmin/redirects/not-found' },
      });
    },
    invalidate,
  };
}
export type RedirectsService = ReturnType<typeof createRedirectsService>;
