import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { startTwoInstances, withinASecond, type TwoInstances } from '#tests/setup/two-instances.ts';

// Expiry on two instances (ADR 049): one PostgreSQL database, each instance with its own pool and its own
// scheduler. Both passes run at the same moment; the item is unpublished, redirected and audited once, and
// the other instance stops serving it within a second. Runs in the PostgreSQL pass only.
describe('expiry on two instances', () => {
  let instances: TwoInstances;
  let a: FastifyInstance;
  let b: FastifyInstance;
  let token = '';

  beforeAll(async () => {
    instances = await startTwoInstances({ ui: 'none', poolSize: 4 });
    ({ a, b } = instances);
    token = (await signIn(a)).token;
  });
  afterAll(() => instances?.close());

  const post = (app: FastifyInstance, url: string, payload: object) => app.inject({ method: 'POST', url, headers: bearer(token), payload });

  it('both schedulers reach the Unpublish at together: the item is unpublished, redirected and audited once, and B stops serving it', async () => {
    const at = new Date(Date.now() + 3_600_000);
    const items: number[] = [];
    for (const n of [1, 2, 3]) {
      const add = await post(a, '/api/admin/knowledge-center/add', {
        title: `Twice Expiring ${n}`,
        slug: `twice-expiring-${n}`,
        type: 0,
        category: 39,
        region: 2,
        status: 1,
        metadata: { desc: 'Expires on two instances.' },
        unpublishAt: at.toISOString(),
        unpublishRedirect: '/knowledge-center',
      });
      expect(add.statusCode, add.body).toBe(200);
      items.push(add.json().data.id as number);
    }
    // B has the item in its in-memory reads
    const onB = () => b.inject('/api/knowledge-center/get-by-slug/twice-expiring-1');
    expect((await onB()).statusCode).toBe(200);
    expect((await onB()).statusCode).toBe(200);

    const when = new Date(at.getTime() + 1000);
    const [fromA, fromB] = await Promise.all([
      a.services.knowledge.versioning.unpublishDue(when),
      b.services.knowledge.versioning.unpublishDue(when),
    ]);
    expect([...fromA, ...fromB].sort((x, y) => x - y)).toEqual(items);

    const gone = await withinASecond(onB, (r) => r.statusCode !== 200);
    expect(gone.reply.statusCode).toBe(404);
    const moved = await withinASecond(
      () => b.inject('/knowledge-center/twice-expiring-1'),
      (r) => r.statusCode === 302,
    );
    expect(moved.reply.statusCode).toBe(302);
    expect(moved.reply.headers.location).toBe('/knowledge-center');

    const audit = await post(a, '/api/admin/audit-log/filter', { start: 0, length: 100 });
    const summaries = (audit.json().data.items as { summary: string }[]).map((e) => e.summary);
    for (const n of [1, 2, 3])
      expect(summaries.filter((s) => s.startsWith(`The site unpublished the knowledge item Twice Expiring ${n} on schedule`))).toHaveLength(
        1,
      );
    const redirects = await post(a, '/api/admin/redirects/filter', { search: 'twice-expiring', start: 0, length: 10 });
    expect(redirects.json().data.items).toHaveLength(3);
  });
});
