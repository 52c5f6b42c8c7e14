import { redirectKey } from '#shared/paths.ts';
import type { AuditRecorder } from '../audit/audit-service.ts';
import type { ContentEvents } from '../content-events/content-events.ts';
import type { RedirectsRepository } from './redirects-repository.ts';

export interface RedirectsServiceOptions {
  /** Runs each batch of an import, and a content rename's redirect changes, in one transaction. */
  transaction?: <T>(work: (repo: RedirectsRepository) => Promise<T>) => Promise<T>;
  /** The site's own origin: an absolute target on it is checked for chains like a local path. */
  siteUrl?: string;
  /** Where writes are announced (page cache, other instances). */
  events?: ContentEvents;
  /** Rows the Not Found log keeps (the least recently seen are pruned). */
  notFoundLimit?: number;
  /** How often hit counts and Not Found misses are written, in one batch. */
  flushMs?: number;
  log?: { error(obj: object, msg?: string): void };
  /** the audit log */
  audit?: AuditRecorder;
  /** An import commits a batch when it holds this many rows or has taken this long. Defaults: 500 rows, 100 ms. */
  batch?: { rows?: number; ms?: number };
  /** One import of redirects at a time, on every instance (domain/finder/import-jobs.ts). */
  imports?: {
    assertIdle(kind: string): Promise<void>;
    exclusive<T extends { created: number; updated: number }>(
      kind: string,
      total: number,
      work: () => Promise<T>,
      opts?: { startedBy?: string | null },
    ): Promise<T>;
  };
}

/**
 * What the writing parts of the redirects service share (admin.ts, csv.ts): the repository and
 * options, the in-memory table's reset and the counts' flush, announcing changes and the audit log.
 */
export function createRedirectsContext(
  repo: RedirectsRepository,
  opts: RedirectsServiceOptions,
  table: { invalidate(): void; flush(): Promise<void> },
) {
  const siteOrigin = opts.siteUrl ? new URL(opts.siteUrl).origin : null;
  const transaction = opts.transaction ?? (<T>(work: (r: RedirectsRepository) => Promise<T>) => work(repo));
  const { invalidate, flush } = table;

  /** The one place a write reports that public answers changed: here, on every other instance and in the page cache. */
  function changed(paths: { id: number; oldSlug: string | null; newSlug: string | null } | null) {
    invalidate();
    // pages are stored under their path (every query of it): a from-path's query names no page of its own
    const pathOf = (from: string | null) => (from === null ? null : from.split('?')[0]!);
    opts.events?.changed(
      paths ? { kind: 'redirect', id: paths.id, oldSlug: pathOf(paths.oldSlug), newSlug: pathOf(paths.newSlug) } : { kind: 'all' },
    );
  }

  /** The lookup key (path and query) a target leads to on this site, or null for another site (or 410). */
  function localTarget(toPath: string | null): string | null {
    if (!toPath) return null;
    if (toPath.startsWith('/')) return redirectKey(toPath);
    if (siteOrigin) {
      try {
        const url = new URL(toPath);
        if (url.origin === siteOrigin) return redirectKey(url.pathname + url.search);
      } catch {
        return null;
      }
    }
    return null;
  }

  async function audited(
    action: string,
    row: { id: number; fromPath: string; toPath: string | null } | null,
    detail: Record<string, unknown> | null = null,
  ) {
    await opts.audit?.record({
      action,
      subject: {
        kind: 'redirect',
        id: row?.id ?? null,
        title: row ? `${row.fromPath} → ${row.toPath ?? '410 Gone'}` : null,
        link: row ? `/siteadmin/redirects/edit/${row.id}` : '/siteadmin/redirects',
      },
      detail,
    });
  }

  return { repo, opts, transaction, invalidate, flush, changed, localTarget, audited };
}
export type RedirectsContext = ReturnType<typeof createRedirectsContext>;
