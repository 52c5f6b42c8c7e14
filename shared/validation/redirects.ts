import '../zod-browser.ts';
import { z } from 'zod';
import { safeLocalPath } from '../input.ts';
import { saveGuardFields } from './edit-conflict.ts';

/** `//host/x` and `/\\host/x` are read by browsers as another site: never a path of ours. */
const local = (p: string) => !p.startsWith('/') || safeLocalPath(p) !== null;

export const REDIRECT_STATUS_CODES = [301, 302, 410] as const;
export type RedirectStatusCode = (typeof REDIRECT_STATUS_CODES)[number];
export const REDIRECT_TYPE_LABELS: Record<RedirectStatusCode, string> = {
  301: '301 Moved Permanently',
  302: '302 Found (temporary)',
  410: '410 Gone',
};

export const REDIRECT_MESSAGES = {
  targetRequired: 'Enter a target.',
  targetFormat: 'The target must be a path starting with / or a full http(s) address.',
} as const;

const fromPath = z
  .string()
  .trim()
  .min(2, 'Enter a path such as /old-page.')
  .max(500)
  // a query string may follow (a legacy /page.aspx?id=12): such a redirect answers that query only
  .regex(/^\/[^\s?#]*(\?[^\s#]*)?$/, 'The path must start with / and contain no spaces or #.')
  .refine(local, 'The path must start with a single / (no // or backslash).');

const toPath = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^(\/[^\s]*|https?:\/\/[^\s]+)$/i.test(v), REDIRECT_MESSAGES.targetFormat)
  .refine(local, 'The target path must start with a single / (no // or backslash).');

/**
 * One redirect as an administrator enters it. `toPath` is required for 301/302 and ignored for 410
 * Gone. A from-path with a query string (`/page.aspx?id=12`) answers that query only (parameter
 * order and letter case aside); one without answers its path with any query the more exact ones
 * leave. `keepQuery`: true passes the visitor's query string on to the target, false drops it.
 */
const RedirectFields = z.object({
  fromPath,
  toPath: toPath.default(''),
  statusCode: z.union([z.literal(301), z.literal(302), z.literal(410)]).default(301),
  keepQuery: z.boolean().default(true),
});

function targetRequired(v: { statusCode: number; toPath: string }, ctx: z.RefinementCtx) {
  if (v.statusCode !== 410 && v.toPath === '')
    ctx.addIssue({ code: 'custom', path: ['toPath'], message: REDIRECT_MESSAGES.targetRequired });
}

/**
 * One redirect as an administrator enters it. `toPath` is required for 301/302 and ignored for 410
 * Gone. A from-path with a query string (`/page.aspx?id=12`) answers that query only (parameter
 * order and letter case aside); one without answers its path with any query the more exact ones
 * leave. `keepQuery`: true passes the visitor's query string on to the target, false drops it.
 */
export const RedirectInputSchema = RedirectFields.superRefine(targetRequired);
export type RedirectInput = z.input<typeof RedirectInputSchema>;
export type RedirectValues = z.output<typeof RedirectInputSchema>;

export const RedirectEditSchema = RedirectFields.extend({ id: z.number().int().positive(), ...saveGuardFields }).superRefine(
  targetRequired,
);

export const RedirectIdParamsSchema = z.object({ id: z.coerce.number().int().positive('Unknown redirect.') });

export const RedirectSchema = z.object({
  id: z.number(),
  fromPath: z.string(),
  toPath: z.string().nullable(),
  statusCode: z.number(),
  keepQuery: z.boolean(),
  hits: z.number(),
  lastHit: z.string().nullable(),
  created: z.string(),
  updated: z.string(),
  version: z.number().describe('moved on by every save: send it as baseVersion when saving an edit (ADR 048)'),
});
export type RedirectItem = z.infer<typeof RedirectSchema>;

export const ListFilterSchema = z.object({
  search: z.string().trim().max(200).default(''),
  start: z.number().int().min(0).max(1_000_000).default(0),
  length: z.number().int().min(1).max(500).default(50),
});
export type ListFilter = z.input<typeof ListFilterSchema>;

export const RedirectPageSchema = z.object({ items: z.array(RedirectSchema), total: z.number() });
export type RedirectPage = z.infer<typeof RedirectPageSchema>;

export const NotFoundItemSchema = z.object({
  id: z.number(),
  path: z.string(),
  hits: z.number(),
  firstSeen: z.string(),
  lastSeen: z.string(),
});
export type NotFoundItem = z.infer<typeof NotFoundItemSchema>;
export const NotFoundPageSchema = z.object({ items: z.array(NotFoundItemSchema), total: z.number() });
export type NotFoundPage = z.infer<typeof NotFoundPageSchema>;

/** CSV import: the file's text (UTF-8), sent as JSON. 1 MB is far more than any redirect list. */
export const CsvImportSchema = z.object({
  csv: z.string().min(1, 'Choose a CSV file.').max(900_000, 'The file is too large (at most 900 KB).'),
});

export const CSV_COLUMNS = ['fromPath', 'toPath', 'statusCode', 'keepQuery'] as const;

export const ImportRowSchema = z.object({
  line: z.number(),
  fromPath: z.string(),
  toPath: z.string().nullable(),
  statusCode: z.number().nullable(),
  keepQuery: z.boolean(),
  action: z.enum(['create', 'update']),
  errors: z.array(z.string()),
});
export type ImportRow = z.infer<typeof ImportRowSchema>;
export const ImportPreviewSchema = z.object({
  rows: z.array(ImportRowSchema),
  valid: z.number(),
  invalid: z.number(),
  message: z.string().nullable(),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;
export const ImportResultSchema = z.object({ created: z.number(), updated: z.number() });

/**
 * The admin form's fields as a browser form sends them: the type as a number from a select, and
 * the query option as a checkbox (absent when unchecked). The server checks RedirectInputSchema.
 */
export const RedirectFormSchema = z
  .object({
    fromPath,
    toPath: toPath.default(''),
    statusCode: z.number().refine((n) => (REDIRECT_STATUS_CODES as readonly number[]).includes(n), 'Choose 301, 302 or 410.'),
    keepQuery: z.boolean().default(false),
  })
  .superRefine(targetRequired);
