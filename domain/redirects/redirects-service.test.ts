import { describe, expect, it } from 'vitest';
import { createContentEvents, type ContentChange } from '../content-events/content-events.ts';
import type { RedirectRow, RedirectsRepository } from './redirects-repository.ts';
import { createRedirectsService } from './redirects-service.ts';

type Seed = Pick<RedirectRow, 'fromPath' | 'toPath' | 'statusCode'> & { keepQuery?: boolean };

function memoryRepo(rows: Seed[]) {
  let nextId = 1;
  const make = (r: Seed): RedirectRow => ({ keepQuery: true, hits: 0, lastHit: null, ...r, id: nextId++, created: new Date(), updated: new Date() });
  const table: RedirectRow[] = rows.map(make);
  let reads = 0;
  const unused = async () => {
    throw new Error('not used by these tests');
  };
  const repo: RedirectsRepository = {
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
