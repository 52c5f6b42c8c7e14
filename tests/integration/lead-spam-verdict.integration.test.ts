import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhookDeliveries } from '#db/schema/webhooks.ts';
import { createFormStamp } from '#domain/leads/spam.ts';
import { generateWebhookSecret } from '#shared/webhooks.ts';
import { bearer, signIn } from '#tests/setup/auth-helpers.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { startFakeRecaptcha, type FakeRecaptcha } from '#tests/setup/fake-recaptcha.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/setup/webhook-receiver.ts';

/**
 * The spam verdict (ADR 043): the honeypot, the time to fill the form, the
 * client's rate and the reCAPTCHA score make one verdict. Spam is stored with status Spam, its
 * reasons in its history, and notifies nobody (no email, no webhook); the reply never differs.
 */

let t: TestApp;
let fake: FakeRecaptcha;
let receiver: WebhookReceiver;
let admin: string;
const stamp = createFormStamp(TEST_JWT_SECRET);
/** a stamp as if the form had been rendered `ms` ago */
const renderedAgo = (ms: number) => stamp.issue(Date.now() - ms);
// every submission comes from its own client unless a test says otherwise (the rate counts per IP)
let client = 1;
const nextIp = () => `198.51.100.${client++}`;

function contact(name: string, extra: Record<string, string> = {}) {
  return {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    phone: '(515) 555-0199',
    data: JSON.stringify({ Region: 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
    message: 'Please call me about nitrogen on 400 acres.',
    reCaptchaToken: 'human',
    formStarted: renderedAgo(45_000),
    ...extra,
  };
}

async function send(name: string, extra: Record<string, string> = {}, ip = nextIp()) {
  const res = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact(name, extra), remoteAddress: ip });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json()).toEqual({ success: true, data: { id: expect.any(Number) }, message: null });
  return res.json().data.id as number;
}

async function detail(id: number) {
  const res = await t.app.inject({ url: `/api/admin/forms/${id}`, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as {
    lead: { leadStatus: string; routing: string | null; assignee: unknown };
    history: { kind: string; to: string | null; note: string | null }[];
  };
}

/** what the lead caused: its emails and webhook deliveries */
async function notificationsOf(id: number) {
  const mail = await t.app.services.mail.listForSubmission(id);
  const hooks = await t.database.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.formSubmissionId, id));
  return { mail: mail.length, hooks: hooks.length };
}

async function expectGenuine(id: number) {
  const { lead } = await detail(id);
  expect(lead.leadStatus).toBe('new');
  // the regional email, the routed rep's email (50010 is a seeded rep's territory) and the webhook
  expect(await notificationsOf(id)).toEqual({ mail: 2, hooks: 1 });
}

async function expectSpam(id: number, reasons: RegExp[]) {
  const { lead, history } = await detail(id);
  expect(lead).toMatchObject({ leadStatus: 'spam', assignee: null });
  for (const reason of reasons) expect(lead.routing).toMatch(reason);
  // the verdict's reasons, in the lead's history as the Administrator's View shows it
  const entry = history.find((h) => h.kind === 'status' && h.to === 'spam');
  expect(entry?.note).toBe(lead.routing);
  expect(await notificationsOf(id)).toEqual({ mail: 0, hooks: 0 });
}

beforeAll(async () => {
  fake = await startFakeRecaptcha();
  receiver = await startWebhookReceiver();
  t = await createTestApp({
    RECAPTCHA_SITE_KEY: 'test-site-key',
    RECAPTCHA_SECRET: 'test-secret',
    RECAPTCHA_VERIFY_URL: fake.url,
    RECAPTCHA_MIN_SCORE: '0.5',
    FORM_RATE_LIMIT: '100000',
    WEBHOOK_ALLOW_PRIVATE: 'true',
    WEBHOOK_RETRY_SECONDS: '3600',
    MAIL_RETRY_SECONDS: '3600',
  });
  admin = (await signIn(t.app)).token;
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/admin/integrations/add',
    headers: bearer(admin),
    payload: { url: receiver.url, secret: generateWebhookSecret(), events: ['lead.created'] },
  });
  expect(res.statusCode, res.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
  await fake?.close();
});

describe('genuine submissions are never spam', () => {
  it('at any human fill time, with a good score or none, and without a stamp (an API client)', async () => {
    for (const seconds of [3, 8, 45, 600, 3 * 24 * 3600])
      await expectGenuine(await send(`Fill ${seconds}`, { formStarted: renderedAgo(seconds * 1000) }));
    await expectGenuine(await send('No Stamp', { formStarted: '' }));
    await expectGenuine(await send('No Token', { reCaptchaToken: '' }));
  });

  it('a person sending three leads in a row from one address (a normal rate)', async () => {
    const ip = nextIp();
    for (const n of [1, 2, 3]) await expectGenuine(await send(`Busy Grower ${n}`, {}, ip));
  });

  it('one weak signal alone is not enough: a fast autofill, a doubtful score, a forged stamp, a busy address', async () => {
    await expectGenuine(await send('Fast Autofill', { formStarted: renderedAgo(1500) }));
    await expectGenuine(await send('Doubtful Score', { reCaptchaToken: 'doubtful' }));
    await expectGenuine(await send('Odd Stamp', { formStarted: '1700000000000.AAAAAAAAAAAAAAAAAAAAAA' }));
    const ip = nextIp();
    for (const n of [1, 2, 3, 4, 5]) await expectGenuine(await send(`Office ${n}`, {}, ip));
  });
});

describe('spam is stored as Spam and notifies nobody', () => {
  it('a filled honeypot, on its own', async () => {
    await expectSpam(await send('Honey Bot', { website: 'https://spam.example' }), [/honeypot/]);
  });

  it('too fast and a doubtful score together', async () => {
    await expectSpam(await send('Quick Doubt', { formStarted: renderedAgo(400), reCaptchaToken: 'doubtful' }), [
      /form sent 0\.\d s after it was shown \(under 3 s\)/,
      /reCAPTCHA score 0\.6 \(under 0\.7\)/,
    ]);
  });

  it('a forged stamp from a client that keeps posting', async () => {
    const ip = nextIp();
    for (const n of [1, 2, 3]) await expectGenuine(await send(`Burst ${n}`, {}, ip));
    await expectSpam(await send('Burst Forged', { formStarted: `${Date.now() - 60_000}.BBBBBBBBBBBBBBBBBBBBBB` }, ip), [
      /form time stamp forged or altered/,
      /3 earlier submissions from the same client in 10 minutes/,
    ]);
  });

  it('too fast from a client that keeps posting', async () => {
    const ip = nextIp();
    for (const n of [1, 2, 3]) await send(`Rapid ${n}`, {}, ip);
    await expectSpam(await send('Rapid Fast', { formStarted: renderedAgo(200) }, ip), [/after it was shown/, /earlier submissions/]);
  });

  it('a rep request with a filled honeypot too', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/contact-rep',
      remoteAddress: nextIp(),
      payload: {
        name: 'Rep Bot',
        email: 'rep.bot@example.com',
        phone: '515 555 0100',
        targetType: 'rep',
        targetId: 1,
        zip: '50010',
        website: 'x',
        reCaptchaToken: 'human',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    await expectSpam(res.json().data.id as number, [/honeypot/]);
  });

  it('the admin list filters Spam: the spam leads, no genuine one', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/admin/forms/filter',
      headers: bearer(admin),
      payload: { start: 0, length: 100, order: 4, status: -1, type: -1, verification: 'all', leadStatus: 'spam' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const names = (res.json().data.items as { name: string }[]).map((l) => l.name).sort();
    expect(names).toEqual(['Burst Forged', 'Honey Bot', 'Quick Doubt', 'Rapid Fast', 'Rep Bot']);
  });
});
