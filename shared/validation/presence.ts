import { z } from 'zod';

export const PRESENCE_MESSAGES = {
  unknownItem: 'This screen does not show who else is editing.',
  badTab: 'The editor sent a malformed tab id.',
} as const;

/** The item an editor edits, as `presenceKey` makes it from the screen's address (shared/presence.ts). */
export const PresenceItemSchema = z
  .string({ error: PRESENCE_MESSAGES.unknownItem })
  .max(200, PRESENCE_MESSAGES.unknownItem)
  .regex(/^\/siteadmin(?:\/[A-Za-z0-9-]+)+$/, PRESENCE_MESSAGES.unknownItem);

/** POST /api/admin/presence/heartbeat and /leave: the item and the browser tab the editor is open in. */
export const PresenceBodySchema = z.object({
  item: PresenceItemSchema,
  tab: z.string({ error: PRESENCE_MESSAGES.badTab }).regex(/^[A-Za-z0-9_-]{8,64}$/, PRESENCE_MESSAGES.badTab),
});
export type PresenceBody = z.infer<typeof PresenceBodySchema>;

/** Who else has the item open, by name (their name, or one made from the email: ADR 052), sorted; never the caller. */
export const PresenceReplySchema = z.object({ others: z.array(z.string().describe("a person's name, as the admin shows it")) });
export type PresenceReply = z.infer<typeof PresenceReplySchema>;
