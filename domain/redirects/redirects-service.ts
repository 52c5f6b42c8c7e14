import { normalisePath } from '#shared/paths.ts';
import type { RedirectInput } from '#shared/validation/redirects.ts';
import { DomainError, NotFoundError } from '../errors.ts';
import type { RedirectsRepository } from './redirects-repository.ts';

export interface RedirectTarget {
  toPath: string;
  statusCode: 301 | 302;
}

/**
 * Redirects are consulted for every unknown path before rendering, so the whole table is kept in
 * memory: reloaded after any write here, and at most `ttlMs` stale when another instance writes.
 */
export function createRedirectsService(repo: RedirectsRepository, ttlMs = 30_000) {
  let cache: { map: Map<string, RedirectTarget>; at: number } | null = null;
  let loading: Promise<Map<string, RedirectTarget>> | null = null;

  async function table(): Promise<Map<string, RedirectTarget>> {
    if (cache && Date.now() - cache.at < ttlMs) return cache.map;
    loading ??= repo
      .listAll()
      .then((rows) => {
        const map = new Map<string, RedirectTarget>();
        for (const r of rows) map.set(r.fromPath, { toPath: r.toPath, statusCode: r.statusCode === 302 ? 302 : 301 });
        cache = { map, at: Date.now() };
        return map;
      })
      .finally(() => {
        loading = null;
      });
    return loading;
  }

  function invalidate() {
    cache = null;
  }

  return {
    async resolve(pathname: string): Promise<RedirectTarget | null> {
      const from = normalisePath(pathname);
      const hit = (await table()).get(from);
      if (!hit || normalisePath(hit.toPath) === from) return null;
      return hit;
    },
    list: () => repo.listAll(),
    async get(id: number) {
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError('Redirect not found.');
      return row;
    },
    async save(input: RedirectInput, id?: number) {
      const values = { fromPath: normalisePath(input.fromPath), toPath: input.toPath, statusCode: input.statusCode };
      if (values.fromPath === normalisePath(values.toPath)) {
        throw new DomainError('A redirect cannot point to itself.', 400);
      }
      const clash = await repo.findByFromPath(values.fromPath);
      if (clash && clash.id !== id) throw new DomainError(`A redirect from ${values.fromPath} already exists.`, 409);
      const row = id === undefined ? await repo.insert(values) : await repo.update(id, values);
      if (!row) throw new NotFoundError('Redirect not found.');
      invalidate();
      return row;
    },
    async delete(id: number) {
      if (!(await repo.delete(id))) throw new NotFoundError('Redirect not found.');
      invalidate();
    },
    invalidate,
  };
}
export type RedirectsService = ReturnType<typeof createRedirectsService>;
