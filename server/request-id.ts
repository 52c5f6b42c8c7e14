import { randomUUID } from 'node:crypto';

/** What an incoming X-Request-Id may be: a plain token, bounded, so a log line cannot be forged or bloated with it. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** The request's id: the proxy's X-Request-Id when it is a plain token, else a new UUID. */
export function requestIdOf(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value !== undefined && REQUEST_ID.test(value) ? value : randomUUID();
}
