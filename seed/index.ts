import type { Db } from '#db/client.ts';
import { seedCore } from './core.ts';
import { seedKnowledge } from './knowledge.ts';
import { seedLeads } from './leads.ts';
import { seedProductContent } from './products.ts';
import { createSettingsRepository } from '#domain/settings/settings-repository.ts';
import { createBaseDataRepository } from './base-data-repository.ts';
import { createSeedServices, type SeedServices } from './services.ts';
import type { SeedContext, SeedOptions, SeedResult, SeedStep } from './types.ts';

export type { SeedContext, SeedOptions, SeedResult, SeedStep } from './types.ts';

/**
 * The steps in order. Each is idempotent: it adds only what is missing, so running the seed twice
 * changes nothing, and content edited by administrators is kept.
 */
const STEPS: Record<SeedStep, (s: SeedServices, ctx: SeedContext) => Promise<SeedResult | void>> = {
  core: seedCore,
  leads: seedLeads,
  knowledge: seedKnowledge,
  products: seedProductContent,
};

/**
 * The one way to seed: the first start (`firstRun`), `npm run db:seed` and `db:reset`, the test
 * database image and the benches all call this.
 *  - By default every step runs (what `npm run db:seed` does) and the first-run record is written.
 *  - `firstRun: true` is what a start runs: the full seed into a new database, and nothing afterwards,
 *    so pages, redirects, reps and documents an administrator deleted or changed are never re-created.
 *    A database from before this rule (it has an administrator but no record) re-seeded at every start,
 *    so it gets the idempotent seed one last time: that adds only what is missing and records it.
 *  - `only` runs just the named steps (a bench that needs only the finder data); the record is left alone.
 */
export async function seedDatabase(db: Db, ctx: SeedContext, options: SeedOptions = {}): Promise<SeedResult & { seeded: boolean }> {
  const base = createBaseDataRepository(db);
  if (options.firstRun) {
    const marker = await readFirstRunSeed(db);
    if (marker?.status === 'done') return { seeded: false };
    if (!marker && !(await base.hasAdministrator())) await markFirstRunSeed(db, 'running');
  }
  const services = createSeedServices(db, ctx);
  const result: SeedResult = {};
  const steps = options.only ?? (Object.keys(STEPS) as SeedStep[]);
  for (const step of steps) Object.assign(result, (await STEPS[step](services, ctx)) ?? {});
  if (!options.only) await markFirstRunSeed(db, 'done');
  return { ...result, seeded: true };
}

/**
 * A site_settings row (not part of the public settings schema) recording that the first-run
 * seed happened: 'running' while it runs, so a start that crashed half-way finishes it next time.
 */
export const FIRST_RUN_SEED_KEY = 'system.firstRunSeed';
type Marker = { status: 'running' | 'done'; at: string };

async function markFirstRunSeed(db: Db, status: Marker['status']) {
  const value: Marker = { status, at: new Date().toISOString() };
  await createSettingsRepository(db).upsert(FIRST_RUN_SEED_KEY, value);
}

export async function readFirstRunSeed(db: Db): Promise<Marker | null> {
  const row = (await createSettingsRepository(db).all()).find((r) => r.key === FIRST_RUN_SEED_KEY);
  return (row?.value as Marker | undefined) ?? null;
}
