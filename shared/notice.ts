/**
 * The brand notice's dismissal, remembered in a cookie so the server leaves a dismissed notice out of
 * the page (no flash and no layout shift on the next load). The value is the notice's id, so a new
 * notice shows again. The page cache keys on this cookie too (server/plugins/page-cache.ts).
 */
export const NOTICE_COOKIE = 'notice-dismissed';

const PATTERN = new RegExp(`(?:^|;\\s*)${NOTICE_COOKIE}=([^;]*)`);

/** The dismissed notice id in a Cookie header, cut to a safe, short token; '' when there is none. */
export function dismissedNoticeId(cookieHeader: string | null | undefined): string {
  const raw = cookieHeader?.match(PATTERN)?.[1] ?? '';
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    value = '';
  }
  return /^[\w.-]{1,64}$/.test(value) ? value : '';
}

/** The Set-Cookie/document.cookie text that remembers `id` for a year. */
export function noticeCookie(id: string): string {
  return `${NOTICE_COOKIE}=${encodeURIComponent(id)}; Path=/; Max-Age=31536000; SameSite=Lax`;
}
