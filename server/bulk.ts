import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DomainError, isDomainError } from '#domain/errors.ts';
import { writeCsv } from '#domain/finder/csv.ts';
import { BULK_MAX_ROWS, type BulkAction, type BulkContracts, type BulkResult } from '#shared/contracts/bulk.ts';
import { route } from './contract-route.ts';
import { ok } from './http.ts';

/**
 * The bulk calls of one admin list (ADR 050), from its contracts and what the list's rows are: how
 * to name a row, how to read the rows its filter matches, how to do each action to one row (the
 * single-row action's own service call, so its permission, its guards, its version, its audit entry
 * and its cache drop all hold), and how a row reads in the CSV. Rows are done one after another, each
 * on its own: a row's refusal (a 4xx of its own call: "in use", "not found", a conflict) is listed
 * with its reason, and the others go on.
 */

export interface BulkRow {
  id: number;
  title: string;
}

export interface BulkUser {
  id: number | null;
}

export interface BulkHandlers<Filter, Full = unknown> {
  /** a row by id (its title for the reply), or null when there is no such row */
  find(id: number): Promise<(BulkRow & { full: Full }) | null>;
  /** one page of the rows the list's filter matches, in the list's order, and how many match */
  page(filter: Filter, start: number, length: number): Promise<{ rows: BulkRow[]; total: number }>;
  /**
   * The actions: each does its action to one row; it answers a reason when the row is left as it is
   * (already published), or throws the single action's refusal.
   */
  actions: Partial<
    Record<
      BulkAction,
      (row: BulkRow & { full: Full }, ctx: { user: BulkUser; region?: number; request: FastifyRequest }) => Promise<string | void>
    >
  >;
  /** the CSV: its columns, and a row's cells */
  csv: {
    file: string;
    columns: readonly string[];
    cells(row: BulkRow & { full: Full }): (string | number | null)[];
    /** once the file is made: how many rows it has (leads record their exports in the audit log) */
    exported?(count: number, body: unknown): Promise<void>;
  };
}

const PAGE = 100;
const NOT_FOUND = 'Not found: it may have been deleted.';

/** The rows a selection names: the ids as given, or every row the filter matches (at most BULK_MAX_ROWS). */
async function selected<F, Full>(h: BulkHandlers<F, Full>, body: { ids?: number[]; filter?: unknown }): Promise<number[]> {
  if (body.ids) return [...new Set(body.ids)];
  const filter = body.filter as F;
  const ids: number[] = [];
  for (let start = 0; ; start += PAGE) {
    const { rows, total } = await h.page(filter, start, PAGE);
    if (total > BULK_MAX_ROWS)
      throw new DomainError(
        `The filter matches ${total} rows; a bulk action takes at most ${BULK_MAX_ROWS} at a time. Narrow the filter.`,
        400,
      );
    ids.push(...rows.map((r) => r.id));
    if (rows.length < PAGE || ids.length >= total) break;
  }
  return [...new Set(ids)];
}

function reasonOf(err: unknown): string {
  if (isDomainError(err)) return err.message;
  throw err;
}

export const BULK_BUSY = 'Another bulk action on this list is under way. Try again when it has finished.';

/** The lists (their bulk call's path) with a bulk action under way in this process: one at a time per list (house style 21). */
export const bulkRunning = new Set<string>();

export function bulkRoutes<F, Full>(app: FastifyInstance, contracts: BulkContracts, h: BulkHandlers<F, Full>) {
  const list = contracts.bulk.path;
  route(app, contracts.bulk, async (request) => {
    const body = request.body as { action: BulkAction; ids?: number[]; filter?: unknown; region?: number };
    const act = h.actions[body.action];
    if (!act) throw new DomainError(`This list has no ${body.action} action.`, 400);
    if (bulkRunning.has(list)) throw new DomainError(BULK_BUSY, 409);
    bulkRunning.add(list);
    try {
      return await runAll(body, act, { id: request.user?.id ?? null }, request);
    } finally {
      bulkRunning.delete(list);
    }
  });

  async function runAll(
    body: { ids?: number[]; filter?: unknown; region?: number },
    act: NonNullable<BulkHandlers<F, Full>['actions'][BulkAction]>,
    user: BulkUser,
    request: FastifyRequest,
  ) {
    const result: BulkResult = { done: [], refused: [] };
    for (const id of await selected(h, body)) {
      const row = await h.find(id);
      if (!row) {
        result.refused.push({ id, title: `#${id}`, reason: NOT_FOUND });
        continue;
      }
      try {
        const left = await act(row, { user, region: body.region, request });
        if (left) result.refused.push({ id, title: row.title, reason: left });
        else result.done.push({ id, title: row.title });
      } catch (err) {
        result.refused.push({ id, title: row.title, reason: reasonOf(err) });
      }
    }
    return ok(result, `${result.done.length} done, ${result.refused.length} refused.`);
  }

  route(app, contracts.bulkExport, async (request, reply) => {
    const rows: (string | number | null)[][] = [];
    for (const id of await selected(h, request.body as { ids?: number[]; filter?: unknown })) {
      const row = await h.find(id);
      if (row) rows.push(h.csv.cells(row));
    }
    await h.csv.exported?.(rows.length, request.body);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="${h.csv.file}"`)
      .send(writeCsv(h.csv.columns, rows));
  });
}
