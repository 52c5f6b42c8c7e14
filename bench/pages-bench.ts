// Rendered-page cache bars: for the home, a product and a knowledge item, requests per
// second at 50 connections for 10 s (autocannon) of
//   cached  the page from the page cache,
//   fresh   the page rendered for every request (a second app instance on the same database with
//           PAGE_CACHE_MB=0, so no request header can bypass the cache in production),
//   bare    a node:http server answering the very same bytes and headers,
// all in one run, with the ratios and p99 latency (cached and bare in alternating 2-second slices, so
// a machine busy with other work weighs on both alike). Then real-world traffic:
//   unknown   the home and a product with a fresh unknown parameter (?ref=<random>) on every request,
//             which is the stored page,
//   miss      a fresh knowledge-center search on every request (a genuine miss: rendered and stored),
//   mixed     100 connections for 20 s over eleven public pages, one request in eleven with a fresh
//             unknown parameter.
// Fails (exit 1) when a bar is missed: cached >= 1.2 x bare, fresh >= 0.08 x bare, cached p99 < 50 ms,
// unknown >= 0.5 x bare, miss >= 0.05 x bare on PostgreSQL (0.025 on the embedded database), mixed p99 < 50 ms
// with no errors.
// Usage: npm run bench:pages   (needs a build: npm run build)
//   BENCH_SECONDS=10  BENCH_CONNECTIONS=50  BENCH_DATABASE_URL=postgres://... (an empty database)
//   BENCH_WITHOUT=fresh-render   also measures, side by side with the app as it is, a second fresh instance
//     without the fresh-render path (ADR 016: React Router's document handler and its <ServerRouter>, no kept
//     header and footer), in interleaved slices; prints the median pages/s of each and their ratio.
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';

// React picks its production build when first loaded, so set this before importing the app.
process.env.NODE_ENV ??= 'production';

const { openDatabase } = await import('../db/client.ts');
const { seedDatabase } = await import('../seed/index.ts');
const { listenInProcess } = await import('./lib.ts');
const without = new Set(
  (process.env.BENCH_WITHOUT ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean),
);
for (const piece of without) if (piece !== 'fresh-render') throw new Error(`BENCH_WITHOUT: unknown piece ${piece}`);

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 50);
// A new search on the embedded database: 0.033 x bare with the hand-encoded PGlite statement, which
// measured 1.3x on that path and was removed (ADR 016, "Figures, third round"); the bar is that less the gain.
const MISS_BAR = process.env.BENCH_DATABASE_URL ? 0.05 : 0.025;
// the figures the page bars had reached when the kind registry was built (ADR 016): they may not fall
const BARS = { cached: 1.2, fresh: 0.08, cachedP99Ms: 50, unknown: 0.5, miss: MISS_BAR, mixedP99Ms: 50 };
// what a browser sends: the region cookie of a US visitor, brotli accepted
const HEADERS = { 'accept-encoding': 'gzip, deflate, br', cookie: 'region=2', accept: 'text/html' };

const tmp = mkdtempSync(path.join(os.tmpdir(), 'bench-pages-'));
const database = await openDatabase({ url: process.env.BENCH_DATABASE_URL });
await database.migrate();
await seedDatabase(database.db, { adminEmail: 'admin@example.com', adminPassword: 'bench-password-123', dataDir: tmp, demoReps: true });

const cached = await listenInProcess(database, tmp, '64');
const fresh = await listenInProcess(database, tmp, '0');
const freshWithout = without.has('fresh-render') ? await listenInProcess(database, tmp, '0', undefined, { staticRender: false }) : null;
if (freshWithout) await renderThroughServerRouter(freshWithout.app.services);
/**
 * The app's entry, for requests of `services`' instance, renders content templates as React Router's own
 * `<ServerRouter>` does (its loader-data stream left out, so the bytes stay the same) and keeps no header
 * or footer: with `staticRender: false`, that instance runs without any of the fresh-render path.
 */
async function renderThroughServerRouter(services: object) {
  const { pathToFileURL } = await import('node:url');
  const { createElement } = await import('react');
  const { renderToString } = await import('react-dom/server');
  const { ServerRouter } = await import('react-router');
  const { hydratesFrom } = await import('../app/lib/hydration.ts');
  type ServerBuild = import('react-router').ServerBuild;
  type EntryContext = import('react-router').EntryContext;
  const build = (await import(pathToFileURL(path.join(process.cwd(), 'build/server/index.js')).href)) as ServerBuild;
  const entry = build.entry.module;
  build.entry.module = {
    ...entry,
    default(request: Request, status: number, headers: Headers, context: EntryContext, load: import('react-router').AppLoadContext) {
      const hydrates = hydratesFrom(context.staticHandlerContext.matches.map((m) => context.routeModules[m.route.id]));
      if (load.services !== services || hydrates || request.method === 'HEAD')
        return entry.default(request, status, headers, context, load);
      headers.set('Content-Type', 'text/html; charset=utf-8');
      if (!headers.has('Cache-Control')) headers.set('Cache-Control', 'private, no-cache');
      const html = renderToString(
        createElement(ServerRouter, { context: { ...context, serverHandoffStream: undefined }, url: request.url, nonce: load.nonce }),
      );
      return new Response(html.startsWith('<!DOCTYPE') ? html : `<!DOCTYPE html>${html}`, { status, headers });
    },
  } as ServerBuild['entry']['module'];
}

interface Figures {
  rps: number;
  p99: number;
  errors: number;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** `[<id>]` in a URL or path becomes a new random value on every request (autocannon's idReplacement). */
async function load(
  url: string,
  duration: number,
  opts: { connections?: number; requests?: { path: string }[] } = {},
): Promise<{ requests: number; duration: number; p99: number; errors: number }> {
  const result = await autocannon({
    url,
    connections: opts.connections ?? connections,
    duration,
    headers: HEADERS,
    workers: 1,
    idReplacement: true,
    requests: opts.requests,
  });
  // renders still queued when the load stops would otherwise eat into the next measurement
  await pause(url.startsWith(fresh.base) || (freshWithout && url.startsWith(freshWithout.base)) ? 3000 : 300);
  return {
    requests: result.requests.total,
    duration: result.duration,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
  };
}

/**
 * The machine may be shared: the cached page and the bare server are measured in alternating
 * 2-second slices (ratios taken under the same load), the p99 is the worst slice's.
 */
async function alternate(urls: string[]): Promise<Figures[]> {
  const slices = Math.max(1, Math.round(seconds / 2));
  const totals = urls.map(() => ({ requests: 0, duration: 0, p99: 0, errors: 0 }));
  for (let i = 0; i < slices; i++) {
    for (const [j, url] of urls.entries()) {
      const r = await load(url, seconds / slices);
      const t = totals[j]!;
      t.requests += r.requests;
      t.duration += r.duration;
      t.p99 = Math.max(t.p99, r.p99);
      t.errors += r.errors;
    }
  }
  return totals.map((t) => ({ rps: t.requests / t.duration, p99: t.p99, errors: t.errors }));
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
};

/** Requests per second of each URL in `slices` interleaved slices of `sliceSeconds`: the median slice's, and errors. */
async function interleaved(urls: string[], slices: number, sliceSeconds: number): Promise<{ median: number; errors: number }[]> {
  const perSlice = urls.map(() => [] as number[]);
  const errors = urls.map(() => 0);
  for (let i = 0; i < slices; i++) {
    // the order turns each slice, so neither side always runs right after a render backlog
    for (let k = 0; k < urls.length; k++) {
      const j = (i + k) % urls.length;
      const r = await load(urls[j]!, sliceSeconds);
      perSlice[j]!.push(r.requests / r.duration);
      errors[j]! += r.errors;
    }
  }
  return perSlice.map((rps, j) => ({ median: median(rps), errors: errors[j]! }));
}

async function single(url: string): Promise<Figures> {
  const r = await load(url, seconds);
  return { rps: r.requests / r.duration, p99: r.p99, errors: r.errors };
}

const pages = [
  { name: 'home', path: '/' },
  { name: 'product', path: '/agrotain' },
  { name: 'knowledge item', path: '/knowledge-center/keep-surface-applied-urea-in-the-field' },
];

const rows: { name: string; cached: Figures; fresh: Figures; bare: Figures }[] = [];
type Median = { median: number; errors: number };
const pieceRows: { piece: string; name: string; with: Median; without: Median; bare: Median }[] = [];
for (const page of pages) {
  // the reply a browser gets from the cache: the bare server sends exactly these bytes and headers
  await fetch(cached.base + page.path, { headers: HEADERS }).then((r) => r.arrayBuffer());
  const sample = await new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(cached.base + page.path, { headers: HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
  if (sample.status !== 200 || sample.headers['x-page-cache'] !== 'hit')
    throw new Error(`${page.path}: expected a cached 200, got ${sample.status} ${String(sample.headers['x-page-cache'])}`);
  const headers = { ...sample.headers };
  delete headers.date;
  delete headers.connection;
  delete headers['keep-alive'];
  const bare = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(sample.body);
  });
  await new Promise<void>((resolve) => bare.listen(0, '127.0.0.1', resolve));
  const bareUrl = `http://127.0.0.1:${(bare.address() as AddressInfo).port}${page.path}`;

  await load(fresh.base + page.path, 2); // warm the render path (JIT, service caches)
  const [cachedFigures, bareFigures] = await alternate([cached.base + page.path, bareUrl]);
  const row = { name: page.name, cached: cachedFigures!, bare: bareFigures!, fresh: await single(fresh.base + page.path) };
  rows.push(row);
  if (freshWithout) {
    const withoutNonces = (html: string) => html.replace(/ nonce="[^"]*"/g, '');
    const [a, b] = await Promise.all(
      [fresh.base, freshWithout.base].map((base) => fetch(base + page.path, { headers: { accept: 'text/html' } }).then((r) => r.text())),
    );
    if (withoutNonces(a!) !== withoutNonces(b!))
      throw new Error(`${page.path}: the fresh-render path and React Router render different HTML`);
    await load(freshWithout.base + page.path, 2);
    const [w, wo, b2] = await interleaved([fresh.base + page.path, freshWithout.base + page.path, bareUrl], 5, 2);
    pieceRows.push({ piece: 'fresh-render', name: page.name, with: w!, without: wo!, bare: b2! });
  }
  await new Promise<void>((resolve) => bare.close(() => resolve()));
  console.log(`${page.name}: measured (${sample.body.length} bytes ${String(sample.headers['content-encoding'] ?? 'identity')})`);
}

/** A bare node:http server sending the bytes and headers the cached instance sends for `pagePath`. */
async function bareServerFor(pagePath: string): Promise<{ url: string; bytes: number; close(): Promise<void> }> {
  await fetch(cached.base + pagePath, { headers: HEADERS }).then((r) => r.arrayBuffer());
  const sample = await new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(cached.base + pagePath, { headers: HEADERS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
  const headers = { ...sample.headers };
  for (const name of ['date', 'connection', 'keep-alive']) delete headers[name];
  const server = http.createServer((_req, res) => {
    res.writeHead(200, headers);
    res.end(sample.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}${pagePath}`,
    bytes: sample.body.length,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

// Real-world traffic: each measured beside a bare server sending what the visitor gets.
const traffic: { name: string; load: Figures; bare: Figures; bar: number }[] = [];
for (const t of [
  { name: 'home ?ref=<new>', path: '/', fresh: '/?ref=[<id>]', bar: BARS.unknown },
  { name: 'product ?ref=<new>', path: '/agrotain', fresh: '/agrotain?ref=[<id>]&utm_source=mail', bar: BARS.unknown },
  { name: 'new search (miss)', path: '/knowledge-center?q=nitrogen', fresh: '/knowledge-center?q=nitrogen+[<id>]', bar: BARS.miss },
]) {
  const bare = await bareServerFor(t.path);
  await load(cached.base + t.fresh, 1); // warm the path
  const [figures, bareFigures] = await alternate([cached.base + t.fresh, bare.url]);
  traffic.push({ name: t.name, load: figures!, bare: bareFigures!, bar: t.bar });
  await bare.close();
  console.log(`${t.name}: measured (${bare.bytes} bytes)`);
}

const MIXED = [
  '/',
  '/home-ca',
  '/agrotain',
  '/anvol',
  '/wolf-trax-ca',
  '/about',
  '/knowledge-center',
  '/knowledge-center/keep-surface-applied-urea-in-the-field',
  '/press-releases',
  '/product-labels',
  '/find-a-rep',
];
const mixedSeconds = Number(process.env.BENCH_MIXED_SECONDS ?? 20);
for (const p of MIXED) await fetch(cached.base + p, { headers: HEADERS }).then((r) => r.arrayBuffer());
// eleven requests in turn on each connection, the last with a fresh unknown parameter
const mixedRun = await load(cached.base, mixedSeconds, {
  connections: 100,
  requests: [...MIXED.slice(0, 10), `${MIXED[10]}?ref=[<id>]`].map((path) => ({ path })),
});
const mixed: Figures = { rps: mixedRun.requests / mixedRun.duration, p99: mixedRun.p99, errors: mixedRun.errors };
console.log(`mixed public traffic: measured`);

const failures: string[] = [];
console.log(`\nrequests per second, ${connections} connections, ${seconds} s each (${os.cpus().length} CPUs, database ${database.engine})`);
console.log(
  `${'page'.padEnd(16)}${'cached'.padStart(9)}${'fresh'.padStart(9)}${'bare'.padStart(9)}${'cached/bare'.padStart(13)}${'fresh/bare'.padStart(12)}${'p99 cached'.padStart(12)}${'p99 fresh'.padStart(11)}${'p99 bare'.padStart(10)}`,
);
for (const r of rows) {
  const cachedRatio = r.cached.rps / r.bare.rps;
  const freshRatio = r.fresh.rps / r.bare.rps;
  console.log(
    `${r.name.padEnd(16)}${r.cached.rps.toFixed(0).padStart(9)}${r.fresh.rps.toFixed(0).padStart(9)}${r.bare.rps.toFixed(0).padStart(9)}` +
      `${cachedRatio.toFixed(2).padStart(13)}${freshRatio.toFixed(3).padStart(12)}${`${r.cached.p99} ms`.padStart(12)}${`${r.fresh.p99} ms`.padStart(11)}${`${r.bare.p99} ms`.padStart(10)}`,
  );
  if (cachedRatio < BARS.cached) failures.push(`${r.name}: cached ${cachedRatio.toFixed(2)} x bare, bar ${BARS.cached}`);
  if (freshRatio < BARS.fresh) failures.push(`${r.name}: fresh ${freshRatio.toFixed(3)} x bare, bar ${BARS.fresh}`);
  if (r.cached.p99 >= BARS.cachedP99Ms) failures.push(`${r.name}: cached p99 ${r.cached.p99} ms, bar < ${BARS.cachedP99Ms} ms`);
  for (const [kind, f] of Object.entries({ cached: r.cached, fresh: r.fresh, bare: r.bare })) {
    if (f.errors > 0) failures.push(`${r.name}: ${f.errors} errors, timeouts or non-2xx replies (${kind})`);
  }
}

console.log(`\nreal-world traffic, ${connections} connections, ${seconds} s each, beside a bare server sending the same bytes`);
console.log(
  `${'request'.padEnd(22)}${'site'.padStart(9)}${'bare'.padStart(9)}${'site/bare'.padStart(11)}${'bar'.padStart(7)}${'p99 site'.padStart(10)}${'p99 bare'.padStart(10)}`,
);
for (const r of traffic) {
  const ratio = r.load.rps / r.bare.rps;
  console.log(
    `${r.name.padEnd(22)}${r.load.rps.toFixed(0).padStart(9)}${r.bare.rps.toFixed(0).padStart(9)}${ratio.toFixed(3).padStart(11)}${String(r.bar).padStart(7)}${`${r.load.p99} ms`.padStart(10)}${`${r.bare.p99} ms`.padStart(10)}`,
  );
  if (ratio < r.bar) failures.push(`${r.name}: ${ratio.toFixed(3)} x bare, bar ${r.bar}`);
  if (r.load.errors > 0) failures.push(`${r.name}: ${r.load.errors} errors, timeouts or non-2xx replies`);
}
if (pieceRows.length) {
  console.log(`\nwith and without a piece, fresh renders, median of 5 interleaved 2-second slices, pages/s`);
  console.log(
    `${'piece'.padEnd(14)}${'page'.padEnd(16)}${'with'.padStart(8)}${'without'.padStart(9)}${'bare'.padStart(8)}${'with/bare'.padStart(11)}${'without/bare'.padStart(14)}${'gain'.padStart(7)}`,
  );
  for (const r of pieceRows) {
    console.log(
      `${r.piece.padEnd(14)}${r.name.padEnd(16)}${r.with.median.toFixed(0).padStart(8)}${r.without.median.toFixed(0).padStart(9)}${r.bare.median.toFixed(0).padStart(8)}` +
        `${(r.with.median / r.bare.median).toFixed(3).padStart(11)}${(r.without.median / r.bare.median).toFixed(3).padStart(14)}${(r.with.median / r.without.median).toFixed(2).padStart(6)}x`,
    );
    if (r.with.errors || r.without.errors) failures.push(`${r.piece} ${r.name}: errors with or without the piece`);
  }
}
console.log(
  `\nmixed public traffic (${MIXED.length} pages, 1 in ${MIXED.length} with a fresh unknown parameter), 100 connections, ${mixedSeconds} s: ${mixed.rps.toFixed(0)} requests/s, p99 ${mixed.p99} ms, ${mixed.errors} errors (bar: p99 < ${BARS.mixedP99Ms} ms, no errors)`,
);
if (mixed.p99 >= BARS.mixedP99Ms) failures.push(`mixed traffic: p99 ${mixed.p99} ms, bar < ${BARS.mixedP99Ms} ms`);
if (mixed.errors > 0) failures.push(`mixed traffic: ${mixed.errors} errors, timeouts or non-2xx replies`);

await cached.app.close();
await fresh.app.close();
await freshWithout?.app.close();
await database.close();
rmSync(tmp, { recursive: true, force: true });

if (failures.length) {
  console.log(`\nbars missed:\n  ${failures.join('\n  ')}`);
  process.exit(1);
}
console.log(
  `\nall bars met (cached >= ${BARS.cached} x bare, fresh >= ${BARS.fresh} x bare, cached p99 < ${BARS.cachedP99Ms} ms, unknown parameter >= ${BARS.unknown} x bare, new search >= ${BARS.miss} x bare, mixed p99 < ${BARS.mixedP99Ms} ms)`,
);
