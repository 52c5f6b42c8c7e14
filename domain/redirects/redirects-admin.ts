import { normalisePath, redirectKey } from '#shared/paths.ts';
import type { RedirectInput } from '#shared/validation/redirects.ts';
import type { SaveGuard } from '#shared/validation/edit-conflict.ts';
import { DomainError, NotFoundError } from '../errors.ts';
import { overwroteDetail, staleRecord } from '../record-versions-repository.ts';
import type { RedirectsContext } from './redirects-context.ts';
import { lookup } from './redirects-matching.ts';
import type { RedirectRow } from './redirects-repository.ts';

export const REDIRECT_ERRORS = {
  self: 'A redirect cannot point to itself.',
  duplicate: (from: string) => `A redirect from ${from} already exists.`,
  loop: (from: string, to: string) => `This would make a loop: ${to} already redirects to ${from}.`,
  chain: (to: string, next: string) =>
    `${to} already redirects to ${next}. Point this redirect straight at the final address, so visitors are not sent through a chain of redirects.`,
  incoming: (from: string, source: string) =>
    `The redirect from ${source} already points to ${from}, so redirecting ${from} too would make a chain. Change that redirect to the final address first.`,
  gone: (to: string) => `${to} is marked as gone (410): it cannot be the target of a redirect.`,
} as const;

export type Entry = Pick<RedirectRow, 'id' | 'fromPath' | 'toPath' | 'statusCode'>;

/** The row a redirect written by a person (by hand or in a CSV file) stores. */
export function writeValues(input: RedirectInput, origin: 'admin' | 'expiry' = 'admin') {
  const statusCode = input.statusCode ?? 301;
  return {
    fromPath: redirectKey(input.fromPath),
    toPath: statusCode === 410 ? null : (input.toPath ?? '').trim(),
    statusCode,
    keepQuery: input.keepQuery ?? true,
    // a person wrote it (by hand or in a CSV file): content renames leave it alone from now on; an
    // expiry's (ADR 049) is treated like a person's, until a person saves it it is the expiry's to remove
    origin,
  };
}

/** Loops and chains: a redirect to an address that redirects, or from one something already redirects to. */
export function createRedirectChecks(localTarget: RedirectsContext['localTarget']) {
  /**
   * A table of redirects indexed once by from-path, matched as requests are (a target with a query
   * meets the redirect for that query, else the path's), with the first redirect leading to each
   * one: a file of thousands of rows is checked in linear time.
   */
  function indexTable(table: readonly Entry[]) {
    const byFrom = new Map<string, Entry>();
    for (const r of table) if (!byFrom.has(r.fromPath)) byFrom.set(r.fromPath, r);
    const answers = (target: string | null) => (target ? lookup((from) => byFrom.get(from), target) : undefined);
    const incoming = new Map<Entry, Entry>();
    for (const r of table) {
      if (r.statusCode === 410) continue;
      const hit = answers(localTarget(r.toPath));
      if (hit && hit !== r && !incoming.has(hit)) incoming.set(hit, r);
    }
    return { answers, incomingTo: (entry: Entry) => incoming.get(entry) };
  }

  /** Loops and chains of `values` (an entry of the indexed table): a → b when b redirects (a → b → a is one), or a when something already redirects to a. */
  function chainErrorIn(values: Entry, table: ReturnType<typeof indexTable>): string | null {
    const from = values.fromPath;
    const to = values.statusCode === 410 ? null : localTarget(values.toPath);
    if (to) {
      const next = table.answers(to);
      if (next === values) return REDIRECT_ERRORS.self;
      if (next) {
        if (next.statusCode === 410) return REDIRECT_ERRORS.gone(next.fromPath);
        return table.answers(localTarget(next.toPath)) === values
          ? REDIRECT_ERRORS.loop(from, next.fromPath)
          : REDIRECT_ERRORS.chain(next.fromPath, next.toPath ?? '');
      }
    }
    const incoming = table.incomingTo(values);
    return incoming ? REDIRECT_ERRORS.incoming(from, incoming.fromPath) : null;
  }

  /** Loops and chains of one redirect saved into `rows` (it replaces the row with its id or from-path). */
  function chainError(values: Entry, rows: readonly Entry[]): string | null {
    const others = rows.filter((r) => r.id !== values.id && r.fromPath !== values.fromPath);
    return chainErrorIn(values, indexTable([...others, values]));
  }

  return { indexTable, chainErrorIn, chainError };
}

/** Managing redirects: the list, saving and deleting one, following content renames, and the Not Found log. */
export function createRedirectsAdmin(ctx: RedirectsContext) {
  const { repo, opts, transaction, invalidate, flush, changed, localTarget, audited } = ctx;
  const { chainError } = createRedirectChecks(localTarget);

  /** Adds (no id) or edits a redirect; an edit with a guard is refused (409) when another save landed since (ADR 048). */
  async function save(input: RedirectInput, id?: number, guard: SaveGuard | null = null, origin: 'admin' | 'expiry' = 'admin') {
    const before = id === undefined ? null : await repo.findById(id);
    if (id !== undefined && !before) throw new NotFoundError('Redirect not found.');
    // a stale view is refused before the checks against other redirects (which it may not know of)
    if (before && guard && before.version !== guard.baseVersion) throw await staleRecord(repo.db, before, guard);
    const values = writeValues(input, origin);
    const clash = await repo.findByFromPath(values.fromPath);
    if (clash && clash.id !== id) throw new DomainError(REDIRECT_ERRORS.duplicate(values.fromPath), 409);
    const problem = chainError({ id: id ?? -1, ...values }, await repo.listAll());
    if (problem) throw new DomainError(problem, problem === REDIRECT_ERRORS.self ? 400 : 409, { toPath: [problem] });
    const oldFromPath = before?.fromPath ?? null;
    const row = id === undefined ? await repo.insert(values) : await repo.update(id, values, guard);
    if (!row) {
      // another save changed it between the read above and this write: the conditional update wrote nothing
      const now = id === undefined ? undefined : await repo.findById(id);
      if (!now || !guard) throw new NotFoundError('Redirect not found.');
      throw await staleRecord(repo.db, now, guard);
    }
    // The path redirects now: it is no longer a Not Found to fix.
    await repo.deleteNotFoundPaths([values.fromPath]);
    // the path it now answers, and the one it answered before an edit, render differently
    changed({ id: row.id, oldSlug: oldFromPath, newSlug: row.fromPath });
    const over = await overwroteDetail(repo.db, before, guard);
    await audited(id === undefined ? 'created' : 'saved', row, Object.keys(over).length ? over : null);
    return row;
  }

  return {
    list: () => repo.listAll(),
    async filter(search: string, start: number, length: number) {
      await flush();
      return repo.filter(search, start, length);
    },
    async get(id: number) {
      await flush();
      const row = await repo.findById(id);
      if (!row) throw new NotFoundError('Redirect not found.');
      return row;
    },
    save,
    /**
     * The redirect an item's expiry leaves (ADR 049): checked, cached and audited like a person's, but
     * marked as the expiry's (origin 'expiry'), so that publishing the item again can remove it.
     */
    saveForExpiry: (input: RedirectInput) => save(input, undefined, null, 'expiry'),
    /**
     * An item is published again: the redirect its expiry left at its path goes, so the page answers
     * again. Only while it is still the expiry's: any save by a person (an edit, a CSV import) marks it
     * 'admin', and a redirect a person made there is never the expiry's. True when one was removed.
     */
    async releaseExpiryRedirect(path: string, title: string | null): Promise<boolean> {
      const row = await repo.findByFromPath(redirectKey(path));
      if (!row || row.origin !== 'expiry' || !(await repo.delete(row.id))) return false;
      changed({ id: row.id, oldSlug: row.fromPath, newSlug: null });
      await audited('deleted', row, { expiryOf: title ?? 'the item', from: row.fromPath });
      return true;
    },
    /**
     * Can content move to `path`? Not when a redirect a person made answers it (it would hide the
     * page, and a rename must not remove it): the editor is told to choose another address or ask an
     * administrator. A redirect an earlier rename left there may go (the slug is changed back).
     */
    async checkMoveTarget(path: string): Promise<void> {
      const clash = await repo.findByFromPath(normalisePath(path));
      if (clash && clash.origin !== 'rename') {
        const message = `${clash.fromPath} is a redirect set up in Redirects; choose another address, or ask an administrator to remove that redirect first.`;
        throw new DomainError(message, 409, { slug: [message] });
      }
    },
    /**
     * Content moved from one path to another (a published slug changed): the old path redirects
     * (301) to the new one, and redirects earlier renames left that led to the old path now lead
     * straight to the new one (no chain). Only redirects renames created are touched:
     * one a person made at the new path refuses the move (checkMoveTarget, before the save), one
     * a rename left there is removed (the slug was changed back), and a person's redirect elsewhere
     * stays as it is.
     */
    async followMove(oldPath: string, newPath: string) {
      const from = normalisePath(oldPath);
      const to = normalisePath(newPath);
      if (from === to) return;
      const changes = await transaction(async (r) => {
        const touched: { id: number; oldSlug: string | null; newSlug: string | null }[] = [];
        const stale = await r.findByFromPath(to);
        if (stale?.origin === 'rename' && (await r.delete(stale.id))) touched.push({ id: stale.id, oldSlug: to, newSlug: null });
        for (const row of await r.listAll()) {
          if (row.origin === 'rename' && row.fromPath !== from && row.statusCode !== 410 && localTarget(row.toPath) === from) {
            await r.update(row.id, {
              fromPath: row.fromPath,
              toPath: to,
              statusCode: row.statusCode,
              keepQuery: row.keepQuery,
              origin: 'rename',
            });
            touched.push({ id: row.id, oldSlug: row.fromPath, newSlug: row.fromPath });
          }
        }
        const existing = await r.findByFromPath(from);
        // a person's redirect from the old path is theirs to keep
        if (existing && existing.origin !== 'rename') return touched;
        const row = existing
          ? await r.update(existing.id, { fromPath: from, toPath: to, statusCode: 301, keepQuery: true, origin: 'rename' })
          : await r.insert({ fromPath: from, toPath: to, statusCode: 301, keepQuery: true, origin: 'rename' });
        await r.deleteNotFoundPaths([from]);
        if (row) touched.push({ id: row.id, oldSlug: from, newSlug: from });
        return touched;
      });
      invalidate();
      for (const c of changes) changed(c);
    },
    /**
     * Content took this path without leaving one (a hidden page or a draft renamed back): a redirect
     * an earlier rename left here would answer in its place, so it goes; a person's redirect stays
     * (checkMoveTarget refused the move before the save).
     */
    async releasePath(path: string) {
      const at = normalisePath(path);
      const stale = await repo.findByFromPath(at);
      if (stale?.origin === 'rename' && (await repo.delete(stale.id))) changed({ id: stale.id, oldSlug: at, newSlug: null });
    },
    async delete(id: number) {
      const row = await repo.findById(id);
      if (!row || !(await repo.delete(id))) throw new NotFoundError('Redirect not found.');
      changed({ id, oldSlug: row.fromPath, newSlug: null });
      await audited('deleted', row);
    },
    async filterNotFound(search: string, start: number, length: number) {
      await flush();
      return repo.filterNotFound(search, start, length);
    },
    async dismissNotFound(id: number) {
      const entry = await repo.findNotFound(id);
      if (!entry || !(await repo.deleteNotFound(id))) throw new NotFoundError('That Not Found entry is no longer in the log.');
      await opts.audit?.record({
        action: 'dismissed',
        subject: { kind: 'not-found', id, title: entry.path, link: '/siteadmin/redirects/not-found' },
      });
    },
  };
}
