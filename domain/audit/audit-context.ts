import { AsyncLocalStorage } from 'node:async_hooks';

/** Who is making the current request and from where: what every audit entry records. */
export interface AuditContext {
  actor: { id: number; email: string } | null;
  ip: string | null;
}

const storage = new AsyncLocalStorage<AuditContext>();

/**
 * Runs `fn` (and everything it starts) with a request's context. The server's first onRequest hook
 * opens one per request; the admin scope fills in the actor once the token is verified.
 */
export function runWithAuditContext<T>(context: AuditContext, fn: () => T): T {
  return storage.run(context, fn);
}

/** The current request's context; null outside a request (seed, scheduler, tests calling services). */
export function currentAuditContext(): AuditContext | null {
  return storage.getStore() ?? null;
}
