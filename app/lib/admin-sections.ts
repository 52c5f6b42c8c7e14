import type { Permission } from '#shared/permissions.ts';

export interface AdminSection {
  label: string;
  path: string;
  permission: Permission;
  description: string;
}

/** The dashboard tiles and drawer links, in the spec's order, each with the permission it needs. */
export const ADMIN_SECTIONS: readonly AdminSection[] = [
  {
    label: 'Products',
    path: '/siteadmin/products',
    permission: 'content',
    description: 'Product pages, guaranteed analyses and documents.',
  },
  {
    label: 'Knowledge Center',
    path: '/siteadmin/knowledge-center',
    permission: 'content',
    description: 'Articles, research and podcasts.',
  },
  { label: 'Product Labels/SDSs', path: '/siteadmin/product-labels', permission: 'content', description: 'Labels and safety data sheets.' },
  {
    label: 'Reps & Retailers',
    path: '/siteadmin/reps-retailers',
    permission: 'content',
    description: 'The rep and retailer finder listings.',
  },
  { label: 'Press Releases', path: '/siteadmin/press-releases', permission: 'content', description: 'News for the press page.' },
  { label: 'Pages', path: '/siteadmin/pages', permission: 'content', description: 'Custom pages and their modules.' },
  { label: 'Document Library', path: '/siteadmin/document-library', permission: 'content', description: 'Files behind /doccenter links.' },
  { label: 'Forms', path: '/siteadmin/forms', permission: 'forms', description: 'Contact and rep form submissions.' },
  { label: 'Users', path: '/siteadmin/users', permission: 'users', description: 'Administrator accounts and roles.' },
  { label: 'Redirects', path: '/siteadmin/redirects', permission: 'redirects', description: 'Old addresses sent to new ones.' },
];

/** The signed-in user's own pages, below the sections in the drawer. */
export const ADMIN_TOOLS: readonly { label: string; path: string; permission: Permission | null }[] = [
  { label: 'My Account', path: '/siteadmin/account', permission: null },
  { label: 'Audit Log', path: '/siteadmin/audit-log', permission: 'audit' },
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
