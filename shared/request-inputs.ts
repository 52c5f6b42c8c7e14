/**
 * What a public page may read from the visitor's request besides its path and declared query: the
 * stored region and whether the current notice was dismissed. Parsed here once per request; the page
 * cache keys on exactly these values and hands the same values to the render (the load context), so
 * a page is always stored under the key of what it shows. A value outside the allowed set is absent.
 */
import { NOTICE_COOKIE } from './notice.ts';
import { parseRegion, REGION_COOKIE, type RegionId } from './regions.ts';

export interface VisitorInputs {
  /** the region cookie, when it is exactly one of the region ids */
  region: RegionId | null;
  /** the notice cookie names the notice shown now */
  noticeDismissed: boolean;
}

/** A visitor who sent nothing a page reads; it also names every field, for the key. */
export const NO_VISITOR_INPUTS: Readonly<VisitorInputs> = Object.freeze({ region: null, noticeDismissed: false });
const FIELDS = Object.keys(NO_VISITOR_INPUTS) as (keyof VisitorInputs)[];

/**
 * The value of cookie `name` exactly as sent (no trimming, no decoding), or undefined. A cookie sent
 * more than once counts by its first occurrence (browsers list the one of the most specific path first).
 */
export function cookieValue(cookieHeader: string | null | undefined, name: string): string | undefined {
  if (!cookieHeader) return undefined;
  for (const pair of cookieHeader.split(';')) {
    const eq = pair.indexOf('=');
    if (eq !== -1 && pair.slice(0, eq).trim() === name) return pair.slice(eq + 1);
  }
  return undefined;
}

/**
 * The visitor inputs of a Cookie header. `shownNoticeId` is the id of the notice pages show now (null
 * when none is shown), so any other notice cookie value reads as "not dismissed".
 */
export function parseVisitorInputs(cookieHeader: string | null | undefined, shownNoticeId: string | null): VisitorInputs {
  const notice = shownNoticeId ? cookieValue(cookieHeader, NOTICE_COOKIE) : undefined;
  return {
    region: parseRegion(cookieValue(cookieHeader, REGION_COOKIE)),
    noticeDismissed: notice !== undefined && notice === encodeURIComponent(shownNoticeId!),
  };
}

/** The part of a page's cache key these inputs make: every field, so a field added later joins the key. */
export function visitorKey(inputs: VisitorInputs): string {
  return FIELDS.map((field) => `${field}=${inputs[field] ?? ''}`).join('&');
}
