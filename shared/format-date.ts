const longDate = new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' });

/**
 * en-US long month format ("March 4, 2026"). Publish dates are calendar dates stored at UTC
 * midnight, so formatting in UTC gives the same text on the server and in every browser.
 */
export function formatLongDate(iso: string | Date): string {
  return longDate.format(typeof iso === 'string' ? new Date(iso) : iso);
}

/** The machine-readable date for a time element. */
export function isoDate(iso: string | Date): string {
  return (typeof iso === 'string' ? new Date(iso) : iso).toISOString().slice(0, 10);
}
