import { KINDS, type KindDefinition } from '#shared/kinds/index.ts';
import type { Permission } from '#shared/permissions.ts';

export interface AdminSection {
  label: string;
  path: string;
  permission: Permission;
  description: string;
}

/** The sections that are not a versioned kind's, each at its place in the spec's order (`position`, from 1). */
const OTHER_SECTIONS: readonly (AdminSection & { position: number })[] = [
  {
    label: 'Product Labels/SDSs',
    path: '/siteadmin/product-labels',
    permission: 'content',
    description: 'Labels and safety data sheets.',
    position: 3,
  },
  {
    label: 'Reps & Retailers',
    path: '/siteadmin/reps-retailers',
    permission: 'content',
    description: 'The rep and retailer finder listings.',
    position: 4,
  },
  {
    label: 'Document Library',
    path: '/siteadmin/document-library',
    permission: 'content',
    description: 'Files behind /doccenter links.',
    position: 7,
  },
  { label: 'Forms', path: '/siteadmin/forms', permission: 'forms', description: 'Contact and rep form submissions.', position: 8 },
  { label: 'Users', path: '/siteadmin/users', permission: 'users', description: 'Administrator accounts and roles.', position: 9 },
  {
    label: 'Redirects',
    path: '/siteadmin/redirects',
    permission: 'redirects',
    description: 'Old addresses sent to new ones.',
    position: 10,
  },
];

/** The versioned kinds' sections, from the registry: each kind's list, label and permission. */
export function kindSections(kinds: readonly KindDefinition[]): (AdminSection & { position: number })[] {
  return kinds.flatMap((k) =>
    k.section
      ? [
          {
            label: k.section.label,
            path: k.list,
            permission: k.permission,
            description: k.section.description,
            position: k.section.position,
          },
        ]
      : [],
  );
}

/** The dashboard tiles and drawer links, in the spec's order, each with the permission it needs. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [...kindSections(KINDS), ...OTHER_SECTIONS]
  .sort((a, b) => a.position - b.position)
  .map(({ position: _position, ...section }) => section);

/** The signed-in user's own pages, below the sections in the drawer. */
export const ADMIN_TOOLS: readonly { label: string; path: string; permission: Permission | null }[] = [
  { label: 'My Account', path: '/siteadmin/account', permission: null },
  { label: 'Audit Log', path: '/siteadmin/audit-log', permission: 'audit' },
  { label: 'Privacy Requests', path: '/siteadmin/privacy-requests', permission: 'forms' },
  { label: 'Site Settings', path: '/siteadmin/settings', permission: 'settings' },
  { label: 'Security', path: '/siteadmin/security', permission: 'settings' },
];

export function sectionsFor(permissions: readonly string[]): AdminSection[] {
  return ADMIN_SECTIONS.filter((s) => permissions.includes(s.permission));
}

/** The drawer's label: the user's highest role by name (Administrator first). */
export function roleLabel(roleIds: readonly number[], names: Readonly<Record<number, string>>): string {
  const first = [...roleIds].sort((a, b) => a - b).find((id) => names[id]);
  return first === undefined ? 'Administrator' : (names[first] ?? 'Administrator');
}

/** The spec's date and time format (section 3), in the browser's time zone unless one is added. */
export const DATE_TIME_OPTIONS: Readonly<Intl.DateTimeFormatOptions> = {
  month: 'long',
  day: 'numeric',
  year: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
  hour12: true,
};
const versionFormat = new Intl.DateTimeFormat('en-US', DATE_TIME_OPTIONS);

/** Spec section 3: dates in en-US long month format with 12-hour time ("November 23, 2026 at 2:05 PM"). */
export function formatDateTime(iso: string, format: Intl.DateTimeFormat = versionFormat): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '--' : format.format(date);
}

const versionSecondsFormat = new Intl.DateTimeFormat('en-US', { ...DATE_TIME_OPTIONS, second: '2-digit' });

/**
 * A saved version in the Rollback list: the spec's format with seconds ("November 23, 2026 at
 * 2:05:07 PM"), so saves a few seconds apart are told apart.
 */
export function formatVersionTime(iso: string, format: Intl.DateTimeFormat = versionSecondsFormat): string {
  return formatDateTime(iso, format);
}
