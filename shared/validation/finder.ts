import '../zod-browser.ts';
import { z } from 'zod';

import { FINDER_LABELS, FINDER_MESSAGE, type FinderLabel } from './finder-fields.ts';

export * from './finder-fields.ts';

/** Both the who choice and the zip must be filled; no zip format check is shown (spec section 5). */
export const FinderFormSchema = z.object({
  label: z.enum(FINDER_LABELS, { error: FINDER_MESSAGE }),
  zip: z.string({ error: FINDER_MESSAGE }).trim().min(1, FINDER_MESSAGE).max(20, FINDER_MESSAGE),
});
export type FinderForm = z.output<typeof FinderFormSchema>;

export function finderFormError(values: { label: string; zip: string }): string | null {
  return FinderFormSchema.safeParse(values).success ? null : FINDER_MESSAGE;
}

export const RADIUS_OPTIONS = [25, 50, 100] as const;
export type Radius = (typeof RADIUS_OPTIONS)[number];
export const DEFAULT_RADIUS: Radius = 50;

/** The results page's query string, so a search can be shared and reloaded. */
export const FinderQuerySchema = z.object({
  label: z.enum(FINDER_LABELS).catch('Retailers'),
  zip: z.string().trim().max(20).catch(''),
  radius: z.coerce
    .number()
    .refine((n): n is Radius => (RADIUS_OPTIONS as readonly number[]).includes(n))
    .catch(DEFAULT_RADIUS),
});
export type FinderQuery = z.output<typeof FinderQuerySchema>;
/** The results page's query parameters (its route declares them: app/lib/page-reads.ts). */
export const FINDER_QUERY_PARAMS = Object.keys(FinderQuerySchema.shape) as (keyof FinderQuery)[];

/** The results page's query from its address: the declared parameters only. */
export function finderQueryFrom(params: URLSearchParams): FinderQuery {
  return FinderQuerySchema.parse(Object.fromEntries(FINDER_QUERY_PARAMS.map((name) => [name, params.get(name) ?? undefined])));
}

export function finderResultsPath(q: { label: FinderLabel; zip: string; radius?: number }): string {
  const params = new URLSearchParams({ label: q.label, zip: q.zip.trim() });
  if (q.radius && q.radius !== DEFAULT_RADIUS) params.set('radius', String(q.radius));
  return `/reps-retailers?${params.toString()}`;
}

/** Canadian postal districts by the first letter of the postal code. X covers two territories. */
/** U.S. state codes: the 50 states, the District of Columbia and the inhabited territories. */
export const US_STATE_CODES: ReadonlySet<string> = new Set(
  (
    'AL AK AZ AR CA CO CT DE FL GA HI ID IL IN IA KS KY LA ME MD MA MI MN MS MO MT NE NV NH NJ NM NY NC ND OH OK OR PA RI SC ' +
    'SD TN TX UT VT VA WA WV WI WY DC PR GU VI AS MP'
  ).split(' '),
);

export const PROVINCE_BY_LETTER: Record<string, string[]> = {
  A: ['NL'],
  B: ['NS'],
  C: ['PE'],
  E: ['NB'],
  G: ['QC'],
  H: ['QC'],
  J: ['QC'],
  K: ['ON'],
  L: ['ON'],
  M: ['ON'],
  N: ['ON'],
  P: ['ON'],
  R: ['MB'],
  S: ['SK'],
  T: ['AB'],
  V: ['BC'],
  X: ['NT', 'NU'],
  Y: ['YT'],
};

export type PostalCode =
  { country: 'US'; code: string; display: string } | { country: 'CA'; code: string; fsa: string; provinces: string[]; display: string };

const US_ZIP = /^(\d{5})(?:-?\d{4})?$/;
const CA_POSTAL = /^([ABCEGHJ-NPRSTVXY]\d[ABCEGHJ-NPRSTV-Z])\s*(\d[ABCEGHJ-NPRSTV-Z]\d)?$/;

/**
 * A US ZIP (5 digits, ZIP+4 accepted) or a Canadian postal code (full, or just its forward
 * sortation area); null when the text is neither.
 */
export function parsePostalCode(input: string): PostalCode | null {
  const text = input.trim().toUpperCase();
  const us = US_ZIP.exec(text);
  if (us) return { country: 'US', code: us[1]!, display: us[1]! };
  const ca = CA_POSTAL.exec(text);
  if (ca) {
    const fsa = ca[1]!;
    const display = ca[2] ? `${fsa} ${ca[2]}` : fsa;
    return { country: 'CA', code: display.replace(' ', ''), fsa, provinces: PROVINCE_BY_LETTER[fsa[0]!] ?? [], display };
  }
  return null;
}

/** Distances are shown in miles in the US and kilometres in Canada. */
export function unitFor(country: 'US' | 'CA'): 'mi' | 'km' {
  return country === 'CA' ? 'km' : 'mi';
}
