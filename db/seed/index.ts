import type { Db } from '../client.ts';
import { seedCore } from './core.ts';
import { seedKnowledge } from './knowledge.ts';
import { seedLeads } from './leads.ts';
import { seedProductContent } from './products.ts';
import type { SeedContext, SeedResult } from './types.ts';

/**
 * Runs every seed step in order. Each step is idempotent: it inserts only what is missing,
 * so running the seed twice changes nothing, and content edited by administrators is kept.
 */
const steps: ((db: Db, ctx: SeedContext) => Promise<SeedResult | void>)[] = [seedCore, seedLeads, seedKnowledge, seedProductContent];

export async function seedDatabase(db: Db, ctx: SeedContext): Promise<SeedResult> {
  const result: SeedResult = {};
  for (const step of steps) Object.assign(result, (await step(db, ctx)) ?? {});
  return result;
}
