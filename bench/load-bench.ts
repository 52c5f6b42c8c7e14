// Memory and throughput under a mixed public load: 60 s of public traffic at 100
// connections (pages from the sitemap with and without a region cookie, the finder, assets, a
// document) plus 5 contact-form submissions a second, against the compiled server in a child process.
// Prints requests/s, p99, errors, the leads answered, and the server's RSS as an operator's monitor
// sees it: sampled from /proc every second (start, the 20th and the 60th second, after) plus the
// kernel's own high-water mark (VmHWM), which no sampling interval can miss. It fails (exit 1) when
// the peak passes the engine's bar (256 MB on PostgreSQL, 450 MB on the embedded database) or the RSS
// grows by 10% or more between the 20th and the 60th second.
// Usage: npm run bench:load
//   BENCH_SECONDS=60 BENCH_CONNECTIONS=100 BENCH_LEADS_PER_SECOND=5
//   BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:5432/test   a server where it may create (and then drops) a database of its own
//   BENCH_NODE_OPTIONS='--max-old-space-size=320'   the server's Node options: by default what deploy/ sets (NODE_OPTIONS)
import { readFileSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { freePort, waitFor } from '../tests/setup/server-process.ts';
import { benchDatabase, spawnServer } from './lib.ts';

const root = path.resolve(import.meta.dirname, '..');
const seconds = Number(process.env.BENCH_SECONDS ?? 60);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 100);
const leadsPerSecond = Number(process.env.BENCH_LEADS_PER_SECOND ?? 5);
const serverUrl = process.env.BENCH_DATABASE_URL;
const BARS = { rssMb: { postgres: 256, pglite: 450 }, growth: 0.1 };
// the heap cap the deployment kit gives the server (deploy/Dockerfile, deploy/systemd, README)
const nodeOptions = process.env.BENCH_NODE_OPTIONS ?? '--max-old-space-size=320';
const MB = 1024 * 1024;

// PostgreSQL: a database of this run's own, dropped at the end
const benchDb = await benchDatabase(serverUrl, `bench_load_${process.pid}`);
const databaseUrl = benchDb.url;

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-load-'));
const child = spawnServer(root, port, dataDir, {
  PUBLIC_SITE_URL: base,
  FORM_RATE_LIMIT: '1000000',
  DATABASE_URL: databaseUrl ?? '',
  NODE_OPTIONS: nodeOptions,
});

/** Resident memory of the server process (the `node` that `sh` execs into), from /proc. */
function rss(field: 'VmRSS' | 'VmHWM' = 'VmRSS'): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(new RegExp(`${field}:\\s+(\\d+) kB`).exec(status)![1]) * 1024;
}

/** What visitors ask for: every page of the sitemap (US visitors, Canadian visitors, no cookie), the finder, assets, a label. */
async function publicRequests(): Promise<{ method: 'GET'; path: string; headers: Record<string, string> }[]> {
  const sitemap = await (await fetch(`${base}/sitemap.xml`)).text();
  const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname + new URL(m[1]!).search);
  const home = await (await fetch(`${base}/`)).text();
  const assets = [...new Set([...home.matchAll(/(?:href|src)="(\/assets\/[^"]+)"/g)].map((m) => m[1]!))];
  const labels = await (await fetch(`${base}/product-labels`)).text();
  const document = /href="(\/doccenter\/[0-9a-f-]{36})"/.exec(labels)?.[1];
  const paths = [
    ...pages,
    '/reps-retailers?label=Retailers&zip=50010',
    '/reps-retailers?label=Reps&zip=68510',
    '/find-a-rep',
    ...assets,
    ...(document ? [document] : []),
  ];
  const cookies = ['region=2', 'region=3', ''];
  const accept = { 'accept-encoding': 'gzip, deflate, br', accept: 'text/html,*/*' };
  // each path with each cookie, in an order that mixes them
  return paths
    .flatMap((p, i) =>
      cookies.map((c, j) => ({
        order: (i * 7 + j * 13) % (paths.length * 3),
        req: { method: 'GET' as const, path: p, headers: c ? { ...accept, cookie: c } : { ...accept } },
      })),
    )
    .sort((a, b) => a.order - b.order)
    .map((x) => x.req);
}

function lead(i: number) {
  return JSON.stringify({
    name: `Load Bench ${i}`,
    email: `load-bench-${i}@example.com`,
    phone: '+1 (515) 555-0199',
    data: JSON.stringify({ Region: i % 3 === 0 ? 'Canada' : 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
    message: `Load bench lead ${i}.`,
    reCaptchaToken: '',
  });
}

let exitCode = 0;
try {
  await waitFor(`${base}/readyz`, child, 'the server', 180_000);
  const requests = await publicRequests();
  // one pass over every request before measuring: the page cache and the JIT are warm, as in production
  for (const r of requests) await fetch(base + r.path, { headers: r.headers }).then((res) => res.arrayBuffer());
  await new Promise((r) => setTimeout(r, 1000));
  const rssStart = rss();

  const samples: { t: number; rss: number }[] = [];
  const started = Date.now();
  const sampler = setInterval(() => samples.push({ t: (Date.now() - started) / 1000, rss: rss() }), 1000);
  let sent = 0;
  let answered = 0;
  let leadErrors = 0;
  const inFlight = new Set<Promise<void>>();
  const submitter = setInterval(() => {
    const p = fetch(`${base}/api/forms/add`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: lead(sent++) })
      .then(async (res) => {
        const reply = (await res.json()) as { success?: boolean };
        if (reply.success) answered++;
        else leadErrors++;
      })
      .catch(() => {
        leadErrors++;
      })
      .finally(() => inFlight.delete(p));
    inFlight.add(p);
  }, 1000 / leadsPerSecond);

  // a worker thread generates the load, so this thread keeps sampling and submitting on time
  const result = await autocannon({ url: base, connections, duration: seconds, requests, workers: 1 });
  clearInterval(submitter);
  clearInterval(sampler);
  await Promise.all(inFlight);
  await new Promise((r) => setTimeout(r, 3000));
  const rssAfter = rss();

  const at = (s: number) => samples.reduce((best, x) => (Math.abs(x.t - s) < Math.abs(best.t - s) ? x : best), samples[0]!).rss;
  const early = at(Math.min(20, seconds / 3));
  const late = at(seconds);
  // the kernel's high-water mark covers the whole life of the process, start-up included
  const peak = Math.max(rss('VmHWM'), ...samples.map((s) => s.rss));
  const growth = (late - early) / early;
  const errors = result.errors + result.timeouts + result.non2xx;
  const mb = (n: number) => `${(n / MB).toFixed(0)} MB`;

  console.log(
    `engine:        ${databaseUrl ? 'postgres' : 'pglite'}, ${os.cpus().length} CPU cores, Node ${process.version}, server NODE_OPTIONS '${nodeOptions}'`,
  );
  console.log(
    `load:          ${seconds} s at ${connections} connections over ${requests.length} public requests, plus ${leadsPerSecond} contact submissions/s`,
  );
  console.log(`throughput:    ${(result.requests.total / result.duration).toFixed(0)} requests/s (${result.requests.total} requests)`);
  console.log(`latency:       p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, max ${result.latency.max} ms`);
  console.log(`errors:        ${errors} (${result.errors} socket errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx replies)`);
  console.log(`leads:         ${sent} sent, ${answered} answered with success, ${leadErrors} refused or failed`);
  console.log(
    `server RSS:    start ${mb(rssStart)}, ${Math.round(Math.min(20, seconds / 3))} s ${mb(early)}, ${seconds} s ${mb(late)}, peak ${mb(peak)}, after ${mb(rssAfter)}`,
  );
  console.log(
    `RSS growth:    ${(growth * 100).toFixed(1)}% between the ${Math.round(Math.min(20, seconds / 3))}th and the ${seconds}th second`,
  );
  const failures: string[] = [];
  if (errors > 0 || leadErrors > 0 || answered !== sent)
    failures.push(`${errors} request errors, ${leadErrors} lead errors, ${sent - answered} leads not answered`);
  const bar = databaseUrl ? BARS.rssMb.postgres : BARS.rssMb.pglite;
  if (peak > bar * MB) failures.push(`RSS peaked at ${mb(peak)}, bar <= ${bar} MB`);
  if (growth >= BARS.growth) failures.push(`RSS grew ${(growth * 100).toFixed(1)}%, bar < ${BARS.growth * 100}%`);
  if (failures.length > 0) {
    console.log(`FAILED: ${failures.join('; ')}`);
    exitCode = 1;
  } else {
    console.log('all bars met');
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already stopped
  }
  await new Promise((r) => (child.exitCode === null ? child.once('exit', r) : r(null)));
  rmSync(dataDir, { recursive: true, force: true });
  await benchDb.drop();
}
process.exit(exitCode);
