import { useRef, useState } from 'react';

/** The list with the item at `from` moved to `to` (both within the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  if (from === to || from < 0 || to < 0 || from >= list.length || to >= list.length) return [...list];
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item as T);
  return next;
}

let counter = 0;
/** A key that stays with an item while it moves (React keys, element ids). */
export function newKey(prefix = 'k'): string {
  counter += 1;
  return `${prefix}${counter}`;
}

/** Items with stable keys, for lists the editor reorders. */
export interface Keyed<T> {
  key: string;
  value: T;
}

export function keyed<T>(values: readonly T[], prefix?: string): Keyed<T>[] {
  return values.map((value) => ({ key: newKey(prefix), value }));
}

/**
 * Drag and drop between the items of one list (HTML5 drag events): `handleProps` go on the drag
 * handle, `itemProps(i)` on each item. `over` is where a drop would land, for styling.
 */
export function useDragReorder(onMove: (from: number, to: number) => void) {
  const from = useRef<number | null>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  return {
    dragging,
    over,
    itemProps: (index: number) => ({
      onDragOver(event: React.DragEvent) {
        if (from.current === null) return;
        event.preventDefault();
        if (event.dataTransfer) event.dataTransfer.dropEffect = 'move';
        setOver(index);
      },
      onDrop(event: React.DragEvent) {
        if (from.current === null) return;
        event.preventDefault();
        const start = from.current;
        from.current = null;
        setDragging(null);
        setOver(null);
        if (start !== index) onMove(start, index);
      },
    }),
    handleProps: (index: number) => ({
      draggable: true,
      onDragStart(event: React.DragEvent) {
        from.current = index;
        setDragging(index);
        if (event.dataTransfer) {
          event.dataTransfer.effectAllowed = 'move';
          event.dataTransfer.setData('text/plain', String(index));
          const item = (event.currentTarget as HTMLElement).closest('li');
          if (item) event.dataTransfer.setDragImage?.(item, 16, 16);
        }
      },
      onDragEnd() {
        from.current = null;
        setDragging(null);
        setOver(null);
      },
    }),
  };
}
