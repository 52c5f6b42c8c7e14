// Lead intake under load: 2,000 contact submissions from 50 concurrent clients over loopback HTTP
// against a real server process, then proof that every acknowledged submission is in the database.
// Usage: npm run bench:forms
//   BENCH_TOTAL=2000 BENCH_CONCURRENCY=50          load shape
//   BENCH_DATABASE_URL=postgres://...              run the server on PostgreSQL instead of PGlite
//   BENCH_BASELINE_DIR=/path/to/another/checkout   also run that checkout's server (built there) and
//                                                  compare, in alternating slices of the same run
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';
import { freePort, waitFor } from '../tests/setup/server-process.ts';
import { spawnServer } from './lib.ts';

const root = path.resolve(import.meta.dirname, '..');
const total = Number(process.env.BENCH_TOTAL ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const runId = Date.now().toString(36);
const baselineDir = process.env.BENCH_BASELINE_DIR;

interface Target {
  name: string;
  base: string;
  dataDir: string;
  child: ChildProcess;
  acknowledged: Map<number, string>;
  latencies: number[];
  rejected: number;
  errors: number;
  seconds: number;
  emailPrefix: string;
}

/** The compiled server of the checkout in `dir` (this one, or a baseline to compare with) on a free port and an empty DATA_DIR. */
async function startServer(name: string, dir: string): Promise<Target> {
  const port = await freePort();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-forms-'));
  const child = spawnServer(dir, port, dataDir, { FORM_RATE_LIMIT: String(total * 10), DATABASE_URL: databaseUrl ?? '' });
  return {
    name,
    base: `http://127.0.0.1:${port}`,
    dataDir,
    child,
    acknowledged: new Map(),
    latencies: [],
    rejected: 0,
    errors: 0,
    seconds: 0,
    emailPrefix: `bench+${runId}-${name}-`,
  };
}

function payload(target: Target, i: number) {
  const n = String(i).padStart(5, '0');
  return {
    name: `Bench Lead ${runId}-${n}`,
    email: `${target.emailPrefix}${n}@example.com`,
    phone: `+1 (515) 555-${String(i % 10000).padStart(4, '0')}`,
    data: JSON.stringify({ Region: i % 3 === 0 ? 'Canada' : 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
    message: `Load test submission ${n}.`,
    reCaptchaToken: '',
  };
}

/** Submissions `from` to `to` (exclusive) to one server from `concurrency` clients. */
async function submit(target: Target, from: number, to: number) {
  let next = from;
  const client = async () => {
    while (next < to) {
      const i = next++;
      const body = payload(target, i);
      const t0 = performance.now();
      try {
        const res = await fetch(`${target.base}/api/forms/add`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        const reply = (await res.json()) as { success?: boolean; data?: { id: number } };
        target.latencies.push(performance.now() - t0);
        if (reply.success === true && reply.data) target.acknowledged.set(reply.data.id, body.email);
        else target.rejected++;
      } catch {
        target.errors++;
      }
    }
  };
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  target.seconds += (performance.now() - t0) / 1000;
}

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

let exitCode = 0;
const targets = [await startServer('this', root)];
if (baselineDir) targets.push(await startServer('baseline', path.resolve(baselineDir)));
try {
  for (const t of targets) await waitFor(`${t.base}/readyz`, t.child, `${t.name} server`);
  if (targets.length === 1) await submit(targets[0]!, 0, total);
  else {
    // Alternating slices, so a machine busy with other work weighs on both alike.
    const slice = Math.max(concurrency, Math.round(total / 10));
    for (let from = 0; from < total; from += slice) for (const t of targets) await submit(t, from, Math.min(total, from + slice));
  }

  console.log(`engine:        ${databaseUrl ? 'postgres' : 'pglite'}, ${os.cpus().length} CPU cores`);
  for (const t of targets) {
    // Stop the server (graceful shutdown) before reading its database: PGlite is single-process.
    process.kill(-t.child.pid!, 'SIGTERM');
    await new Promise((r) => (t.child.exitCode === null ? t.child.once('exit', r) : r(null)));

    const database = await openDatabase({ url: databaseUrl, dataDir: path.join(t.dataDir, 'pglite') });
    const rows = (await database.db.execute(
      sql`select id, email from form_submissions where email like ${`${t.emailPrefix}%`}`,
    )) as unknown as {
      rows: { id: number; email: string }[];
    };
    const outbox = (await database.db.execute(
      sql`select status, count(*)::int as n from mail_outbox where form_submission_id in (select id from form_submissions where email like ${`${t.emailPrefix}%`}) group by status`,
    )) as unknown as { rows: { status: string; n: number }[] };
    await database.close();

    const stored = new Map(rows.rows.map((r) => [Number(r.id), r.email]));
    let lost = 0;
    for (const [id, email] of t.acknowledged) if (stored.get(id) !== email) lost++;
    const sorted = [...t.latencies].sort((a, b) => a - b);
    if (targets.length > 1) console.log(`\n${t.name === 'this' ? 'this checkout' : `baseline (${baselineDir})`}:`);
    console.log(`submissions:   ${total} from ${concurrency} concurrent clients in ${t.seconds.toFixed(2)} s`);
    console.log(`throughput:    ${(t.acknowledged.size / t.seconds).toFixed(0)} acknowledged submissions/s`);
    console.log(
      `latency:       p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`,
    );
    console.log(`acknowledged:  ${t.acknowledged.size}, rejected ${t.rejected}, network errors ${t.errors}`);
    console.log(`stored:        ${stored.size}; notifications ${outbox.rows.map((r) => `${r.status} ${r.n}`).join(', ') || 'none'}`);
    console.log(`lost:          ${lost} (acknowledged but not stored)`);
    if (lost > 0 || t.acknowledged.size !== total) exitCode = 1;
  }
  if (targets.length > 1) {
    const [mine, base] = targets.map((t) => t.acknowledged.size / t.seconds) as [number, number];
    console.log(`\nthis / baseline throughput: ${(mine / base).toFixed(2)} (measured in alternating slices of one run)`);
  }
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  for (const t of targets) {
    try {
      process.kill(-t.child.pid!, 'SIGTERM');
    } catch {
      // already stopped
    }
    rmSync(t.dataDir, { recursive: true, force: true });
  }
}
process.exit(exitCode);
