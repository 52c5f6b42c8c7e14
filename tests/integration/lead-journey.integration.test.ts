import { parse } from 'csv-parse/sync';
import { JSDOM } from 'jsdom';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFormStamp } from '#domain/leads/spam.ts';
import { JOURNEY_MESSAGE } from '#shared/validation/selector-journey.ts';
import { generateWebhookSecret, WebhookPayloadSchema } from '#shared/webhooks.ts';
import { bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { TEST_JWT_SECRET } from '#tests/setup/constants.ts';
import { htmlProblemsIn } from '#tests/setup/html-validator.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';
import { startWebhookReceiver, type WebhookReceiver } from '#tests/setup/webhook-receiver.ts';

/**
 * The visitor's journey: the product selector's result links to the contact form
 * with its answers and products in the address; the form shows them and posts them (unless unticked);
 * the lead keeps them, and the admin's View, the regional and rep emails, the CRM webhook and the CSV
 * export carry them. A journey the selector could not have written is refused with a 400.
 */

const US_LEADS = 'us-team@leads.example.com';
const REP = { name: 'Nadia Nitrogen', email: 'nadia@reps.example.com', zips: '50010' };
/** Nitrogen loss protection, corn, urea: ANVOL and SUPERU. */
const JOURNEY = 'challenge=5&crop=1&nitrogen=1&product=anvol&product=superu';
const WORDS = {
  answers: [
    { key: 'challenge', question: 'Challenge', codes: [5], answer: 'Nitrogen loss protection' },
    { key: 'crop', question: 'Crop', codes: [1], answer: 'Corn' },
    { key: 'nitrogen', question: 'Nitrogen source', codes: [1], answer: 'Urea' },
  ],
  products: [
    { key: 'anvol', name: 'ANVOL' },
    { key: 'superu', name: 'SUPERU' },
  ],
};
const EMAIL_LINES = [
  'From the product selector (answers and recommended products the visitor sent along):',
  'Challenge: Nitrogen loss protection',
  'Crop: Corn',
  'Nitrogen source: Urea',
  'Recommended products: ANVOL, SUPERU',
].join('\n');

let t: TestApp;
let admin: string;
let receiver: WebhookReceiver;
let run: ReturnType<typeof sqlRows>;
const secret = generateWebhookSecret();
const stamp = createFormStamp(TEST_JWT_SECRET);
let client = 1;
const nextIp = () => `198.51.100.${client++}`;

const doc = (html: string) => new JSDOM(html).window.document;

function contact(name: string, extra: Record<string, string> = {}) {
  return {
    name,
    email: `${name.toLowerCase().replace(/\W+/g, '.')}@example.com`,
    phone: '(515) 555-0199',
    data: JSON.stringify({ Region: 'USA', Role: 'Grower', State: 'Iowa', Zipcode: '50010' }),
    message: 'Which of these suits my farm?',
    reCaptchaToken: '',
    formStarted: stamp.issue(Date.now() - 45_000),
    ...extra,
  };
}

async function detail(id: number) {
  const res = await t.app.inject({ url: `/api/admin/forms/${id}`, headers: bearer(admin) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { lead: { journey: unknown; leadStatus: string; name: string } };
}

async function mailOf(id: number) {
  return run<{ kind: string; to_addresses: string[]; text: string }>`
    select kind, to_addresses, text from mail_outbox where form_submission_id = ${id} order by id`;
}

async function leadCount(): Promise<number> {
  const [row] = await run<{ n: number }>`select count(*)::int as n from form_submissions`;
  return row!.n;
}

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp(
    {
      FORM_RATE_LIMIT: '1000',
      LEADS_EMAIL_US: US_LEADS,
      WEBHOOK_ALLOW_PRIVATE: 'true',
      WEBHOOK_RETRY_SECONDS: '3600',
      MAIL_RETRY_SECONDS: '3600',
    },
    { ui: 'build' },
  );
  run = sqlRows(t.database);
  admin = (await signIn(t.app)).token;
  await run`delete from reps`;
  const rep = await t.app.inject({ method: 'POST', url: '/api/admin/reps/add', headers: bearer(admin), payload: REP });
  expect(rep.statusCode, rep.body).toBe(200);
  const hook = await t.app.inject({
    method: 'POST',
    url: '/api/admin/integrations/add',
    headers: bearer(admin),
    payload: { url: receiver.url, secret, events: ['lead.created'] },
  });
  expect(hook.statusCode, hook.body).toBe(200);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

describe('from the selector to the contact form', () => {
  it("the selector's result links to the contact form with its answers and products in the address", async () => {
    const res = await t.app.inject({ url: '/product-selector?step=7&challenge=5&crop=1&nitrogen=1', headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const link = [...doc(res.body).querySelectorAll('a')].find((a) => a.textContent?.trim() === 'Ask us about these products');
    expect(link?.getAttribute('href')).toBe(`/contact?${JOURNEY}`);
    // nothing of it goes into a cookie
    expect(String(res.headers['set-cookie'] ?? '')).not.toMatch(/challenge|anvol/);
  });

  it('the contact form shows what will be sent, in a labelled group whose ticked box carries it', async () => {
    const res = await t.app.inject({ url: `/contact?${JOURNEY}`, headers: { accept: 'text/html' } });
    expect(res.statusCode).toBe(200);
    const page = doc(res.body);
    const group = page.querySelector('fieldset.lead-journey')!;
    expect(group.querySelector('legend')?.textContent).toBe('From the product selector');
    const shown = [...group.querySelectorAll('dt')].map((dt) => `${dt.textContent}: ${dt.nextElementSibling?.textContent}`);
    expect(shown).toEqual([
      'Challenge: Nitrogen loss protection',
      'Crop: Corn',
      'Nitrogen source: Urea',
      'Recommended products: ANVOL, SUPERU',
    ]);
    const box = group.querySelector<HTMLInputElement>('input[type=checkbox][name=journey]')!;
    expect(box.checked).toBe(true);
    expect(box.value).toBe(JOURNEY);
    expect(page.querySelector(`label[for="${box.id}"]`)?.textContent).toBe(
      'Send my product selector answers and recommended products with this message',
    );
    // the spam verdict's render stamp is still on the form (ADR 043)
    expect(page.querySelector('input[name=formStarted]')?.getAttribute('value')).toBeTruthy();
  });

  it('both pages are valid HTML, by the rules every page is checked with', async () => {
    for (const url of ['/product-selector?step=7&challenge=5&crop=1&nitrogen=1', `/contact?${JOURNEY}`]) {
      expect(await htmlProblemsIn((await t.app.inject({ url, headers: { accept: 'text/html' } })).body), url).toEqual([]);
    }
  });

  it('shows no journey for an address without one, or with one the selector could not have written', async () => {
    for (const url of ['/contact', '/contact?challenge=5&product=snake-oil', '/contact?challenge=99', '/contact?crop=%3Cscript%3E']) {
      const res = await t.app.inject({ url, headers: { accept: 'text/html' } });
      expect(res.statusCode, url).toBe(200);
      expect(doc(res.body).querySelector('fieldset.lead-journey'), url).toBeNull();
      expect(doc(res.body).querySelector('form.contact-form'), url).not.toBeNull();
    }
  });
});

describe('a lead with its journey', () => {
  it('is stored, and the View, both emails, the webhook and the CSV export carry it in words', async () => {
    receiver.received.length = 0;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: contact('Joan Journey', { journey: JOURNEY }),
      remoteAddress: nextIp(),
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;

    const [row] = await run<{ selector_journey: unknown }>`select selector_journey from form_submissions where id = ${id}`;
    expect(row!.selector_journey).toEqual({
      answers: [
        { key: 'challenge', codes: [5] },
        { key: 'crop', codes: [1] },
        { key: 'nitrogen', codes: [1] },
      ],
      products: ['anvol', 'superu'],
    });
    const view = await detail(id);
    expect(view.lead.journey).toEqual(WORDS);
    // the visitor's genuine lead is not judged spam
    expect(view.lead.leadStatus).toBe('new');

    const mail = await mailOf(id);
    const regional = mail.find((m) => m.to_addresses.includes(US_LEADS))!;
    const rep = mail.find((m) => m.to_addresses.includes(REP.email))!;
    expect(regional.text).toContain(EMAIL_LINES);
    expect(rep.text).toContain(EMAIL_LINES);

    await t.app.services.webhooks.idle();
    expect(receiver.received).toHaveLength(1);
    const payload = WebhookPayloadSchema.parse(new Webhook(secret).verify(receiver.received[0]!.body, receiver.received[0]!.headers));
    expect(payload.data.lead.journey).toEqual(WORDS);

    const csv = await t.app.inject({
      method: 'POST',
      url: '/api/admin/forms/export',
      headers: bearer(admin),
      payload: { search: 'Joan Journey' },
    });
    expect(csv.statusCode, csv.body).toBe(200);
    const records = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(records).toHaveLength(1);
    expect(records[0]!['Product selector']).toBe(
      'Challenge: Nitrogen loss protection; Crop: Corn; Nitrogen source: Urea; Recommended products: ANVOL, SUPERU',
    );
  });

  it('without a journey: nothing stored, no lines in the emails, null in the webhook, an empty CSV cell', async () => {
    receiver.received.length = 0;
    const res = await t.app.inject({ method: 'POST', url: '/api/forms/add', payload: contact('Nils Nojourney'), remoteAddress: nextIp() });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    expect((await detail(id)).lead.journey).toBeNull();
    for (const m of await mailOf(id)) expect(m.text).not.toContain('From the product selector');
    await t.app.services.webhooks.idle();
    const payload = WebhookPayloadSchema.parse(JSON.parse(receiver.received[0]!.body));
    expect(payload.data.lead.journey).toBeNull();
    const csv = await t.app.inject({ method: 'POST', url: '/api/admin/forms/export', headers: bearer(admin), payload: { search: 'Nils' } });
    const records = parse(csv.body, { columns: true, bom: true }) as Record<string, string>[];
    expect(records[0]!['Product selector']).toBe('');
  });

  it('a stored journey naming a product the selector no longer has still shows, its key as its name, never a 500', async () => {
    // a row from a release whose selector had other products (or a hand edit): shown as text, which every output escapes
    const [row] = await run<{ id: number }>`insert into form_submissions (type, name, email, data, captcha, selector_journey)
      values (0, 'Old Row', 'old@example.com', '{}', 'verified', ${JSON.stringify({ answers: [{ key: 'crop', codes: [1] }], products: ['<b>x</b>'] })}::jsonb)
      returning id`;
    const view = await detail(row!.id);
    expect(view.lead.journey).toMatchObject({ products: [{ key: '<b>x</b>', name: '<b>x</b>' }] });
  });
});

describe('the OpenAPI document', () => {
  it("describes the contact form's journey field and the webhook lead's journey", async () => {
    const doc = (await t.app.inject('/api/docs/json')).json() as {
      paths: Record<string, { post?: { requestBody?: { content: Record<string, { schema: { properties: Record<string, unknown> } }> } } }>;
      components: { schemas: Record<string, unknown> };
    };
    const body = doc.paths['/api/forms/add']!.post!.requestBody!.content['application/json']!.schema;
    expect(body.properties.journey).toMatchObject({ type: 'string', maxLength: 600 });
    expect(JSON.stringify(doc.components.schemas.WebhookPayload)).toContain('recommended products the visitor sent with the lead');
  });
});

describe('a journey the selector could not have written', () => {
  const bad: [string, string][] = [
    ['an unknown product', 'challenge=5&product=snake-oil'],
    ['an unknown question', 'challenge=5&colour=2'],
    ['a code the question does not offer', 'challenge=9&product=anvol'],
    ['two answers to a one-answer question', 'challenge=5&challenge=6'],
    ['more than the bound', `challenge=5&product=${'anvol,'.repeat(200)}`],
  ];
  for (const [what, journey] of bad) {
    it(`is refused with a 400 and the journey's message, storing nothing: ${what}`, async () => {
      const before = await leadCount();
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/forms/add',
        payload: contact('Rita Refused', { journey }),
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().errors.journey).toEqual([JOURNEY_MESSAGE]);
      expect(await leadCount()).toBe(before);
    });
  }

  it('a journey that is not text is a 400, never a 500', async () => {
    for (const journey of [{ challenge: 5 }, ['anvol'], 42]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/forms/add',
        payload: contact('Rita Object', { journey } as never),
        remoteAddress: nextIp(),
      });
      expect(res.statusCode, JSON.stringify(journey)).toBe(400);
    }
  });
});

describe('without JavaScript', () => {
  const FORM = { 'content-type': 'application/x-www-form-urlencoded', accept: 'text/html' };
  const form = (name: string, extra: Record<string, string> = {}) =>
    new URLSearchParams({
      name,
      phone: '(515) 555-0177',
      email: 'nojs@example.com',
      region: 'USA',
      state: 'Iowa',
      zipcode: '50010',
      role: 'Grower',
      message: 'Sent without JavaScript.',
      website: '',
      formStarted: stamp.issue(Date.now() - 45_000),
      ...extra,
    }).toString();
  const post = (payload: string) =>
    t.app.inject({ method: 'POST', url: `/contact?${JOURNEY}`, payload, headers: FORM, remoteAddress: nextIp() });
  const leadNamed = async (name: string) => {
    const page = await t.app.services.leads.list({
      start: 0,
      length: 5,
      order: 4,
      status: -1,
      type: -1,
      verification: 'all',
      search: name,
    });
    return page.items;
  };

  it('the ticked box sends the journey with the lead', async () => {
    const res = await post(form('Nora Ticked', { journey: JOURNEY }));
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Message sent');
    const [lead] = await leadNamed('Nora Ticked');
    expect(lead!.journey).toEqual(WORDS);
    expect(lead!.leadStatus).toBe('new');
  });

  it('an unticked box sends none', async () => {
    const res = await post(form('Nora Unticked'));
    expect(res.statusCode).toBe(200);
    const [lead] = await leadNamed('Nora Unticked');
    expect(lead!.journey).toBeNull();
  });

  it("a bad journey is a 400 with the journey's message beside the box, what was typed kept, nothing stored", async () => {
    const res = await post(form('Nora Forged', { journey: 'challenge=5&product=snake-oil' }));
    expect(res.statusCode).toBe(400);
    const page = doc(res.body);
    const box = page.querySelector<HTMLInputElement>('input[name=journey]')!;
    expect(page.getElementById(`${box.id}-error`)?.textContent).toBe(JOURNEY_MESSAGE);
    expect(box.getAttribute('aria-invalid')).toBe('true');
    expect(page.querySelector<HTMLInputElement>('input[name=name]')?.value).toBe('Nora Forged');
    expect(await leadNamed('Nora Forged')).toHaveLength(0);
  });
});
