import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateWebhookSecret } from '#shared/webhooks.ts';
import { bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { startTwoInstances, type TwoInstances } from '#tests/setup/two-instances.ts';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/setup/webhook-receiver.ts';

// Two instances on one PostgreSQL database share the webhook outbox: each event is delivered once,
// whichever instance leases its row first (FOR UPDATE SKIP LOCKED and a lease, as the mail outbox).
const LEADS = 30;

describe('the webhook outbox shared by two instances', () => {
  let instances: TwoInstances;
  let receiver: WebhookReceiver;

  beforeAll(async () => {
    receiver = await startWebhookReceiver();
    instances = await startTwoInstances({
      ui: 'none',
      poolSize: 4,
      env: { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '3600', MAIL_RETRY_SECONDS: '3600', FORM_RATE_LIMIT: '100000' },
    });
  });
  afterAll(async () => {
    await instances?.close();
    await receiver?.close();
  });

  it('delivers each event exactly once, though both instances run their delivery loops at the same time', async () => {
    const { a, b } = instances;
    const token = (await signIn(a)).token;
    const add = await a.inject({
      method: 'POST',
      url: '/api/admin/integrations/add',
      headers: bearer(token),
      payload: { url: receiver.url, secret: generateWebhookSecret(), events: ['lead.created'] },
    });
    expect(add.statusCode, add.body).toBe(200);

    // the receiver is down while the leads arrive on both instances: every event waits for a retry
    receiver.state.status = 503;
    const ids = await Promise.all(
      Array.from({ length: LEADS }, async (_, i) => {
        const res = await (i % 2 ? b : a).inject({
          method: 'POST',
          url: '/api/forms/add',
          payload: {
            name: `Two Instances ${i}`,
            email: `two-instances-${i}@example.com`,
            phone: '',
            data: JSON.stringify({ Region: 'USA', Role: 'Grower' }),
            message: 'Hello',
            reCaptchaToken: '',
          },
        });
        expect(res.statusCode, res.body).toBe(200);
        return res.json().data.id as number;
      }),
    );
    await Promise.all([a.services.webhooks.idle(), b.services.webhooks.idle()]);
    const failedFirst = receiver.received.length;
    // each event was tried once, by one instance
    expect(failedFirst).toBe(LEADS);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(LEADS);

    // back up: both instances (two loops each) deliver what is due, all at once
    receiver.state.status = 200;
    receiver.received.length = 0;
    const later = new Date(Date.now() + 10 * 60_000);
    for (let round = 0; round < 10; round++) {
      const batches = await Promise.all([a, b, a, b].map((app) => app.services.webhooks.processDue(later)));
      if (batches.every((x) => x.claimed === 0)) break;
    }
    const perId = new Map<string, number>();
    for (const r of receiver.received) perId.set(r.headers['webhook-id']!, (perId.get(r.headers['webhook-id']!) ?? 0) + 1);
    expect(perId.size).toBe(LEADS);
    expect([...perId.values()].every((n) => n === 1)).toBe(true);
    const rows = (await instances.database.db.execute(
      sql`select status, count(*)::int as n from webhook_deliveries where form_submission_id = any(${sql.raw(`array[${ids.join(',')}]`)}) group by status`,
    )) as unknown as { rows: { status: string; n: number }[] };
    expect(rows.rows).toEqual([{ status: 'sent', n: LEADS }]);
  });
});
