import { KINDS } from './kinds/index.ts';
import type { Permission } from './permissions.ts';
import { joinWords } from './field-labels.ts';

/** How often an open editor says it is still open. */
export const PRESENCE_HEARTBEAT_MS = 15_000;
/** An editor not heard from for this long has left (a closed laptop, a lost connection): three missed heartbeats. */
export const PRESENCE_EXPIRY_MS = 45_000;

/**
 * The admin areas whose editors show who else is editing, each with the permission its screens need:
 * the versioned kinds' (from the registry) and the other edit forms'. The longest prefix wins
 * (/siteadmin/pages/landing before /siteadmin/pages).
 */
const AREAS: readonly (readonly [string, Permission])[] = [
  ...KINDS.map((k) => [k.admin, k.permission] as const),
  ['/siteadmin/product-labels', 'content'] as const,
  ['/siteadmin/document-library', 'content'] as const,
  ['/siteadmin/reps-retailers', 'content'] as const,
  ['/siteadmin/redirects', 'redirects'] as const,
  ['/siteadmin/users', 'users'] as const,
  ['/siteadmin/settings', 'settings'] as const,
].sort((a, b) => b[0].length - a[0].length);

/**
 * The item an editor screen edits, from its address: the path up to the item's id
 * (/siteadmin/press-releases/edit/12); a version opened from Rollback (/edit/12/345) is the same item.
 * Null for an address that edits no saved item (a create screen).
 */
export function presenceKey(pathname: string): string | null {
  const match = /^(\/siteadmin(?:\/[a-z0-9-]+)+?\/edit\/[A-Za-z0-9-]+)(?:\/|$)/.exec(pathname);
  return match ? match[1]! : null;
}

/** The permission needed to see who edits `key` (the area's), or null when the key names no editor area. */
export function presencePermission(key: string): Permission | null {
  for (const [prefix, permission] of AREAS) if (key === prefix || key.startsWith(`${prefix}/`)) return permission;
  return null;
}

/** "Ana", "Ana and Ben", "Ana, Ben and Cy": names as a sentence joins them. */
export function joinNames(names: readonly string[]): string {
  return joinWords(names);
}

/** The editor's notice: "<name> is also editing this", several names joined; null when nobody else is there. */
export function presenceNotice(names: readonly string[]): string | null {
  if (names.length === 0) return null;
  return `${joinNames(names)} ${names.length === 1 ? 'is' : 'are'} also editing this`;
}
