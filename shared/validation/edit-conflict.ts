import '../zod-browser.ts';
import { z } from 'zod';
import { displayName } from '../people.ts';

/**
 * No save overwrites another (ADR 048): every save of an existing record says which version of it the
 * editor started from (`baseVersion`); when another save landed since, the API answers 409 with an
 * `EditConflict` (who saved, when, which fields differ) and writes nothing. `overwrite: true` with the
 * version the editor was shown in that answer saves over it on purpose, and the audit log says so.
 *
 * The token is one number for every record: a versioned item's newest version id (`versionId` of its
 * admin item), every other record's `version` (a counter each save moves on by one).
 */

export const BASE_VERSION_REQUIRED = 'Say which version this save started from (baseVersion): reload the item and save again.';

/** The version a save started from: required on every save of an existing record. */
export const BaseVersionField = z
  .number({ error: BASE_VERSION_REQUIRED })
  .int(BASE_VERSION_REQUIRED)
  .nonnegative(BASE_VERSION_REQUIRED)
  .describe(
    "the version this save started from: a versioned item's versionId, another record's version; a save whose version is no longer the newest is refused (409) unless overwrite is true",
  );

/** "Save mine anyway": an explicit choice, made after a 409, with the newest version as baseVersion. */
export const OverwriteField = z
  .boolean()
  .optional()
  .describe(
    'true: save over the changes of the version named by baseVersion (the newest, as the 409 showed it) on purpose; the audit log records whose changes were saved over. Still refused when yet another save landed since',
  );

/** The two fields every save of an existing record carries (spread into its body schema). */
export const saveGuardFields = { baseVersion: BaseVersionField, overwrite: OverwriteField };
/**
 * The same, for bodies that also create (no id) and that a preview sends too (ADR 024): the schema
 * lets the version be absent, and the save route requires it once an id is given (`missingBaseVersion`).
 */
export const optionalSaveGuardFields = {
  baseVersion: BaseVersionField.nullish().describe(`${BaseVersionField.description ?? ''}. Required when id is given (an edit)`),
  overwrite: OverwriteField,
};

/** An edit (a body with an id) that does not say which version it started from: the save route answers 400 with this. */
export function missingBaseVersion(body: { id?: number | null; baseVersion?: number | null }): boolean {
  return body.id != null && body.baseVersion == null;
}

/** What a save is checked against: the version it started from, and whether it saves over a newer one on purpose. */
export interface SaveGuard {
  baseVersion: number;
  overwrite: boolean;
}

/** The guard of a parsed body; null when it has none (a create, or a call from inside the server: seeds, scripts). */
export function saveGuardOf(body: { baseVersion?: number | null; overwrite?: boolean | null }): SaveGuard | null {
  return typeof body.baseVersion === 'number' ? { baseVersion: body.baseVersion, overwrite: body.overwrite === true } : null;
}

export const ConflictPersonSchema = z.object({
  id: z.number().nullable(),
  name: z.string().describe("the name the admin shows: the user's name, or one made from the email when they have none"),
  email: z.string().nullable(),
});
export type ConflictPerson = z.infer<typeof ConflictPersonSchema>;

export const ConflictFieldSchema = z.object({
  field: z.string().describe("the field's name in the save body"),
  theirs: z.unknown().describe('its value in the newest version (null: none)'),
  yours: z.unknown().describe('its value in the refused save (null: none)'),
});
export type ConflictField = z.infer<typeof ConflictFieldSchema>;

export const EditConflictSchema = z
  .object({
    baseVersion: z.number().describe('the version the refused save started from'),
    currentVersion: z.number().describe('the newest version: send it as baseVersion with overwrite: true to save over it'),
    savedBy: ConflictPersonSchema.nullable().describe('who saved the newest version (null: the site, a seed or an import)'),
    savedAt: z.string().describe('when the newest version was saved (UTC)'),
    fields: z.array(ConflictFieldSchema).describe('the fields in which the newest version and the refused save differ'),
  })
  .describe('A save refused because another save landed since it started (409)');
export type EditConflict = z.infer<typeof EditConflictSchema>;

/** The 409 reply of a save: the envelope, with the conflict as data (other 409s, such as a taken slug, carry none). */
export const ConflictEnvelopeSchema = z.object({
  success: z.literal(false),
  data: EditConflictSchema.nullable(),
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export { personName } from '../people.ts';

/** Who saved, as a refusal names them: their name (ADR 052: `displayName`) and email. */
export function conflictPerson(id: number | null, email: string | null, name: string | null = null): ConflictPerson {
  return { id, name: displayName({ name, email }), email };
}

/** The refusal's words: "Ana Lopez (ana.lopez@example.com) saved this at 10:04 PM UTC, after you opened it." */
export function conflictMessage(savedBy: ConflictPerson | null, savedAt: Date): string {
  const who = savedBy ? `${savedBy.name}${savedBy.email ? ` (${savedBy.email})` : ''}` : 'Someone';
  const at = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeStyle: 'short', timeZone: 'UTC' }).format(savedAt);
  return `${who} saved this on ${at} UTC, after you opened it. Nothing was saved: see the differences, then save yours anyway or load theirs.`;
}

/** JSON with object keys sorted, dates as ISO text, undefined as null: two values are the same when these are. */
export function stableJson(value: unknown): string {
  return JSON.stringify(value ?? null, (_key, v: unknown) => {
    if (v instanceof Date) return v.toISOString();
    return v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>)
            .filter(([, x]) => x !== undefined)
            .sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0)),
        )
      : v;
  });
}

/** A value with its empty parts left out ('', null, empty lists and objects): a blank SEO field and none are the same. */
function meaningful(value: unknown): unknown {
  if (value === '' || value === null || value === undefined) return null;
  if (Array.isArray(value)) return value.length === 0 ? null : value.map(meaningful);
  if (typeof value === 'object') {
    const kept = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => [k, meaningful(v)] as const)
      .filter(([, v]) => v !== null);
    return kept.length === 0 ? null : Object.fromEntries(kept);
  }
  return value;
}

/** Fields a conflict never lists: the save's bookkeeping, not content. */
const BOOKKEEPING = new Set([
  'id',
  'baseVersion',
  'overwrite',
  'rollbackOf',
  'redirectOldSlug',
  'version',
  'versionId',
  'password',
  'created',
  'updated',
  'current',
  'lastLogin',
]);

/**
 * The fields in which the newest saved record (`theirs`, as the admin API shows it) and a refused save
 * (`yours`, its body) differ: every field of the body the record also has, in the body's order.
 */
export function differingFields(theirs: Record<string, unknown>, yours: Record<string, unknown>): ConflictField[] {
  const fields: ConflictField[] = [];
  for (const [field, value] of Object.entries(yours)) {
    if (BOOKKEEPING.has(field) || !Object.hasOwn(theirs, field)) continue;
    // an empty slug keeps the item's slug: not a change
    if (field === 'slug' && value === '') continue;
    const a = JSON.parse(stableJson(theirs[field])) as unknown;
    const b = JSON.parse(stableJson(value)) as unknown;
    if (stableJson(meaningful(a)) !== stableJson(meaningful(b))) fields.push({ field, theirs: a, yours: b });
  }
  return fields;
}
