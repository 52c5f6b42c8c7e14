import type { ReactNode } from 'react';
import type { useDragReorder } from './sortable.ts';

/**
 * One entry of a list reordered by dragging (modules, rows): a card labelled by its heading, with a
 * drag handle, the heading and the entry's buttons in a bar, and its fields under it. `kind` is the
 * card's class ("module-card", "row-card"), the prefix of its parts' classes.
 */
export function SortableCard({
  kind,
  id,
  index,
  drag,
  headingId,
  heading,
  actions,
  children,
}: {
  kind: 'module-card' | 'row-card';
  id?: string;
  index: number;
  drag: ReturnType<typeof useDragReorder>;
  headingId: string;
  heading: ReactNode;
  actions: ReactNode;
  children: ReactNode;
}) {
  return (
    <li
      id={id}
      className={`${kind}${drag.dragging === index ? ` ${kind}--dragging` : ''}${drag.over === index && drag.dragging !== index ? ` ${kind}--over` : ''}`}
      aria-labelledby={headingId}
      {...drag.itemProps(index)}
    >
      <div className={`${kind}__bar`}>
        <span className="module-card__handle" title="Drag to reorder" aria-hidden="true" {...drag.handleProps(index)}>
          ⠿
        </span>
        <h3 className={`${kind}__title`} id={headingId} tabIndex={-1}>
          {heading}
        </h3>
        {actions}
      </div>
      {children}
    </li>
  );
}

/**
 * Move up / Move down / Remove of one entry of an ordered list the editor builds (modules, rows,
 * sections, the items inside them). Move up is disabled on the first entry, Move down on the last.
 * With `idBase` the move buttons get ids (`{idBase}-up`, `{idBase}-down`), so focus can return to
 * the one pressed after the entry moved; `onMove` is given the id of the pressed button.
 */
export function MoveButtons({
  name,
  index,
  count,
  className,
  idBase,
  verbFirst = false,
  words = false,
  onMove,
  onRemove,
}: {
  /** What the buttons name for screen readers ("ROI item 2 of module 3", "Benefit 2"). */
  name: string;
  index: number;
  count: number;
  className: string;
  idBase?: string;
  /** "Move up {name}" instead of "Move {name} up". */
  verbFirst?: boolean;
  /** The words "Move up" / "Move down" on the buttons instead of arrows. */
  words?: boolean;
  onMove: (to: number, focusId: string | undefined) => void;
  onRemove: () => void;
}) {
  const buttons = [
    { dir: 'up', to: index - 1, disabled: index === 0, arrow: '↑' },
    { dir: 'down', to: index + 1, disabled: index === count - 1, arrow: '↓' },
  ] as const;
  return (
    <div className={className}>
      {buttons.map(({ dir, to, disabled, arrow }) => {
        const id = idBase ? `${idBase}-${dir}` : undefined;
        return (
          <button
            key={dir}
            type="button"
            id={id}
            className="button button--small button--secondary"
            aria-label={verbFirst ? `Move ${dir} ${name}` : `Move ${name} ${dir}`}
            disabled={disabled}
            onClick={() => onMove(to, id)}
          >
            {words ? `Move ${dir}` : <span aria-hidden="true">{arrow}</span>}
          </button>
        );
      })}
      <button type="button" className="button button--small button--danger-outline" aria-label={`Remove ${name}`} onClick={onRemove}>
        Remove
      </button>
    </div>
  );
}
