import './zod-browser.ts';
import { z } from 'zod';

/**
 * A saved version of versioned content as every kind's get-versions/{id} answers it (products,
 * pages, landing pages, knowledge items, press releases): the Rollback list of the editors.
 */
export const VERSION_STATUSES = ['draft', 'published', 'scheduled'] as const;
export type VersionStatus = (typeof VERSION_STATUSES)[number];

export const VersionRowSchema = z.object({
  id: z.number(),
  created: z.string().describe('UTC timestamp'),
  publishAt: z.string().nullable().describe('when a scheduled version goes (or went) live; null: live when saved'),
  author: z.string().nullable().describe('who saved it (email); null for seeded content'),
  status: z
    .enum(VERSION_STATUSES)
    .describe(
      "scheduled: its publish time is still to come; the current version: the item's status now; otherwise the status the item was saved with",
    ),
  current: z.boolean().describe("true for the version the site's pointer names: the one the site shows while the item is published"),
});
export type VersionRow = z.infer<typeof VersionRowSchema>;

/** A version's status from what is stored: a future publish time that is not yet live is scheduled. */
export function versionStatus(v: { status: number; publishAt: Date | null; current: boolean }, now = new Date()): VersionStatus {
  if (!v.current && v.publishAt !== null && v.publishAt.getTime() > now.getTime()) return 'scheduled';
  return v.status === 1 ? 'published' : 'draft';
}
