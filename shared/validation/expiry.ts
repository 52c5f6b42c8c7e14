import '../zod-browser.ts';
import type { z } from 'zod';
import { safeLocalPath } from '../input.ts';

/** The words an expiry the editor cannot save is refused with (ADR 049). */
export const EXPIRY_MESSAGES = {
  order: 'Unpublish at must be after Publish at.',
  redirect: 'Redirect to must be a path on this site, such as /knowledge-center.',
  landing: 'Only a campaign page can expire: the homes, About and the list pages are always on the site.',
} as const;

/** A path of this site an expired item may redirect to: /..., no // or backslash, no query, space or #. */
export function isSiteRedirectPath(v: string): boolean {
  return /^\/[^\s?#]*$/.test(v) && safeLocalPath(v) !== null;
}

/** Unpublish at must come after Publish at when both are set. */
export function expiryAfterPublish(v: { publishAt?: Date | null; unpublishAt?: Date | null }, ctx: z.RefinementCtx): void {
  if (v.publishAt && v.unpublishAt && v.unpublishAt.getTime() <= v.publishAt.getTime())
    ctx.addIssue({ code: 'custom', path: ['unpublishAt'], message: EXPIRY_MESSAGES.order });
}
