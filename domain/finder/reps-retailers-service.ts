import { setImmediate as yieldToEventLoop } from 'node:timers/promises';
import { hasPermission, LEADS_PERMISSION } from '#shared/permissions.ts';
import { parsePostalCode, PROVINCE_BY_LETTER } from '#shared/validation/finder.ts';
import { toE164 } from '../leads/phone.ts';
import {
  IMPORT_MAX_ROWS,
  importEmailChangeMessage,
  noCentroidMessage,
  REP_MESSAGES,
  RepFormSchema,
  RETAILER_MESSAGES,
  RetailerFormSchema,
  TERRITORY_FIELDS,
  type CsvExport,
  type EditRepBody,
  type EditRetailerBody,
  type ImportJob,
  type ImportPreview,
  type ListFilter,
  type RepDetail,
  type RepForm,
  type RepPage,
  type RetailerDetail,
  type RetailerForm,
  type RetailerPage,
} from '#shared/validation/reps-retailers.ts';
import { saveGuardOf, type SaveGuard } from '#shared/validation/edit-conflict.ts';
import { DomainError, NotFoundError } from '../errors.ts';
import { overwroteDetail, savedSince, staleRecord, type RecordVersion } from '../record-versions-repository.ts';
import { readCsv, writeCsv, type CsvRecord } from './csv.ts';
import { currentAuditContext, type AuditContext } from '../audit/audit-context.ts';
import type { AuditRecorder } from '../audit/audit-service.ts';
import type { ImportJobs, JobProgress } from './import-jobs.ts';
import type {
  AdminRepRow,
  AdminRetailerRow,
  Centroid,
  RepsRetailersRepository,
  RepValues,
  RetailerValues,
  TerritoryValue,
} from './reps-retailers-repository.ts';
import { type ProductRegionId } from '#shared/regions.ts';

export type ImportKind = 'reps' | 'retailers';

export interface RepsRetailersDeps {
  repo: RepsRetailersRepository;
  /** Runs work in one database transaction (all or nothing). */
  transaction<T>(work: (repo: RepsRetailersRepository) => Promise<T>): Promise<T>;
  jobs: ImportJobs;
  /** Public pages show reps and retailers: called after every write (the rendered-page cache hooks in here). */
  contentChanged?: () => void;
  /** the audit log */
  audit?: AuditRecorder;
  now?: () => Date;
  /**
   * An import commits a batch when it holds this many rows or has taken this long, so other writes
   * (leads, on PGlite's one connection) wait for one short batch at most. Defaults: 500 rows, 100 ms.
   */
  batch?: { rows?: number; ms?: number };
}

/** The user asking: their roles decide what they may change (shared/permissions.ts). */
export type Roles = readonly number[];

/** CSV columns: the field each column fills, with the other header spellings accepted. */
const REP_COLUMNS = {
  id: [],
  name: [],
  title: [],
  photo: [],
  email: [],
  phone: [],
  states: ['state'],
  provinces: ['province'],
  zipPrefixes: ['zip_prefix'],
  zips: ['zip', 'zip_codes'],
  fsas: ['fsa'],
  version: [],
} as const;
export const REP_EXPORT_HEADER = [
  'id',
  'name',
  'title',
  'photo',
  'email',
  'phone',
  'states',
  'provinces',
  'zip_prefixes',
  'zips',
  'fsas',
  'version',
];

const RETAILER_COLUMNS = {
  id: [],
  name: [],
  address: [],
  city: [],
  state: ['province', 'state_province'],
  postalCode: ['postal_code', 'zip', 'zip_code', 'zipcode'],
  latitude: ['lat'],
  longitude: ['lng', 'lon', 'long'],
  phone: [],
  website: ['url'],
  products: ['products_carried'],
  version: [],
} as const;
export const RETAILER_EXPORT_HEADER = [
  'id',
  'name',
  'address',
  'city',
  'state',
  'postal_code',
  'latitude',
  'longitude',
  'phone',
  'website',
  'products',
  'version',
];

/** A rep as one row of the export, in REP_EXPORT_HEADER's columns (the file the import reads back). */
export function repExportCells(d: RepDetail) {
  return [
    d.id,
    d.name,
    d.title,
    d.photo,
    d.email,
    d.phone,
    d.states.join(' '),
    d.provinces.join(' '),
    d.zipPrefixes.join(' '),
    d.zips.join(' '),
    d.fsas.join(' '),
    d.version,
  ];
}

/** A retailer as one row of the export, in RETAILER_EXPORT_HEADER's columns. */
export function retailerExportCells(r: Omit<RetailerDetail, 'nextId'>) {
  return [
    r.id,
    r.name,
    r.address,
    r.city,
    r.state,
    r.postalCode,
    r.latitude,
    r.longitude,
    r.phone,
    r.website,
    r.products.join('; '),
    r.version,
  ];
}

const PREVIEW_ERRORS = 100;
const PREVIEW_SAMPLE = 10;
/** Rows per write statement (retailers are inserted many per statement) and between checks of a batch's size and time. */
const WRITE_CHUNK = 50;
/** Rows checked between two turns of the event loop while a file is read and checked. */
const CHECK_STEP = 100;

const count = (n: number) => n.toLocaleString('en-US');

function territoriesOf(rep: RepForm): TerritoryValue[] {
  return TERRITORY_FIELDS.flatMap((t) => rep[t.field].map((value) => ({ kind: t.kind, value })));
}

/** A rep covering only Canadian territories belongs to the Canada region (3), any other to the U.S. (2). */
function regionOf(territories: readonly TerritoryValue[]): ProductRegionId {
  return territories.length > 0 && territories.every((t) => t.kind === 'province' || t.kind === 'fsa') ? 3 : 2;
}

function repValues(rep: RepForm, territories: readonly TerritoryValue[]): RepValues {
  return { regionId: regionOf(territories), name: rep.name, title: rep.title, photo: rep.photo, email: rep.email, phone: rep.phone };
}

function repDto(row: AdminRepRow, territories: readonly TerritoryValue[]): RepDetail {
  const of = (kind: string) => territories.filter((t) => t.kind === kind).map((t) => t.value);
  return {
    id: row.id,
    regionId: row.regionId,
    name: row.name,
    title: row.title,
    photo: row.photo,
    email: row.email,
    phone: row.phone,
    version: row.version,
    states: of('state'),
    provinces: of('province'),
    zipPrefixes: of('zip_prefix'),
    zips: of('zip'),
    fsas: of('fsa'),
    updated: row.updated.toISOString(),
  };
}

function retailerDto({ updatedBy: _by, ...row }: AdminRetailerRow): Omit<RetailerDetail, 'nextId'> {
  return { ...row, updated: row.updated.toISOString() };
}

/** The audit detail of a save that changed a rep's email (where their leads go); null when it stayed. */
function emailChange(before: string | null, after: string, detail: Record<string, unknown> = {}): Record<string, unknown> | null {
  return before !== null && before !== after ? { ...detail, email: { before, after } } : null;
}

/** A rep's values without the email, which an update then leaves as it is. */
function omitEmail(rep: RepValues): Omit<RepValues, 'email'> {
  const { email: _email, ...rest } = rep;
  return rest;
}

function issuesOf(error: { issues: readonly { message: string }[] }): string[] {
  return [...new Set(error.issues.map((i) => i.message))];
}

interface Prepared<T> {
  line: number;
  id: number | null;
  /** the row's version in the file (the export writes it, ADR 048): the import refuses the row when the record has moved on since; null: none given */
  version?: number | null;
  values: T;
}

/** A rep row of a file, with the email it replaces (null for a new rep). */
interface RepImportRow {
  rep: RepValues;
  territories: TerritoryValue[];
  emailBefore: string | null;
}

interface PreparedFile<T> {
  rows: Prepared<T>[];
  errors: { line: number; messages: string[] }[];
}

/** A file row's version as the write's guard (ADR 048): the row is written only while the record is still at it. */
function rowGuard(row: { version?: number | null }): SaveGuard | null {
  return row.version == null ? null : { baseVersion: row.version, overwrite: false };
}

/** A phone a person can call: it parses as a North American (or international) number; blank is fine. */
function phoneProblem(phone: string | null | undefined): string | null {
  if (!phone?.trim() || toE164(phone, 'US')) return null;
  return `"${phone}" is not a phone number: use a U.S. or Canadian number with its area code, such as (515) 555-0100, or +country code.`;
}

/** The same check as the import's, for the add and edit forms (a server-only rule: the form's schema stays shared). */
function checkPhone(phone: string | null | undefined) {
  const problem = phoneProblem(phone);
  if (problem) throw new DomainError(problem, 400, { phone: [problem] });
}

/**
 * Reps and retailers for the administration: list, edit, CSV import and export. Retailers left
 * without coordinates are placed at the centre of their ZIP (US) or forward sortation area
 * (Canada). Imports are checked completely before anything is written, then written in short
 * batches (ADR 022). A rep's email is where their leads go, so adding a rep or changing the email
 * needs the permission that reads leads, in the form and in an import alike.
 */
export function createRepsRetailersService(deps: RepsRetailersDeps) {
  const { repo, jobs } = deps;
  const now = deps.now ?? (() => new Date());

  function changed() {
    deps.contentChanged?.();
  }

  async function repDetail(row: AdminRepRow): Promise<RepDetail> {
    return repDto(row, await repo.territoriesOf([row.id]));
  }

  /** One audit entry per change: a rep or retailer by name, with the link to its edit screen. */
  async function audited(
    action: string,
    kind: 'rep' | 'retailer',
    id: number,
    title: string | null,
    detail: Record<string, unknown> | null = null,
    context: AuditContext | null = currentAuditContext(),
  ) {
    await deps.audit?.record(
      { action, subject: { kind, id, title, link: `/siteadmin/reps-retailers/${kind}/edit/${id}` }, detail },
      context,
    );
  }

  /** The email a rep's leads go to is set only by someone who may read leads. */
  function assertMayDirectLeads(roles: Roles, message: string) {
    if (!hasPermission(roles, LEADS_PERMISSION)) throw new DomainError(message, 403, { email: [message] });
  }

  async function getRep(id: number): Promise<RepDetail> {
    const row = await repo.getRep(id);
    if (!row) throw new NotFoundError(REP_MESSAGES.notFound);
    return repDetail(row);
  }

  async function getRetailer(id: number): Promise<RetailerDetail> {
    const row = await repo.getRetailer(id);
    if (!row) throw new NotFoundError(RETAILER_MESSAGES.notFound);
    return { ...retailerDto(row), nextId: await repo.nextRetailerId(row.name, row.id) };
  }

  /** Centroids for the rows that need one, looked up in two queries (US ZIPs, Canadian FSAs). */
  async function centroidsFor(forms: readonly RetailerForm[]): Promise<Map<string, Centroid>> {
    const us: string[] = [];
    const ca: string[] = [];
    for (const f of forms) {
      const code = parsePostalCode(f.postalCode);
      if (!code) continue;
      if (code.country === 'US') us.push(code.code);
      else ca.push(code.fsa);
    }
    const found = [...(await repo.centroids('US', us)), ...(await repo.centroids('CA', ca))];
    return new Map(found.map((c) => [`${c.country}:${c.code}`, c]));
  }

  /** The row as stored: country from the code, coordinates (and a blank city or state) from the centroid. */
  function retailerValues(form: RetailerForm, centroids: Map<string, Centroid>): RetailerValues | string {
    const code = parsePostalCode(form.postalCode);
    if (!code) return RETAILER_MESSAGES.postalInvalid;
    const centroid = centroids.get(code.country === 'US' ? `US:${code.code}` : `CA:${code.fsa}`);
    let { latitude, longitude, city, state } = form;
    if (latitude === null || longitude === null) {
      if (!centroid) return noCentroidMessage(code.display);
      latitude = centroid.latitude;
      longitude = centroid.longitude;
    }
    if (!city && centroid) city = centroid.placeName;
    if (!state) state = centroid?.adminCode || (code.country === 'CA' ? (PROVINCE_BY_LETTER[code.fsa[0]!]?.[0] ?? '') : '');
    return {
      name: form.name,
      address: form.address,
      city,
      state,
      postalCode: code.display,
      country: code.country,
      latitude,
      longitude,
      phone: form.phone,
      website: form.website,
      products: form.products,
    };
  }

  async function prepareRetailer(form: RetailerForm): Promise<RetailerValues> {
    const values = retailerValues(form, await centroidsFor([form]));
    if (typeof values === 'string') throw new DomainError(values, 400, { postalCode: [values] });
    return values;
  }

  /** Parses the id column: blank adds a row, a number updates that row. */
  function idOf(raw: string | undefined): number | null | string {
    if (!raw) return null;
    if (!/^\d{1,9}$/.test(raw) || Number(raw) === 0) return `"${raw}" is not a valid id: leave id blank to add a new row.`;
    return Number(raw);
  }

  /** Rows whose id is unknown or repeated become row errors. */
  function checkIds<T>(file: PreparedFile<T>, kind: ImportKind, existing: ReadonlySet<number> | ReadonlyMap<number, unknown>): void {
    const seen = new Map<number, number>();
    const bad = new Map<number, string[]>();
    for (const r of file.rows) {
      if (r.id === null) continue;
      const what = kind === 'reps' ? 'rep' : 'retailer';
      if (!existing.has(r.id))
        (bad.get(r.line) ?? bad.set(r.line, []).get(r.line)!).push(
          `There is no ${what} with id ${r.id}: leave id blank to add a new ${what}.`,
        );
      const first = seen.get(r.id);
      if (first !== undefined) (bad.get(r.line) ?? bad.set(r.line, []).get(r.line)!).push(`The id ${r.id} is also on line ${first}.`);
      else seen.set(r.id, r.line);
    }
    refuse(file, bad);
  }

  /** A row's version cell: blank (none given), or the version the export wrote. */
  function versionOf(raw: string | undefined): number | null | string {
    if (!raw) return null;
    if (!/^\d{1,9}$/.test(raw))
      return `"${raw}" is not a version: keep the number the export wrote, or leave it blank to save the row as it is.`;
    return Number(raw);
  }

  /**
   * Rows from a stale view (ADR 048): a row whose version is no longer the record's (someone saved it
   * after the file was exported) is refused with who saved it and when, so the import never writes
   * over a change it has not seen. A blank version saves the row over whatever is there, on purpose.
   */
  async function checkVersions<T>(file: PreparedFile<T>, current: ReadonlyMap<number, RecordVersion>): Promise<void> {
    const bad = new Map<number, string[]>();
    for (const r of file.rows) {
      const now = r.id === null || r.version == null ? undefined : current.get(r.id);
      if (now && now.version !== r.version)
        bad.set(r.line, [
          `Changed since this file was exported: ${await savedSince(repo.db, now)}. Export again and redo this row, or leave its version blank to save it over theirs.`,
        ]);
    }
    refuse(file, bad);
  }

  /** Moves the rows named in `bad` (line → messages) from the rows to import to the errors. */
  function refuse<T>(file: PreparedFile<T>, bad: ReadonlyMap<number, string[]>): void {
    if (bad.size === 0) return;
    file.rows = file.rows.filter((r) => !bad.has(r.line));
    file.errors.push(...[...bad].map(([line, messages]) => ({ line, messages })));
    file.errors.sort((a, b) => a.line - b.line);
  }

  /**
   * A rep's email is where their leads go: a row that adds a rep or changes a rep's email is refused
   * unless the user may read leads. Every row keeps the email it replaces, for the audit log.
   */
  function checkLeadDestinations(file: PreparedFile<RepImportRow>, emails: ReadonlyMap<number, string>, roles: Roles): void {
    const mayDirectLeads = hasPermission(roles, LEADS_PERMISSION);
    const bad = new Map<number, string[]>();
    for (const r of file.rows) {
      const before = r.id === null ? null : (emails.get(r.id) ?? null);
      r.values.emailBefore = before;
      if (mayDirectLeads) continue;
      if (r.id === null) bad.set(r.line, [REP_MESSAGES.importNewRepNeedsLeads]);
      else if (before !== r.values.rep.email) bad.set(r.line, [importEmailChangeMessage(before ?? '', r.values.rep.email)]);
    }
    refuse(file, bad);
  }

  async function prepareReps(records: CsvRecord[], roles: Roles): Promise<PreparedFile<RepImportRow>> {
    const file: PreparedFile<RepImportRow> = { rows: [], errors: [] };
    for (const [k, { line, values }] of records.entries()) {
      if (k > 0 && k % CHECK_STEP === 0) await yieldToEventLoop();
      const id = idOf(values.id);
      const version = versionOf(values.version);
      const parsed = RepFormSchema.safeParse(values);
      const phone = phoneProblem(values.phone);
      const messages = [
        ...(typeof id === 'string' ? [id] : []),
        ...(typeof version === 'string' ? [version] : []),
        ...(parsed.success ? [] : issuesOf(parsed.error)),
        ...(phone ? [phone] : []),
      ];
      if (messages.length || !parsed.success || typeof id === 'string' || typeof version === 'string') {
        file.errors.push({ line, messages });
        continue;
      }
      const territories = territoriesOf(parsed.data);
      file.rows.push({ line, id, version, values: { rep: repValues(parsed.data, territories), territories, emailBefore: null } });
    }
    const ids = file.rows.map((r) => r.id).filter((id): id is number => id !== null);
    const emails = await repo.repEmails(ids);
    checkIds(file, 'reps', emails);
    await checkVersions(file, await repo.recordVersions('reps', ids));
    checkLeadDestinations(file, emails, roles);
    return file;
  }

  async function prepareRetailers(records: CsvRecord[]): Promise<PreparedFile<RetailerValues>> {
    const file: PreparedFile<RetailerValues> = { rows: [], errors: [] };
    const valid: { line: number; id: number | null; version: number | null; form: RetailerForm }[] = [];
    for (const [k, { line, values }] of records.entries()) {
      if (k > 0 && k % CHECK_STEP === 0) await yieldToEventLoop();
      const id = idOf(values.id);
      const version = versionOf(values.version);
      const parsed = RetailerFormSchema.safeParse(values);
      const phone = phoneProblem(values.phone);
      const messages = [
        ...(typeof id === 'string' ? [id] : []),
        ...(typeof version === 'string' ? [version] : []),
        ...(parsed.success ? [] : issuesOf(parsed.error)),
        ...(phone ? [phone] : []),
      ];
      if (messages.length || !parsed.success || typeof id === 'string' || typeof version === 'string') file.errors.push({ line, messages });
      else valid.push({ line, id, version, form: parsed.data });
    }
    const centroids = await centroidsFor(valid.filter((v) => v.form.latitude === null).map((v) => v.form));
    for (const { line, id, version, form } of valid) {
      const values = retailerValues(form, centroids);
      if (typeof values === 'string') file.errors.push({ line, messages: [values] });
      else file.rows.push({ line, id, version, values });
    }
    file.errors.sort((a, b) => a.line - b.line);
    const ids = file.rows.map((r) => r.id).filter((id): id is number => id !== null);
    checkIds(file, 'retailers', await repo.existingRetailerIds(ids));
    await checkVersions(file, await repo.recordVersions('retailers', ids));
    return file;
  }

  async function prepare(kind: ImportKind, csv: string, roles: Roles) {
    if (kind === 'reps') {
      const records = await readCsv(csv, REP_COLUMNS, ['name', 'email'], IMPORT_MAX_ROWS);
      const file = await prepareReps(records, roles);
      return {
        records,
        file,
        sample: file.rows.slice(0, PREVIEW_SAMPLE).map((r) => ({
          line: r.line,
          name: r.values.rep.name,
          detail: `${r.values.rep.email} · ${r.values.territories.map((t) => t.value).join(', ')}`,
        })),
      };
    }
    const records = await readCsv(csv, RETAILER_COLUMNS, ['name', 'postalCode'], IMPORT_MAX_ROWS);
    const file = await prepareRetailers(records);
    return {
      records,
      file,
      sample: file.rows.slice(0, PREVIEW_SAMPLE).map((r) => ({
        line: r.line,
        name: r.values.name,
        detail: [r.values.address, r.values.city, `${r.values.state} ${r.values.postalCode}`.trim()].filter(Boolean).join(', '),
      })),
    };
  }

  return {
    async listReps(filter: ListFilter): Promise<RepPage> {
      const { rows, total } = await repo.listReps(filter.start, filter.length, filter.search);
      const territories = await repo.territoriesOf(rows.map((r) => r.id));
      return {
        items: rows.map((r) =>
          repDto(
            r,
            territories.filter((t) => t.repId === r.id),
          ),
        ),
        total,
      };
    },
    getRep,
    /** A new rep's email is where their leads will go: only a user who may read leads adds one (403 otherwise). */
    async addRep(form: RepForm, roles: Roles): Promise<RepDetail> {
      assertMayDirectLeads(roles, REP_MESSAGES.addNeedsLeads);
      checkPhone(form.phone);
      const territories = territoriesOf(form);
      const id = await deps.transaction((tx) => tx.insertRep(repValues(form, territories), territories));
      changed();
      const rep = await getRep(id);
      await audited('created', 'rep', id, rep.name, { email: rep.email });
      return rep;
    },
    /**
     * Saves a rep. Changing their email changes where their leads go: only a user who may read
     * leads may (403 otherwise), and the audit entry records the address before and after.
     */
    async editRep(body: EditRepBody, roles: Roles): Promise<RepDetail> {
      checkPhone(body.phone);
      const territories = territoriesOf(body);
      const guard = saveGuardOf(body);
      const before = await deps.transaction(async (tx) => {
        const current = await tx.getRep(body.id);
        if (!current) return null;
        // another save landed since this one started (ADR 048): refused before anything is written
        if (guard && current.version !== guard.baseVersion) throw await staleRecord(tx.db, current, guard);
        if (current.email !== body.email) assertMayDirectLeads(roles, REP_MESSAGES.emailNeedsLeads);
        if (!(await tx.updateRep(body.id, repValues(body, territories), territories, guard))) {
          const now = await tx.getRep(body.id);
          if (!now || !guard) return null;
          throw await staleRecord(tx.db, now, guard);
        }
        return current;
      });
      if (before === null) throw new NotFoundError(REP_MESSAGES.notFound);
      changed();
      const rep = await getRep(body.id);
      const over = await overwroteDetail(repo.db, before, guard);
      const detail = emailChange(before.email, rep.email, over) ?? (Object.keys(over).length ? over : null);
      await audited('saved', 'rep', body.id, rep.name, detail);
      return rep;
    },
    async deleteRep(id: number): Promise<void> {
      const name = (await repo.getRep(id))?.name ?? null;
      if (!(await repo.deleteRep(id))) throw new NotFoundError(REP_MESSAGES.notFound);
      changed();
      await audited('deleted', 'rep', id, name);
    },

    async listRetailers(filter: ListFilter): Promise<RetailerPage> {
      const { rows, total } = await repo.listRetailers(filter.start, filter.length, filter.search);
      return { items: rows.map(retailerDto), total };
    },
    getRetailer,
    async addRetailer(form: RetailerForm): Promise<RetailerDetail> {
      checkPhone(form.phone);
      const [id] = await repo.insertRetailers([await prepareRetailer(form)]);
      changed();
      const retailer = await getRetailer(id!);
      await audited('created', 'retailer', id!, retailer.name);
      return retailer;
    },
    async editRetailer(body: EditRetailerBody): Promise<RetailerDetail> {
      checkPhone(body.phone);
      const guard = saveGuardOf(body);
      const before = await repo.getRetailer(body.id);
      if (!before) throw new NotFoundError(RETAILER_MESSAGES.notFound);
      // another save landed since this one started (ADR 048): refused before anything is written
      if (guard && before.version !== guard.baseVersion) throw await staleRecord(repo.db, before, guard);
      if (!(await repo.updateRetailer(body.id, await prepareRetailer(body), guard))) {
        // changed between the read and the conditional update: the update wrote nothing
        const now = await repo.getRetailer(body.id);
        if (!now || !guard) throw new NotFoundError(RETAILER_MESSAGES.notFound);
        throw await staleRecord(repo.db, now, guard);
      }
      changed();
      const retailer = await getRetailer(body.id);
      const over = await overwroteDetail(repo.db, before, guard);
      await audited('saved', 'retailer', body.id, retailer.name, Object.keys(over).length ? over : null);
      return retailer;
    },
    async deleteRetailer(id: number): Promise<void> {
      const name = (await repo.getRetailer(id))?.name ?? null;
      if (!(await repo.deleteRetailer(id))) throw new NotFoundError(RETAILER_MESSAGES.notFound);
      changed();
      await audited('deleted', 'retailer', id, name);
    },

    /** Checks a CSV file without writing anything: what would be added and updated, and every row's problems. */
    async previewImport(kind: ImportKind, csv: string, roles: Roles): Promise<ImportPreview> {
      const { records, file, sample } = await prepare(kind, csv, roles);
      const names = new Map(records.map((r) => [r.line, r.values.name ?? '']));
      return {
        total: file.rows.length + file.errors.length,
        creates: file.rows.filter((r) => r.id === null).length,
        updates: file.rows.filter((r) => r.id !== null).length,
        errors: file.errors.slice(0, PREVIEW_ERRORS).map((e) => ({ line: e.line, name: names.get(e.line) ?? '', messages: e.messages })),
        moreErrors: Math.max(0, file.errors.length - PREVIEW_ERRORS),
        sample,
      };
    },

    /**
     * The rows with problems as a CSV file: the file's own columns (as the header names them) and a
     * Problems column, to fix and import again.
     */
    async skippedRows(kind: ImportKind, csv: string, roles: Roles): Promise<CsvExport> {
      const { records, file } = await prepare(kind, csv, roles);
      const problems = new Map(file.errors.map((e) => [e.line, e.messages.join(' ')]));
      const columns = Object.keys(kind === 'reps' ? REP_COLUMNS : RETAILER_COLUMNS);
      const rows = records
        .filter((r) => problems.has(r.line))
        .map((r) => [...columns.map((c) => r.values[c] ?? ''), problems.get(r.line)!]);
      return { filename: `${kind}-skipped-rows.csv`, csv: writeCsv([...columns, 'Problems'], rows), rows: rows.length };
    },

    /**
     * Checks the file again (it may not be the previewed one). A file with rows that have problems
     * is refused, unless `skipInvalid` asks to import its valid rows and skip those. One import of a
     * kind runs at a time (409 while another runs, on any instance). The rows are written by a job
     * in batches, each its own transaction, so other writes are never held up for long; every row
     * was checked before the first batch, so only the database (or a row deleted meanwhile) can
     * stop it part-way, and the job then says which rows were imported.
     */
    async startImport(kind: ImportKind, csv: string, opts: { skipInvalid?: boolean; roles: Roles }): Promise<ImportJob> {
      await jobs.assertIdle(kind);
      const { file } = await prepare(kind, csv, opts.roles);
      const skipped = file.errors.length;
      if (skipped && !opts.skipInvalid) {
        throw new DomainError(
          `${count(skipped)} row${skipped === 1 ? ' has' : 's have'} errors, so nothing was imported. Preview the file to see them.`,
          400,
        );
      }
      if (file.rows.length === 0) throw new DomainError('No row of the file can be imported: every row has a problem.', 400);
      const rows = file.rows;
      const what = kind === 'reps' ? 'rep' : 'retailer';
      // the job finishes after the reply: who started it is taken now
      const auditContext = currentAuditContext();
      const batchRows = deps.batch?.rows ?? 500;
      const batchMs = deps.batch?.ms ?? 100;

      /** Writes rows[from..] until the batch is full or has taken its time; answers where it stopped. */
      async function writeBatch(tx: RepsRetailersRepository, from: number) {
        const started = Date.now();
        let i = from;
        do {
          const chunk = rows.slice(i, Math.min(i + WRITE_CHUNK, from + batchRows));
          if (kind === 'reps') {
            for (const r of chunk as Prepared<RepImportRow>[]) {
              if (r.id === null) await tx.insertRep(r.values.rep, r.values.territories);
              // an unchanged email is left out, so a row never writes back an address changed meanwhile
              else if (
                !(await tx.updateRep(
                  r.id,
                  r.values.emailBefore === r.values.rep.email ? omitEmail(r.values.rep) : r.values.rep,
                  r.values.territories,
                  rowGuard(r),
                ))
              )
                throw new DomainError(
                  `Line ${count(r.line)}: the ${what} with id ${r.id} was deleted or saved by someone else meanwhile.`,
                  409,
                );
            }
          } else {
            const retailerRows = chunk as Prepared<RetailerValues>[];
            await tx.insertRetailers(retailerRows.filter((r) => r.id === null).map((r) => r.values));
            for (const r of retailerRows.filter((x) => x.id !== null)) {
              if (!(await tx.updateRetailer(r.id!, r.values, rowGuard(r))))
                throw new DomainError(
                  `Line ${count(r.line)}: the ${what} with id ${r.id} was deleted or saved by someone else meanwhile.`,
                  409,
                );
            }
          }
          i += chunk.length;
        } while (i < rows.length && i - from < batchRows && Date.now() - started < batchMs);
        return i;
      }

      /** Rep rows of a committed batch that changed an email: one audit entry each, before and after. */
      async function auditEmailChanges(from: number, to: number) {
        if (kind !== 'reps') return;
        for (const r of rows.slice(from, to) as Prepared<RepImportRow>[]) {
          const detail = emailChange(r.values.emailBefore, r.values.rep.email, { source: 'csv' });
          if (detail && r.id !== null) await audited('saved', 'rep', r.id, r.values.rep.name, detail, auditContext);
        }
      }

      return jobs.start(
        kind,
        {
          total: rows.length,
          run: async (progress) => {
            let done = 0;
            let created = 0;
            let updated = 0;
            /** What the committed batches wrote shows on the finder and in the audit log, also when a later batch failed. */
            const ended = async (stopped: boolean) => {
              changed();
              await deps.audit?.record(
                {
                  action: 'imported',
                  subject: { kind: what, link: '/siteadmin/reps-retailers' },
                  detail: { count: done, skipped, created, updated, ...(stopped ? { stopped: true } : {}) },
                },
                auditContext,
              );
            };
            try {
              while (done < rows.length) {
                const from = done;
                done = await deps.transaction((tx) => writeBatch(tx, from));
                const batch = rows.slice(from, done);
                created += batch.filter((r) => r.id === null).length;
                updated += batch.filter((r) => r.id !== null).length;
                progress({ done, created, updated });
                await auditEmailChanges(from, done);
                // queries that waited for the batch (a lead, a poll) go before the next one
                await yieldToEventLoop();
              }
            } catch (err) {
              // the failure itself is what the job reports; recording what was written comes second
              if (done > 0) await ended(true).catch(() => undefined);
              throw err;
            }
            await ended(false);
            return { created, updated };
          },
          failed: (p: JobProgress, reason: string | null) =>
            p.done === 0
              ? reason
                ? `${reason} Nothing was imported.`
                : 'The import failed, so nothing was imported. Please try again.'
              : `${reason ?? 'The import failed part-way.'} The first ${count(p.done)} of ${count(rows.length)} rows were imported (${count(p.created)} added, ${count(p.updated)} updated); the rows from line ${count(rows[p.done]!.line)} on were not. Import a file of those rows only: rows without an id that were imported already would be added again.`,
        },
        'The import failed, so nothing was imported. Please try again.',
        { startedBy: auditContext?.actor?.email ?? null },
      );
    },

    async importStatus(jobId: string): Promise<ImportJob> {
      const job = await jobs.get(jobId);
      if (!job) throw new NotFoundError('Import not found: it finished long ago. Reload the list to see the result.');
      return job;
    },

    async exportCsv(kind: ImportKind): Promise<CsvExport> {
      const date = now().toISOString().slice(0, 10);
      if (kind === 'reps') {
        const rows = await repo.allReps();
        const territories = await repo.territoriesOf(rows.map((r) => r.id));
        const byRep = new Map<number, TerritoryValue[]>();
        for (const t of territories) (byRep.get(t.repId) ?? byRep.set(t.repId, []).get(t.repId)!).push(t);
        const data = rows.map((r) => repExportCells(repDto(r, byRep.get(r.id) ?? [])));
        return { filename: `reps-${date}.csv`, csv: writeCsv(REP_EXPORT_HEADER, data), rows: data.length };
      }
      const rows = await repo.allRetailers();
      const data = rows.map((r) => retailerExportCells(retailerDto(r)));
      return { filename: `retailers-${date}.csv`, csv: writeCsv(RETAILER_EXPORT_HEADER, data), rows: data.length };
    },
  };
}
export type RepsRetailersService = ReturnType<typeof createRepsRetailersService>;
