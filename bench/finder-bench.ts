// Finder latency: a retailer search (50-mile radius) for every US ZIP code against 10,000 retailers,
// through the same service the page and the API use. Prints median and p95.
// Usage: npm run bench:finder
//   BENCH_RETAILERS=10000   retailers spread over ZIP centroids at random (fixed seed)
//   BENCH_ZIPS=0            limit the number of ZIPs searched (0 = all)
//   BENCH_DATABASE_URL=postgres://...   an empty PostgreSQL database instead of in-memory PGlite
import os from 'node:os';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { seedDatabase } from '../seed/index.ts';
import { createFinderRepository, type RetailerInsert } from '../domain/finder/finder-repository.ts';
import { createFinderService } from '../domain/finder/finder-service.ts';

const retailerCount = Number(process.env.BENCH_RETAILERS ?? 10_000);
const zipLimit = Number(process.env.BENCH_ZIPS ?? 0);
const databaseUrl = process.env.BENCH_DATABASE_URL;

// a small deterministic generator, so every run measures the same data
let state = 20_261_101;
function random() {
  state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
  return state / 2 ** 31;
}

const database = await openDatabase({ url: databaseUrl });
await database.migrate();
await seedDatabase(database.db, { adminEmail: 'admin@example.com', dataDir: '.tmp/bench-finder', demoReps: true }, { only: ['leads'] });
const repo = createFinderRepository(database.db);
const finder = createFinderService(repo);

const zips = (
  (await database.db.execute(
    sql`select code, latitude, longitude, admin_code from postal_codes where country = 'US' order by code`,
  )) as unknown as {
    rows: { code: string; latitude: number; longitude: number; admin_code: string }[];
  }
).rows;

const existing = (await repo.countRepsAndRetailers()).retailers;
const extra: RetailerInsert[] = [];
for (let i = existing; i < retailerCount; i++) {
  const z = zips[Math.floor(random() * zips.length)]!;
  extra.push({
    name: `Bench Retailer ${i}`,
    address: '1 Bench Rd',
    city: 'Bench',
    state: z.admin_code,
    postalCode: z.code,
    country: 'US',
    latitude: Number(z.latitude) + (random() - 0.5) * 0.2,
    longitude: Number(z.longitude) + (random() - 0.5) * 0.2,
    phone: '',
    website: null,
    products: ['ANVOL'],
  });
}
await repo.insertRetailers(extra);
await database.db.execute(sql`analyze retailers`);
const total = (await repo.countRepsAndRetailers()).retailers;

const targets = zipLimit > 0 ? zips.slice(0, zipLimit) : zips;
// warm up caches and the query plan
for (const z of targets.slice(0, 200)) await finder.search({ label: 'Retailers', zip: z.code, radius: 50 });

const latencies: number[] = [];
let results = 0;
let widened = 0;
const t0 = performance.now();
for (const z of targets) {
  const s = performance.now();
  const r = await finder.search({ label: 'Retailers', zip: z.code, radius: 50 });
  latencies.push(performance.now() - s);
  if (r.kind === 'retailers') {
    results += r.results.length;
    if (r.widened) widened++;
  }
}
const seconds = (performance.now() - t0) / 1000;
await database.close();

const sorted = [...latencies].sort((a, b) => a - b);
const pct = (p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
console.log(`engine:     ${databaseUrl ? 'postgres' : 'pglite (in memory)'}, ${os.cpus().length} CPU cores`);
console.log(`data:       ${total} retailers, ${zips.length} US ZIP centroids`);
console.log(
  `searches:   ${targets.length} (every US ZIP, 50-mile radius) in ${seconds.toFixed(1)} s, ${(targets.length / seconds).toFixed(0)} per second`,
);
console.log(
  `latency:    median ${pct(50).toFixed(2)} ms, p95 ${pct(95).toFixed(2)} ms, p99 ${pct(99).toFixed(2)} ms, max ${sorted.at(-1)!.toFixed(1)} ms`,
);
console.log(
  `results:    ${(results / targets.length).toFixed(1)} retailers per search on average; ${widened} searches widened to the nearest few`,
);
