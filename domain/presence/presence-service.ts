import { DomainError } from '#domain/errors.ts';
import { displayName } from '#shared/people.ts';
import { hasPermission } from '#shared/permissions.ts';
import { PRESENCE_EXPIRY_MS, presencePermission } from '#shared/presence.ts';
import { AUTH_MESSAGES } from '#shared/validation/auth.ts';
import { PRESENCE_MESSAGES } from '#shared/validation/presence.ts';
import type { PresenceRepository } from './presence-repository.ts';

interface Caller {
  id: number;
  roles: readonly number[];
}

/**
 * Who has the same item open in an admin editor. The rows live in the database, the one thing every
 * instance shares, so a heartbeat answered by one instance sees an editor whose heartbeats go to
 * another. An editor not heard from for PRESENCE_EXPIRY_MS has left.
 */
export function createPresenceService(repo: PresenceRepository, { now = () => new Date(), expiryMs = PRESENCE_EXPIRY_MS } = {}) {
  /** The item's area must be an editor area, and the caller must hold its permission: nobody learns who edits what they may not open. */
  function checkItem(caller: Caller, item: string): void {
    const permission = presencePermission(item);
    if (!permission) throw new DomainError(PRESENCE_MESSAGES.unknownItem, 400);
    if (!hasPermission(caller.roles, permission)) throw new DomainError(AUTH_MESSAGES.forbidden, 403);
  }

  return {
    /** This tab has the item open: recorded, stale rows dropped, and the other people with it open answered. */
    async heartbeat(caller: Caller, item: string, tab: string): Promise<{ others: string[] }> {
      checkItem(caller, item);
      const at = now();
      const since = new Date(at.getTime() - expiryMs);
      await repo.touch(caller.id, item, tab, at);
      await repo.prune(since);
      // by name (ADR 052), as the notice says them: "Ana Lopez is also editing this"
      const names = (await repo.othersOn(item, caller.id, since)).map(displayName);
      return { others: names.sort((a, b) => a.localeCompare(b)) };
    },

    /** The editor in this tab was closed. */
    async leave(caller: Caller, item: string, tab: string): Promise<void> {
      checkItem(caller, item);
      await repo.remove(caller.id, item, tab);
    },
  };
}

export type PresenceService = ReturnType<typeof createPresenceService>;
