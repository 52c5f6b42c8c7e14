import { eq, sql } from 'drizzle-orm';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '#db/schema/mail.ts';
import { webhookDeliveries, webhookEndpoints } from '#db/schema/webhooks.ts';
import { WEBHOOK_RETRY_WINDOW_MS, webhookRetryDelayMs } from '#domain/webhooks/webhooks-service.ts';
import { generateWebhookSecret, WEBHOOK_MESSAGES, WebhookPayloadSchema, type DeliveryDto } from '#shared/webhooks.ts';
import { createSecretBox } from '#domain/auth/secret-box.ts';
import { addUser, bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/setup/webhook-receiver.ts';
import { withBaseVersion } from '#tests/setup/base-version.ts';

const ENV = { WEBHOOK_ALLOW_PRIVATE: 'true', WEBHOOK_RETRY_SECONDS: '3600', MAIL_RETRY_SECONDS: '3600', FORM_RATE_LIMIT: '100000' };

let t: TestApp;
let receiver: WebhookReceiver;
let admin: string;

const contact = (name: string) => ({
  name,
  email: `${name.toLowerCase().replace(/\W+/g, '-')}@example.com`,
  phone: '(515) 555-0199',
  data: JSON.stringify({ Region: 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
  message: 'Please call me about nitrogen.',
  reCaptchaToken: '',
});

async function submitLead(name: string): Promise<number> {
  const res = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact(name) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.id as number;
}

async function addEndpoint(body: Record<string, unknown>, token = admin) {
  return t.app.inject({ method: 'POST', url: '/api/admin/integrations/add', headers: bearer(token), payload: body });
}

async function deliveryLog(id: number): Promise<DeliveryDto[]> {
  const res = await t.app.inject({ url: `/api/admin/forms/deliveries/${id}`, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.items as DeliveryDto[];
}

async function resend(id: number, body: { channel: 'email' | 'webhook'; id: number }) {
  return t.app.inject({ method: 'POST', url: `/api/admin/forms/deliveries/${id}/resend`, headers: bearer(admin), payload: body });
}

const hooks = () => t.app.services.webhooks;

async function deliveriesOf(formId: number) {
  return t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.formSubmissionId, formId));
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp(ENV);
  admin = (await signIn(t.app)).token;
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('CRM webhook endpoints (Settings, Integrations)', () => {
  it('are for Administrators only: 401 without a token, 403 for an Editor', async () => {
    const body = { url: receiver.url, secret: generateWebhookSecret(), events: ['lead.created'] };
    expect((await t.app.inject({ url: '/api/admin/integrations/list' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/admin/integrations/add', payload: body })).statusCode).toBe(401);
    await addUser(t.app, admin, 'webhook-editor@example.com', 'Correct-Horse-Battery-91', [2]);
    const editor = (await signIn(t.app, 'webhook-editor@example.com', 'Correct-Horse-Battery-91')).token;
    expect((await t.app.inject({ url: '/api/admin/integrations/list', headers: bearer(editor) })).statusCode).toBe(403);
    expect((await addEndpoint(body, editor)).statusCode).toBe(403);
  });

  it('refuse a bad secret, no events or a non-http address with a clear 400', async () => {
    const bad = [
      { url: receiver.url, secret: 'hunter2', events: ['lead.created'] },
      { url: receiver.url, secret: generateWebhookSecret(), events: [] },
      { url: 'ftp://crm.example.com/hook', secret: generateWebhookSecret(), events: ['lead.created'] },
      { url: receiver.url, secret: generateWebhookSecret(), events: ['lead.deleted'] },
    ];
    for (const body of bad) {
      const res = await addEndpoint(body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().success).toBe(false);
    }
  });

  it('keep the secret write-only: the list and the reply show its last four characters, the audit log never has it', async () => {
    const secret = generateWebhookSecret();
    const res = await addEndpoint({ url: 'http://127.0.0.1:9/unused', secret, events: ['lead.status_changed'], enabled: false });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(secret.slice(6, 20));
    expect(res.json().data).toMatchObject({ secretHint: `whsec_...${secret.slice(-4)}`, enabled: false, events: ['lead.status_changed'] });
    const list = await t.app.inject({ url: '/api/admin/integrations/list', headers: bearer(admin) });
    expect(list.json().data.allowPrivate).toBe(true);
    expect(list.body).not.toContain(secret.slice(6, 20));
    // stored sealed, not in clear
    const [row] = await t.database.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, res.json().data.id));
    expect(row!.secret).not.toContain(secret.slice(6));
    const audit = await t.database.db.execute(sql`select detail::text as d from audit_log where subject_kind = 'webhook'`);
    expect(JSON.stringify(audit)).not.toContain(secret.slice(6, 20));
    // removed again: it takes no part in the tests below
    const removed = await t.app.inject({ method: 'POST', url: `/api/admin/integrations/delete/${row!.id}`, headers: bearer(admin) });
    expect(removed.statusCode).toBe(200);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/admin/integrations/delete/${row!.id}`, headers: bearer(admin) })).statusCode,
    ).toBe(404);
  });
});

describe('lead webhooks through the outbox', () => {
  const secret = generateWebhookSecret();
  let endpointId: number;

  beforeAll(async () => {
    const res = await addEndpoint({ url: receiver.url, secret, events: ['lead.created', 'lead.status_changed'] });
    expect(res.statusCode, res.body).toBe(200);
    endpointId = res.json().data.id as number;
  });

  it('posts a new lead once, signed as Standard Webhooks says, in the payload schema, and logs it with the email', async () => {
    receiver.received.length = 0;
    receiver.state.status = 204;
    const id = await submitLead('Signed Delivery');
    await hooks().idle();
    expect(receiver.received).toHaveLength(1);
    const [hit] = receiver.received;
    // the reference library verifies the signature (and the timestamp's freshness)
    const verified = new Webhook(secret).verify(hit!.body, hit!.headers);
    const payload = WebhookPayloadSchema.parse(verified);
    expect(payload.type).toBe('lead.created');
    expect(payload.data.lead).toMatchObject({ id, form: 'contact', name: 'Signed Delivery', zipCode: '50010', phoneE164: '+15155550199' });
    expect(hit!.headers['webhook-id']).toMatch(/^msg_[0-9a-f-]{36}$/);
    expect(hit!.headers['content-type']).toBe('application/json');
    // another secret does not verify it
    expect(() => new Webhook(generateWebhookSecret()).verify(hit!.body, hit!.headers)).toThrow();

    await t.app.services.mail.idle();
    const log = await deliveryLog(id);
    // 50010 is in a seeded rep's territory: the routed rep's email is logged beside the regional one
    expect(log.map((d) => [d.channel, d.label, d.state, d.attempts])).toEqual([
      ['email', 'Regional email', 'sent', 1],
      ['email', 'Assignee email', 'sent', 1],
      ['webhook', 'Webhook: lead created', 'sent', 1],
    ]);
    expect(log[2]!.to).toBe(receiver.url);
    expect(log[0]!.to).toBe('leads-us@example.com');
    expect(log[1]!.to).not.toBe('leads-us@example.com');
  });

  it('retries with exponential back-off while the receiver fails, with the same webhook-id each time', async () => {
    receiver.received.length = 0;
    receiver.state.status = 503;
    const id = await submitLead('Retry Later');
    await hooks().idle();
    const [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, lastError: 'HTTP 503 Service Unavailable' });
    const first = row!.nextAttemptAt.getTime();
    // the first retry is due about 30 s after the first attempt (spread by the delivery's webhook-id
    // over 24-36 s, the same every time): not before
    const firstWait = webhookRetryDelayMs(1, 30_000, row!.messageId);
    expect(firstWait).toBeGreaterThanOrEqual(24_000);
    expect(firstWait).toBeLessThan(36_000);
    expect(first - row!.created.getTime()).toBeGreaterThanOrEqual(firstWait - 1000);
    expect(first - row!.created.getTime()).toBeLessThan(firstWait + 5000);
    expect((await hooks().processDue(new Date(first - 1000))).claimed).toBe(0);
    expect((await hooks().processDue(new Date(first))).retry).toBe(1);
    const [second] = await deliveriesOf(id);
    // then about 60 s after that attempt (48-72 s), exactly as the back-off computes it for this delivery
    const secondWait = second!.nextAttemptAt.getTime() - first;
    expect(secondWait).toBe(webhookRetryDelayMs(2, 30_000, row!.messageId));
    expect(secondWait).toBeGreaterThanOrEqual(48_000);
    expect(secondWait).toBeLessThan(72_000);
    expect((await deliveryLog(id)).find((d) => d.channel === 'webhook')).toMatchObject({
      state: 'retrying',
      attempts: 2,
      lastError: 'HTTP 503 Service Unavailable',
    });
    receiver.state.status = 200;
    expect((await hooks().processDue(second!.nextAttemptAt)).sent).toBe(1);
    expect(receiver.received.map((r) => r.status)).toEqual([503, 503, 200]);
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    // each attempt is signed with its own timestamp
    expect(new Set(receiver.received.map((r) => r.headers['webhook-timestamp'])).size).toBe(3);
    expect((await deliveryLog(id)).find((d) => d.channel === 'webhook')).toMatchObject({ state: 'sent', attempts: 3, lastError: null });
  });

  it('backs off after a refusal by the refusals alone: attempts that found the receiver unreachable do not count', async () => {
    receiver.received.length = 0;
    receiver.state.status = 0;
    const id = await submitLead('Refused After Outage');
    await hooks().idle();
    let [row] = await deliveriesOf(id);
    // unreachable: each wait doubles with the attempts (30 s, 60 s, 120 s, 240 s, spread by the webhook-id)
    for (let attempt = 1; attempt <= 4; attempt++) {
      expect(row).toMatchObject({ status: 'pending', attempts: attempt, refusals: 0 });
      expect(row!.lastError).not.toMatch(/^HTTP /);
      if (attempt < 4) {
        expect((await hooks().processDue(row!.nextAttemptAt)).retry).toBe(1);
        [row] = await deliveriesOf(id);
      }
    }
    // the receiver answers again, with an error: the next try is the first refusal's wait (about 30 s),
    // not the fifth attempt's (about 8 minutes)
    receiver.state.status = 500;
    const fifth = row!.nextAttemptAt;
    expect((await hooks().processDue(fifth)).retry).toBe(1);
    [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ attempts: 5, refusals: 1, lastError: 'HTTP 500 Internal Server Error' });
    expect(row!.nextAttemptAt.getTime() - fifth.getTime()).toBe(webhookRetryDelayMs(1, 30_000, row!.messageId));
    // a second refusal doubles it
    const sixth = row!.nextAttemptAt;
    expect((await hooks().processDue(sixth)).retry).toBe(1);
    [row] = await deliveriesOf(id);
    expect(row).toMatchObject({ attempts: 6, refusals: 2 });
    expect(row!.nextAttemptAt.getTime() - sixth.getTime()).toBe(webhookRetryDelayMs(2, 30_000, row!.messageId));
    // delivered at last; the log keeps every attempt
    receiver.state.status = 200;
    expect((await hooks().processDue(row!.nextAttemptAt)).sent).toBe(1);
    expect(receiver.received.map((r) => r.status)).toEqual([0, 0, 0, 0, 500, 500, 200]);
    expect((await deliveryLog(id)).find((d) => d.channel === 'webhook')).toMatchObject({ state: 'sent', attempts: 7 });
  });

  it('gives up after 24 hours (failed), then Replay delivers it with the same webhook-id', async () => {
    receiver.received.length = 0;
    receiver.state.status = 500;
    const id = await submitLead('Down All Day');
    await hooks().idle();
    let [row] = await deliveriesOf(id);
    const windowEnd = row!.created.getTime() + WEBHOOK_RETRY_WINDOW_MS;
    expect(row!.retryUntil.getTime()).toBe(windowEnd);
    // the clock moves from one due attempt to the next until the delivery is given up
    for (let i = 0; i < 100 && row!.status === 'pending'; i++) {
      await hooks().processDue(row!.nextAttemptAt);
      [row] = await deliveriesOf(id);
    }
    expect(row!.status).toBe('failed');
    // 30 s doubling to an hour, then hourly: about thirty attempts in the day, the last at its end
    expect(row!.attempts).toBeGreaterThan(20);
    expect(row!.attempts).toBeLessThan(40);
    expect(receiver.received).toHaveLength(row!.attempts);
    // every attempt was refused, so each counted in the back-off
    expect(row!.refusals).toBe(row!.attempts);
    const log = (await deliveryLog(id)).find((d) => d.channel === 'webhook')!;
    expect(log).toMatchObject({ state: 'failed', lastError: 'HTTP 500 Internal Server Error', resendable: true });

    receiver.state.status = 200;
    const replay = await resend(id, { channel: 'webhook', id: row!.id });
    expect(replay.statusCode, replay.body).toBe(200);
    await hooks().idle();
    expect(receiver.received.at(-1)!.status).toBe(200);
    // a replay starts a new back-off as well as a new window
    expect((await deliveriesOf(id))[0]).toMatchObject({ status: 'sent', refusals: 0 });
    expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
    expect((await deliveryLog(id)).find((d) => d.channel === 'webhook')).toMatchObject({ state: 'sent' });
    // the replay is in the audit log, in words
    const audit = await t.app.inject({
      method: 'POST',
      url: '/api/admin/audit-log/filter',
      headers: bearer(admin),
      payload: { category: 'leads' },
    });
    expect(audit.body).toContain('sent the webhook: lead created of the lead from Down All Day again');
  });

  it("emits lead.status_changed through the leads service hook, in the caller's transaction", async () => {
    receiver.received.length = 0;
    receiver.state.status = 200;
    const id = await submitLead('Status Hook');
    await hooks().idle();
    const lead = (await t.app.services.leads.findById(id))!;
    // a rolled-back change writes no event
    await t.database.db
      .transaction(async (tx) => {
        await t.app.services.leads.statusChanged(lead, { from: 'new', to: 'spam', by: 'admin@example.com' }, tx);
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    await t.database.db.transaction((tx) =>
      t.app.services.leads.statusChanged(lead, { from: 'new', to: 'contacted', by: 'admin@example.com' }, tx),
    );
    t.app.services.leads.notify();
    await hooks().idle();
    const bodies = receiver.received.map((r) => WebhookPayloadSchema.parse(new Webhook(secret).verify(r.body, r.headers)));
    expect(bodies.map((b) => [b.type, b.data.status?.to ?? null])).toEqual([
      ['lead.created', null],
      ['lead.status_changed', 'contacted'],
    ]);
  });

  it("posts lead.status_changed when an Administrator changes a lead's status in the admin, and nothing when it stays the same", async () => {
    receiver.received.length = 0;
    receiver.state.status = 200;
    const id = await submitLead('Status Through The Admin');
    await hooks().idle();
    const change = (status: string) =>
      t.app.inject({ method: 'POST', url: `/api/admin/forms/${id}/status`, headers: bearer(admin), payload: { status } });
    expect((await change('qualified')).statusCode).toBe(200);
    expect((await change('qualified')).statusCode).toBe(200);
    await hooks().idle();
    const bodies = receiver.received.map((r) => WebhookPayloadSchema.parse(new Webhook(secret).verify(r.body, r.headers)));
    expect(bodies.map((b) => [b.type, b.data.lead.id, b.data.status ?? null])).toEqual([
      ['lead.created', id, null],
      ['lead.status_changed', id, { from: 'new', to: 'qualified', by: 'admin@example.com' }],
    ]);
  });

  it('writes nothing for an endpoint not subscribed to the event; a blank secret keeps the stored one', async () => {
    const off = await t.app.inject({
      method: 'POST',
      url: `/api/admin/integrations/edit/${endpointId}`,
      headers: bearer(admin),
      payload: await withBaseVersion(
        t.app,
        `/api/admin/integrations/edit/${endpointId}`,
        { url: receiver.url, events: ['lead.status_changed'], enabled: true, secret: '' },
        bearer(admin),
      ),
    });
    expect(off.statusCode, off.body).toBe(200);
    const id = await submitLead('Not Subscribed');
    expect(await deliveriesOf(id)).toEqual([]);
    // the secret was kept (blank): a status change is still signed with it
    expect(off.json().data.secretHint).toBe(`whsec_...${secret.slice(-4)}`);
    const back = await t.app.inject({
      method: 'POST',
      url: `/api/admin/integrations/edit/${endpointId}`,
      headers: bearer(admin),
      payload: await withBaseVersion(
        t.app,
        `/api/admin/integrations/edit/${endpointId}`,
        { url: receiver.url, events: ['lead.created', 'lead.status_changed'], enabled: true },
        bearer(admin),
      ),
    });
    expect(back.statusCode).toBe(200);
  });
});

describe('the payload schema', () => {
  it('is documented in the OpenAPI document (components.schemas.WebhookPayload)', async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as { components: { schemas: Record<string, { properties?: object }> } };
    const schema = doc.components.schemas.WebhookPayload!;
    expect(Object.keys(schema.properties ?? {})).toEqual(['type', 'timestamp', 'data']);
    expect(JSON.stringify(schema)).toContain('lead.status_changed');
  });
});

describe("a lead's emails in its delivery log", () => {
  it('shows each email with its state and attempts; Resend queues it again once sent or failed, never while on its way', async () => {
    const id = await submitLead('Resend Email');
    await t.app.services.mail.idle();
    // the regional email and, 50010 being in a seeded rep's territory, the routed rep's
    const [mail, repMail] = (await deliveryLog(id)).filter((d) => d.channel === 'email');
    expect(mail).toMatchObject({ label: 'Regional email', state: 'sent', resendable: true });
    expect(repMail).toMatchObject({ label: 'Assignee email', state: 'sent', resendable: true });

    const res = await resend(id, { channel: 'email', id: mail!.id });
    expect(res.statusCode, res.body).toBe(200);
    const emails = (res.json().data.items as DeliveryDto[]).filter((d) => d.channel === 'email');
    expect(emails.map((e) => [e.label, e.state])).toEqual([
      ['Regional email', 'sent'],
      ['Assignee email', 'sent'],
      ['Regional email', 'queued'],
    ]);
    await t.app.services.mail.idle();
    expect((await deliveryLog(id)).filter((d) => d.channel === 'email').map((e) => e.state)).toEqual(['sent', 'sent', 'sent']);

    // a message that failed once and waits for its retry is "retrying" and cannot be resent yet
    await t.database.db
      .update(mailOutbox)
      .set({ status: 'pending', lastError: 'connect ECONNREFUSED', nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(mailOutbox.id, mail!.id));
    const retrying = (await deliveryLog(id)).find((d) => d.id === mail!.id)!;
    expect(retrying).toMatchObject({ state: 'retrying', lastError: 'connect ECONNREFUSED', resendable: false });
    const refused = await resend(id, { channel: 'email', id: mail!.id });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(WEBHOOK_MESSAGES.notResendable);
    // a delivery of another lead, or none at all: 404
    expect((await resend(id + 1000, { channel: 'email', id: mail!.id })).statusCode).toBe(404);
    expect((await resend(id, { channel: 'webhook', id: 987654 })).statusCode).toBe(404);
    expect((await t.app.inject({ url: '/api/admin/forms/deliveries/abc', headers: bearer(admin) })).statusCode).toBe(400);
    expect((await t.app.inject({ url: `/api/admin/forms/deliveries/${id}` })).statusCode).toBe(401);
  });
});

describe('endpoints on the inside of the network', () => {
  let strict: TestApp;
  let token: string;
  beforeAll(async () => {
    strict = await createTestApp({ WEBHOOK_RETRY_SECONDS: '3600', MAIL_RETRY_SECONDS: '3600' });
    token = (await signIn(strict.app)).token;
  });
  afterAll(async () => strict?.close());

  it('are refused when saved: loopback, private, link-local and plain http, unless WEBHOOK_ALLOW_PRIVATE', async () => {
    for (const url of [
      'https://127.0.0.1/hook',
      'https://localhost:8443/hook',
      'https://10.0.0.8/hook',
      'https://192.168.1.20/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[::1]/hook',
      'https://[::ffff:127.0.0.1]/hook',
      'https://[fd00::1]/hook',
      receiver.url,
    ]) {
      const res = await strict.app.inject({
        method: 'POST',
        url: '/api/admin/integrations/add',
        headers: bearer(token),
        payload: { url, secret: generateWebhookSecret(), events: ['lead.created'] },
      });
      expect(res.statusCode, url).toBe(400);
      expect([WEBHOOK_MESSAGES.privateAddress, WEBHOOK_MESSAGES.https], url).toContain(res.json().message);
    }
    expect((await strict.app.inject({ url: '/api/admin/integrations/list', headers: bearer(token) })).json().data.allowPrivate).toBe(false);
  });

  it('are refused again when delivering (DNS can change after the endpoint was saved)', async () => {
    receiver.received.length = 0;
    // saved while the names resolved to public addresses; they now lead to loopback (the local receiver)
    const box = createSecretBox(TEST_JWT_SECRET);
    const secret = generateWebhookSecret();
    await strict.database.db.insert(webhookEndpoints).values(
      [`https://localhost:${receiver.port}/hooks/crm`, `https://127.0.0.1:${receiver.port}/hooks/crm`].map((url) => ({
        url,
        secret: box.seal(secret),
        secretHint: 'whsec_...test',
        events: ['lead.created'],
      })),
    );
    const lead = await strict.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact('Rebound Name') });
    const id = lead.json().data.id as number;
    await strict.app.services.webhooks.idle();
    const rows = await strict.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.formSubmissionId, id));
    expect(rows).toHaveLength(2);
    for (const row of rows) {
      expect(row.status, row.url).toBe('pending');
      expect(row.lastError, row.url).toMatch(/resolves to a loopback or private address \(refused\)/);
    }
    expect(receiver.received).toHaveLength(0);
  });
});
