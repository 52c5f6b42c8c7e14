import { createRedirectsAdmin } from './redirects-admin.ts';
import { createRedirectsContext, type RedirectsServiceOptions } from './redirects-context.ts';
import { createRedirectsCsv } from './redirects-csv.ts';
import { createRedirectHits } from './redirects-hits.ts';
import { createRedirectMatching } from './redirects-matching.ts';
import type { RedirectsRepository } from './redirects-repository.ts';

export { REDIRECT_ERRORS } from './redirects-admin.ts';
export type { RedirectsServiceOptions } from './redirects-context.ts';
export type { RedirectTarget } from './redirects-matching.ts';

/**
 * The redirects service: one object over its parts. Matching (redirects-matching.ts) keeps the
 * whole table in memory, as redirects are consulted for every request before routing; hits and
 * Not Found misses are counted in memory and written in batches (redirects-hits.ts), so the hot
 * path never waits for a database write; the admin (redirects-admin.ts: saving with its checks
 * for loops and chains, content renames, the Not Found log) and CSV import and export
 * (redirects-csv.ts) reload the table after each write.
 */
export function createRedirectsService(repo: RedirectsRepository, opts: RedirectsServiceOptions = {}) {
  const matching = createRedirectMatching(repo, opts.events);
  const hits = createRedirectHits(repo, opts);
  const ctx = createRedirectsContext(repo, opts, { invalidate: matching.invalidate, flush: hits.flush });
  return {
    ...matching,
    ...hits,
    ...createRedirectsAdmin(ctx),
    ...createRedirectsCsv(ctx),
  };
}
export type RedirectsService = ReturnType<typeof createRedirectsService>;
