/**
 * The brand notice's dismissal, remembered in a cookie so the server leaves a dismissed notice out of
 * the page (no flash and no layout shift on the next load). The value is the notice's id, so a new
 * notice shows again. The cookie is read once per request, with the others a page reads
 * (shared/request-inputs.ts), and the page cache keys on the result: dismissed or not.
 */
export const NOTICE_COOKIE = 'notice-dismissed';

/** The id of the notice pages show now, or null when none is shown (turned off, or saved without an id). */
export function shownNoticeId(notice: { enabled: boolean; id: string }): string | null {
  return notice.enabled && notice.id ? notice.id : null;
}

/** The Set-Cookie/document.cookie text that remembers `id` for a year. */
export function noticeCookie(id: string): string {
  return `${NOTICE_COOKIE}=${encodeURIComponent(id)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
