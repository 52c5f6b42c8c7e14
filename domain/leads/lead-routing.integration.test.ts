import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addUser, bearer, signIn, sqlRows } from '#tests/setup/auth-helpers.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/**
 * Territory routing of contact leads (ADR 041): a contact lead with a U.S. ZIP or a
 * Canadian postal code goes to the rep the finder would show first for it, who is emailed at once;
 * the regional team gets every lead, saying whom it went to.
 */

const US_LEADS = 'us-team@leads.example.com';
const CA_LEADS = 'ca-team@leads.example.com';

/** Reps added through the admin API (the tables the finder reads), each covering one kind of territory. */
const REPS = {
  zip: { name: 'Zoe Zip', email: 'zoe@reps.example.com', zips: '50010' },
  prefix500: { name: 'Paul Prefix', email: 'paul@reps.example.com', zipPrefixes: '500' },
  prefix50: { name: 'Pia Shortprefix', email: 'pia@reps.example.com', zipPrefixes: '50' },
  iowa: { name: 'Ian Iowa', email: 'ian@reps.example.com', states: 'IA' },
  nebraskaB: { name: 'Bea Nebraska', email: 'bea@reps.example.com', states: 'NE' },
  nebraskaA: { name: 'Al Nebraska', email: 'al@reps.example.com', states: 'NE' },
  fsa: { name: 'Fay Fsa', email: 'fay@reps.example.com', fsas: 'S7K' },
  sask: { name: 'Sam Saskatchewan', email: 'sam@reps.example.com', provinces: 'SK' },
} as const;
type RepKey = keyof typeof REPS;

interface Outbox {
  kind: string;
  to_addresses: string[];
  reply_to: string | null;
  subject: string;
  text: string;
}

describe('territory routing of contact leads', () => {
  let t: TestApp;
  let admin: string;
  const repIds = {} as Record<RepKey, number>;
  let run: ReturnType<typeof sqlRows>;

  beforeAll(async () => {
    t = await createTestApp({ FORM_RATE_LIMIT: '1000', LEADS_EMAIL_US: US_LEADS, LEADS_EMAIL_CA: CA_LEADS });
    run = sqlRows(t.database);
    admin = (await signIn(t.app)).token;
    // only this test's reps cover anything (the seeded demo reps are removed)
    await run`delete from reps`;
    for (const [key, rep] of Object.entries(REPS) as [RepKey, (typeof REPS)[RepKey]][]) {
      const res = await t.app.inject({ method: 'POST', url: '/api/admin/reps/add', headers: bearer(admin), payload: rep });
      expect(res.statusCode, res.body).toBe(200);
      repIds[key] = res.json().data.id;
    }
  });
  afterAll(() => t.close());

  async function sendContact(region: string, zip: string, name = `Visitor ${region} ${zip}`) {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/add',
      payload: {
        name,
        email: 'visitor@example.com',
        phone: '515 555 0100',
        data: JSON.stringify({ Region: region, Role: 'Grower', State: '', Zipcode: zip }),
        message: 'Please call me about nitrogen.',
        reCaptchaToken: '',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    const lead = (await t.app.services.leads.findById(id))!;
    const mail =
      await run<Outbox>`select kind, to_addresses, reply_to, subject, text from mail_outbox where form_submission_id = ${id} order by id`;
    return { id, lead, mail };
  }

  /** The rep the public finder lists first for a code: routing must agree with it. */
  async function finderFirst(zip: string): Promise<number | undefined> {
    const found = await t.app.services.finder.search({ label: 'Reps', zip, radius: 50 } as never);
    return found.kind === 'reps' ? found.results[0]?.id : undefined;
  }

  const cases: { what: string; region: string; zip: string; rep: RepKey; rule: string; team: string }[] = [
    { what: 'a ZIP beats a prefix and a state', region: 'USA', zip: '50010', rep: 'zip', rule: 'ZIP 50010', team: US_LEADS },
    {
      what: 'the longer ZIP prefix beats the shorter one and the state',
      region: 'USA',
      zip: '50011',
      rep: 'prefix500',
      rule: 'ZIP codes starting 500',
      team: US_LEADS,
    },
    {
      what: 'a shorter ZIP prefix beats the state',
      region: 'USA',
      zip: '50310',
      rep: 'prefix50',
      rule: 'ZIP codes starting 50',
      team: US_LEADS,
    },
    { what: 'the state when no ZIP rule covers it', region: 'USA', zip: '52240', rep: 'iowa', rule: 'State IA', team: US_LEADS },
    {
      what: 'two reps with the same state: the first the finder lists (by name)',
      region: 'USA',
      zip: '68510',
      rep: 'nebraskaA',
      rule: 'State NE',
      team: US_LEADS,
    },
    {
      what: 'a Canadian FSA beats the province',
      region: 'Canada',
      zip: 's7k 1a1',
      rep: 'fsa',
      rule: 'Postal codes starting S7K',
      team: CA_LEADS,
    },
    { what: 'the province when no FSA rule covers it', region: 'Canada', zip: 'S4N 7B1', rep: 'sask', rule: 'Province SK', team: CA_LEADS },
  ];

  for (const c of cases) {
    it(`routes ${c.zip}: ${c.what}; the rep is emailed and the regional team is told`, async () => {
      const { id, lead, mail } = await sendContact(c.region, c.zip);
      const rep = REPS[c.rep];
      expect(lead.assignedRepId).toBe(repIds[c.rep]);
      expect(lead.routing).toBe(c.rule);
      expect(await finderFirst(c.zip)).toBe(repIds[c.rep]);

      expect(mail.map((m) => [m.kind, m.to_addresses])).toEqual([
        ['contact-lead', [c.team]],
        ['lead-assigned', [rep.email]],
      ]);
      const [regional, toRep] = mail as [Outbox, Outbox];
      expect(regional.text).toContain(`Assigned to: ${rep.name} <${rep.email}>, by territory (${c.rule})`);
      expect(toRep.reply_to).toBe('visitor@example.com');
      expect(toRep.subject).toBe(`New lead for you: Visitor ${c.region} ${c.zip}`);
      expect(toRep.text).toContain(`Hello ${rep.name},`);
      expect(toRep.text).toContain(`A visitor in your territory (${c.rule}) sent the contact form on the website.`);
      expect(toRep.text).toContain(`Zip / Postal Code: ${c.zip}`);
      expect(toRep.text).toContain('Please call me about nitrogen.');
      expect(toRep.text).toContain(`Submission #${id}`);

      // the admin list shows the assignee and how routing decided
      const detail = await t.app.inject({ method: 'GET', url: `/api/admin/forms/${id}`, headers: bearer(admin) });
      expect(detail.json().data.lead).toMatchObject({
        leadStatus: 'new',
        assignee: { type: 'rep', id: repIds[c.rep], name: rep.name },
        routing: c.rule,
      });
    });
  }

  it('leaves a lead no rep covers unassigned, and the regional team reads why', async () => {
    const { lead, mail } = await sendContact('USA', '99950');
    expect(lead.assignedRepId).toBeNull();
    expect(lead.routing).toBe('no rep covers 99950');
    expect(await finderFirst('99950')).toBeUndefined();
    expect(mail).toHaveLength(1);
    expect(mail[0]!.to_addresses).toEqual([US_LEADS]);
    expect(mail[0]!.text).toContain('Unassigned: no rep covers 99950');
    expect(mail[0]!.text).not.toContain('Assigned to:');
  });

  it('leaves unassigned a ZIP the finder does not know, a code that is neither, and a lead from outside North America', async () => {
    const unknown = await sendContact('USA', '00000');
    expect(unknown.lead.assignedRepId).toBeNull();
    expect(unknown.mail[0]!.text).toContain('Unassigned: no rep covers 00000');

    const nonsense = await sendContact('USA', 'near the river');
    expect(nonsense.lead.assignedRepId).toBeNull();
    expect(nonsense.lead.routing).toBeNull();
    expect(nonsense.mail).toHaveLength(1);
    expect(nonsense.mail[0]!.text).toContain('Unassigned: no U.S. ZIP or Canadian postal code was given');

    // a European address that happens to look like a ZIP is not routed to a U.S. rep
    const europe = await sendContact('Europe', '50010');
    expect(europe.lead.assignedRepId).toBeNull();
    expect(europe.mail.map((m) => m.to_addresses)).toEqual([['leads-international@example.com']]);
  });

  it('the rep-contact form still goes to the rep the visitor chose, who is its assignee', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/forms/contact-rep',
      payload: {
        name: 'Chooser',
        email: 'chooser@example.com',
        phone: '',
        message: 'Hi Ian',
        targetType: 'rep',
        targetId: repIds.iowa,
        zip: '50010',
        reCaptchaToken: '',
      },
    });
    expect(res.statusCode, res.body).toBe(200);
    const id = res.json().data.id as number;
    const lead = (await t.app.services.leads.findById(id))!;
    // 50010 is Zoe's ZIP, but the visitor picked Ian
    expect(lead.assignedRepId).toBe(repIds.iowa);
    const mail = await run<Outbox>`select kind, to_addresses from mail_outbox where form_submission_id = ${id}`;
    expect(mail.map((m) => [m.kind, m.to_addresses])).toEqual([['rep-lead', [REPS.iowa.email, US_LEADS]]]);
  });

  it('follows the territories an Editor keeps in the reps admin', async () => {
    const editorEmail = 'territory.editor@example.com';
    await addUser(t.app, admin, editorEmail, 'Territory-Editor-Passw0rd!', [2]);
    const editor = (await signIn(t.app, editorEmail, 'Territory-Editor-Passw0rd!')).token;
    const rep = (await t.app.inject({ method: 'GET', url: `/api/admin/reps/get/${repIds.iowa}`, headers: bearer(editor) })).json().data;
    const edit = await t.app.inject({
      method: 'POST',
      url: '/api/admin/reps/edit',
      headers: bearer(editor),
      payload: { ...rep, zips: ['99950'], baseVersion: rep.version },
    });
    expect(edit.statusCode, edit.body).toBe(200);
    const { lead, mail } = await sendContact('USA', '99950');
    expect(lead.assignedRepId).toBe(repIds.iowa);
    expect(lead.routing).toBe('ZIP 99950');
    expect(mail.map((m) => m.to_addresses)).toEqual([[US_LEADS], [REPS.iowa.email]]);
  });

  it('an inactive rep is never routed to', async () => {
    await run`update reps set active = false where id = ${repIds.zip}`;
    try {
      const { lead } = await sendContact('USA', '50010');
      // the next most specific rule
      expect(lead.assignedRepId).toBe(repIds.prefix500);
    } finally {
      await run`update reps set active = true where id = ${repIds.zip}`;
    }
  });
});
