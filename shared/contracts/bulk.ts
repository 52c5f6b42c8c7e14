import '../zod-browser.ts';
import { z } from 'zod';
import type { Permission } from '../permissions.ts';
import { defineContract } from './contract.ts';

/**
 * Bulk actions of the admin lists (ADR 050): one call per list, `POST <list API>/bulk`, takes the
 * action and the rows (their ids, or "all matching" the list's own filter, resolved on the server),
 * and runs the single-row action on each row on its own; `POST <list API>/bulk/export` answers the
 * same selection as CSV. The reply names what was done and each refused row with its reason.
 */

/** At most this many rows per call: given as ids, or matched by the filter. */
export const BULK_MAX_ROWS = 500;

export const BULK_ACTIONS = ['publish', 'unpublish', 'archive', 'delete', 'region'] as const;
export type BulkAction = (typeof BULK_ACTIONS)[number];

const TOO_MANY = `Choose at most ${BULK_MAX_ROWS} rows at a time.`;

const Ids = z
  .array(z.number().int().positive('Unknown row.'))
  .min(1, 'Choose at least one row.')
  .max(BULK_MAX_ROWS, TOO_MANY)
  .describe(`the rows' ids (at most ${BULK_MAX_ROWS}); or give filter`);

/** The selection: the rows' ids, or every row the list's filter matches (its paging is ignored). */
function selection<F extends z.ZodType>(filter: F) {
  return {
    ids: Ids.optional(),
    filter: filter.optional().describe(`every row the list's filter matches (paging ignored; at most ${BULK_MAX_ROWS}); or give ids`),
  };
}

type Selected = { ids?: number[] | undefined; filter?: unknown };
function oneSelection(body: Selected, ctx: z.RefinementCtx) {
  if ((body.ids === undefined) === (body.filter === undefined))
    ctx.addIssue({ code: 'custom', path: ['ids'], message: 'Give either ids or filter (all matching).' });
}

/** The body of `<list>/bulk`: the list's actions, and a region for "region" (one of `regions`). */
export function bulkBodySchema<F extends z.ZodType>(
  actions: readonly [BulkAction, ...BulkAction[]],
  filter: F,
  regions: readonly number[] = [],
) {
  return z
    .object({
      action: z.enum(actions, { error: `The action must be one of: ${actions.join(', ')}.` }),
      ...selection(filter),
      region: z
        .number()
        .int()
        .optional()
        .describe(`the region to move the rows to (action "region": ${regions.join(', ') || 'none'})`),
    })
    .superRefine((body, ctx) => {
      oneSelection(body, ctx);
      if (body.action === 'region' && (body.region === undefined || !regions.includes(body.region)))
        ctx.addIssue({ code: 'custom', path: ['region'], message: `Choose a region: ${regions.join(', ')}.` });
    })
    .describe('A bulk action: the action and the rows');
}

/** The body of `<list>/bulk/export`: the selection alone. */
export function bulkExportBodySchema<F extends z.ZodType>(filter: F) {
  return z.object(selection(filter)).superRefine(oneSelection).describe('The rows to export');
}

export const BulkRowSchema = z.object({ id: z.number(), title: z.string() });
export const BulkRefusedSchema = BulkRowSchema.extend({ reason: z.string().describe('why this row was left as it was') });
export const BulkResultSchema = z.object({
  done: z.array(BulkRowSchema).describe('the rows the action was done to'),
  refused: z.array(BulkRefusedSchema).describe('the rows it was refused for, each with its reason'),
});
export type BulkResult = z.infer<typeof BulkResultSchema>;

/** What a list's bulk calls are made from. */
export interface BulkSpec<F extends z.ZodType> {
  /** the list's API prefix: `<api>/bulk`, `<api>/bulk/export` */
  api: string;
  tags: readonly string[];
  permission: Permission;
  /** the operation ids' stem ("Pages": bulkPages, exportSelectedPages) */
  op: string;
  /** the rows' name in summaries ("pages") */
  plural: string;
  actions: readonly [BulkAction, ...BulkAction[]];
  /** the list's own filter (its filter call's body) */
  filter: F;
  regions?: readonly number[];
}

export function bulkContracts<const F extends z.ZodType>(spec: BulkSpec<F>) {
  const common = { tags: spec.tags, security: 'bearer', permission: spec.permission } as const;
  return {
    bulk: defineContract({
      ...common,
      method: 'POST',
      path: `${spec.api}/bulk`,
      operationId: `bulk${spec.op}`,
      summary: `A bulk action on ${spec.plural} (${spec.actions.join(', ')}), given by id or by the list's filter: each row is done on its own as its single action would be, and the reply lists what was done and what was refused, and why`,
      body: bulkBodySchema(spec.actions, spec.filter, spec.regions),
      reply: BulkResultSchema,
    }),
    bulkExport: defineContract({
      ...common,
      method: 'POST',
      path: `${spec.api}/bulk/export`,
      operationId: `exportSelected${spec.op}`,
      summary: `The chosen ${spec.plural} (by id or by the list's filter) as CSV`,
      body: bulkExportBodySchema(spec.filter),
      reply: z.string(),
      file: 'CSV file (text/csv), a header row then one row per chosen row',
    }),
  };
}
export type BulkContracts = ReturnType<typeof bulkContracts>;
