// Knowledge-center and page-rendering figures on a throwaway database with 10,000 knowledge items:
//  - filter latency (POST /api/knowledge-center/filter over HTTP, varied bodies): median and p95
//  - pages per second for a knowledge item page and a product page, rendered afresh for every request
//    (the page cache off; PAGE_CACHE_MB=64 measures cached pages instead), side by side
//    with the very same HTML served as a static file by the same Fastify instance (the ratio is the figure)
//  - database queries per server-rendered knowledge-center list request
// Usage: npm run bench:content   (needs a build: npm run build)
//   BENCH_ITEMS=10000  BENCH_SECONDS=5  BENCH_CONCURRENCY=8  BENCH_FILTERS=400
//   BENCH_DATABASE_URL=postgres://...   an empty PostgreSQL database instead of in-memory PGlite
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

// React picks its production build when first loaded, so set this before importing the app.
process.env.NODE_ENV ??= 'production';

const { openDatabase } = await import('../db/client.ts');
const { seedDatabase } = await import('../seed/index.ts');
const { listenInProcess } = await import('./lib.ts');
const { createKnowledgeRepository } = await import('../domain/content/content-repository.ts');
const { createKnowledgeService } = await import('../domain/content/content-service.ts');
type NewContentItem = import('../domain/content/content-repository.ts').NewContentItem;

const itemCount = Number(process.env.BENCH_ITEMS ?? 10_000);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 8);
const filterRuns = Number(process.env.BENCH_FILTERS ?? 400);

let state = 20_261_122;
function random() {
  state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
  return state / 2 ** 31;
}
const pick = <T>(list: readonly T[]) => list[Math.floor(random() * list.length)]!;

const WORDS = [
  'nitrogen',
  'urea',
  'zinc',
  'boron',
  'canola',
  'wheat',
  'corn',
  'soybean',
  'sulphur',
  'volatilization',
  'side-dress',
  'stabilizer',
  'seed',
  'yield',
  'soil',
  'residue',
  'manganese',
  'timing',
];
function sentence(n: number) {
  return Array.from({ length: n }, () => pick(WORDS)).join(' ');
}

const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-content-'));
const queries: string[] = [];
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL, onQuery: (q) => queries.push(q) });
const t0 = performance.now();
await database.migrate();
await seedDatabase(database.db, { adminEmail: 'admin@example.com', adminPassword: 'bench-password-123', dataDir: tmp, demoReps: true });

const knowledge = createKnowledgeService(createKnowledgeRepository(database.db), { siteUrl: '' });
const existing = (await knowledge.filter({ start: 0, length: 1 })).total;
const items: NewContentItem[] = [];
for (let i = existing; i < itemCount; i++) {
  const category = pick([38, 39, 40] as const);
  items.push({
    type: category === 38 ? 2 : category === 40 ? 1 : 0,
    category,
    pinned: random() < 0.01,
    slug: `bench-${i}`,
    regionId: random() < 0.7 ? 2 : 3,
    version: {
      title: `${sentence(5)} ${i}`,
      metadata: { title: sentence(4), desc: sentence(24) },
      heroMedia: { previewsrc: '/images/knowledge/zinc-corn.svg', altText: 'A green corn leaf', width: 1200, height: 675 },
      modules: [
        {
          type: 2,
          content: `<h2>${sentence(4)}</h2>${Array.from({ length: 6 }, () => `<p>${sentence(40)} <a href="https://example.org/">source</a></p>`).join('')}`,
        },
        { type: 3, items: [{ headline: '+6 bu/A', shortDescription: `${sentence(6)}\n${sentence(6)}` }] },
      ],
      publishDate: new Date(Date.UTC(2015 + Math.floor(random() * 11), Math.floor(random() * 12), 1 + Math.floor(random() * 28))),
    },
  });
}
await knowledge.createMany(items);
const total = (await knowledge.filter({ start: 0, length: 1 })).total;
console.log(`database: ${database.engine}, ${total} published knowledge items, ready in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const staticDir = path.join(tmp, 'static');
mkdirSync(staticDir);
// The rendered-page cache is off (PAGE_CACHE_MB=0): "rendered" is a fresh server render per request
// (loaders, React, compression), the figure ADR 016 sets out to improve; the service caches stay on.
const { app, base } = await listenInProcess(database, tmp, process.env.PAGE_CACHE_MB ?? '0', (instance) => {
  // the same HTML as a file, through @fastify/static's sendFile on this same instance
  instance.get<{ Params: { name: string } }>('/__bench/static/:name', { schema: { hide: true } }, (request, reply) =>
    reply.type('text/html; charset=utf-8').sendFile(request.params.name, staticDir),
  );
});

async function get(url: string): Promise<string> {
  const res = await fetch(base + url, { headers: { 'accept-encoding': 'gzip' } });
  const body = await res.text();
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  return body;
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

// filter latency
const bodies = [
  {},
  { category: 39 },
  { category: 40, type: 1 },
  { type: 2, region: 3 },
  { region: 2, searchText: 'zinc' },
  { searchText: 'volatilization canola' },
  { region: 3, start: 36, length: 12 },
  { start: 4000, length: 12 },
  { category: 38, searchText: 'nitrogen', region: 2 },
];
for (const b of bodies)
  await fetch(`${base}/api/knowledge-center/filter`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(b),
  });
const latencies: number[] = [];
for (let i = 0; i < filterRuns; i++) {
  const body = JSON.stringify(bodies[i % bodies.length]);
  const s = performance.now();
  const res = await fetch(`${base}/api/knowledge-center/filter`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
  await res.arrayBuffer();
  latencies.push(performance.now() - s);
  if (res.status !== 200) throw new Error(`filter answered ${res.status}`);
}
latencies.sort((a, b) => a - b);

// queries per server-rendered list request (warm)
await get('/knowledge-center');
queries.length = 0;
const listHtml = await get('/knowledge-center?page=112'); // a window of MAX_LIST_ITEMS (1,000) cards
const listQueries = queries.length;
const listCards = (listHtml.match(/class="resource-card"/g) ?? []).length;

// throughput
async function pagesPerSecond(url: string): Promise<number> {
  const until = async (ms: number) => {
    const end = performance.now() + ms;
    let done = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (performance.now() < end) {
          const res = await fetch(base + url, { headers: { 'accept-encoding': 'gzip' } });
          await res.arrayBuffer();
          if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
          done++;
        }
      }),
    );
    return done;
  };
  await until(1000);
  const s = performance.now();
  const done = await until(seconds * 1000);
  return done / ((performance.now() - s) / 1000);
}

const pages = [
  { name: 'knowledge item', url: '/knowledge-center/keep-surface-applied-urea-in-the-field', file: 'knowledge.html' },
  { name: 'product page', url: '/agrotain', file: 'product.html' },
];
const rows: string[] = [];
for (const p of pages) {
  writeFileSync(path.join(staticDir, p.file), await get(p.url), { flag: 'w' });
  const ssr = await pagesPerSecond(p.url);
  const file = await pagesPerSecond(`/__bench/static/${p.file}`);
  rows.push(`${p.name.padEnd(16)} ${ssr.toFixed(0).padStart(8)} ${file.toFixed(0).padStart(10)} ${(ssr / file).toFixed(2).padStart(8)}`);
}

console.log(
  `\nfilter latency over HTTP (${filterRuns} requests, ${bodies.length} body shapes): median ${percentile(latencies, 50).toFixed(1)} ms, p95 ${percentile(latencies, 95).toFixed(1)} ms`,
);
console.log(`server-rendered list of ${listCards} cards: ${listQueries} database ${listQueries === 1 ? 'query' : 'queries'}, one request`);
console.log(`\npages per second (concurrency ${concurrency}, ${seconds} s each, ${os.cpus().length} CPUs)`);
console.log(`${'page'.padEnd(16)} ${'rendered'.padStart(8)} ${'static file'.padStart(10)} ${'ratio'.padStart(8)}`);
for (const r of rows) console.log(r);

await app.close();
await database.close();
rmSync(tmp, { recursive: true, force: true });
