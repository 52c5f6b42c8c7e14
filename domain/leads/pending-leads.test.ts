import { mkdtempSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createPendingLeads, PendingLeadsUnavailableError, type PendingLead } from './pending-leads.ts';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
const roots: string[] = [];
afterEach(() => {
  for (const r of roots.splice(0)) rmSync(r, { recursive: true, force: true });
});
function folder() {
  const root = mkdtempSync(path.join(os.tmpdir(), 'pending-leads-'));
  roots.push(root);
  return path.join(root, 'pending-leads');
}

function entry(i: number, arrived = new Date(Date.UTC(2026, 10, 28, 12, 0, i))): Omit<PendingLead, 'v'> {
  return {
    kind: 'contact',
    arrived: arrived.toISOString(),
    key: `pending-test-key-${String(i).padStart(4, '0')}`,
    body: { name: `Lead ${i}`, email: `lead-${i}@example.com` },
    captcha: { result: 'not-configured', score: null },
    verdict: { spam: false, points: 0, reasons: [] },
  };
}

const refused = () => Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('the pending-leads journal', () => {
  it('keeps each lead in a private file until it is stored, oldest first, and retries while the database is away', async () => {
    const dir = folder();
    const journal = createPendingLeads({ dir, log: silent, retryMs: 3_600_000 });
    const stored: string[] = [];
    let away = true;
    journal.start(async (lead) => {
      if (away) throw new Error('Failed query', { cause: refused() });
      stored.push(lead.key);
    });
    await Promise.all([0, 1, 2].map((i) => journal.record(entry(i))));
    expect(journal.stats()).toEqual({ entries: 3, oldestArrived: new Date(entry(0).arrived) });
    expect(statSync(dir).mode & 0o777).toBe(0o700);
    const files = readdirSync(dir);
    expect(files).toHaveLength(3);
    for (const f of files) expect(statSync(path.join(dir, f)).mode & 0o777).toBe(0o600);

    await journal.drain();
    expect(journal.stats().entries).toBe(3);
    away = false;
    await journal.drain();
    expect(stored).toEqual([0, 1, 2].map((i) => entry(i).key));
    expect(journal.stats()).toEqual({ entries: 0, oldestArrived: null });
    expect(readdirSync(dir)).toEqual([]);
    await journal.stop();
  });

  it('drains at start what an earlier run left, and drops a file that was never renamed (that lead was never answered)', async () => {
    const dir = folder();
    const first = createPendingLeads({ dir, log: silent, retryMs: 3_600_000 });
    await first.record(entry(1));
    await first.stop();
    writeFileSync(path.join(dir, '000000000002-1795000000000.json.abcd.tmp'), '{"v":1,"kind":"con');

    const stored: string[] = [];
    const second = createPendingLeads({ dir, log: silent, retryMs: 3_600_000 });
    second.start(async (lead) => void stored.push(lead.key));
    await second.drain();
    expect(stored).toEqual([entry(1).key]);
    expect(readdirSync(dir)).toEqual([]);
    // the next lead is numbered after the earlier run's
    await second.record(entry(3));
    expect(readdirSync(dir)[0]).toMatch(/^000000000002-/);
    await second.stop();
  });

  it('keeps a lead the database refuses for another reason, without holding up the ones behind it', async () => {
    const dir = folder();
    const journal = createPendingLeads({ dir, log: silent, retryMs: 3_600_000 });
    const stored: string[] = [];
    journal.start(async (lead) => {
      if (lead.key === entry(0).key) throw Object.assign(new Error('violates check constraint'), { code: '23514' });
      stored.push(lead.key);
    });
    for (const i of [0, 1]) await journal.record(entry(i));
    await journal.drain();
    expect(stored).toEqual([entry(1).key]);
    expect(journal.stats().entries).toBe(1);
    expect(readdirSync(dir)).toHaveLength(1);
    await journal.stop();
  });

  it('refuses a lead it cannot write (PendingLeadsUnavailableError, a 503)', async () => {
    const dir = folder();
    // a file where the folder should be: nothing can be written under it, whoever runs the test
    writeFileSync(dir, 'not a folder');
    const journal = createPendingLeads({ dir, log: silent });
    await expect(journal.record(entry(1))).rejects.toBeInstanceOf(PendingLeadsUnavailableError);
    expect(journal.stats().entries).toBe(0);
    await journal.stop();
  });
});
