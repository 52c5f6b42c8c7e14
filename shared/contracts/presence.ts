import { z } from 'zod';
import { PresenceBodySchema, PresenceReplySchema } from '../validation/presence.ts';
import { defineContract } from './contract.ts';

// any signed-in user may call; the service checks the permission of the item's area (403 without it)
const common = { tags: ['admin presence'], security: 'bearer', permission: 'signed-in', body: PresenceBodySchema } as const;

/** Who else has the same item open in an editor ("<name> is also editing this"), shared by every instance through the database. */
export const presenceApi = {
  heartbeat: defineContract({
    ...common,
    method: 'POST',
    path: '/api/admin/presence/heartbeat',
    operationId: 'adminPresenceHeartbeat',
    summary: 'An open editor says it is still open (every 15 s); answers who else has the same item open',
    description:
      'An editor not heard from for 45 seconds counts as gone. The item is the editor’s address up to the item id (/siteadmin/press-releases/edit/12); it needs the permission of that area (403 otherwise), and an address of no editor area is refused with 400.',
    reply: PresenceReplySchema,
  }),
  leave: defineContract({
    ...common,
    method: 'POST',
    path: '/api/admin/presence/leave',
    operationId: 'adminPresenceLeave',
    summary: 'The editor was closed: the others stop seeing this person at once',
    reply: z.null(),
  }),
};
