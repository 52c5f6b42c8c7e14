export const TERRITORY_KINDS = ['state', 'zip_prefix', 'zip', 'province', 'fsa'] as const;
export type TerritoryKind = (typeof TERRITORY_KINDS)[number];

export interface Territory {
  kind: TerritoryKind | string;
  value: string;
}

export type SearchLocation = { country: 'US'; zip: string; state: string } | { country: 'CA'; fsa: string; provinces: string[] };

export function territoryCovers(t: Territory, loc: SearchLocation): boolean {
  const value = t.value.trim().toUpperCase();
  if (loc.country === 'US') {
    if (t.kind === 'state') return value === loc.state.toUpperCase();
    if (t.kind === 'zip') return value === loc.zip;
    if (t.kind === 'zip_prefix') return value.length > 0 && value.length < 5 && loc.zip.startsWith(value);
    return false;
  }
  if (t.kind === 'province') return loc.provinces.includes(value);
  if (t.kind === 'fsa') return value === loc.fsa;
  return false;
}

/** The more specific a rule, the higher: a ZIP beats a longer prefix beats a shorter one beats a state. */
export function specificity(t: Territory): number {
  switch (t.kind) {
    case 'zip':
    case 'fsa':
      return 100;
    case 'zip_prefix':
      return 10 + t.value.trim().length;
    case 'state':
    case 'province':
      return 1;
    default:
      return 0;
  }
}

/** The territories that cover the location at the most specific level present (most specific rule wins). */
export function bestMatches<T extends Territory>(territories: readonly T[], loc: SearchLocation): T[] {
  const covering = territories.filter((t) => territoryCovers(t, loc));
  if (covering.length === 0) return [];
  const best = Math.max(...covering.map(specificity));
  return covering.filter((t) => specificity(t) === best);
}

/** ZIP prefixes (1 to 4 digits) of a ZIP, for the database prefilter. */
export function zipPrefixes(zip: string): string[] {
  return [1, 2, 3, 4].map((n) => zip.slice(0, n));
}

/** A short human description of a territory rule, e.g. "ZIP codes starting 500". */
export function describeTerritory(t: Territory): string {
  switch (t.kind) {
    case 'state':
      return `State ${t.value}`;
    case 'zip':
      return `ZIP ${t.value}`;
    case 'zip_prefix':
      return `ZIP codes starting ${t.value}`;
    case 'province':
      return `Province ${t.value}`;
    case 'fsa':
      return `Postal codes starting ${t.value}`;
    default:
      return t.value;
  }
}
