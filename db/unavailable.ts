/**
 * Whether an error means the database cannot be reached for the moment (ADR 047): a restart, a
 * failover or a network blip, not a bug. Such a request answers 503 with Retry-After, never 500.
 *
 * Drizzle wraps the driver's error (`cause`), so the whole chain is read.
 */

/** Node's socket errors when the server is down, restarting or not routable. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EPIPE', 'EAI_AGAIN', 'ENOTFOUND']);

/**
 * PostgreSQL's SQLSTATEs for "not now": class 08 (connection exception), 57P01-57P03 (the server is
 * shutting down, crashed, or not accepting connections yet), 53300 (too many connections).
 */
function isUnavailableSqlState(code: string): boolean {
  return code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300';
}

/** node-postgres and pg-pool's own words when a connection fails or dies (they carry no code). */
const DRIVER_MESSAGES = [
  'timeout exceeded when trying to connect',
  'connection terminated',
  'connection timeout',
  'client has encountered a connection error',
  'client was closed and is not queryable',
  'cannot use a pool after calling end',
  'query read timeout',
  // the embedded database after it was closed (shutdown, a restore swapping it)
  'pglite is closed',
  // the startup probe and the pool's deadline (db/client.ts)
  'postgresql did not answer',
];

export function isDatabaseUnavailable(err: unknown): boolean {
  const seen = new Set<unknown>();
  let current: unknown = err;
  while (current && typeof current === 'object' && !seen.has(current)) {
    seen.add(current);
    const e = current as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
    if (typeof e.code === 'string' && (SOCKET_CODES.has(e.code) || (/^[0-9A-Z]{5}$/.test(e.code) && isUnavailableSqlState(e.code))))
      return true;
    if (typeof e.message === 'string') {
      const message = e.message.toLowerCase();
      if (DRIVER_MESSAGES.some((m) => message.includes(m))) return true;
    }
    // an AggregateError (a connect to each of several addresses failed)
    if (Array.isArray(e.errors) && e.errors.some((inner) => isDatabaseUnavailable(inner))) return true;
    current = e.cause;
  }
  return false;
}

export { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_MESSAGE } from '#shared/unavailable.ts';
