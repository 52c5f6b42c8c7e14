import { describe, expect, it } from 'vitest';
import { createContentEvents, type ContentChange } from '../content-events/content-events.ts';
import type { RedirectRow, RedirectsRepository } from './redirects-repository.ts';
import { createRedirectsService } from './redirects-service.ts';

type Seed = Pick<RedirectRow, 'fromPath' | 'toPath' | 'statusCode'> & { keepQuery?: boolean };

function memoryRepo(rows: Seed[]) {
  let nextId = 1;
  const make = (r: Seed): RedirectRow => ({
    keepQuery: true,
    origin: 'admin',
    hits: 0,
    lastHit: null,
    ...r,
    id: nextId++,
    created: new Date(),
    updated: new Date(),
    version: 1,
    updatedBy: null,
  });
  const table: RedirectRow[] = rows.map(make);
  let reads = 0;
  const unused = async () => {
    throw new Error('not used by these tests');
  };
  const repo: RedirectsRepository = {
    // the conflicts' lookups of who saved (ADR 048) are not reached by these tests
    db: null as unknown as RedirectsRepository['db'],
    listAll: async () => {
      reads++;
      return [...table];
    },
    findById: async (id) => table.find((r) => r.id === id),
    findByFromPath: async (p) => table.find((r) => r.fromPath === p),
    insert: async (v) => {
      const row = make(v);
      table.push(row);
      return row;
    },
    update: async (id, v) => {
      const row = table.find((r) => r.id === id);
      if (row) Object.assign(row, v);
      return row;
    },
    delete: async (id) => {
      const i = table.findIndex((r) => r.id === id);
      if (i >= 0) table.splice(i, 1);
      return i >= 0;
    },
    deleteNotFoundPaths: async () => {},
    filter: unused,
    addHits: unused,
    addMisses: unused,
    filterNotFound: unused,
    findNotFound: unused,
    deleteNotFound: unused,
  };
  return { repo, reads: () => reads };
}

describe('URL resolution: redirects', () => {
  it('resolves stored paths case- and slash-insensitively, with the stored status', async () => {
    const { repo } = memoryRepo([
      { fromPath: '/old', toPath: '/new', statusCode: 301 },
      { fromPath: '/promo', toPath: 'https://example.com/promo', statusCode: 302 },
    ]);
    const svc = createRedirectsService(repo);
    expect(await svc.resolve('/OLD/')).toMatchObject({ toPath: '/new', statusCode: 301 });
    expect(await svc.resolve('/promo')).toMatchObject({ toPath: 'https://example.com/promo', statusCode: 302 });
    expect(await svc.resolve('/missing')).toBeNull();
  });

  it('reads the table once and serves lookups from memory until a write', async () => {
    const { repo, reads } = memoryRepo([{ fromPath: '/old', toPath: '/new', statusCode: 301 }]);
    const svc = createRedirectsService(repo);
    await Promise.all([svc.resolve('/old'), svc.resolve('/x'), svc.resolve('/y')]);
    await svc.resolve('/z');
    expect(reads()).toBe(1);
    await svc.save({ fromPath: '/later', toPath: '/new', statusCode: 301 });
    // one read to check the write for loops and chains, one to reload the table after it
    expect(await svc.resolve('/later')).toMatchObject({ toPath: '/new', statusCode: 301 });
    expect(reads()).toBe(3);
    await svc.resolve('/again');
    expect(reads()).toBe(3);
  });

  it('refuses a redirect to itself and a duplicate source', async () => {
    const { repo } = memoryRepo([{ fromPath: '/old', toPath: '/new', statusCode: 301 }]);
    const svc = createRedirectsService(repo);
    await expect(svc.save({ fromPath: '/Loop', toPath: '/loop/', statusCode: 301 })).rejects.toThrow('A redirect cannot point to itself.');
    await expect(svc.save({ fromPath: '/old', toPath: '/other', statusCode: 301 })).rejects.toThrow('A redirect from /old already exists.');
  });

  it('never answers a redirect whose target is the same path', async () => {
    const { repo } = memoryRepo([{ fromPath: '/same', toPath: '/SAME', statusCode: 301 }]);
    expect(await createRedirectsService(repo).resolve('/same')).toBeNull();
  });
});

describe('URL resolution: a from-path with a query string', () => {
  const legacy = () =>
    memoryRepo([
      { fromPath: '/page.aspx?id=12', toPath: '/agrotain', statusCode: 301 },
      { fromPath: '/list.aspx?cat=2&lang=en', toPath: '/knowledge-center', statusCode: 301 },
    ]);

  it('answers that exact query only (order and letter case aside), never the path alone or another query', async () => {
    const svc = createRedirectsService(legacy().repo);
    expect(await svc.resolve('/page.aspx', 'id=12')).toMatchObject({ toPath: '/agrotain' });
    expect(await svc.resolve('/Page.ASPX/', '?ID=12')).toMatchObject({ toPath: '/agrotain' });
    expect(await svc.resolve('/list.aspx', 'lang=en&cat=2')).toMatchObject({ toPath: '/knowledge-center' });
    expect(await svc.resolve('/page.aspx', 'id=13')).toBeNull();
    expect(await svc.resolve('/page.aspx', 'id=12&utm_source=mail')).toBeNull();
    expect(await svc.resolve('/page.aspx')).toBeNull();
    expect(await svc.resolve('/list.aspx', 'cat=2')).toBeNull();
  });

  it('falls back to a redirect for the path alone when no query matches exactly', async () => {
    const { repo } = legacy();
    const svc = createRedirectsService(repo);
    await svc.save({ fromPath: '/page.aspx', toPath: '/products', statusCode: 302 });
    expect(await svc.resolve('/page.aspx', 'id=12')).toMatchObject({ toPath: '/agrotain', statusCode: 301 });
    expect(await svc.resolve('/page.aspx', 'id=13')).toMatchObject({ toPath: '/products', statusCode: 302 });
    expect(await svc.resolve('/page.aspx')).toMatchObject({ toPath: '/products' });
  });

  it('stores the from-path normalised, path and query, so the same address cannot be entered twice', async () => {
    const { repo } = legacy();
    const svc = createRedirectsService(repo);
    const row = await svc.save({ fromPath: '/Old/Default.ASPX/?Lang=EN&Cat=2#top', toPath: '/about', statusCode: 301 });
    expect(row.fromPath).toBe('/old/default.aspx?cat=2&lang=en');
    await expect(svc.save({ fromPath: '/PAGE.aspx?id=12', toPath: '/about', statusCode: 301 })).rejects.toThrow(
      'A redirect from /page.aspx?id=12 already exists.',
    );
    // a bare ? is no query
    expect((await svc.save({ fromPath: '/bare?', toPath: '/about', statusCode: 301 })).fromPath).toBe('/bare');
  });

  it('judges loops and chains as requests are matched, query first', async () => {
    const { repo } = legacy();
    const svc = createRedirectsService(repo);
    // /agrotain?id=12 is not /page.aspx?id=12: no loop; but a target that is a stored address is a chain
    await expect(svc.save({ fromPath: '/x', toPath: '/Page.aspx?ID=12', statusCode: 301 })).rejects.toThrow(
      /^\/page\.aspx\?id=12 already redirects to \/agrotain/,
    );
    await expect(svc.save({ fromPath: '/agrotain', toPath: '/page.aspx?id=12', statusCode: 301 })).rejects.toThrow(
      'This would make a loop: /page.aspx?id=12 already redirects to /agrotain.',
    );
    // the path alone answers /page.aspx?id=99, so a redirect from it to that address points to itself
    await expect(svc.save({ fromPath: '/page.aspx', toPath: '/page.aspx?id=99', statusCode: 301 })).rejects.toThrow(
      'A redirect cannot point to itself.',
    );
    // ...but not to /page.aspx?id=12, which has its own redirect: that is a chain
    await expect(svc.save({ fromPath: '/page.aspx', toPath: '/page.aspx?id=12', statusCode: 301 })).rejects.toThrow(
      /^\/page\.aspx\?id=12 already redirects/,
    );
    // a query address may lead to its own path when that path does not redirect
    expect((await svc.save({ fromPath: '/old.aspx?id=1', toPath: '/old.aspx', statusCode: 301 })).fromPath).toBe('/old.aspx?id=1');
  });

  it('drops stored pages by path: a change names the path without the query', async () => {
    const events = createContentEvents();
    const heard: ContentChange[] = [];
    events.onChange((c) => heard.push(c));
    const svc = createRedirectsService(legacy().repo, { events });
    const row = await svc.save({ fromPath: '/page.aspx?id=7', toPath: '/about', statusCode: 301 });
    await svc.delete(row.id);
    expect(heard).toEqual([
      { kind: 'redirect', id: row.id, oldSlug: null, newSlug: '/page.aspx' },
      { kind: 'redirect', id: row.id, oldSlug: '/page.aspx', newSlug: null },
    ]);
  });
});

describe('redirect writes announce a content change', () => {
  it('names the path a redirect answered before an edit and the one it answers after, and a deleted one', async () => {
    const { repo } = memoryRepo([{ fromPath: '/old', toPath: '/new', statusCode: 301 }]);
    const events = createContentEvents();
    const heard: ContentChange[] = [];
    events.onChange((c) => heard.push(c));
    const svc = createRedirectsService(repo, { events });
    await svc.save({ fromPath: '/older', toPath: '/new', statusCode: 301 }, 1);
    await svc.save({ fromPath: '/fresh', toPath: '/new', statusCode: 302 });
    await svc.delete(1);
    expect(heard).toEqual([
      { kind: 'redirect', id: 1, oldSlug: '/old', newSlug: '/older' },
      { kind: 'redirect', id: 2, oldSlug: null, newSlug: '/fresh' },
      { kind: 'redirect', id: 1, oldSlug: '/older', newSlug: null },
    ]);
  });
});
