import '../zod-browser.ts';
import { z } from 'zod';
import { saveGuardFields } from './edit-conflict.ts';
import { safeLocalPath } from '../input.ts';
import { FINDER_LABELS } from './finder-fields.ts';
import { parsePostalCode, PROVINCE_BY_LETTER, US_STATE_CODES } from './finder.ts';

/** Messages of the rep and retailer administration (spec section 8 where it has one: 'Name is required.', the email ones). */
export const REP_MESSAGES = {
  nameRequired: 'Name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  photoInvalid: 'The photo must be a path on this site, such as /doccenter/…, or blank.',
  territoryRequired: 'Add at least one territory: a state, province, ZIP prefix, ZIP or FSA.',
  notFound: 'Rep not found.',
  /** A rep's email receives their leads: only someone who may read leads sets it (shared/permissions.ts, LEADS_PERMISSION). */
  emailNeedsLeads:
    "A rep's email is where their leads are sent, so only someone who may read leads (an Administrator) can change it. Ask an Administrator to change it.",
  addNeedsLeads:
    "A rep's email is where their leads are sent, so only someone who may read leads (an Administrator) can add a rep. Ask an Administrator to add this rep.",
  emailReadOnlyHint:
    'Requests from the finder are sent to this address, so only someone who may read leads (an Administrator) can change it.',
  importNewRepNeedsLeads:
    "This row adds a rep, and a rep's email is where their leads are sent: only someone who may read leads (an Administrator) can add one. Ask an Administrator to import this row.",
} as const;

/** A CSV row that would change a rep's email, imported by someone who may not read leads. */
export function importEmailChangeMessage(before: string, after: string): string {
  return `The email would change from ${before} to ${after}: a rep's email is where their leads are sent, so only someone who may read leads (an Administrator) can change it. Keep ${before} in this row, or ask an Administrator to import it.`;
}

export const RETAILER_MESSAGES = {
  nameRequired: 'Name is required.',
  postalRequired: 'ZIP or postal code is required.',
  postalInvalid: 'Enter a 5-digit U.S. ZIP code, such as 50010, or a Canadian postal code, such as S7K 1A1.',
  stateInvalid: 'Use the two-letter state or province code, such as IA or SK.',
  latitudeInvalid: 'Latitude must be a number between -90 and 90.',
  longitudeInvalid: 'Longitude must be a number between -180 and 180.',
  latLngPair: 'Enter both latitude and longitude, or leave both blank to use the centre of the ZIP or postal code.',
  websiteInvalid: 'The website must be an address starting with http:// or https://.',
  notFound: 'Retailer not found.',
} as const;

export function noCentroidMessage(code: string): string {
  return `There is no known location for ${code}: enter the latitude and longitude.`;
}

/** The territory kinds of the finder (domain/finder/territory.ts), as the form and CSV columns name them. */
export const TERRITORY_FIELDS = [
  { field: 'states', kind: 'state', label: 'States', hint: 'U.S. state codes, such as IA, IL.' },
  { field: 'provinces', kind: 'province', label: 'Provinces', hint: 'Canadian province codes, such as SK, AB.' },
  { field: 'zipPrefixes', kind: 'zip_prefix', label: 'ZIP prefixes', hint: 'The first 1 to 4 digits of ZIP codes, such as 500, 501.' },
  { field: 'zips', kind: 'zip', label: 'ZIP codes', hint: '5-digit ZIP codes, such as 61820.' },
  { field: 'fsas', kind: 'fsa', label: 'FSAs', hint: 'The first three characters of Canadian postal codes, such as S7K.' },
] as const;
export type TerritoryField = (typeof TERRITORY_FIELDS)[number]['field'];
export type TerritoryKindName = (typeof TERRITORY_FIELDS)[number]['kind'];

const PROVINCES = new Set(Object.values(PROVINCE_BY_LETTER).flat());
const FSA = /^[ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z]$/;

const TERRITORY_RULES: Record<TerritoryKindName, { test: (v: string) => boolean; message: (v: string) => string }> = {
  state: { test: (v) => US_STATE_CODES.has(v), message: (v) => `"${v}" is not a U.S. state code (two letters, such as IA).` },
  province: { test: (v) => PROVINCES.has(v), message: (v) => `"${v}" is not a Canadian province or territory code (such as SK).` },
  zip_prefix: { test: (v) => /^\d{1,4}$/.test(v), message: (v) => `"${v}" is not a ZIP prefix (1 to 4 digits, such as 500).` },
  zip: { test: (v) => /^\d{5}$/.test(v), message: (v) => `"${v}" is not a 5-digit ZIP code.` },
  fsa: { test: (v) => FSA.test(v), message: (v) => `"${v}" is not an FSA (the first three characters of a postal code, such as S7K).` },
};

/** A list typed as text ("IA, IL; NE") or sent as an array: split, trimmed, blanks dropped. */
export function splitList(value: string | readonly string[] | null | undefined, separators = /[\s,;]+/): string[] {
  if (value === null || value === undefined) return [];
  const parts = typeof value === 'string' ? value.split(separators) : value.flatMap((v) => v.split(separators));
  return parts.map((p) => p.trim()).filter(Boolean);
}

// null sits inside a branch (not .nullish() on the union) so the OpenAPI document gives every nullable a type.
const ListInput = z
  .union([z.string().max(5000, 'The list is too long.').nullable(), z.array(z.string().max(200)).max(1000, 'The list is too long.')])
  .optional();

function territoryList(kind: TerritoryKindName) {
  const rule = TERRITORY_RULES[kind];
  return ListInput.transform((value, ctx) => {
    const values = [...new Set(splitList(value).map((v) => v.toUpperCase()))];
    for (const v of values) if (!rule.test(v)) ctx.addIssue({ code: 'custom', message: rule.message(v) });
    return values;
  });
}

/** Text that may be blank: trimmed, '' when missing. */
function optionalText(max: number, label: string) {
  return z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullish()
    .transform((v) => v ?? '');
}

const RequiredName = z
  .string({ error: REP_MESSAGES.nameRequired })
  .trim()
  .min(1, REP_MESSAGES.nameRequired)
  .max(200, 'Name must be at most 200 characters.');

/** The rep form, POST /api/admin/reps/add and /edit, and each row of a reps CSV. */
export const RepFormSchema = z
  .object({
    name: RequiredName,
    title: optionalText(200, 'Title'),
    photo: z
      .string()
      .trim()
      .max(500, REP_MESSAGES.photoInvalid)
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || safeLocalPath(v) !== null, REP_MESSAGES.photoInvalid),
    email: z
      .string({ error: REP_MESSAGES.emailRequired })
      .trim()
      .min(1, { error: REP_MESSAGES.emailRequired, abort: true })
      .max(254, { error: REP_MESSAGES.emailInvalid, abort: true })
      .pipe(z.email(REP_MESSAGES.emailInvalid)),
    phone: optionalText(40, 'Phone'),
    states: territoryList('state'),
    provinces: territoryList('province'),
    zipPrefixes: territoryList('zip_prefix'),
    zips: territoryList('zip'),
    fsas: territoryList('fsa'),
  })
  .superRefine((rep, ctx) => {
    if (TERRITORY_FIELDS.every((t) => rep[t.field].length === 0))
      ctx.addIssue({ code: 'custom', path: ['states'], message: REP_MESSAGES.territoryRequired });
  });
export type RepForm = z.output<typeof RepFormSchema>;

export const EditRepBodySchema = RepFormSchema.safeExtend({ id: z.coerce.number().int().positive(), ...saveGuardFields });
export type EditRepBody = z.output<typeof EditRepBodySchema>;

function coordinate(min: number, max: number, message: string) {
  return z
    .union([z.number().nullable(), z.string().trim().max(40, message)])
    .optional()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return null;
      const n = typeof v === 'number' ? v : Number(v);
      if (!Number.isFinite(n) || n < min || n > max) {
        ctx.addIssue({ code: 'custom', message });
        return z.NEVER;
      }
      return n;
    });
}

/** The retailer form, POST /api/admin/retailers/add and /edit, and each row of a retailers CSV. */
export const RetailerFormSchema = z
  .object({
    name: RequiredName,
    address: optionalText(200, 'Address'),
    city: optionalText(100, 'City'),
    state: optionalText(2, 'The state or province code')
      .transform((v) => v.toUpperCase())
      .refine((v) => v === '' || /^[A-Z]{2}$/.test(v), RETAILER_MESSAGES.stateInvalid),
    postalCode: z
      .string({ error: RETAILER_MESSAGES.postalRequired })
      .trim()
      .min(1, { error: RETAILER_MESSAGES.postalRequired, abort: true })
      .max(20, { error: RETAILER_MESSAGES.postalInvalid, abort: true })
      .transform((v, ctx) => {
        const code = parsePostalCode(v);
        if (!code) {
          ctx.addIssue({ code: 'custom', message: RETAILER_MESSAGES.postalInvalid });
          return z.NEVER;
        }
        return code.display;
      }),
    latitude: coordinate(-90, 90, RETAILER_MESSAGES.latitudeInvalid),
    longitude: coordinate(-180, 180, RETAILER_MESSAGES.longitudeInvalid),
    phone: optionalText(40, 'Phone'),
    website: z
      .string()
      .trim()
      .max(500, RETAILER_MESSAGES.websiteInvalid)
      .nullish()
      .transform((v) => v || null)
      .refine((v) => v === null || isWebAddress(v), RETAILER_MESSAGES.websiteInvalid),
    products: ListInput.transform((v) => [...new Set(splitList(v, /\s*[,;\n]\s*/))].slice(0, 100)),
  })
  .superRefine((r, ctx) => {
    if ((r.latitude === null) !== (r.longitude === null))
      ctx.addIssue({ code: 'custom', path: [r.latitude === null ? 'latitude' : 'longitude'], message: RETAILER_MESSAGES.latLngPair });
    // the state or province must exist, and be the one of the ZIP or postal code's country (a Canadian code names its province)
    const code = r.state ? parsePostalCode(r.postalCode) : null;
    if (code?.country === 'US' && !US_STATE_CODES.has(r.state))
      ctx.addIssue({
        code: 'custom',
        path: ['state'],
        message: `"${r.state}" is not a U.S. state code (such as IA) for the ZIP code ${r.postalCode}.`,
      });
    if (code?.country === 'CA' && !code.provinces.includes(r.state))
      ctx.addIssue({
        code: 'custom',
        path: ['state'],
        message: `"${r.state}" is not the province of the postal code ${r.postalCode} (${code.provinces.join(' or ')}).`,
      });
  });
export type RetailerForm = z.output<typeof RetailerFormSchema>;

export const EditRetailerBodySchema = RetailerFormSchema.safeExtend({ id: z.coerce.number().int().positive(), ...saveGuardFields });
export type EditRetailerBody = z.output<typeof EditRetailerBodySchema>;

/** http or https with a host: anything else (javascript:, ftp:) must never become a link on the public finder. */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.length > 0;
  } catch {
    return false;
  }
}

export const IdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** List screens: a page of rows, optionally matching a search (name, email, city, ZIP...). */
export const ListFilterSchema = z.object({
  start: z.coerce.number().int().min(0).max(1_000_000).default(0),
  length: z.coerce.number().int().min(1).max(100).default(20),
  search: z.string().trim().max(200).default(''),
});
export type ListFilter = z.output<typeof ListFilterSchema>;

export const IMPORT_MAX_BYTES = 8 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;

/** POST .../import-preview and .../import: the CSV file's text. */
export const CsvImportBodySchema = z.object({
  csv: z
    .string({ error: 'Choose a CSV file.' })
    .min(1, 'Choose a CSV file.')
    .max(IMPORT_MAX_BYTES, 'The file is too large (at most 8 MB).'),
});

/** An import: the file, and whether to import its valid rows when some have problems (those are skipped). */
export const CsvImportStartSchema = CsvImportBodySchema.extend({
  skipInvalid: z.boolean().default(false).describe('import the valid rows and skip the rows with problems'),
});

export const JobIdParamsSchema = z.object({ jobId: z.string().regex(/^[0-9a-f-]{36}$/, 'Import not found.') });

// Replies (the browser reads these shapes; the server declares them as response schemas).
const territoryArrays = {
  states: z.array(z.string()),
  provinces: z.array(z.string()),
  zipPrefixes: z.array(z.string()),
  zips: z.array(z.string()),
  fsas: z.array(z.string()),
};

export const RepDetailSchema = z.object({
  id: z.number().int(),
  regionId: z.number().int(),
  name: z.string(),
  title: z.string(),
  photo: z.string().nullable(),
  email: z.string(),
  phone: z.string(),
  ...territoryArrays,
  updated: z.string(),
  version: z.number().int().describe('moved on by every save: send it as baseVersion when saving an edit (ADR 048)'),
});
export type RepDetail = z.infer<typeof RepDetailSchema>;

export const RetailerDetailSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  address: z.string(),
  city: z.string(),
  state: z.string(),
  postalCode: z.string(),
  country: z.string(),
  latitude: z.number(),
  longitude: z.number(),
  phone: z.string(),
  website: z.string().nullable(),
  products: z.array(z.string()),
  updated: z.string(),
  version: z.number().int().describe('moved on by every save: send it as baseVersion when saving an edit (ADR 048)'),
  /** The following retailer in list order (name, then id), for "continue to the next retailer". */
  nextId: z.number().int().nullable(),
});
export type RetailerDetail = z.infer<typeof RetailerDetailSchema>;

export function pageSchema<T extends z.ZodType>(item: T) {
  return z.object({ items: z.array(item), total: z.number().int() });
}
const FinderLabel = z.enum(FINDER_LABELS);
const Located = {
  label: FinderLabel,
  zip: z.string(),
  place: z.string(),
  approximate: z.boolean(),
  country: z.enum(['US', 'CA']),
};

/** GET /api/finder/search: the retailers near a place (with their distance) or the reps covering it. */
export const FinderResultSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('empty'), label: FinderLabel }),
  z.object({ kind: z.literal('invalid'), label: FinderLabel, zip: z.string(), message: z.string() }),
  z.object({
    kind: z.literal('retailers'),
    ...Located,
    unit: z.enum(['mi', 'km']),
    radius: z.number(),
    widened: z.boolean(),
    results: z.array(
      RetailerDetailSchema.omit({ country: true, latitude: true, longitude: true, updated: true, version: true, nextId: true }).extend({
        distance: z.number(),
      }),
    ),
  }),
  z.object({
    kind: z.literal('reps'),
    ...Located,
    results: z.array(
      RepDetailSchema.pick({ id: true, name: true, title: true, photo: true, email: true, phone: true }).extend({ matchedBy: z.string() }),
    ),
  }),
]);
export type FinderResult = z.infer<typeof FinderResultSchema>;

export const RepPageSchema = pageSchema(RepDetailSchema);
export type RepPage = z.infer<typeof RepPageSchema>;
export const RetailerPageSchema = pageSchema(RetailerDetailSchema.omit({ nextId: true }));
export type RetailerPage = z.infer<typeof RetailerPageSchema>;

export const ImportPreviewSchema = z.object({
  total: z.number().int(),
  creates: z.number().int(),
  updates: z.number().int(),
  /** Rows with problems, by line number in the file (the header is line 1). */
  errors: z.array(
    z.object({
      line: z.number().int(),
      name: z.string().describe("the row's name column, to tell rows apart"),
      messages: z.array(z.string()),
    }),
  ),
  /** More rows had problems than are listed. */
  moreErrors: z.number().int(),
  /** The first rows as they will be saved, for a look before importing. */
  sample: z.array(z.object({ line: z.number().int(), name: z.string(), detail: z.string() })),
});
export type ImportPreview = z.infer<typeof ImportPreviewSchema>;

export const ImportJobSchema = z.object({
  id: z.string(),
  state: z.enum(['running', 'done', 'failed']),
  done: z.number().int().describe('rows written (committed batch by batch)'),
  total: z.number().int(),
  created: z.number().int().describe('rows added; when the import failed part-way, those its committed batches added'),
  updated: z.number().int(),
  message: z.string().nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const CsvExportSchema = z.object({ filename: z.string(), csv: z.string(), rows: z.number().int() });
export type CsvExport = z.infer<typeof CsvExportSchema>;
