import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { siteSettings } from '../schema/settings.ts';
import { adminUsers } from '../schema/users.ts';
import { seedCore } from './core.ts';
import { seedKnowledge } from './knowledge.ts';
import { seedLeads } from './leads.ts';
import { seedProductContent } from './products.ts';
import type { SeedContext, SeedResult } from './types.ts';

/**
 * Runs every seed step in order. Each step is idempotent: it inserts only what is missing,
 * so running the seed twice changes nothing, and content edited by administrators is kept.
 * This is `npm run db:seed`; a start runs it only on a new database (seedFirstRun).
 */
const steps: ((db: Db, ctx: SeedContext) => Promise<SeedResult | void>)[] = [seedCore, seedLeads, seedKnowledge, seedProductContent];

export async function seedDatabase(db: Db, ctx: SeedContext): Promise<SeedResult> {
  const result: SeedResult = {};
  for (const step of steps) Object.assign(result, (await step(db, ctx)) ?? {});
  await markFirstRunSeed(db, 'done');
  return result;
}

/**
 * A site_settings row (not part of the public settings schema) recording that the first-run
 * seed happened: 'running' while it runs, so a start that crashed half-way finishes it next time.
 */
export const FIRST_RUN_SEED_KEY = 'system.firstRunSeed';
type Marker = { status: 'running' | 'done'; at: string };

async function markFirstRunSeed(db: Db, status: Marker['status']) {
  const value: Marker = { status, at: new Date().toISOString() };
  await db.insert(siteSettings).values({ key: FIRST_RUN_SEED_KEY, value }).onConflictDoUpdate({ target: siteSettings.key, set: { value } });
}

export async function readFirstRunSeed(db: Db): Promise<Marker | null> {
  const [row] = await db.select({ value: siteSettings.value }).from(siteSettings).where(eq(siteSettings.key, FIRST_RUN_SEED_KEY));
  return (row?.value as Marker | undefined) ?? null;
}

/**
 * The seed a start runs: the full seed into a new database, and nothing afterwards, so pages,
 * redirects, reps and documents an administrator deleted or changed are never re-created.
 * A database from before this rule (it has an administrator but no record) re-seeded at every start,
 * so it gets the idempotent seed one last time: that adds only what is missing (content added to the
 * seed since, such as the legal pages) and records it.
 */
export async function seedFirstRun(db: Db, ctx: SeedContext): Promise<SeedResult & { seeded: boolean }> {
  const marker = await readFirstRunSeed(db);
  if (marker?.status === 'done') return { seeded: false };
  if (!marker) {
    const [admin] = await db.select({ id: adminUsers.id }).from(adminUsers).limit(1);
    if (!admin) await markFirstRunSeed(db, 'running');
  }
  return { ...(await seedDatabase(db, ctx)), seeded: true };
}
