/**
 * Roles and what they may do. The server enforces these on every admin route (each route declares
 * one permission); the admin drawer and dashboard use the same table to show only what a user may use.
 */
export const PERMISSIONS = ['content', 'forms', 'redirects', 'users', 'settings', 'audit'] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** site_roles ids, seeded. */
export const ROLE_IDS = { administrator: 1, editor: 2 } as const;
export const ROLE_NAMES: Record<number, string> = { [ROLE_IDS.administrator]: 'Administrator', [ROLE_IDS.editor]: 'Editor' };

/** Administrator: everything. Editor: content only (products, knowledge center, labels, press releases, pages, documents, reps & retailers). */
export const ROLE_PERMISSIONS: Readonly<Record<number, readonly Permission[]>> = {
  [ROLE_IDS.administrator]: PERMISSIONS,
  [ROLE_IDS.editor]: ['content'],
};

/** The union of the permissions of the given roles, in PERMISSIONS order; unknown role ids grant nothing. */
export function permissionsForRoles(roleIds: readonly number[]): Permission[] {
  const granted = new Set<Permission>();
  for (const id of roleIds) for (const p of ROLE_PERMISSIONS[id] ?? []) granted.add(p);
  return PERMISSIONS.filter((p) => granted.has(p));
}

/**
 * The permission that reads leads (form submissions). Choosing where leads are sent is the same
 * power: a rep's email receives the leads of their territory, so setting or changing it needs this too.
 */
export const LEADS_PERMISSION = 'forms' satisfies Permission;

export function hasPermission(roleIds: readonly number[], permission: Permission): boolean {
  return roleIds.some((id) => (ROLE_PERMISSIONS[id] ?? []).includes(permission));
}

export function isPermission(value: unknown): value is Permission {
  return typeof value === 'string' && (PERMISSIONS as readonly string[]).includes(value);
}
