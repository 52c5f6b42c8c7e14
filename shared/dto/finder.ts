import type { FinderLabel } from '../validation/finder.ts';

export interface RetailerResultDto {
  id: number;
  name: string;
  address: string;
  city: string;
  state: string;
  postalCode: string;
  phone: string;
  website: string | null;
  products: string[];
  /** In the search's unit (miles in the US, kilometres in Canada), one decimal. */
  distance: number;
}

export interface RepResultDto {
  id: number;
  name: string;
  title: string;
  photo: string | null;
  email: string;
  phone: string;
  /** The territory rule that matched the code, e.g. "ZIP codes starting 500". */
  matchedBy: string;
}

interface Located {
  label: FinderLabel;
  zip: string;
  /** e.g. "Ames, IA 50010" */
  place: string;
  /** True when a Canadian code was placed by its province because its area has no centroid yet. */
  approximate: boolean;
  country: 'US' | 'CA';
}

export type FinderResultDto =
  | { kind: 'empty'; label: FinderLabel }
  | { kind: 'invalid'; label: FinderLabel; zip: string; message: string }
  | (Located & { kind: 'retailers'; unit: 'mi' | 'km'; radius: number; widened: boolean; results: RetailerResultDto[] })
  | (Located & { kind: 'reps'; results: RepResultDto[] });
