/** The finder form's names and texts that need no Zod (the browser's first load imports these). */

/** The spec's message for the Find a Rep or Retailer form (sections 5 and 8). */
export const FINDER_MESSAGE = 'Please select a value and enter Zipcode';

export const FINDER_LABELS = ['Retailers', 'Reps'] as const;
export type FinderLabel = (typeof FINDER_LABELS)[number];

/** Who options: a grower looks for retailers, a retailer looks for reps. */
export const WHO_OPTIONS: { value: FinderLabel; label: string }[] = [
  { value: 'Retailers', label: 'I am a grower' },
  { value: 'Reps', label: 'I am a retailer' },
];

export const FINDER_COUNTRIES: { id: 2 | 3; label: string }[] = [
  { id: 2, label: 'U.S.' },
  { id: 3, label: 'Canada' },
];

export function zipLabelFor(country: number): 'Postal Code' | 'Zip' {
  return country === 3 ? 'Postal Code' : 'Zip';
}
