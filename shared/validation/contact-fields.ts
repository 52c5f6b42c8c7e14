import { REGION_US, REGION_CA, REGION_INT, type RegionId } from '../regions.ts';
/**
 * The contact forms' names, messages and helpers that need no Zod: the browser's first load imports
 * these, and the schemas in ./contact.ts (loaded later, or on the server) build on them.
 */

/** The spec's messages, word for word (sections 5 and 8). */
export const CONTACT_MESSAGES = {
  nameRequired: 'Name is required.',
  emailRequired: 'Email is required.',
  emailInvalid: 'Please enter a valid email address.',
  regionRequired: 'Region is required.',
  roleRequired: 'Role is required.',
} as const;

/** Shown when a contact form could not be sent (429, 5xx, network): what was typed stays in the form. */
export const SEND_FAILED_MESSAGE = 'We could not send your message. Please try again in a moment.';

/** Local part, @, domain labels, and a top-level domain of 2 to 6 letters. */
export const EMAIL_PATTERN = /^[^\s@]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]*[A-Za-z0-9])?\.)+[A-Za-z]{2,6}$/;

export const CONTACT_REGIONS = ['USA', 'Canada', 'Central America', 'South America', 'Europe', 'Asia Pacific', 'Africa'] as const;
export type ContactRegion = (typeof CONTACT_REGIONS)[number];
export const CONTACT_ROLES = ['Grower', 'Product retailer', 'Vendor', 'Other'] as const;
export type ContactRole = (typeof CONTACT_ROLES)[number];

export const LIMITS = { name: 200, email: 254, phone: 40, state: 100, zipcode: 20, message: 5000 } as const;

/** The order fields appear on screen; the first one in error receives focus. */
export const CONTACT_FIELD_ORDER = ['name', 'phone', 'email', 'region', 'state', 'zipcode', 'role', 'message', 'journey'] as const;
export type ContactField = (typeof CONTACT_FIELD_ORDER)[number];

/** The `data` JSON string sent with the form: region, role, state and zipcode. */
export function contactDataJson(values: { region: string; role: string; state: string; zipcode: string }): string {
  return JSON.stringify({ Region: values.region, Role: values.role, State: values.state, Zipcode: values.zipcode });
}

/** A fresh idempotency key (128 random bits as hex); works on plain http, unlike crypto.randomUUID. */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Which region the states list comes from (GET /api/states/get-all/{regionId}). */
export function statesRegionIdFor(region: string): RegionId {
  return region === 'USA' ? REGION_US : region === 'Canada' ? REGION_CA : REGION_INT;
}

/** Labels and visibility of the state and zip fields for the chosen region (spec: Contact overlay). */
export function contactFieldLabels(region: string): { state: string; zipcode: string; showStateAndZip: boolean } {
  if (region === 'Canada') return { state: 'Province', zipcode: 'Postal Code', showStateAndZip: true };
  if (region === 'USA') return { state: 'State', zipcode: 'Zip', showStateAndZip: true };
  return { state: 'State', zipcode: 'Zip', showStateAndZip: false };
}

/** The form's region preselected from the site region (2 USA, 3 Canada, International chooses). */
export function defaultContactRegion(siteRegion: number): '' | ContactRegion {
  return siteRegion === REGION_CA ? 'Canada' : siteRegion === REGION_US ? 'USA' : '';
}

export const REP_CONTACT_FIELD_ORDER = ['name', 'email', 'phone', 'message'] as const;

/** Zod issues as the first message per field, for showing beside each field. */
export function firstErrors(issues: readonly { path: readonly PropertyKey[]; message: string }[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? '_');
    out[key] ??= issue.message;
  }
  return out;
}
