import { TERRITORY_FIELDS } from './validation/reps-retailers.ts';

/**
 * The admin forms' labels of their API fields, one map per form: what the edit-conflict dialog lists
 * as the fields that differ (ADR 048) and what the audit log names as the fields a save changed
 * (ADR 052). The forms take their maps from here, so the two never name a field differently.
 */
type Labels = Readonly<Record<string, string>>;

/** Knowledge items and press releases (one form). */
export const CONTENT_FIELD_LABELS = {
  title: 'Title',
  heroMedia: 'Hero media',
  modules: 'Modules',
  publishDate: 'Date',
  metadata: 'SEO',
  publishAt: 'Publish at',
} as const satisfies Labels;

export const PAGE_FIELD_LABELS = {
  title: 'Title',
  heroImageType: 'Hero image style',
  heroMedia: 'Hero image',
  modules: 'Modules',
  metadata: 'SEO',
  publishAt: 'Publish at',
} as const satisfies Labels;

export const PRODUCT_FIELD_LABELS = {
  name: 'Name',
  group: 'Group',
  tagline: 'Tagline',
  summary: 'Summary',
  heroMedia: 'Hero media',
  benefits: 'Benefits',
  modules: 'Modules',
  analysis: 'Guaranteed analysis',
  documentKeys: 'Labels and SDSs',
  knowledgeSlugs: 'Related reading',
  seo: 'SEO',
  publishAt: 'Publish at',
} as const satisfies Labels;

export const LANDING_FIELD_LABELS = {
  title: 'Page title',
  hero: 'Hero',
  sections: 'Sections',
  seo: 'SEO',
  publishAt: 'Publish at',
} as const satisfies Labels;

/** The document library's form and the product labels' (both documents). */
export const DOCUMENT_FIELD_LABELS = {
  title: 'Title',
  kind: 'Kind',
  productKey: 'Product',
  regionIds: 'Regions',
  altText: 'Alternative text',
} as const satisfies Labels;

export const REDIRECT_FIELD_LABELS = {
  fromPath: 'From Path',
  toPath: 'Target',
  statusCode: 'Type',
  keepQuery: 'Keep the query string',
} as const satisfies Labels;

export const REP_FIELD_LABELS: Labels = {
  name: 'Name',
  title: 'Title',
  photo: 'Photo',
  email: 'Email',
  phone: 'Phone',
  ...Object.fromEntries(TERRITORY_FIELDS.map((t) => [t.field, t.label])),
};

export const RETAILER_FIELD_LABELS = {
  name: 'Name',
  address: 'Address',
  city: 'City',
  state: 'State or province',
  postalCode: 'ZIP or postal code',
  latitude: 'Latitude',
  longitude: 'Longitude',
  phone: 'Phone',
  website: 'Website',
  products: 'Products carried',
} as const satisfies Labels;

export const SETTINGS_FIELD_LABELS = {
  notice: 'Notice bar',
  social: 'Social links',
  careersUrl: 'Careers address',
  leadRecipients: 'Lead recipients',
  recaptchaMinScore: 'reCAPTCHA minimum score',
  leadRetentionDays: 'Lead retention',
} as const satisfies Labels;

export const USER_FIELD_LABELS = { name: 'Name', email: 'Email', userRoles: 'Roles' } as const satisfies Labels;

/** Names of fields a form's own labels may leave out (base fields compared in a conflict). */
export const COMMON_FIELD_LABELS: Labels = {
  title: 'Title',
  slug: 'Slug',
  status: 'Status',
  visibility: 'Visibility',
  region: 'Region',
  regionIds: 'Regions',
  pinned: 'Pinned',
  category: 'Category',
  type: 'Type',
  publishDate: 'Publish date',
  publishAt: 'Publish at',
  metadata: 'SEO',
  seo: 'SEO',
  modules: 'Modules',
  heroMedia: 'Hero image',
  name: 'Name',
  email: 'Email',
};

/** "regionIds" reads "Region ids" when no label names it. */
function humanize(field: string): string {
  const words = field.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A field's label: the form's, else a common one, else its name made readable. */
export function fieldLabel(field: string, labels?: Labels): string {
  return labels?.[field] ?? COMMON_FIELD_LABELS[field] ?? humanize(field);
}

/** "Title", "Title and Body", "Title, Body and Publish at": labels as a sentence joins them. */
export function joinWords(words: readonly string[]): string {
  if (words.length <= 1) return words[0] ?? '';
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** The fields a save changed, by their labels, each once, joined as a sentence: "Title, Body and Publish at". */
export function changedFieldWords(fields: readonly string[], labels?: Labels): string {
  return joinWords([...new Set(fields.map((f) => fieldLabel(f, labels)))]);
}
