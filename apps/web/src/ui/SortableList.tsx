import type { ReactNode } from 'react';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  closestCenter,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  SortableContext,
  arrayMove,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';

interface SortableListProps {
  /** The items' ids in their shown order; each item calls useSortable with its id. */
  ids: string[];
  /** The whole new order after a drop that moved something. */
  onReorder: (ids: string[]) => void;
  /** Names an item for the screen-reader announcements; without it dnd-kit's defaults speak. */
  nameOf?: (id: string) => string;
  children: ReactNode;
}

/** Reordering by drag and drop, or by keyboard: focus a handle, Space, the arrow keys, Space again. */
export function SortableList({ ids, onReorder, nameOf, children }: SortableListProps) {
  const sensors = useSensors(
    // A few pixels of travel before a drag starts, so clicks on buttons inside items still work.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = ids.indexOf(String(active.id));
    const to = ids.indexOf(String(over.id));
    if (from < 0 || to < 0) return;
    onReorder(arrayMove(ids, from, to));
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      {...(nameOf ? { accessibility: { announcements: announcementsFor(ids, nameOf) } } : {})}
    >
      <SortableContext items={ids} strategy={verticalListSortingStrategy}>
        {children}
      </SortableContext>
    </DndContext>
  );
}

function announcementsFor(ids: string[], nameOf: (id: string) => string): Announcements {
  const name = (id: string | number) => nameOf(String(id));
  return {
    onDragStart: ({ active }) => `Picked up ${name(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${name(active.id)} is now at position ${ids.indexOf(String(over.id)) + 1}.` : undefined,
    onDragEnd: ({ active, over }) =>
      over ? `${name(active.id)} dropped at position ${ids.indexOf(String(over.id)) + 1}.` : 'Dropped.',
    onDragCancel: ({ active }) => `Moving ${name(active.id)} was cancelled.`,
  };
}
