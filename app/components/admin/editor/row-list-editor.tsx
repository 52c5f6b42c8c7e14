import { useEffect, useRef, useState, type ReactNode } from 'react';
import { ControlledTextField, FieldError, type ControlledTextFieldProps } from '../../forms/fields.tsx';
import { announceInput } from './dom-events.ts';
import { MoveButtons, SortableCard } from './sortable-card.tsx';
import { keyed, moveItem, newKey, useDragReorder, type Keyed } from './sortable.ts';

type ErrorMap = Record<string, readonly string[] | undefined>;

export interface RowContext<T> {
  value: T;
  index: number;
  /** Unique per row and stable while it moves: a prefix for the row's element ids. */
  idBase: string;
  /** Changes some of the row's fields. */
  set: (patch: Partial<T>) => void;
  /** The errors of one of the row's fields ({name}[index].{field}). */
  errorsOf: (field: string) => readonly string[] | undefined;
}

interface RowListEditorProps<T> {
  /** Name of the hidden input (the list as JSON) and the prefix of error paths: {name}[2].amount. */
  name: string;
  form?: string;
  legend: string;
  hint?: ReactNode;
  defaultValue: readonly T[];
  /** What a row is called in its heading and in its buttons ("Benefit 2", "Row 3: Zinc"). */
  rowName: (value: T, index: number) => string;
  /** The row's fields (labelled inputs, with their errors); nothing for rows that only show what they hold. */
  renderRow?: (row: RowContext<T>) => ReactNode;
  /** A new empty row for the Add button; or give `renderAdd` for a chooser. */
  newRow?: () => T;
  addLabel?: string;
  /** Controls that add a chosen value ("Add" next to a select); `addId` is the id to give the control focus returns to. */
  renderAdd?: (add: (value: T) => void, rows: readonly T[], addId: string) => ReactNode;
  max?: number;
  emptyText: string;
  /** What is posted for the list (default: the rows as they are). */
  toJson?: (rows: T[]) => unknown;
  errors?: ErrorMap;
  /** Lay a row's fields out side by side on wide screens. */
  inline?: boolean;
}

/**
 * An ordered list an editor builds row by row (product benefits, guaranteed analysis rows, linked
 * documents, related reading): add, remove, and reorder by dragging a row's handle or with its Move
 * up / Move down buttons. Focus stays with what the editor acted on and a live region says what
 * happened. The list posts as JSON in one hidden input, validated by the form's schema.
 */
export function RowListEditor<T>({
  name,
  form,
  legend,
  hint,
  defaultValue,
  rowName,
  renderRow,
  newRow,
  addLabel = 'Add row',
  renderAdd,
  max,
  emptyText,
  toJson = (rows) => rows,
  errors = {},
  inline = false,
}: RowListEditorProps<T>) {
  const [rows, setRows] = useState<Keyed<T>[]>(() => keyed(defaultValue, `${name}-`));
  const [announcement, setAnnouncement] = useState('');
  const hidden = useRef<HTMLInputElement>(null);
  const changed = useRef(false);
  const focusAfter = useRef<{ id: string; field?: boolean } | null>(null);
  const json = JSON.stringify(toJson(rows.map((r) => r.value)));
  const addId = `${name}-add`;

  useEffect(() => {
    if (changed.current) announceInput(hidden.current);
  }, [json]);

  // after a move, add or remove, focus goes where the editor continues
  useEffect(() => {
    const target = focusAfter.current;
    if (!target) return;
    focusAfter.current = null;
    const el = document.getElementById(target.id);
    if (target.field) {
      const first = el?.querySelector<HTMLElement>('input, textarea, select');
      (first ?? el)?.focus();
      return;
    }
    if (el instanceof HTMLButtonElement && el.disabled) {
      // moved to an end: its other move button is the one still usable
      document.getElementById(target.id.endsWith('-up') ? target.id.replace(/-up$/, '-down') : target.id.replace(/-down$/, '-up'))?.focus();
    } else el?.focus();
  });

  const idOf = (key: string, part: string) => `${name}-${key}-${part}`;
  function update(next: Keyed<T>[]) {
    changed.current = true;
    setRows(next);
  }
  function move(from: number, to: number, focusId?: string) {
    if (to < 0 || to >= rows.length) return;
    update(moveItem(rows, from, to));
    if (focusId) focusAfter.current = { id: focusId };
    setAnnouncement(`${rowName(rows[from]!.value, from)} moved to position ${to + 1} of ${rows.length}.`);
  }
  function remove(index: number) {
    const next = rows.filter((_, i) => i !== index);
    update(next);
    const neighbour = next[index] ?? next[index - 1];
    focusAfter.current = { id: neighbour ? idOf(neighbour.key, 'heading') : addId };
    setAnnouncement(`${rowName(rows[index]!.value, index)} removed. ${next.length} left.`);
  }
  function add(value: T, focusRow: boolean) {
    const key = newKey(`${name}-`);
    update([...rows, { key, value }]);
    if (focusRow) focusAfter.current = { id: idOf(key, 'row'), field: true };
    setAnnouncement(`${rowName(value, rows.length)} added at position ${rows.length + 1}.`);
  }
  function set(index: number, patch: Partial<T>) {
    update(rows.map((r, i) => (i === index ? { ...r, value: { ...r.value, ...patch } } : r)));
  }

  const drag = useDragReorder((from, to) => move(from, to));
  const full = max !== undefined && rows.length >= max;
  const listErrors = errors[name];
  const describedBy = [`${name}-hint`, listErrors?.length ? `${name}-error` : null].filter(Boolean).join(' ');

  return (
    <fieldset className={`field field--group row-list${listErrors?.length ? ' field--invalid' : ''}`} aria-describedby={describedBy}>
      <legend className="field__label">{legend}</legend>
      <p className="field__hint" id={`${name}-hint`}>
        {hint ? <>{hint} </> : null}
        {rows.length > 1 ? 'Drag a row by its handle, or use Move up and Move down, to change the order.' : null}
      </p>
      {rows.length === 0 ? <p className="row-list__empty">{emptyText}</p> : null}
      <ol className="row-list__items">
        {rows.map((r, i) => {
          const label = rowName(r.value, i);
          const headingId = idOf(r.key, 'heading');
          const fields = renderRow?.({
            value: r.value,
            index: i,
            idBase: idOf(r.key, 'f'),
            set: (patch) => set(i, patch),
            errorsOf: (field) => errors[`${name}[${i}].${field}`],
          });
          return (
            <SortableCard
              key={r.key}
              kind="row-card"
              id={idOf(r.key, 'row')}
              index={i}
              drag={drag}
              headingId={headingId}
              heading={label}
              actions={
                <MoveButtons
                  className="row-card__actions"
                  name={label}
                  index={i}
                  count={rows.length}
                  idBase={`${name}-${r.key}`}
                  verbFirst
                  onMove={(to, focusId) => move(i, to, focusId)}
                  onRemove={() => remove(i)}
                />
              }
            >
              {fields ? <div className={`row-card__fields${inline ? ' row-card__fields--inline' : ''}`}>{fields}</div> : null}
            </SortableCard>
          );
        })}
      </ol>
      <FieldError id={`${name}-error`} errors={listErrors} />
      {full ? (
        <p className="field__hint">The list is full ({max}): remove a row to add another.</p>
      ) : renderAdd ? (
        <div className="row-list__add">
          {renderAdd(
            (value) => add(value, false),
            rows.map((r) => r.value),
            addId,
          )}
        </div>
      ) : newRow ? (
        <div className="row-list__add">
          <button type="button" id={addId} className="button button--secondary" onClick={() => add(newRow(), true)}>
            {addLabel}
          </button>
        </div>
      ) : null}
      <input ref={hidden} type="hidden" name={name} form={form} value={json} />
      <div className="visually-hidden" aria-live="polite" role="status">
        {announcement}
      </div>
    </fieldset>
  );
}

/** A labelled input of one row, with its error under it; `context` is added for screen readers ("Title, benefit 2"). */
export function RowTextField({ context, ...props }: ControlledTextFieldProps & { context: string }) {
  return <ControlledTextField {...props} context={context} />;
}
