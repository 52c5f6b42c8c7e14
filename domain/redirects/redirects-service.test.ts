import { describe, expect, it } from 'vitest';
import type { RedirectRow, RedirectsRepository } from './redirects-repository.ts';
import { createRedirectsService } from './redirects-service.ts';

function memoryRepo(rows: Omit<RedirectRow, 'id' | 'created' | 'updated'>[]) {
  let nextId = 1;
  const table: RedirectRow[] = rows.map((r) => ({ ...r, id: nextId++, created: new Date(), updated: new Date() }));
  let reads = 0;
  const repo: RedirectsRepository = {
    listAll: async () => {
      reads++;
      return [...table];
    },
    findById: async (id) => table.find((r) => r.id === id),
    findByFromPath: async (p) => table.find((r) => r.fromPath === p),
    insert: async (v) => {
      const row = { ...v, id: nextId++, created: new Date(), updated: new Date() };
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
    expect(await svc.resolve('/OLD/')).toEqual({ toPath: '/new', statusCode: 301 });
    expect(await svc.resolve('/promo')).toEqual({ toPath: 'https://example.com/promo', statusCode: 302 });
    expect(await svc.resolve('/missing')).toBeNull();
  });

  it('reads the table once and serves lookups from memory until a write', async () => {
    const { repo, reads } = memoryRepo([{ fromPath: '/old', toPath: '/new', statusCode: 301 }]);
    const svc = createRedirectsService(repo);
    await Promise.all([svc.resolve('/old'), svc.resolve('/x'), svc.resolve('/y')]);
    await svc.resolve('/z');
    expect(reads()).toBe(1);
    await svc.save({ fromPath: '/later', toPath: '/new', statusCode: 301 });
    expect(await svc.resolve('/later')).toEqual({ toPath: '/new', statusCode: 301 });
    expect(reads()).toBe(2);
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
