import { describe, expect, it } from 'vitest';
import { backoffMs, createOutboxRunner, type OutboxHandler, type OutboxRows } from './outbox-runner.ts';

interface Row {
  id: number;
  attempts: number;
  due: number;
  status: 'pending' | 'sent' | 'failed';
  lockedUntil: number;
}

/** An outbox table in memory, with the claim semantics of the SQL one (due, unleased, in id order). */
function memoryRows(count: number) {
  const rows: Row[] = Array.from({ length: count }, (_, i) => ({ id: i + 1, attempts: 0, due: 0, status: 'pending', lockedUntil: 0 }));
  const claims: number[] = [];
  const table: OutboxRows<Row> = {
    async claimDue(now, limit, leaseMs) {
      const due = rows.filter((r) => r.status === 'pending' && r.due <= now.getTime() && r.lockedUntil < now.getTime()).slice(0, limit);
      for (const r of due) {
        r.lockedUntil = now.getTime() + leaseMs;
        r.attempts++;
      }
      claims.push(due.length);
      return due.map((r) => ({ ...r }));
    },
    async renewLeases() {},
    async nextDueAt() {
      const pending = rows.filter((r) => r.status === 'pending');
      return pending.length ? new Date(Math.min(...pending.map((r) => Math.max(r.due, r.lockedUntil)))) : null;
    },
    async releaseLeasesOnce() {
      return 0;
    },
  };
  /** what the services' record functions do to their rows */
  const sent = (done: Row[]) => {
    for (const d of done) rows[d.id - 1]!.status = 'sent';
  };
  const retryIn = (row: Row, ms: number): 'retry' => {
    Object.assign(rows[row.id - 1]!, { due: Date.now() + ms, lockedUntil: 0 });
    return 'retry';
  };
  return { rows, claims, table, sent, retryIn };
}

const silent = { info() {}, error() {} };

/** A runner over `table` with an hour's interval (only kicks and wakes run it) and `handler`'s sends. */
function runnerOver(table: OutboxRows<Row>, batch: { batchSize: number; concurrency: number }, handler: OutboxHandler<Row, null>) {
  return createOutboxRunner<Row, null>({
    name: 'test outbox',
    rows: table,
    ...batch,
    leaseMs: 30_000,
    retryIntervalMs: 3_600_000,
    log: silent,
    handler,
  });
}

describe('the outbox runner', () => {
  it('backs off from the first wait, doubling, capped at one hour', () => {
    expect([1, 2, 3, 8, 20].map((n) => backoffMs(n))).toEqual([30_000, 60_000, 120_000, 3_600_000, 3_600_000]);
    expect([1, 2, 3].map((n) => backoffMs(n, 2000))).toEqual([2000, 4000, 8000]);
  });

  it('drains every due row in parallel batches: a failing delivery neither stops the others nor the drain', async () => {
    const { rows, claims, table, sent, retryIn } = memoryRows(95);
    let inFlight = 0;
    let most = 0;
    const markCalls: number[] = [];
    const runner = runnerOver(
      table,
      { batchSize: 20, concurrency: 4 },
      {
        prepare: async () => null,
        async send(row) {
          inFlight++;
          most = Math.max(most, inFlight);
          await new Promise((r) => setTimeout(r, 2));
          inFlight--;
          // every fifth row fails, as a flaky receiver would
          if (row.id % 5 === 0) throw new Error('HTTP 500');
        },
        async recordSent(done) {
          markCalls.push(done.length);
          // a statement takes a while: rows delivered meanwhile wait for the next one
          await new Promise((r) => setTimeout(r, 5));
          sent(done);
        },
        recordFailure: async (row) => retryIn(row, 60_000),
      },
    );
    runner.kick();
    await runner.idle();
    await runner.stop();
    expect(rows.filter((r) => r.status === 'sent')).toHaveLength(76);
    expect(rows.filter((r) => r.status === 'pending').map((r) => r.id)).toEqual(Array.from({ length: 19 }, (_, i) => (i + 1) * 5));
    // four full batches, then the 15 left: fewer than a batch, so nothing more was due
    expect(claims).toEqual([20, 20, 20, 20, 15]);
    expect(most).toBe(4);
    // delivered rows are marked several per statement
    expect(markCalls.length).toBeLessThan(40);
    expect(markCalls.reduce((a, b) => a + b, 0)).toBe(76);
  });

  it('stops a drain when a whole batch failed (the other side is down), and wakes when the next row falls due', async () => {
    const { rows, claims, table, sent, retryIn } = memoryRows(3);
    let up = false;
    const runner = runnerOver(
      table,
      { batchSize: 3, concurrency: 3 },
      {
        prepare: async () => null,
        async send() {
          if (!up) throw new Error('connection refused');
        },
        recordSent: async (done) => sent(done),
        recordFailure: async (row) => retryIn(row, 150),
      },
    );
    runner.kick();
    await runner.idle();
    expect(claims).toEqual([3]);
    expect(rows.every((r) => r.status === 'pending')).toBe(true);
    up = true;
    // no kick and an hour's interval: only the wake at the rows' due time can send them
    await expect.poll(() => rows.filter((r) => r.status === 'sent').length, { timeout: 3000 }).toBe(3);
    await runner.stop();
  });
});
