/**
 * How the admin names a person (ADR 052): the name given in Users or My Account, otherwise one made
 * from the email's local part ("ana.lopez@example.com" is "Ana Lopez"). The audit log, the editors'
 * presence notice and the edit-conflict reply all name people with `displayName`.
 */

/** A name made from an email's local part: "ana.lopez@example.com" is "Ana Lopez"; none is "Someone". */
export function personName(email: string | null | undefined): string {
  if (!email) return 'Someone';
  const local = email.split('@')[0] ?? email;
  const words = local
    .split(/[._+-]+/)
    .filter(Boolean)
    .map((w) => w.charAt(0).toUpperCase() + w.slice(1));
  return words.length > 0 ? words.join(' ') : email;
}

/** The name shown for an admin user: their own name when they have one, otherwise the one made from their email. */
export function displayName(user: { name?: string | null; email?: string | null } | null | undefined): string {
  const name = user?.name?.trim();
  return name ? name : personName(user?.email);
}
