import { useEffect, useId, useRef, useState } from 'react';
import type { BulkAction, BulkContracts, BulkResult } from '#shared/contracts/bulk.ts';
import { kindBulkActions } from '#shared/kinds/contracts.ts';
import type { KindDefinition } from '#shared/kinds/define.ts';
import { api, type Envelope } from '../../lib/api-client.ts';
import { downloadExport } from '../../lib/download.ts';
import { useApiAction } from '../../lib/use-api-action.ts';
import { ConfirmDialog } from './confirm-dialog.tsx';

/**
 * Bulk actions of an admin list (ADR 050): a checkbox per row and one for the page, and, while rows
 * are chosen, a toolbar with the count, "Select all N matching" (the list's filter, resolved by the
 * server), the list's actions and Export. An action asks first, naming the count ("Publish 3 pages?"),
 * then runs on the server row by row and shows what was done and each refused row with its reason.
 */

/** What is chosen: rows of this page by id, or every row the list's filter matches. */
export type BulkSelection = { ids: number[] } | { all: true };

export interface BulkActionOption {
  action: BulkAction;
  /** the verb on the button and in the question ("Publish") */
  verb: string;
  /** the past tense in the result ("published") */
  done: string;
  danger?: boolean;
}

export interface BulkConfig {
  /** the rows' name: one and many ("page", "pages") */
  noun: { one: string; many: string };
  /** how many rows the list's filter matches (all pages) */
  total: number;
  actions: readonly BulkActionOption[];
  /** the regions a region change offers (with the "region" action) */
  regions?: readonly { id: number; name: string }[];
  /** runs an action on the chosen rows */
  run(action: BulkAction, selection: BulkSelection, region?: number): Promise<Envelope<BulkResult>>;
  /** saves the chosen rows as CSV */
  exportCsv?(selection: BulkSelection): Promise<void>;
  /** after an action: reload the list */
  after?(): Promise<unknown> | void;
  /** what a delete does, after the question (the single Delete's words: "This cannot be undone!") */
  deleteNote?: string;
}

export const PUBLISH: BulkActionOption = { action: 'publish', verb: 'Publish', done: 'published' };
export const UNPUBLISH: BulkActionOption = { action: 'unpublish', verb: 'Unpublish', done: 'unpublished' };
export const ARCHIVE: BulkActionOption = { action: 'archive', verb: 'Archive', done: 'archived' };
export const DELETE: BulkActionOption = { action: 'delete', verb: 'Delete', done: 'deleted', danger: true };
export const REGION: BulkActionOption = { action: 'region', verb: 'Move', done: 'moved' };

/** The options of the actions a list's bulk call takes, in the toolbar's order. */
export function bulkOptions(actions: readonly BulkAction[]): BulkActionOption[] {
  return [PUBLISH, UNPUBLISH, REGION, ARCHIVE, DELETE].filter((o) => actions.includes(o.action));
}

/** run and exportCsv for a list whose bulk calls are contracts: the filter is the list's own filter body. */
export function contractBulk(
  contracts: { bulk: BulkContracts['bulk']; bulkExport: BulkContracts['bulkExport'] },
  filter: Record<string, unknown>,
  fileName: string,
): Pick<BulkConfig, 'run' | 'exportCsv'> {
  const chosen = (s: BulkSelection) => ('ids' in s ? { ids: s.ids } : { filter });
  return {
    run: (action, selection, region) =>
      api().call(contracts.bulk, { body: { action, ...chosen(selection), ...(region === undefined ? {} : { region }) } as never }),
    exportCsv: (selection) => downloadExport(contracts.bulkExport, { body: chosen(selection) as never }, fileName),
  };
}

/** A versioned kind's list's bulk actions: the kind's own (its definition), through its bulk contracts. */
export function kindBulk(opts: {
  def: KindDefinition;
  calls: Partial<Pick<BulkContracts, 'bulk' | 'bulkExport'>>;
  noun: BulkConfig['noun'];
  total: number;
  filter: Record<string, unknown>;
  regions?: BulkConfig['regions'];
  after?: BulkConfig['after'];
  /** the list offers only these of the kind's actions (as its rows do) */
  only?: readonly BulkAction[];
}): BulkConfig | undefined {
  const { bulk, bulkExport } = opts.calls;
  if (!bulk || !bulkExport) return undefined;
  return {
    noun: opts.noun,
    total: opts.total,
    actions: bulkOptions(kindBulkActions(opts.def).filter((a) => !opts.only || opts.only.includes(a))),
    regions: opts.regions,
    ...contractBulk({ bulk, bulkExport }, opts.filter, `${opts.def.name}-selection.csv`),
    after: opts.after,
    deleteNote: 'They leave the public site at once; their saved versions are kept.',
  };
}

const count = (n: number, noun: BulkConfig['noun']) => `${n} ${n === 1 ? noun.one : noun.many}`;

/** The selection state of a list's page: which of its rows are chosen, or all matching. */
export function useBulkSelection(pageIds: readonly number[]) {
  const [ids, setIds] = useState<ReadonlySet<number>>(new Set());
  const [all, setAll] = useState(false);
  const key = pageIds.join(',');
  // another page, filter or reload: nothing stays chosen that the screen no longer shows
  useEffect(() => {
    setIds(new Set());
    setAll(false);
  }, [key]);
  const pageChosen = pageIds.length > 0 && pageIds.every((id) => ids.has(id));
  return {
    ids,
    all,
    pageChosen,
    someChosen: ids.size > 0,
    toggle(id: number, on: boolean) {
      setAll(false);
      setIds((prev) => {
        const next = new Set(prev);
        if (on) next.add(id);
        else next.delete(id);
        return next;
      });
    },
    togglePage(on: boolean) {
      setAll(false);
      setIds(on ? new Set(pageIds) : new Set());
    },
    selectAll: () => setAll(true),
    clear() {
      setAll(false);
      setIds(new Set());
    },
  };
}
export type BulkSelectionState = ReturnType<typeof useBulkSelection>;

/**
 * Every row of this page (mixed when some are chosen), above the table with its words, so it is there
 * at every width (below 900 px the rows are cards and the table's header is not shown).
 */
export function SelectPageCheckbox({ state }: { state: BulkSelectionState }) {
  const ref = useRef<HTMLInputElement>(null);
  const id = useId();
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = state.someChosen && !state.pageChosen;
  }, [state.someChosen, state.pageChosen]);
  return (
    <p className="bulk-select">
      <input
        ref={ref}
        id={id}
        type="checkbox"
        className="bulk-check"
        checked={state.pageChosen}
        onChange={(e) => state.togglePage(e.currentTarget.checked)}
      />
      <label htmlFor={id}>Select all on this page</label>
    </p>
  );
}

/** A row's checkbox, named for the row ("Select Spring trials"). */
export function SelectRowCheckbox({ state, id, title }: { state: BulkSelectionState; id: number; title: string }) {
  return (
    <input
      type="checkbox"
      className="bulk-check"
      aria-label={`Select ${title}`}
      checked={state.all || state.ids.has(id)}
      onChange={(e) => state.toggle(id, e.currentTarget.checked)}
    />
  );
}

interface Outcome {
  option: BulkActionOption;
  result: BulkResult;
  region?: string;
}

/** The toolbar shown while rows are chosen, its confirm dialog and the last action's result. */
export function BulkToolbar({ config, state, pageSize }: { config: BulkConfig; state: BulkSelectionState; pageSize: number }) {
  const call = useApiAction();
  const [asking, setAsking] = useState<BulkActionOption | null>(null);
  const [region, setRegion] = useState<number | ''>('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [exportError, setExportError] = useState<string | null>(null);
  const regionId = useId();
  const chosen = state.all ? config.total : state.ids.size;
  const selection: BulkSelection = state.all ? { all: true } : { ids: [...state.ids] };
  const regionName = config.regions?.find((r) => r.id === region)?.name ?? '';
  const { noun } = config;

  function ask(option: BulkActionOption) {
    call.setError(null);
    setOutcome(null);
    if (option.action === 'region' && region === '') {
      call.setError('Choose a region to move them to.');
      return;
    }
    setAsking(option);
  }

  async function confirm() {
    if (!asking) return;
    const option = asking;
    const env = await call.run(() => config.run(option.action, selection, option.action === 'region' ? Number(region) : undefined));
    if (!env?.data) return;
    setAsking(null);
    setOutcome({ option, result: env.data, region: option.action === 'region' ? regionName : undefined });
    state.clear();
    try {
      await config.after?.();
    } catch (e) {
      await call.fail(e);
    }
  }

  async function exportCsv() {
    setExportError(null);
    try {
      await config.exportCsv?.(selection);
    } catch (e) {
      await call.fail(e, setExportError);
    }
  }

  const question = asking
    ? asking.action === 'region'
      ? `Move ${count(chosen, noun)} to ${regionName}?`
      : `${asking.verb} ${count(chosen, noun)}?`
    : '';

  return (
    <>
      <BulkOutcome outcome={outcome} noun={noun} />
      {pageSize > 0 ? <SelectPageCheckbox state={state} /> : null}
      {state.someChosen || state.all ? (
        <div className="bulk-bar" role="group" aria-label="Bulk actions">
          <p className="bulk-bar__count" aria-live="polite">
            {state.all ? `All ${count(chosen, noun)} matching are selected.` : `${count(chosen, noun)} selected.`}{' '}
            {!state.all && state.pageChosen && config.total > pageSize ? (
              <button type="button" className="link-button" onClick={state.selectAll}>
                Select all {config.total} matching
              </button>
            ) : null}{' '}
            <button type="button" className="link-button" onClick={state.clear}>
              Clear selection
            </button>
          </p>
          <div className="bulk-bar__actions">
            {config.actions.map((o) =>
              o.action === 'region' ? (
                <span key={o.action} className="bulk-bar__region">
                  <label htmlFor={regionId} className="visually-hidden">
                    Region to move them to
                  </label>
                  <select
                    id={regionId}
                    className="select"
                    value={region}
                    onChange={(e) => setRegion(e.currentTarget.value === '' ? '' : Number(e.currentTarget.value))}
                  >
                    <option value="">Region...</option>
                    {config.regions?.map((r) => (
                      <option key={r.id} value={r.id}>
                        {r.name}
                      </option>
                    ))}
                  </select>
                  <button type="button" className="button button--small button--secondary" onClick={() => ask(o)}>
                    Change region
                  </button>
                </span>
              ) : (
                <button
                  key={o.action}
                  type="button"
                  className={o.danger ? 'button button--small button--danger-outline' : 'button button--small button--secondary'}
                  onClick={() => ask(o)}
                >
                  {o.verb}
                </button>
              ),
            )}
            {config.exportCsv ? (
              <button type="button" className="button button--small button--secondary" onClick={() => void exportCsv()}>
                Export CSV
              </button>
            ) : null}
          </div>
          {(!asking && call.error) || exportError ? (
            <p role="alert" className="form-alert form-alert--error">
              {exportError ?? call.error}
            </p>
          ) : null}
        </div>
      ) : null}
      <ConfirmDialog
        open={asking !== null}
        title={question}
        confirmLabel={asking ? (asking.action === 'region' ? `Move ${count(chosen, noun)}` : `${asking.verb} ${count(chosen, noun)}`) : ''}
        busy={call.busy}
        error={asking ? call.error : null}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(null)}
      >
        <p>
          {asking?.action === 'delete'
            ? `Are you sure you want to delete ${count(chosen, noun)}? ${config.deleteNote ?? 'This cannot be undone!'} One that cannot be deleted is left and listed with the reason.`
            : asking
              ? `Each of the ${count(chosen, noun)} gets a new version, as a save in its editor would; one that cannot be changed is left and listed with the reason.`
              : null}
        </p>
      </ConfirmDialog>
    </>
  );
}

/** What the last bulk action did: the count done, then each refused row with its reason. */
function BulkOutcome({ outcome, noun }: { outcome: Outcome | null; noun: BulkConfig['noun'] }) {
  const done = outcome?.result.done.length ?? 0;
  const refused = outcome?.result.refused ?? [];
  return (
    <div
      role="status"
      className={outcome ? `form-alert ${refused.length ? 'form-alert--info' : 'form-alert--success'} bulk-result` : undefined}
    >
      {outcome ? (
        <>
          <p>
            {`${count(done, noun)} ${outcome.option.done}${outcome.region ? ` to ${outcome.region}` : ''}.`}
            {refused.length ? ` ${count(refused.length, noun)} refused:` : ''}
          </p>
          {refused.length ? (
            <ul className="bulk-result__refused">
              {refused.map((r) => (
                <li key={r.id}>
                  {r.title}: {r.reason}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
