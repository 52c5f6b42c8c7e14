import { describe, expect, it } from 'vitest';
import { useAdminApp } from '#tests/setup/admin-app.ts';

// ADR 049: content that expires on time, and point 5: the API creates drafts.
const t = useAdminApp({}, { ui: 'build' });
const HOUR = 3_600_000;

const knowledgeBody = (title: string, slug: string, extra: Record<string, unknown> = {}) => ({
  title,
  slug,
  type: 0,
  category: 39,
  region: 2,
  metadata: { desc: `${title} summary` },
  modules: [{ type: 2, content: `<p>${title} body text.</p>` }],
  ...extra,
});

async function auditSummaries(): Promise<string[]> {
  const res = await t.post('/api/admin/audit-log/filter', { start: 0, length: 50 });
  expect(res.statusCode, res.body).toBe(200);
  return (res.json().data.items as { summary: string }[]).map((e) => e.summary);
}

const sitemap = async () => (await t.app.inject('/sitemap.xml')).body;

describe('content that expires on time (ADR 049)', () => {
  it('a knowledge item past its Unpublish at leaves its page, the list, search and the sitemap; its address redirects; the audit log says so', async () => {
    const at = new Date(Date.now() + HOUR);
    const add = await t.post(
      '/api/admin/knowledge-center/add',
      knowledgeBody('Expiring Zinc Guide', 'expiring-zinc-guide', {
        status: 1,
        unpublishAt: at.toISOString(),
        unpublishRedirect: '/knowledge-center',
      }),
    );
    expect(add.statusCode, add.body).toBe(200);
    const item = add.json().data;
    expect(item).toMatchObject({ status: 1, unpublishAt: at.toISOString(), unpublishRedirect: '/knowledge-center' });
    const path = '/knowledge-center/expiring-zinc-guide';

    // live until then
    expect((await t.app.inject(path)).statusCode).toBe(200);
    const search = () =>
      t.app.inject({ method: 'POST', url: '/api/knowledge-center/filter', payload: { searchText: 'Expiring Zinc', start: 0, length: 12 } });
    expect((await search()).json().data.total).toBe(1);
    expect(await sitemap()).toContain(path);
    // the list's Expires filter finds it, with its dates
    const expiring = await t.post('/api/admin/knowledge-center/filter', { schedule: 'expires', start: 0, length: 100 });
    expect(expiring.statusCode, expiring.body).toBe(200);
    const rows = expiring.json().data.items as { id: number; unpublishAt: string | null; nextPublishAt: string | null }[];
    expect(rows.find((r) => r.id === item.id)).toMatchObject({ unpublishAt: at.toISOString(), nextPublishAt: null });
    expect(rows.every((r) => r.unpublishAt !== null)).toBe(true);

    // its time comes (the scheduler's pass, at that time)
    const done = await t.app.services.knowledge.versioning.unpublishDue(new Date(at.getTime() + 1000));
    expect(done).toEqual([item.id]);
    // a second pass (another instance) finds nothing to do
    expect(await t.app.services.knowledge.versioning.unpublishDue(new Date(at.getTime() + 2000))).toEqual([]);

    const page = await t.app.inject(path);
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe('/knowledge-center');
    expect((await search()).json().data.total).toBe(0);
    expect(await sitemap()).not.toContain(path);
    expect((await t.app.inject(`/api/knowledge-center/get-by-slug/expiring-zinc-guide`)).statusCode).toBe(404);
    const list = await t.app.inject('/knowledge-center');
    expect(list.body).not.toContain('Expiring Zinc Guide');

    // the editor sees a draft without an expiry; the Expires filter no longer lists it
    const after = (await t.get(`/api/admin/knowledge-center/get/${item.id}`)).json().data;
    expect(after).toMatchObject({ status: 0, unpublishAt: null, unpublishRedirect: null });
    const still = (await t.post('/api/admin/knowledge-center/filter', { schedule: 'expires', start: 0, length: 100 })).json().data
      .items as {
      id: number;
    }[];
    expect(still.map((r) => r.id)).not.toContain(item.id);

    // the redirect is an ordinary one, listed in Redirects
    const redirects = (await t.post('/api/admin/redirects/filter', { search: 'expiring-zinc-guide', start: 0, length: 10 })).json().data;
    expect(redirects.items).toMatchObject([{ fromPath: path, toPath: '/knowledge-center', statusCode: 302 }]);

    const audit = await auditSummaries();
    expect(audit).toContain('The site unpublished the knowledge item Expiring Zinc Guide on schedule, redirecting it to /knowledge-center');
  });

  it('a custom page without a redirect answers Not Found once expired', async () => {
    const at = new Date(Date.now() + HOUR);
    const add = await t.post('/api/admin/pages/add', {
      title: 'Expiring Offer',
      slug: 'expiring-offer',
      visibility: 1,
      regionIds: [2],
      modules: [{ type: 2, content: '<p>Offer ends soon.</p>' }],
      unpublishAt: at.toISOString(),
    });
    expect(add.statusCode, add.body).toBe(200);
    const page = add.json().data;
    expect((await t.app.inject('/expiring-offer')).statusCode).toBe(200);
    expect(await sitemap()).toContain('/expiring-offer');
    const listed = (await t.post('/api/admin/pages/filter', { schedule: 'expires', start: 0, length: 100 })).json().data.items as {
      id: number;
      unpublishAt: string | null;
    }[];
    expect(listed.find((r) => r.id === page.id)?.unpublishAt).toBe(at.toISOString());

    expect(await t.app.services.pages.versioning.unpublishDue(new Date(at.getTime() + 1))).toEqual([page.id]);
    expect((await t.app.inject('/expiring-offer')).statusCode).toBe(404);
    expect(await sitemap()).not.toContain('/expiring-offer');
    expect((await t.get(`/api/admin/pages/get/${page.id}`)).json().data).toMatchObject({ visibility: 0, unpublishAt: null });
    expect(await auditSummaries()).toContain('The site unpublished the page Expiring Offer on schedule');
  });

  it('the scheduler wakes at an Unpublish at saved here and carries it out', async () => {
    const at = new Date(Date.now() + 1500);
    const add = await t.post(
      '/api/admin/press-releases/add',
      knowledgeBody('Expiring Press Note', 'expiring-press-note', { category: null, status: 1, unpublishAt: at.toISOString() }),
    );
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().data.id as number;
    const started = Date.now();
    let status = 1;
    while (status === 1 && Date.now() - started < 8000) {
      await new Promise((r) => setTimeout(r, 200));
      status = (await t.get(`/api/admin/press-releases/get/${id}`)).json().data.status as number;
    }
    expect(status).toBe(0);
    expect(Date.now()).toBeGreaterThanOrEqual(at.getTime());
  });

  it('saving without the expiry fields keeps the expiry; null clears it', async () => {
    const at = new Date(Date.now() + HOUR);
    const add = await t.post(
      '/api/admin/knowledge-center/add',
      knowledgeBody('Kept Expiry', 'kept-expiry', { status: 1, unpublishAt: at.toISOString() }),
    );
    const id = add.json().data.id as number;
    const edit = await t.post('/api/admin/knowledge-center/add', knowledgeBody('Kept Expiry Edited', 'kept-expiry', { id }));
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json().data).toMatchObject({ status: 1, unpublishAt: at.toISOString() });
    const cleared = await t.post(
      '/api/admin/knowledge-center/add',
      knowledgeBody('Kept Expiry Edited', 'kept-expiry', { id, unpublishAt: null }),
    );
    expect(cleared.json().data).toMatchObject({ status: 1, unpublishAt: null });
  });

  it('refuses an Unpublish at not after Publish at, and a redirect that is not a path of this site, with field messages', async () => {
    const publishAt = new Date(Date.now() + 2 * HOUR);
    const early = await t.post(
      '/api/admin/knowledge-center/add',
      knowledgeBody('Bad Expiry', 'bad-expiry', {
        publishAt: publishAt.toISOString(),
        unpublishAt: new Date(Date.now() + HOUR).toISOString(),
      }),
    );
    expect(early.statusCode).toBe(400);
    expect(early.body).toContain('Unpublish at must be after Publish at.');
    expect(JSON.stringify(early.json())).toContain('unpublishAt');

    for (const target of ['https://elsewhere.example/page', '//elsewhere.example/page', 'no-slash', '/with space']) {
      const bad = await t.post('/api/admin/pages/add', { title: 'Bad Redirect', slug: 'bad-redirect', unpublishRedirect: target });
      expect(bad.statusCode, target).toBe(400);
      expect(bad.body, target).toContain('Redirect to must be a path on this site');
    }
  });

  it('the Schedule filter lists items with a version still to come; other values are refused', async () => {
    const add = await t.post('/api/admin/knowledge-center/add', knowledgeBody('Future Only', 'future-only', { status: 1 }));
    const id = add.json().data.id as number;
    const later = new Date(Date.now() + HOUR);
    const sched = await t.post(
      '/api/admin/knowledge-center/add',
      knowledgeBody('Future Only v2', 'future-only', { id, publishAt: later.toISOString() }),
    );
    expect(sched.statusCode, sched.body).toBe(200);
    const rows = (await t.post('/api/admin/knowledge-center/filter', { schedule: 'scheduled', start: 0, length: 100 })).json().data
      .items as {
      id: number;
      nextPublishAt: string | null;
    }[];
    expect(rows.find((r) => r.id === id)?.nextPublishAt).toBe(later.toISOString());
    expect(rows.every((r) => r.nextPublishAt !== null)).toBe(true);
    expect((await t.post('/api/admin/knowledge-center/filter', { schedule: 'soon', start: 0, length: 10 })).statusCode).toBe(400);
  });
});

describe('a campaign page that expires (ADR 049)', () => {
  const L = '/api/admin/landing-pages';
  type Row = { id: number; key: string; kind: string; path: string; status: number; unpublishAt: string | null };
  const rows = async () => (await t.post(`${L}/filter`, {})).json().data as Row[];
  const content = async (id: number) => {
    const { title, hero, sections, seo } = (await t.get(`${L}/get/${id}`)).json().data;
    return { id, title, hero, sections, seo };
  };

  it('leaves the site and the sitemap at its time, redirects where chosen, and comes back when saved again; a home cannot expire', async () => {
    const campaign = (await rows()).find((r) => r.key === 'thats-farming')!;
    expect(campaign).toMatchObject({ kind: 'campaign', status: 1, unpublishAt: null });
    const at = new Date(Date.now() + HOUR);
    const saved = await t.post(`${L}/add`, { ...(await content(campaign.id)), unpublishAt: at.toISOString(), unpublishRedirect: '/about' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data).toMatchObject({ status: 1, unpublishAt: at.toISOString(), unpublishRedirect: '/about' });
    expect((await rows()).find((r) => r.id === campaign.id)?.unpublishAt).toBe(at.toISOString());
    expect((await t.app.inject(campaign.path)).statusCode).toBe(200);
    expect(await sitemap()).toContain(`${campaign.path}<`);

    expect(await t.app.services.landingPages.versioning.unpublishDue(new Date(at.getTime() + 1))).toEqual([campaign.id]);
    const gone = await t.app.inject(campaign.path);
    expect(gone.statusCode).toBe(302);
    expect(gone.headers.location).toBe('/about');
    expect(await sitemap()).not.toContain(`${campaign.path}<`);
    expect((await rows()).find((r) => r.id === campaign.id)).toMatchObject({ status: 0, unpublishAt: null });
    expect((await auditSummaries()).some((s) => /^The site unpublished the page .* on schedule, redirecting it to \/about$/.test(s))).toBe(
      true,
    );

    // saved again (the editor's Save Changes): on the site again, and the redirect its expiry left is gone
    const again = await t.post(`${L}/add`, { ...(await content(campaign.id)), unpublishAt: null, unpublishRedirect: null });
    expect(again.json().data).toMatchObject({ status: 1 });
    expect((await t.post('/api/admin/redirects/filter', { search: campaign.path, start: 0, length: 10 })).json().data.total).toBe(0);
    expect((await t.app.inject(campaign.path)).statusCode).toBe(200);

    const home = (await rows()).find((r) => r.kind === 'home')!;
    const refused = await t.post(`${L}/add`, { ...(await content(home.id)), unpublishAt: at.toISOString() });
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Only a campaign page can expire');
  });
});

describe('the API creates drafts (ADR 049)', () => {
  it('a knowledge item, a press release and a page created without a status are drafts, off the site', async () => {
    const k = await t.post('/api/admin/knowledge-center/add', knowledgeBody('Quiet Draft', 'quiet-draft'));
    expect(k.statusCode, k.body).toBe(200);
    expect(k.json().data.status).toBe(0);
    expect((await t.app.inject('/api/knowledge-center/get-by-slug/quiet-draft')).statusCode).toBe(404);

    const p = await t.post('/api/admin/press-releases/add', knowledgeBody('Quiet Release', 'quiet-release', { category: null }));
    expect(p.json().data.status).toBe(0);

    const page = await t.post('/api/admin/pages/add', { title: 'Quiet Page', slug: 'quiet-page' });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json().data.visibility).toBe(0);
    expect((await t.app.inject('/quiet-page')).statusCode).toBe(404);

    expect(await auditSummaries()).toEqual(
      expect.arrayContaining(['Admin created the knowledge item Quiet Draft as a draft', 'Admin created the page Quiet Page as a draft']),
    );
  });

  it('publishing is a deliberate act: status 1 publishes, and an edit without a status keeps the item as it is', async () => {
    const add = await t.post('/api/admin/knowledge-center/add', knowledgeBody('Deliberate Item', 'deliberate-item'));
    const id = add.json().data.id as number;
    const edit = await t.post('/api/admin/knowledge-center/add', knowledgeBody('Deliberate Item Edited', 'deliberate-item', { id }));
    expect(edit.json().data.status).toBe(0);
    const publish = await t.post(
      '/api/admin/knowledge-center/add',
      knowledgeBody('Deliberate Item Edited', 'deliberate-item', { id, status: 1 }),
    );
    expect(publish.json().data.status).toBe(1);
    expect((await t.app.inject('/api/knowledge-center/get-by-slug/deliberate-item')).statusCode).toBe(200);
    const again = await t.post('/api/admin/knowledge-center/add', knowledgeBody('Deliberate Item Again', 'deliberate-item', { id }));
    expect(again.json().data.status).toBe(1);
  });
});

describe('an expired item published again (ADR 049)', () => {
  const K = '/api/admin/knowledge-center';
  const redirectsAt = async (search: string) =>
    (await t.post('/api/admin/redirects/filter', { search, start: 0, length: 10 })).json().data.items as {
      id: number;
      fromPath: string;
      toPath: string;
      version: number;
    }[];

  async function expired(title: string, slug: string) {
    const at = new Date(Date.now() + HOUR);
    const add = await t.post(
      K + '/add',
      knowledgeBody(title, slug, { status: 1, unpublishAt: at.toISOString(), unpublishRedirect: '/knowledge-center' }),
    );
    expect(add.statusCode, add.body).toBe(200);
    const id = add.json().data.id as number;
    expect(await t.app.services.knowledge.versioning.unpublishDue(new Date(at.getTime() + 1000))).toEqual([id]);
    const path = `/knowledge-center/${slug}`;
    expect((await t.app.inject(path)).statusCode).toBe(302);
    return { id, path };
  }

  it('an editor publishing it again removes the redirect its expiry left: the page answers, the audit log says why', async () => {
    const { id, path } = await expired('Returning Boron Guide', 'returning-boron-guide');
    expect(await redirectsAt('returning-boron-guide')).toMatchObject([{ fromPath: path, toPath: '/knowledge-center' }]);

    // saved as a draft: still off the site, the redirect stays
    const draft = await t.post(K + '/add', knowledgeBody('Returning Boron Guide', 'returning-boron-guide', { id }));
    expect(draft.json().data.status).toBe(0);
    expect(await redirectsAt('returning-boron-guide')).toHaveLength(1);

    const publish = await t.post(K + '/add', knowledgeBody('Returning Boron Guide', 'returning-boron-guide', { id, status: 1 }));
    expect(publish.statusCode, publish.body).toBe(200);
    expect(await redirectsAt('returning-boron-guide')).toEqual([]);
    // the redirect table in memory was dropped too: the page answers at once
    expect((await t.app.inject(path)).statusCode).toBe(200);
    const removed = new RegExp(
      `^.+ removed the redirect from ${path} that the expiry of Returning Boron Guide left, since it is published again$`,
    );
    expect((await auditSummaries()).some((s) => removed.test(s))).toBe(true);
  });

  it('a redirect a person edited in between is theirs: publishing again keeps it', async () => {
    const { id, path } = await expired('Returning Copper Guide', 'returning-copper-guide');
    const [left] = await redirectsAt('returning-copper-guide');
    const edited = await t.post('/api/admin/redirects/edit', {
      id: left!.id,
      baseVersion: left!.version,
      fromPath: path,
      toPath: '/knowledge-center?category=39',
      statusCode: 302,
    });
    expect(edited.statusCode, edited.body).toBe(200);

    const publish = await t.post(K + '/add', knowledgeBody('Returning Copper Guide', 'returning-copper-guide', { id, status: 1 }));
    expect(publish.statusCode, publish.body).toBe(200);
    expect(await redirectsAt('returning-copper-guide')).toMatchObject([
      { id: left!.id, fromPath: path, toPath: '/knowledge-center?category=39' },
    ]);
    const res = await t.app.inject(path);
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/knowledge-center?category=39');
    expect((await auditSummaries()).some((s) => s.includes(`the redirect from ${path} that the expiry`))).toBe(false);
  });

  it("publishing it again with a version scheduled for later removes it too; a person's redirect elsewhere stays", async () => {
    const { id, path } = await expired('Returning Iron Guide', 'returning-iron-guide');
    // a person's redirect elsewhere is untouched by any of this
    const mine = await t.post('/api/admin/redirects/add', { fromPath: '/returning-iron-elsewhere', toPath: '/about' });
    expect(mine.statusCode, mine.body).toBe(200);
    const publish = await t.post(
      K + '/add',
      knowledgeBody('Returning Iron Guide', 'returning-iron-guide', {
        id,
        status: 1,
        publishAt: new Date(Date.now() + HOUR).toISOString(),
      }),
    );
    expect(publish.statusCode, publish.body).toBe(200);
    await t.app.services.knowledge.versioning.publishDue(new Date(Date.now() + 2 * HOUR));
    expect(await redirectsAt('returning-iron-guide')).toEqual([]);
    expect((await t.app.inject(path)).statusCode).toBe(200);
    expect(await redirectsAt('returning-iron-elsewhere')).toHaveLength(1);
  });
});
