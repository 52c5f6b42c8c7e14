import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '#db/schema/webhooks.ts';
import { generateWebhookSecret } from '#shared/webhooks.ts';
import { bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

// A CRM that was down (nothing listening) and comes back gets what waited for it at once, on the
// first delivery it accepts, instead of at each delivery's back-off (up to an hour apart). What it
// answered with an error status keeps its back-off: it was up, and refused that delivery.
const ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '3600', MAIL_RETRY_SECONDS: '3600', FORM_RATE_LIMIT: '100000' };

let t: TestApp;
let admin: string;
const state = { status: 204, received: [] as string[] };
const crm = http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    state.received.push(String(req.headers['webhook-id']));
    res.statusCode = state.status;
    res.end();
  });
});
let port = 0;
const listen = () => new Promise<void>((resolve) => crm.listen(port, '127.0.0.1', resolve));
const stop = () =>
  new Promise<void>((resolve) => {
    crm.close(() => resolve());
    crm.closeAllConnections();
  });

async function submitLead(name: string): Promise<number> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/forms/add',
    payload: {
      name,
      email: `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`,
      phone: '(515) 555-0199',
      data: JSON.stringify({ Region: 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
      message: 'Please call me about nitrogen.',
      reCaptchaToken: '',
    },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function deliveryOf(id: number) {
  const [row] = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.formSubmissionId, id));
  return row!;
}

beforeAll(async () => {
  await listen();
  port = (crm.address() as AddressInfo).port;
  t = await createTestApp(ENV);
  admin = (await signIn(t.app)).token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/integrations/add',
    headers: bearer(admin),
    payload: { url: `http://127.0.0.1:${port}/hooks/crm`, secret: generateWebhookSecret(), events: ['lead.created'] },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  if (crm.listening) await stop();
});

describe('a webhook endpoint back after an outage', () => {
  it('gets the deliveries that could not reach it at once, on its first accepted delivery; refused ones keep their back-off', async () => {
    const hooks = t.app.services.webhooks;
    await stop();
    const unreached = await submitLead('While Down');
    await hooks.idle();
    const down = await deliveryOf(unreached);
    expect(down.status).toBe('pending');
    expect(down.lastError).not.toMatch(/^HTTP /);
    expect(down.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(20_000);

    // up again, but refusing: that answer is the endpoint's own, so nothing is brought forward
    await listen();
    state.status = 503;
    const refused = await submitLead('Refused Once');
    await hooks.idle();
    const refusedRow = await deliveryOf(refused);
    expect(refusedRow).toMatchObject({ status: 'pending', lastError: 'HTTP 503 Service Unavailable' });
    expect((await deliveryOf(unreached)).nextAttemptAt.getTime()).toBe(down.nextAttemptAt.getTime());

    // accepting: the next lead's delivery brings the unreached one along, in the same run
    state.status = 204;
    state.received.length = 0;
    const accepted = await submitLead('Back Up');
    await hooks.idle();
    expect(await deliveryOf(accepted)).toMatchObject({ status: 'sent', attempts: 1 });
    expect(await deliveryOf(unreached)).toMatchObject({ status: 'sent', attempts: 2, lastError: null });
    expect(state.received).toEqual([(await deliveryOf(accepted)).messageId, down.messageId]);
    // the refused one still waits for its back-off
    const still = await deliveryOf(refused);
    expect(still).toMatchObject({ status: 'pending', attempts: 1 });
    expect(still.nextAttemptAt.getTime()).toBe(refusedRow.nextAttemptAt.getTime());
  });
});
