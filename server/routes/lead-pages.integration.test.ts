/**
 * The lead forms' React Router actions, for visitors without JavaScript (ADR 005): the same schema and
 * messages as POST /api/forms/add, the same service (a lead without a reCAPTCHA token is kept
 * unverified), the honeypot's fake success, the idempotency key, the rate limit, 4xx never 5xx, and
 * replies to posts never stored by the page cache (ADR 007).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FormSubmissionDto } from '#shared/validation/forms-admin.ts';
import { startFakeRecaptcha, type FakeRecaptcha } from '#tests/setup/fake-recaptcha.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

const THANK_YOU = 'Thank you! Our team is reviewing your request and will connect you with the right resource.';
const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };

function contactForm(overrides: Record<string, string> = {}) {
  return new URLSearchParams({
    name: 'Nora Field',
    phone: '(515) 555-0177',
    email: 'nora.field@example.com',
    region: 'USA',
    state: 'Iowa',
    zipcode: '50010',
    role: 'Grower',
    message: 'Sent without JavaScript.',
    website: '',
    ...overrides,
  }).toString();
}

async function leadsNamed(t: TestApp, name: string): Promise<FormSubmissionDto[]> {
  const page = await t.app.services.leads.list({
    start: 0,
    length: 100,
    order: 4,
    status: -1,
    type: -1,
    verification: 'all',
    search: name,
  });
  return page.items;
}

describe('contact page action (no JavaScript)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '5' }, { ui: 'build' });
  });
  afterAll(() => t.close());
  // every test posts from its own address: the rate limit counts per IP
  let ip = 10;
  const post = (url: string, payload: string, remoteAddress = `10.0.0.${ip++}`) =>
    t.app.inject({ method: 'POST', url, payload, headers: FORM, remoteAddress });

  it('answers the field messages of the API schema with 400, keeps what was typed, stores nothing', async () => {
    const res = await post('/contact', contactForm({ name: '', email: 'nora@example.toolong', region: '', role: '' }));
    expect(res.statusCode).toBe(400);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    for (const message of ['Name is required.', 'Please enter a valid email address.', 'Region is required.', 'Role is required.'])
      expect(res.body).toContain(message);
    expect(res.body).toContain('aria-invalid="true"');
    expect(res.body).toContain('value="nora@example.toolong"');
    expect(res.body).toContain('Sent without JavaScript.');
    expect(res.body).not.toContain(THANK_YOU);
    // the next attempt of this view carries an idempotency key
    expect(res.body).toMatch(/name="idempotencyKey" value="[0-9a-f]{32}"/);
    expect(await leadsNamed(t, 'nora@example.toolong')).toHaveLength(0);
  });

  it('stores the lead as the API does, unverified without a token, and shows the thank-you text', async () => {
    const res = await post('/contact', contactForm({ name: 'Nora NoScript' }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(THANK_YOU);
    const [lead] = await leadsNamed(t, 'Nora NoScript');
    expect(lead).toMatchObject({
      type: 0,
      email: 'nora.field@example.com',
      phone: '(515) 555-0177',
      zipCode: '50010',
      message: 'Sent without JavaScript.',
      captcha: 'not-configured',
    });
    expect(Object.fromEntries(lead!.data.map((f) => [f.name, f.value]))).toEqual({
      Region: 'USA',
      Role: 'Grower',
      State: 'Iowa',
      Zipcode: '50010',
    });
    // the regional team's email is queued with the lead, as for the API
    expect(Object.values(await t.app.services.mail.countByStatus()).reduce((a: number, n) => a + Number(n), 0)).toBeGreaterThan(0);
  });

  it('answers /contact-ca and /can/contact-us the same way', async () => {
    for (const url of ['/contact-ca', '/can/contact-us']) {
      const res = await post(url, contactForm({ name: `Claire ${url}`, region: 'Canada', state: 'Saskatchewan', zipcode: 'S7K 1A1' }));
      expect(res.statusCode, url).toBe(200);
      expect(res.body).toContain(THANK_YOU);
      expect(await leadsNamed(t, `Claire ${url}`)).toHaveLength(1);
    }
  });

  // The spam verdict (ADR 043) changed this test deliberately: a honeypot lead used to be dropped; it is now
  // stored with status Spam (ADR 043) and notifies nobody. The reply is still the same, byte for byte.
  it('a filled honeypot gets the same thank-you, byte for byte, and is stored as Spam, emailing nobody', async () => {
    const person = await post('/contact', contactForm({ name: 'Pat Person' }));
    const res = await post('/contact', contactForm({ name: 'Bot Honeypot', website: 'https://spam.example' }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(THANK_YOU);
    // Only the per-request CSP nonce and request id differ from a person's reply: same status, headers and page.
    const same = (r: typeof res) => ({
      status: r.statusCode,
      headers: Object.fromEntries(
        Object.entries(r.headers)
          .filter(([k]) => !['date', 'content-length', 'etag'].includes(k))
          .map(([k, v]) => [k, k === 'x-request-id' ? 'per request' : String(v).replace(/nonce-[^']+/, 'nonce')]),
      ),
      // the nonce and the form's render stamp (ADR 043) are per render, for a person as for a bot
      body: r.body
        .replace(/nonce="[^"]+"/g, 'nonce=""')
        .replace(/formStarted&quot;:&quot;[^&]+&quot;/, 'formStarted&quot;:&quot;per render&quot;'),
    });
    expect(same(res)).toEqual(same(person));
    expect(await leadsNamed(t, 'Pat Person')).toMatchObject([{ leadStatus: 'new' }]);
    const [bot] = await leadsNamed(t, 'Bot Honeypot');
    expect(bot).toMatchObject({ leadStatus: 'spam', assignee: null });
    expect(await t.app.services.mail.listForSubmission(bot!.id)).toEqual([]);
  });

  it('the page carries its signed render time; sent at once from a client that keeps posting, the lead is Spam (ADR 043)', async () => {
    const rendered = async () => {
      const page = await t.app.inject({ method: 'GET', url: '/contact' });
      const stamp = /name="formStarted" value="([^"]+)"/.exec(page.body)?.[1];
      expect(stamp).toMatch(/^\d+\.[A-Za-z0-9_-]{22}$/);
      return stamp!;
    };
    // sent at once by a person (autofill): one weak signal, still a New lead
    const quick = await post('/contact', contactForm({ name: 'Quick Autofill', formStarted: await rendered() }));
    expect(quick.body).toContain(THANK_YOU);
    expect(await leadsNamed(t, 'Quick Autofill')).toMatchObject([{ leadStatus: 'new' }]);
    // the same from an address that has just posted three times: Spam, with the same thank-you
    const busy = `10.0.1.${ip++}`;
    for (const n of [1, 2, 3]) expect((await post('/contact', contactForm({ name: `Busy Sender ${n}` }), busy)).statusCode).toBe(200);
    const bot = await post('/contact', contactForm({ name: 'Quick Busy Bot', formStarted: await rendered() }), busy);
    expect(bot.statusCode).toBe(200);
    expect(bot.body).toContain(THANK_YOU);
    const [lead] = await leadsNamed(t, 'Quick Busy Bot');
    expect(lead).toMatchObject({ leadStatus: 'spam' });
    expect(lead!.routing).toMatch(/^Spam: form sent \d+\.\d s after it was shown \(under 3 s\); 3 earlier submissions/);
    expect(await t.app.services.mail.listForSubmission(lead!.id)).toEqual([]);
  });

  it('the same idempotency key twice stores one lead', async () => {
    const key = 'a'.repeat(32);
    for (let i = 0; i < 2; i++)
      expect((await post('/contact', contactForm({ name: 'Nora Twice', idempotencyKey: key }))).statusCode).toBe(200);
    expect(await leadsNamed(t, 'Nora Twice')).toHaveLength(1);
  });

  it('bad input is a 4xx, never a 5xx', async () => {
    const cases: [string, Record<string, string>][] = [
      ['', { 'content-type': 'application/x-www-form-urlencoded' }],
      ['not a form', { 'content-type': 'text/plain' }],
      ['{"name":"x"}', { 'content-type': 'application/json' }],
      [contactForm({ region: 'Mars', role: 'Astronaut' }), FORM],
      [contactForm({ idempotencyKey: 'short' }), FORM],
      [contactForm({ name: 'x'.repeat(300) }), FORM],
      [`name=${'y'.repeat(70_000)}`, FORM],
      ['%E0%A4%A=bad&name=%', FORM],
    ];
    for (const [payload, headers] of cases) {
      const res = await t.app.inject({ method: 'POST', url: '/contact', payload, headers, remoteAddress: `10.0.1.${ip++}` });
      expect(res.statusCode, payload.slice(0, 40)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, payload.slice(0, 40)).toBeLessThan(500);
    }
  });

  it('over FORM_RATE_LIMIT a post gets 429 with the failure alert and what was typed, and is not stored', async () => {
    const from = '10.0.2.1';
    for (let i = 0; i < 5; i++) expect((await post('/contact', contactForm({ name: `Rate ${i}` }), from)).statusCode).toBe(200);
    const limited = await post('/contact', contactForm({ name: 'Rate Limited' }), from);
    expect(limited.statusCode).toBe(429);
    expect(limited.body).toContain('We could not send your message. Please try again in a moment.');
    expect(limited.body).toContain('value="Rate Limited"');
    expect(await leadsNamed(t, 'Rate Limited')).toHaveLength(0);
  });

  it('replies to posts are never stored by the page cache; the GET of /contact stays cacheable', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/contact', headers: { accept: 'text/html' } });
    const second = await t.app.inject({ method: 'GET', url: '/contact', headers: { accept: 'text/html' } });
    expect(first.statusCode).toBe(200);
    expect(second.headers['x-page-cache']).toBe('hit');
    const sent = await post('/contact', contactForm({ name: 'Nora Cache' }));
    expect(sent.headers['x-page-cache']).toBeUndefined();
    expect(sent.headers['cache-control'] ?? '').not.toMatch(/public/);
    // the form again, not the thank-you of the post
    const after = await t.app.inject({ method: 'GET', url: '/contact', headers: { accept: 'text/html' } });
    expect(after.body).not.toContain(THANK_YOU);
    expect(after.body).toContain('Connect with us');
  });
});

describe('rep contact page action (no JavaScript)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000', SEED_DEMO_REPS: 'true' }, { ui: 'build' });
  });
  afterAll(() => t.close());

  async function someRep() {
    const result = await t.app.services.finder.search({ label: 'Reps', zip: '50010', radius: 50 });
    if (result.kind !== 'reps' || !result.results[0]) throw new Error('the demo reps are missing');
    return result.results[0];
  }

  it('the page shows the form for a listing; an unknown one is a 404', async () => {
    const rep = await someRep();
    const page = await t.app.inject({
      method: 'GET',
      url: `/reps-retailers/contact?type=rep&id=${rep.id}&zip=50010&label=Reps&back=%2Freps-retailers%3Flabel%3DReps%26zip%3D50010`,
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`Contact ${rep.name}`);
    const missing = await t.app.inject({ method: 'GET', url: '/reps-retailers/contact?type=rep&id=999999' });
    expect(missing.statusCode).toBe(404);
    const bad = await t.app.inject({ method: 'GET', url: '/reps-retailers/contact?type=boss&id=abc' });
    expect(bad.statusCode).toBe(404);
    const bare = await t.app.inject({ method: 'GET', url: '/reps-retailers/contact' });
    expect(bare.statusCode).toBe(302);
    expect(bare.headers.location).toBe('/find-a-rep');
  });

  it('messages first, then stored as the API stores it and sent to the thank-you page', async () => {
    const rep = await someRep();
    const base = {
      targetType: 'rep',
      targetId: String(rep.id),
      zip: '50010',
      label: 'Reps',
      back: '/reps-retailers?label=Reps&zip=50010',
      website: '',
    };
    const url = `/reps-retailers/contact?type=rep&id=${rep.id}&zip=50010&label=Reps&back=%2Freps-retailers%3Flabel%3DReps%26zip%3D50010`;
    const invalid = await t.app.inject({
      method: 'POST',
      url,
      headers: FORM,
      payload: new URLSearchParams({ ...base, name: '', email: '' }).toString(),
    });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.body).toContain('Name is required.');
    expect(invalid.body).toContain('Email is required.');

    const sent = await t.app.inject({
      method: 'POST',
      url,
      headers: FORM,
      payload: new URLSearchParams({
        ...base,
        name: 'Sam NoScript',
        email: 'sam@example.com',
        phone: '515 555 0123',
        message: 'Call me.',
      }).toString(),
    });
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe(`/rep-thankyou?id=${rep.id}&back=%2Freps-retailers%3Flabel%3DReps%26zip%3D50010`);
    const leads = await leadsNamed(t, 'Sam NoScript');
    expect(leads).toHaveLength(1);
    expect(leads[0]).toMatchObject({ type: 1, email: 'sam@example.com', message: 'Call me.' });

    // a bot (honeypot filled) is sent to the same thank-you address, and is stored as Spam (changed
    // deliberately for the spam verdict (ADR 043): it used to be dropped), emailing nobody
    const bot = await t.app.inject({
      method: 'POST',
      url,
      headers: FORM,
      payload: new URLSearchParams({
        ...base,
        website: 'https://spam.example',
        name: 'Bot NoScript',
        email: 'bot@example.com',
        message: 'Buy.',
      }).toString(),
    });
    expect(bot.statusCode).toBe(303);
    expect(bot.headers.location).toBe(sent.headers.location);
    const botLeads = await leadsNamed(t, 'Bot NoScript');
    expect(botLeads).toMatchObject([{ leadStatus: 'spam', assignee: null }]);
    expect(await t.app.services.mail.listForSubmission(botLeads[0]!.id)).toEqual([]);

    const thanks = await t.app.inject({ method: 'GET', url: sent.headers.location as string });
    expect(thanks.body).toContain(`on its way to ${rep.name}`);
    expect(thanks.body).toContain('Back to results');
    // a name in the address is not shown: only the listing's own, by id
    const forged = await t.app.inject({ method: 'GET', url: '/rep-thankyou?id=999999&name=Call+555-0000&back=https%3A%2F%2Fevil.example' });
    expect(forged.statusCode).toBe(200);
    expect(forged.body).not.toContain('555-0000');
    expect(forged.body).not.toContain('evil.example');
  });

  it('shows the privacy text beside the form, posts its version in a hidden field and stores it with the lead (ADR 044)', async () => {
    const rep = await someRep();
    const text = 'Your message goes to this rep and our regional team only';
    const version = await t.app.services.privacy.save(text, null);
    const url = `/reps-retailers/contact?type=rep&id=${rep.id}&zip=50010&label=Reps&back=%2Freps-retailers%3Flabel%3DReps%26zip%3D50010`;
    const page = await t.app.inject({ method: 'GET', url });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain(`<p class="lead-form__privacy">${text}</p>`);
    expect(page.body).toMatch(new RegExp(`<input type="hidden" name="privacyVersion" value="${version.id}"/>`));
    // the results page hands the same text and version to the contact dialog
    const results = await t.app.inject({ method: 'GET', url: '/reps-retailers?label=Reps&zip=50010' });
    expect(results.body).toContain(`data-privacy-id="${version.id}"`);
    expect(results.body).toContain(`data-privacy-text="${text}"`);

    const sent = await t.app.inject({
      method: 'POST',
      url,
      headers: FORM,
      payload: new URLSearchParams({
        targetType: 'rep',
        targetId: String(rep.id),
        zip: '50010',
        label: 'Reps',
        back: '/reps-retailers?label=Reps&zip=50010',
        website: '',
        name: 'Pat Consent',
        email: 'pat.consent@example.com',
        message: 'Call me.',
        privacyVersion: String(version.id),
      }).toString(),
    });
    expect(sent.statusCode).toBe(303);
    const [lead] = await leadsNamed(t, 'Pat Consent');
    expect(lead).toMatchObject({ type: 1, privacyTextId: version.id });
  });
});

describe('contact page action with reCAPTCHA configured (no JavaScript, so no token)', () => {
  let fake: FakeRecaptcha;
  let t: TestApp;
  beforeAll(async () => {
    fake = await startFakeRecaptcha();
    t = await createTestApp(
      { RECAPTCHA_SITE_KEY: 'test-site-key', RECAPTCHA_SECRET: 'test-secret', RECAPTCHA_VERIFY_URL: fake.url, FORM_RATE_LIMIT: '1000' },
      { ui: 'build' },
    );
  });
  afterAll(async () => {
    await t.close();
    await fake.close();
  });
  const postContact = (fields: Record<string, string>, remoteAddress: string) =>
    t.app.inject({ method: 'POST', url: '/contact', payload: contactForm(fields), headers: FORM, remoteAddress });

  it('keeps the lead, marked unverified, without asking Google, and shows the thank-you text', async () => {
    const asked = fake.requests.length;
    const res = await postContact({ name: 'Nora Tokenless' }, '10.0.3.1');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(THANK_YOU);
    const [lead] = await leadsNamed(t, 'Nora Tokenless');
    expect(lead).toMatchObject({ captcha: 'missing', email: 'nora.field@example.com' });
    expect(await t.app.services.leads.findById(lead!.id)).toMatchObject({ captcha: 'missing', captchaScore: null });
    expect(fake.requests.length).toBe(asked);
    const [mail] = await t.app.services.mail.listForSubmission(lead!.id);
    expect(mail?.subject).toMatch(/^\[Unverified\] New contact request: Nora Tokenless/);
  });

  it('checks a token the page sends (JavaScript ran) as the API does: a forged one stores nothing', async () => {
    const res = await postContact({ name: 'Nora Forged', reCaptchaToken: 'forged' }, '10.0.3.2');
    expect(res.statusCode).toBe(400);
    expect(res.body).not.toContain(THANK_YOU);
    expect(await leadsNamed(t, 'Nora Forged')).toHaveLength(0);
    const human = await postContact({ name: 'Nora Human', reCaptchaToken: 'human' }, '10.0.3.3');
    expect(human.statusCode).toBe(200);
    const [lead] = await leadsNamed(t, 'Nora Human');
    expect(lead).toMatchObject({ captcha: 'verified' });
  });
});
