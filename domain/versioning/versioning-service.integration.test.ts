import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ContentChange } from '#domain/content-events/content-events.ts';
import { createPublishScheduler } from '#domain/versioning/publish-scheduler.ts';
import { createTestApp, type TestApp } from '#tests/setup/test-app.ts';

/** The one versioning model (ADR 017), through the knowledge service and the pages service. */
describe('versioned content', () => {
  let t: TestApp;
  const changes: ContentChange[] = [];
  beforeAll(async () => {
    t = await createTestApp();
    t.app.services.contentEvents.onChange((c) => changes.push(c));
  });
  afterAll(() => t.close());

  const version = (title: string, body = `<p>${title}</p>`) => ({
    title,
    metadata: { title, desc: `${title} summary` },
    heroMedia: null,
    modules: [{ type: 2 as const, content: body }],
    publishDate: new Date('2026-05-01T00:00:00Z'),
  });

  it('appends versions, moves the pointer in the same write, lists them newest first and rolls back by appending a copy', async () => {
    const k = t.app.services.knowledge;
    const { id, versionId: v1 } = await k.create(
      { type: 0, category: 39, pinned: false, slug: 'versioned-one', regionId: 2, version: version('First') },
      { authorId: 1 },
    );
    const v2 = await k.appendVersion(id, version('Second'), { authorId: 1 });
    expect((await k.getPublishedBySlug('versioned-one')).title).toBe('Second');
    const rolled = await k.versioning.rollback(id, v1, { authorId: 1 });
    expect(rolled).toBeGreaterThan(v2);
    expect((await k.getPublishedBySlug('versioned-one')).title).toBe('First');
    const list = await k.versioning.listVersions(id);
    expect(list.map((v) => v.id)).toEqual([rolled, v2, v1]);
    expect(list[0]).toMatchObject({ current: true, author: 'admin@example.com', publishAt: null });
    expect(list.slice(1).every((v) => !v.current)).toBe(true);
    // the old versions are untouched
    expect((await k.versioning.getVersion(id, v2)).version.title).toBe('Second');
  });

  it('every write ends in the content-changed call with the old and new slug', async () => {
    changes.length = 0;
    const k = t.app.services.knowledge;
    const { id } = await k.create({
      type: 0,
      category: 39,
      pinned: false,
      slug: 'versioned-events',
      regionId: 2,
      version: version('Events'),
    });
    await k.versioning.append(
      id,
      { title: 'Renamed', seo: {}, heroMedia: null, modules: [], publishDate: new Date() },
      {},
      { slug: 'versioned-events-2' },
    );
    await k.versioning.remove(id);
    expect(changes).toEqual([
      { kind: 'knowledge', id, oldSlug: null, newSlug: 'versioned-events' },
      { kind: 'knowledge', id, oldSlug: 'versioned-events', newSlug: 'versioned-events-2' },
      { kind: 'knowledge', id, oldSlug: 'versioned-events-2', newSlug: null },
    ]);
    await expect(k.getPublishedById(id)).rejects.toMatchObject({ status: 404 });
  });

  it('stores rich text sanitized, in the neutral form, whatever the kind', async () => {
    const k = t.app.services.knowledge;
    const { id, versionId } = await k.create({
      type: 0,
      category: 39,
      pinned: false,
      slug: 'versioned-dirty',
      regionId: 2,
      version: version('Dirty', '<p onclick="x()">Hi<script>alert(1)</script> <a href="https://other.example/">x</a></p>'),
    });
    const stored = (await k.versioning.getVersion(id, versionId)).version.modules[0] as { content: string };
    expect(stored.content).toBe('<p>Hi <a href="https://other.example/">x</a></p>');
    // the render pass adds the external-link rule
    expect((await k.getPublishedById(id)).modules[0]).toMatchObject({ content: expect.stringContaining('target="_blank"') });
    const pages = t.app.services.pages;
    const page = await pages.versioning.create(
      { slug: 'versioned-page', status: 1, regionIds: [2] },
      { title: 'P', modules: [{ type: 2, content: '<img src=x onerror=alert(1)>ok' }] },
    );
    const pageHtml = ((await pages.versioning.getVersion(page.id, page.versionId)).version.modules[0] as { content: string }).content;
    expect(pageHtml).not.toMatch(/onerror|alert/);
    expect(pageHtml).toMatch(/ok$/);
  });

  it('a scheduled version goes live at its publishAt: the read rule, and the publisher reports the change', async () => {
    const k = t.app.services.knowledge;
    const { id } = await k.create({
      type: 0,
      category: 39,
      pinned: false,
      slug: 'versioned-scheduled',
      regionId: 2,
      version: version('Now'),
    });
    const at = new Date(Date.now() + 60_000);
    const scheduled = await k.appendVersion(id, version('Later'), { publishAt: at });
    // not yet: the public site still shows the current version, the editor sees the newest
    expect((await k.getPublishedById(id)).title).toBe('Now');
    expect((await k.adminGet(id)).title).toBe('Later');
    expect((await k.versioning.listVersions(id))[0]).toMatchObject({ id: scheduled, current: false, publishAt: at });
    expect((await k.versioning.nextPublishAt())?.getTime()).toBe(at.getTime());
    // before the time nothing moves
    expect(await k.versioning.publishDue(new Date(at.getTime() - 1))).toEqual([]);
    changes.length = 0;
    expect(await k.versioning.publishDue(at)).toEqual([id]);
    expect((await k.getPublishedById(id)).title).toBe('Later');
    expect(changes).toEqual([{ kind: 'knowledge', id, oldSlug: 'versioned-scheduled', newSlug: 'versioned-scheduled' }]);
    expect(await k.versioning.nextPublishAt()).toBeNull();
  });

  it('a first version scheduled for later keeps the item off the site until then', async () => {
    const k = t.app.services.knowledge;
    const at = new Date(Date.now() + 3_600_000);
    const { id } = await k.create(
      { type: 0, category: 39, pinned: false, slug: 'versioned-future', regionId: 2, version: version('Future') },
      { publishAt: at },
    );
    await expect(k.getPublishedById(id)).rejects.toMatchObject({ status: 404 });
    expect((await k.filter({ searchText: 'Future summary', start: 0, length: 12 })).total).toBe(0);
    await k.versioning.publishDue(at);
    expect((await k.getPublishedById(id)).title).toBe('Future');
  });

  it('the publish scheduler wakes at the next publishAt and publishes what is due', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const due: Date[] = [];
      let next: Date | null = new Date(Date.now() + 10_000);
      const kind = {
        publishDue: async (at?: Date) => {
          due.push(at!);
          if (next && at!.getTime() >= next.getTime()) next = null;
          return [];
        },
        nextPublishAt: async () => next,
      };
      const scheduler = createPublishScheduler({ kinds: [kind], maxSleepMs: 3_600_000 });
      scheduler.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(due).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(9_000);
      expect(due).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(due).toHaveLength(2);
      expect(next).toBeNull();
      // a version scheduled later wakes it again
      next = new Date(Date.now() + 5_000);
      scheduler.scheduled(next);
      await vi.advanceTimersByTimeAsync(5_000);
      expect(due).toHaveLength(3);
      scheduler.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('the scheduler also carries out expiries (ADR 049): it wakes at the next Unpublish at, and at least once a minute by default', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    try {
      const passes: Date[] = [];
      let expires: Date | null = new Date(Date.now() + 20_000);
      const kind = {
        publishDue: async () => [],
        nextPublishAt: async () => null,
        unpublishDue: async (at?: Date) => {
          passes.push(at!);
          if (expires && at!.getTime() >= expires.getTime()) expires = null;
          return [];
        },
        nextUnpublishAt: async () => expires,
      };
      const scheduler = createPublishScheduler({ kinds: [kind] });
      scheduler.start();
      await vi.advanceTimersByTimeAsync(0);
      expect(passes).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(19_000);
      expect(passes).toHaveLength(1);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(passes).toHaveLength(2);
      expect(expires).toBeNull();
      // nothing known: the next look is a minute later (an expiry saved on another instance is found then)
      await vi.advanceTimersByTimeAsync(59_000);
      expect(passes).toHaveLength(2);
      await vi.advanceTimersByTimeAsync(1_000);
      expect(passes).toHaveLength(3);
      scheduler.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it('saves running at once leave the item on the newest version (PostgreSQL runs them side by side)', async () => {
    const k = t.app.services.knowledge;
    const { id } = await k.create(
      { type: 0, category: 39, pinned: false, slug: 'versioned-at-once', regionId: 2, version: version('Start') },
      { authorId: 1 },
    );
    for (let round = 0; round < 3; round++) {
      await Promise.all(Array.from({ length: 6 }, (_, i) => k.appendVersion(id, version(`At once ${round}.${i}`), { authorId: 1 })));
      const [newest] = await k.versioning.listVersions(id);
      expect(newest!.current, `round ${round}`).toBe(true);
    }
  });
});
