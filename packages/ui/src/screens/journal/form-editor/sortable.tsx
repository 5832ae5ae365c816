// Reordering with @dnd-kit (README "Libraries chosen"): drag with a pointer, or with the
// keyboard on the handle (space or Enter lifts, arrows move, space or Enter drops, Escape
// cancels). Everything a screen reader hears is Swedish.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type ScreenReaderInstructions,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useMemo, type ComponentPropsWithRef, type CSSProperties, type ReactNode } from 'react';
import { cn } from '../../../lib/cn';

export const dragInstructions: ScreenReaderInstructions = {
  draggable:
    'Tryck mellanslag eller Enter för att lyfta. Flytta med pil upp och pil ned. ' +
    'Tryck mellanslag eller Enter igen för att släppa, eller Escape för att avbryta.',
};

interface ItemData {
  label: string;
}

const labelOf = (data: unknown): string =>
  (data as { current?: ItemData } | undefined)?.current?.label ?? 'Objektet';

const capitalised = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

const positionOf = (data: unknown) => {
  const sortable = (data as { current?: { sortable?: { index: number; items: unknown[] } } })
    .current?.sortable;
  return sortable ? { at: sortable.index + 1, of: sortable.items.length } : null;
};

/** Where the dragged item was last said to be, so staying put is not announced as a move. */
let lastOver: UniqueIdentifier | null = null;

/** Swedish announcements of lift, move, drop and cancel. */
export const swedishAnnouncements: Announcements = {
  onDragStart: ({ active }) => {
    lastOver = active.id;
    const p = positionOf(active.data);
    return `${capitalised(labelOf(active.data))} lyftes${p ? `, plats ${p.at} av ${p.of}` : ''}.`;
  },
  onDragOver: ({ active, over }) => {
    if ((over?.id ?? null) === lastOver) return undefined;
    lastOver = over?.id ?? null;
    const p = over ? positionOf(over.data) : null;
    return p
      ? `${capitalised(labelOf(active.data))} flyttades till plats ${p.at} av ${p.of}.`
      : `${capitalised(labelOf(active.data))} är inte över någon plats.`;
  },
  onDragEnd: ({ active, over }) => {
    lastOver = null;
    const p = over ? positionOf(over.data) : null;
    return p
      ? `${capitalised(labelOf(active.data))} släpptes på plats ${p.at} av ${p.of}.`
      : `${capitalised(labelOf(active.data))} släpptes.`;
  },
  onDragCancel: ({ active }) => {
    lastOver = null;
    return `Flytten avbröts. ${capitalised(labelOf(active.data))} ligger kvar på sin plats.`;
  },
};

export interface SortableListProps {
  ids: UniqueIdentifier[];
  onMove: (from: number, to: number) => void;
  children: ReactNode;
}

const POINTER_OPTIONS = { activationConstraint: { distance: 4 } };
const KEYBOARD_OPTIONS = { coordinateGetter: sortableKeyboardCoordinates };

/** A vertical list whose items (each using `useSortableItem`) can be reordered. */
export function SortableList({ ids, onMove, children }: SortableListProps) {
  // Options as constants: a new object each render would make new sensors, and dnd-kit would
  // then re-render every sortable item on every keystroke.
  const sensors = useSensors(
    useSensor(PointerSensor, POINTER_OPTIONS),
    useSensor(KeyboardSensor, KEYBOARD_OPTIONS),
  );
  const accessibility = useMemo(
    () => ({ announcements: swedishAnnouncements, screenReaderInstructions: dragInstructions }),
    [],
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(active.id);
    const to = ids.indexOf(over.id);
    if (from >= 0 && to >= 0) onMove(from, to);
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={accessibility}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

/** Sortable wiring for one item: a ref and style for the item, props for its handle. */
export function useSortableItem(id: string, label: string) {
  const sortable = useSortable({
    id,
    data: { label },
    attributes: { roleDescription: 'flyttbar' },
  });
  const { transform, transition, isDragging } = sortable;
  const style: CSSProperties = {
    transform: transform
      ? `translate3d(${Math.round(transform.x)}px, ${Math.round(transform.y)}px, 0)`
      : undefined,
    transition,
    position: 'relative',
    zIndex: isDragging ? 10 : undefined,
  };
  return {
    setNodeRef: sortable.setNodeRef,
    style,
    isDragging,
    handleProps: {
      ref: sortable.setActivatorNodeRef,
      ...sortable.attributes,
      ...sortable.listeners,
    },
  };
}

export interface DragHandleProps extends ComponentPropsWithRef<'button'> {
  /** Accessible name, e.g. 'Flytta sektion 2, Sömn'. */
  label: string;
}

/** The grip a section or question is moved by. */
export function DragHandle({ label, className, ...props }: DragHandleProps) {
  return (
    <button
      type="button"
      aria-label={label}
      className={cn(
        'grid size-10 shrink-0 cursor-grab touch-none place-items-center rounded-control text-fg-muted',
        'hover:bg-surface-sunken hover:text-fg active:cursor-grabbing',
        className,
      )}
      {...props}
    >
      <svg viewBox="0 0 20 20" aria-hidden="true" className="size-5" fill="currentColor">
        <circle cx="7" cy="5" r="1.5" />
        <circle cx="13" cy="5" r="1.5" />
        <circle cx="7" cy="10" r="1.5" />
        <circle cx="13" cy="10" r="1.5" />
        <circle cx="7" cy="15" r="1.5" />
        <circle cx="13" cy="15" r="1.5" />
      </svg>
    </button>
  );
}
