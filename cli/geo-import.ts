// `npm run geo:import FILE`: adds US ZIP and Canadian FSA centroids from a GeoNames postal-code
// file (e.g. CA.txt from https://download.geonames.org/export/zip/, CC BY 4.0). With the embedded
// database it refuses while the server runs: PGlite allows one process at a time.
import { readFile } from 'node:fs/promises';
import { loadEnv } from '#config/env.ts';
import { createFinderRepository } from '#domain/finder/finder-repository.ts';
import { createFinderService } from '#domain/finder/finder-service.ts';
import { openDatabase } from '#db/client.ts';
import { announceEverythingChanged } from '#db/content-channel.ts';
import { databaseOptions, lockEmbeddedDatabase } from './startup.ts';

const file = process.argv[2];
if (!file) {
  console.error('Usage: npm run geo:import -- path/to/CA.txt');
  process.exit(1);
}

const env = loadEnv();
const text = await readFile(file, 'utf8');
lockEmbeddedDatabase(env, 'npm run geo:import');
const database = await openDatabase(databaseOptions(env));
try {
  await database.migrate();
  const result = await createFinderService(createFinderRepository(database.db)).importGeoNames(text);
  // finder results read the centroids: a server running on the same PostgreSQL drops its pages
  await announceEverythingChanged(database, 'geo:import');
  console.log(`Imported ${result.us} US ZIP codes and ${result.ca} Canadian postal areas from ${file} (${result.skipped} lines skipped).`);
} finally {
  await database.close();
}
