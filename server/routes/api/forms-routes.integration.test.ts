import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MESSAGES } from '#shared/validation/contact.ts';
import { startFakeRecaptcha, type FakeRecaptcha } from '#tests/setup/fake-recaptcha.ts';
import { freePort, startFakeSmtp, type FakeSmtp } from '#tests/setup/fake-smtp.ts';
import { startRedis, type TestRedis } from '#tests/setup/redis-server.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const data = (o: Record<string, string>) => JSON.stringify(o);

function contact(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Dana Miller',
    email: 'dana.miller@example.com',
    phone: '+1 (515) 555-0199',
    data: data({ Region: 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
    message: 'Looking for help with spring nitrogen on 800 acres of corn.',
    reCaptchaToken: '',
    ...overrides,
  };
}

describe('POST /api/forms/add', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000' });
  });
  afterAll(() => t.close());
  const totalMail = async () => Object.values(await t.app.services.mail.countByStatus()).reduce((a: number, n) => a + Number(n), 0);

  it('stores exactly what was sent as a Contact submission and answers success true', async () => {
    const body = contact();
    const res = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: body });
    expect(res.statusCode).toBe(200);
    const reply = res.json();
    expect(reply).toEqual({ success: true, data: { id: expect.any(Number) }, message: null });
    const stored = await t.app.services.leads.findById(reply.data.id);
    expect(stored).toMatchObject({
      type: 0,
      name: body.name,
      email: body.email,
      phone: body.phone,
      phoneE164: '+15155550199',
      data: body.data,
      message: body.message,
      zipcode: '50010',
      regionId: 2,
      status: 0,
      captcha: 'not-configured',
    });
    expect(stored!.created).toBeInstanceOf(Date);
  });

  it('keeps a phone number it cannot parse, without an E.164 form', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact({ phone: '12' }) });
    const stored = await t.app.services.leads.findById(res.json().data.id);
    expect(stored).toMatchObject({ phone: '12', phoneE164: null });
  });

  it('normalises a Canadian number with the Canadian region', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: contact({
        phone: '(306) 555-0142',
        data: data({ Region: 'Canada', Role: 'Vendor', State: 'Saskatchewan', Zipcode: 'S7K 1A1' }),
      }),
    });
    const stored = await t.app.services.leads.findById(res.json().data.id);
    expect(stored).toMatchObject({ phoneE164: '+13065550142', regionId: 3, zipcode: 'S7K 1A1' });
  });

  it('answers 400 with every spec message for an empty form and stores nothing', async () => {
    const before = await t.app.services.leads.count();
    const res = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: { name: '', email: '', data: '{}' } });
    expect(res.statusCode).toBe(400);
    const reply = res.json();
    expect(reply.success).toBe(false);
    expect(reply.message).toBe(CONTACT_MESSAGES.nameRequired);
    expect(reply.errors).toEqual({
      name: [CONTACT_MESSAGES.nameRequired],
      email: [CONTACT_MESSAGES.emailRequired],
      region: [CONTACT_MESSAGES.regionRequired],
      role: [CONTACT_MESSAGES.roleRequired],
    });
    expect(await t.app.services.leads.count()).toBe(before);
  });

  it.each([
    ['no top-level domain', 'dana@example'],
    ['a 7-letter top-level domain', 'dana@example.toolong'],
    ['no @', 'dana.example.com'],
    ['a space', 'dana miller@example.com'],
  ])('rejects an email with %s', async (_why, email) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact({ email }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toEqual({ email: [CONTACT_MESSAGES.emailInvalid] });
  });

  it('rejects a region or role outside the lists', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: contact({ data: data({ Region: 'Mars', Role: 'Astronaut' }) }),
    });
    expect(res.json().errors).toEqual({ region: [CONTACT_MESSAGES.regionRequired], role: [CONTACT_MESSAGES.roleRequired] });
  });

  // The spam verdict (ADR 043) changed this test deliberately: a honeypot lead was rolled back (nothing stored);
  // now spam is stored with status Spam (ADR 043). Still nothing is sent, and the reply is the same.
  it('answers a filled honeypot exactly like a success, storing it as Spam and sending nothing', async () => {
    const before = await t.app.services.leads.count();
    const mailBefore = await totalMail();
    const person = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact() });
    const res = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact({ website: 'https://spam.example' }) });
    const after = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact() });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ success: true, data: { id: expect.any(Number) }, message: null });
    // A plausible id: drawn from the same sequence as the leads sent just before and after it, so
    // a bot that also posts as a person sees nothing out of order.
    const [first, bot, last] = [person, res, after].map((r) => r.json().data.id as number);
    expect(bot).toBeGreaterThan(first!);
    expect(bot).toBeLessThan(last!);
    // the same headers (names and the values that are not per-request) as a person's reply
    const shape = (h: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(h)
          .filter(([k]) => !['date', 'content-length', 'x-request-id', 'x-ratelimit-remaining', 'x-ratelimit-reset'].includes(k))
          .map(([k, v]) => [k, String(v).replace(/'nonce-[^']+'/, "'nonce-…'")]),
      );
    expect(shape(res.headers)).toEqual(shape(person.headers));
    expect(Object.keys(res.headers).sort()).toEqual(Object.keys(person.headers).sort());
    // a bot's retry with its idempotency key gets its first id back, as a person's retry does
    const idempotencyKey = 'b07b07b07b07b07b07b07b07b07b07b0';
    const botFirst = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact({ website: 'x', idempotencyKey }) });
    const botRetry = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact({ website: 'x', idempotencyKey }) });
    expect(botRetry.json()).toEqual(botFirst.json());
    expect(botFirst.json().data.id).toBeGreaterThan(last!);

    const rep = await t.app.inject({
      method: 'POST',
      url: '/api/forms/contact-rep',
      payload: { name: 'Bot', email: 'bot@example.com', targetType: 'rep', targetId: 1, zip: '50010', website: 'x' },
    });
    expect(rep.statusCode).toBe(200);
    expect(rep.json()).toEqual({ success: true, data: { id: expect.any(Number) }, message: null });
    expect(rep.json().data.id).toBeGreaterThan(botFirst.json().data.id);
    // the two people's leads and the three bots' (as Spam); emails only for the people: each the
    // regional team's and, since 50010 is in a seeded rep's territory, that rep's (territory routing, ADR 041)
    expect(await t.app.services.leads.count()).toBe(before + 5);
    for (const id of [first!, last!]) {
      expect((await t.app.services.mail.listForSubmission(id)).map((m) => m.kind)).toEqual(['contact-lead', 'lead-assigned']);
    }
    expect(await totalMail()).toBe(mailBefore + 4);
    for (const id of [bot, botFirst.json().data.id, rep.json().data.id]) {
      expect(await t.app.services.leads.findById(id)).toMatchObject({ leadStatus: 'spam', assignedRepId: null });
      expect(await t.app.services.mail.listForSubmission(id)).toEqual([]);
    }
  });

  it('stores a lead once per idempotency key: a retry answers success with the same id and sends no second email', async () => {
    const before = await t.app.services.leads.count();
    const mailBefore = await totalMail();
    const idempotencyKey = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';
    const first = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact({ idempotencyKey }) });
    expect(first.statusCode).toBe(200);
    const id = first.json().data.id;
    // a retry after a lost reply, and two more sent at the same moment
    const retries = await Promise.all(
      [1, 2, 3].map(() => t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact({ idempotencyKey }) })),
    );
    for (const r of retries) expect(r.json()).toEqual({ success: true, data: { id }, message: null });
    expect(await t.app.services.leads.count()).toBe(before + 1);
    // one lead's emails, once: the regional team's and the routed rep's (50010 is a seeded rep's territory)
    expect((await t.app.services.mail.listForSubmission(id)).map((m) => m.kind)).toEqual(['contact-lead', 'lead-assigned']);
    expect(await totalMail()).toBe(mailBefore + 2);
    // another form view (another key), or no key at all, is another lead
    const other = await t.app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: contact({ idempotencyKey: 'ffffeeeeddddccccbbbbaaaa99998888' }),
    });
    expect(other.json().data.id).not.toBe(id);
    await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact() });
    await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact() });
    expect(await t.app.services.leads.count()).toBe(before + 4);
  });

  it('rejects a malformed idempotency key with a message', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact({ idempotencyKey: 'short' }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('The idempotency key must be 16 to 100 letters, digits, - or _.');
  });

  it('writes the notification to DATA_DIR/outbox when no SMTP server is configured', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact({ name: 'Outbox File' }) });
    await t.app.services.mail.idle();
    const [mail] = await t.app.services.mail.listForSubmission(res.json().data.id);
    expect(mail).toMatchObject({ status: 'sent', toAddresses: ['leads-us@example.com'] });
    const dir = path.join(t.env.DATA_DIR, 'outbox');
    const files = readdirSync(dir).map((f) => readFileSync(path.join(dir, f), 'utf8'));
    expect(files.some((f) => f.includes('Outbox File'))).toBe(true);
  });
});

describe('contact-a-rep from the finder results', () => {
  let t: TestApp;
  let smtp: FakeSmtp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, FORM_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('stores a type 1 (Rep) submission for the rep and emails the rep and the regional team', async () => {
    const search = (await t.app.inject('/api/finder/search?label=Reps&zip=50010')).json();
    const rep = search.data.results[0];
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/contact-rep',
      payload: {
        name: 'Sam Ortiz',
        email: 'sam@example.com',
        phone: '515-555-0123',
        message: 'Call me',
        targetType: 'rep',
        targetId: rep.id,
        zip: '50010',
        label: 'Reps',
      },
    });
    expect(res.json()).toEqual({ success: true, data: { id: expect.any(Number) }, message: null });
    const stored = await t.app.services.leads.findById(res.json().data.id);
    expect(stored).toMatchObject({
      type: 1,
      name: 'Sam Ortiz',
      zipcode: '50010',
      repId: rep.id,
      retailerId: null,
      phoneE164: '+15155550123',
    });
    expect(JSON.parse(stored!.data)).toMatchObject({ Zipcode: '50010', RepId: rep.id, Rep: rep.name });
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual([rep.email, 'leads-us@example.com']);
    expect(mail!.raw).toContain('Sam Ortiz');
  });

  it('keeps the lead for the regional team when the listing is gone', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/contact-rep',
      payload: { name: 'Lee Park', email: 'lee@example.com', targetType: 'retailer', targetId: 999999, zip: 'S7K 1A1' },
    });
    expect(res.statusCode).toBe(200);
    expect(await t.app.services.leads.findById(res.json().data.id)).toMatchObject({ type: 1, retailerId: 999999, regionId: 3 });
  });

  it('validates name and email with the contact form messages', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/contact-rep',
      payload: { targetType: 'rep', targetId: 1, email: 'x@y' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().errors).toMatchObject({ name: [CONTACT_MESSAGES.nameRequired], email: [CONTACT_MESSAGES.emailInvalid] });
  });
});

describe('notification email', () => {
  let smtp: FakeSmtp;
  let t: TestApp;
  beforeAll(async () => {
    smtp = await startFakeSmtp();
    t = await createTestApp({ SMTP_URL: smtp.url, LEADS_EMAIL_CA: 'prairies@example.com', FORM_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await t.close();
    await smtp.close();
  });

  it('is received by the SMTP server, addressed to the team for the visitor region', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: contact({
        name: 'Claire Roy',
        email: 'claire@example.ca',
        data: data({ Region: 'Canada', Role: 'Product retailer', State: 'Saskatchewan', Zipcode: 'S7K 1A1' }),
      }),
    });
    expect(res.json().success).toBe(true);
    const [mail] = await smtp.waitFor(1);
    expect(mail!.to).toEqual(['prairies@example.com']);
    expect(mail!.raw).toMatch(/Subject: New contact request: Claire Roy \(Product retailer, Canada\)/);
    expect(mail!.raw).toMatch(/Reply-To: claire@example\.ca/);
    expect(mail!.raw).toContain('S7K 1A1');
    await t.app.services.mail.idle();
    const [row] = await t.app.services.mail.listForSubmission(res.json().data.id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('when the SMTP server is down', () => {
  let t: TestApp;
  let smtp: FakeSmtp | null = null;
  let port: number;
  beforeAll(async () => {
    port = await freePort();
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, FORM_RATE_LIMIT: '1000' });
  });
  afterAll(async () => {
    await t.close();
    await smtp?.close();
  });

  it('still stores the lead and answers success, then delivers the email once SMTP is back', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact({ name: 'Outage Olsen' }) });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    const id = res.json().data.id;
    expect(await t.app.services.leads.findById(id)).toMatchObject({ name: 'Outage Olsen' });

    await t.app.services.mail.idle();
    // the regional team's email and the routed rep's (50010 is a seeded rep's territory)
    const pendings = await t.app.services.mail.listForSubmission(id);
    expect(pendings).toHaveLength(2);
    for (const pending of pendings) {
      expect(pending).toMatchObject({ status: 'pending', attempts: 1 });
      expect(pending.lastError).toBeTruthy();
    }

    smtp = await startFakeSmtp(port);
    // not yet due: the retry waits for its back-off
    expect((await t.app.services.mail.processDue(new Date())).claimed).toBe(0);
    const later = new Date(Date.now() + 10 * 60_000);
    expect(await t.app.services.mail.processDue(later)).toMatchObject({ sent: 2, failed: 0 });
    expect(smtp.messages.map((m) => m.raw).join()).toContain('Outage Olsen');
    for (const sent of await t.app.services.mail.listForSubmission(id)) expect(sent).toMatchObject({ status: 'sent', attempts: 2 });
  });
});

describe('reCAPTCHA, when a secret is set', () => {
  let fake: FakeRecaptcha;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeRecaptcha();
    t = await createTestApp({
      RECAPTCHA_SITE_KEY: 'test-site-key',
      RECAPTCHA_SECRET: 'test-secret',
      RECAPTCHA_VERIFY_URL: fake.url,
      RECAPTCHA_MIN_SCORE: '0.5',
      FORM_RATE_LIMIT: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });

  it('accepts a token the verify endpoint passes, sending the secret, token and client IP', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: contact({ reCaptchaToken: 'human' }),
      remoteAddress: '203.0.113.7',
    });
    expect(res.json().success).toBe(true);
    expect(await t.app.services.leads.findById(res.json().data.id)).toMatchObject({ captcha: 'verified', captchaScore: 0.9 });
    const last = fake.requests.at(-1)!;
    expect(Object.fromEntries(last)).toEqual({ secret: 'test-secret', response: 'human', remoteip: '203.0.113.7' });
  });

  it.each([
    ['a failed token', 'forged'],
    ['a score below the threshold', 'robot'],
    ['a token for another action', 'other-action'],
  ])('rejects %s with 400 and stores nothing', async (_why, token) => {
    const before = await t.app.services.leads.count();
    const res = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact({ reCaptchaToken: token }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().success).toBe(false);
    expect(await t.app.services.leads.count()).toBe(before);
  });

  it('keeps a lead sent without a token (script blocked), flagged unverified, and says so in the email subject', async () => {
    const asked = fake.requests.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: contact({ name: 'Blocked Script', reCaptchaToken: '' }),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().success).toBe(true);
    const id = res.json().data.id as number;
    expect(await t.app.services.leads.findById(id)).toMatchObject({ name: 'Blocked Script', captcha: 'missing', captchaScore: null });
    expect(fake.requests.length).toBe(asked);
    const [mail] = await t.app.services.mail.listForSubmission(id);
    expect(mail?.subject).toMatch(/^\[Unverified\] New contact request: Blocked Script/);
    expect(mail?.text).toContain('The browser sent no token');
  });
});

describe('reCAPTCHA endpoint unreachable', () => {
  let t: TestApp;
  beforeAll(async () => {
    const port = await freePort();
    t = await createTestApp({
      RECAPTCHA_SITE_KEY: 'test-site-key',
      RECAPTCHA_SECRET: 'test-secret',
      RECAPTCHA_VERIFY_URL: `http://127.0.0.1:${port}/siteverify`,
      FORM_RATE_LIMIT: '1000',
    });
  });
  afterAll(() => t.close());

  it('keeps the lead, marked unavailable, rather than losing it', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact({ reCaptchaToken: 'anything' }) });
    expect(res.json().success).toBe(true);
    expect(await t.app.services.leads.findById(res.json().data.id)).toMatchObject({ captcha: 'unavailable' });
  });
});

describe('rate limit', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '3' });
  });
  afterAll(() => t.close());

  it('allows FORM_RATE_LIMIT posts per minute per IP, then answers 429', async () => {
    const post = (ip: string) => t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact(), remoteAddress: ip });
    for (let i = 0; i < 3; i++) expect((await post('198.51.100.1')).statusCode).toBe(200);
    const limited = await post('198.51.100.1');
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, message: expect.stringMatching(/too many requests/i) });
    expect(limited.headers['retry-after']).toBeDefined();
    expect((await post('198.51.100.2')).statusCode).toBe(200);
  });
});

describe('rate limit shared through Redis (REDIS_URL)', () => {
  let redis: TestRedis;
  let a: TestApp;
  let b: TestApp;
  beforeAll(async () => {
    redis = await startRedis();
    a = await createTestApp({ FORM_RATE_LIMIT: '3', REDIS_URL: redis.url });
    b = await createTestApp({ FORM_RATE_LIMIT: '3', REDIS_URL: redis.url });
  });
  afterAll(async () => {
    await a.close();
    await b.close();
    await redis.stop();
  });

  it('counts posts from one IP across instances', async () => {
    const post = (t: TestApp) => t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact(), remoteAddress: '192.0.2.9' });
    expect((await post(a)).statusCode).toBe(200);
    expect((await post(b)).statusCode).toBe(200);
    expect((await post(a)).statusCode).toBe(200);
    expect((await post(b)).statusCode).toBe(429);
  });
});

describe('rate limit when Redis is down', () => {
  let t: TestApp;
  const log: string[] = [];
  const OUTAGE = 'rate-limit store (Redis) unavailable';
  beforeAll(async () => {
    t = await createTestApp(
      { FORM_RATE_LIMIT: '2', LOGIN_RATE_LIMIT: '2', LOG_LEVEL: 'warn', REDIS_URL: `redis://127.0.0.1:${await freePort()}` },
      { ui: 'build', logger: { stream: { write: (line: string) => log.push(line) } } },
    );
  });
  afterAll(() => t.close());

  it('lets leads through rather than refusing them, up to FORM_RATE_LIMIT counted in memory, then 429', async () => {
    const post = () => t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact(), remoteAddress: '192.0.2.20' });
    for (let i = 0; i < 2; i++) expect((await post()).json().success).toBe(true);
    const limited = await post();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ success: false, message: expect.stringMatching(/too many requests/i) });
    // another visitor has a budget of its own
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact(), remoteAddress: '192.0.2.21' })).statusCode,
    ).toBe(200);
  });

  it('still limits the contact page form (no JavaScript) and the sign-in calls', async () => {
    const form = new URLSearchParams({ name: 'Nora Field', email: 'nora.field@example.com', region: 'USA', role: 'Grower', message: 'x' });
    const page = () =>
      t.app.inject({
        method: 'POST',
        url: '/contact',
        payload: form.toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' },
        remoteAddress: '192.0.2.30',
      });
    expect((await page()).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(200);
    expect((await page()).statusCode).toBe(429);

    const login = () =>
      t.app.inject({
        method: 'POST',
        url: '/auth/login',
        payload: { Username: 'nobody@example.com', Password: 'wrong' },
        remoteAddress: '192.0.2.31',
      });
    expect((await login()).statusCode).not.toBe(429);
    expect((await login()).statusCode).not.toBe(429);
    expect((await login()).statusCode).toBe(429);
  });

  it('says so once for the whole outage, not once per request', () => {
    expect(log.filter((line) => line.includes(OUTAGE))).toHaveLength(1);
    expect(log.find((line) => line.includes(OUTAGE))).toContain('counted per instance, in memory');
  });
});
