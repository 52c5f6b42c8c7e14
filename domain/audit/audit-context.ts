import { AsyncLocalStorage } from 'node:async_hooks';

/** Who is making the current request and from where: what every audit entry records. */
export interface AuditContext {
  actor: { id: number; email: string } | null;
  ip: string | null;
  /** the save being made (ADR 052): its entries about its record wait for the fields it changed */
  save?: SaveChanges;
}

/**
 * A save being made (ADR 052): the record (its subject kind and id, as its audit entry names them),
 * and the entries the save records about it, held until the fields it changed are known.
 */
export interface SaveChanges {
  kind: string;
  id: number | string;
  held: unknown[];
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

/**
 * Runs a save with its entries about its record held (audit-service.ts `recordSave`), so they can
 * name the fields it changed. The request's who and where are kept.
 */
export function runWithSaveChanges<T>(save: SaveChanges, fn: () => Promise<T>): Promise<T> {
  const context = currentAuditContext();
  return storage.run({ actor: context?.actor ?? null, ip: context?.ip ?? null, save }, fn);
}
