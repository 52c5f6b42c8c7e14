// Lead intake under load: 2,000 contact submissions from 50 concurrent clients over loopback HTTP
// against a real server process, then proof that every acknowledged submission is in the database.
// Usage: npm run bench:forms
//   BENCH_TOTAL=2000 BENCH_CONCURRENCY=50          load shape
//   BENCH_DATABASE_URL=postgres://...              run the server on PostgreSQL instead of PGlite
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { openDatabase } from '../db/client.ts';

const root = path.resolve(import.meta.dirname, '..');
const total = Number(process.env.BENCH_TOTAL ?? 2000);
const concurrency = Number(process.env.BENCH_CONCURRENCY ?? 50);
const databaseUrl = process.env.BENCH_DATABASE_URL;
const runId = Date.now().toString(36);

async function freePort(): Promise<number> {
  const srv = createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
  const { port } = srv.address() as import('node:net').AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'bench-forms-'));
const child = spawn('sh', ['-c', 'node scripts/ensure-build.mjs && exec node build/node/index.js'], {
  cwd: root,
  env: {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOG_LEVEL: 'warn',
    FORM_RATE_LIMIT: String(total * 10),
    SEED_DEMO_REPS: 'true',
    DATABASE_URL: databaseUrl ?? '',
    JWT_SECRET: 'bench-jwt-secret-0123456789-abcdefghijklmnopqrstuvwxyz',
    SMTP_URL: '',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
  detached: true,
});

async function waitReady() {
  for (let i = 0; i < 1200; i++) {
    try {
      if ((await fetch(`${base}/readyz`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('server did not become ready in 120 s');
}

function payload(i: number) {
  const n = String(i).padStart(5, '0');
  return {
    name: `Bench Lead ${runId}-${n}`,
    email: `bench+${runId}-${n}@example.com`,
    phone: `+1 (515) 555-${String(i % 10000).padStart(4, '0')}`,
    data: JSON.stringify({ Region: i % 3 === 0 ? 'Canada' : 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
    message: `Load test submission ${n}.`,
    reCaptchaToken: '',
  };
}

const acknowledged = new Map<number, string>();
const latencies: number[] = [];
let rejected = 0;
let errors = 0;
let next = 0;

async function client() {
  while (next < total) {
    const i = next++;
    const body = payload(i);
    const t0 = performance.now();
    try {
      const res = await fetch(`${base}/api/forms/add`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      const reply = (await res.json()) as { success?: boolean; data?: { id: number } };
      latencies.push(performance.now() - t0);
      if (reply.success === true && reply.data) acknowledged.set(reply.data.id, body.email);
      else rejected++;
    } catch {
      errors++;
    }
  }
}

function pct(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

let exitCode = 0;
try {
  await waitReady();
  const t0 = performance.now();
  await Promise.all(Array.from({ length: concurrency }, client));
  const seconds = (performance.now() - t0) / 1000;

  // Stop the server (graceful shutdown) before reading its database: PGlite is single-process.
  process.kill(-child.pid!, 'SIGTERM');
  await new Promise((r) => child.once('exit', r));

  const database = await openDatabase({ url: databaseUrl, dataDir: path.join(dataDir, 'pglite') });
  const rows = (await database.db.execute(
    sql`select id, email from form_submissions where email like ${`bench+${runId}-%`}`,
  )) as unknown as { rows: { id: number; email: string }[] };
  const outbox = (await database.db.execute(
    sql`select status, count(*)::int as n from mail_outbox where form_submission_id in (select id from form_submissions where email like ${`bench+${runId}-%`}) group by status`,
  )) as unknown as { rows: { status: string; n: number }[] };
  await database.close();

  const stored = new Map(rows.rows.map((r) => [Number(r.id), r.email]));
  let lost = 0;
  for (const [id, email] of acknowledged) if (stored.get(id) !== email) lost++;
  const sorted = [...latencies].sort((a, b) => a - b);

  console.log(`engine:        ${databaseUrl ? 'postgres' : 'pglite'}, ${os.cpus().length} CPU cores`);
  console.log(`submissions:   ${total} from ${concurrency} concurrent clients in ${seconds.toFixed(2)} s`);
  console.log(`throughput:    ${(acknowledged.size / seconds).toFixed(0)} acknowledged submissions/s`);
  console.log(`latency:       p50 ${pct(sorted, 50).toFixed(1)} ms, p95 ${pct(sorted, 95).toFixed(1)} ms, max ${sorted.at(-1)?.toFixed(1)} ms`);
  console.log(`acknowledged:  ${acknowledged.size}, rejected ${rejected}, network errors ${errors}`);
  console.log(`stored:        ${stored.size}; notifications ${outbox.rows.map((r) => `${r.status} ${r.n}`).join(', ') || 'none'}`);
  console.log(`lost:          ${lost} (acknowledged but not stored)`);
  if (lost > 0 || acknowledged.size !== total) exitCode = 1;
} catch (err) {
  console.error(err);
  exitCode = 1;
} finally {
  try {
    process.kill(-child.pid!, 'SIGTERM');
  } catch {
    // already stopped
  }
  rmSync(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
