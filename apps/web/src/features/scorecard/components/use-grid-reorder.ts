import { useMemo, useRef, useState, type KeyboardEvent } from 'react';
import {
  closestCenter,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type DragStartEvent,
} from '@dnd-kit/core';
import { sortableKeyboardCoordinates } from '@dnd-kit/sortable';
import toast from 'react-hot-toast';
import type { ScorecardGrid } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { useMoveGroup, useMoveMeasurable } from '../scorecard.api';
import type { GridSection } from '../scorecard-model';
import { groupSortId } from './GroupHeaderRow';
import { rowSortId } from './ScorecardRow';

/**
 * Reordering rows and groups: drag a handle (or focus it: Space, arrows, Space), or Alt+ArrowUp/Down on a
 * row's title or a group's name. A row can move into another group; each move is announced.
 */
export function useGridReorder(grid: ScorecardGrid, sections: GridSection[], sortable: boolean) {
  const moveRow = useMoveMeasurable();
  const moveGroup = useMoveGroup();
  const [announcement, setAnnouncement] = useState('');
  const [dragging, setDragging] = useState<string | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  // Stable while the rows are: a new list would re-render every sortable row.
  const ids = useMemo(
    () =>
      sections.flatMap((section) => [
        ...(section.group ? [groupSortId(section.group.id)] : []),
        ...section.rows.map((row) => rowSortId(row.measurable.id)),
      ]),
    [sections],
  );
  const sectionName = (section: GridSection | undefined) =>
    section?.group ? `group ${section.group.name}` : 'the ungrouped rows';
  const failed = (error: unknown) => toast.error(errorText(error, 'Could not move it. Please try again.'));

  const locateRow = (id: string) => {
    const sectionIndex = sections.findIndex((section) => section.rows.some((row) => row.measurable.id === id));
    const section = sections[sectionIndex];
    return { sectionIndex, section, index: section?.rows.findIndex((row) => row.measurable.id === id) ?? -1 };
  };

  const sendRow = (id: string, section: GridSection | undefined, index: number) => {
    const title = grid.rows.find((row) => row.measurable.id === id)?.measurable.title ?? 'The measurable';
    moveRow.mutate({ id, groupId: section?.group?.id ?? null, index }, { onError: failed });
    setAnnouncement(`${title} moved to position ${index + 1} in ${sectionName(section)}.`);
  };
  const sendGroup = (id: string, index: number) => {
    const name = grid.groups.find((group) => group.id === id)?.name ?? 'The group';
    moveGroup.mutate({ id, index }, { onError: failed });
    setAnnouncement(`Group ${name} moved to position ${index + 1}.`);
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const [activeKind, activeId = ''] = String(active.id).split(':');
    const [overKind, overId = ''] = String(over.id).split(':');
    if (activeKind === 'row') {
      if (overKind === 'group')
        return sendRow(
          activeId,
          sections.find((section) => section.group?.id === overId),
          0,
        );
      const target = locateRow(overId);
      if (target.section) sendRow(activeId, target.section, Math.max(0, target.index));
      return;
    }
    const groupId = overKind === 'group' ? overId : locateRow(overId).section?.group?.id;
    const index = grid.groups.findIndex((group) => group.id === groupId);
    if (index >= 0) sendGroup(activeId, index);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    if (!sortable || !event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    const element = event.target as HTMLElement;
    const id = element.dataset.id ?? '';
    const step = event.key === 'ArrowUp' ? -1 : 1;
    if (element.dataset.action === 'trend') {
      event.preventDefault();
      const { sectionIndex, section, index } = locateRow(id);
      if (!section) return;
      const next = index + step;
      if (next >= 0 && next < section.rows.length) return sendRow(id, section, next);
      const neighbour = sections[sectionIndex + step];
      if (neighbour) sendRow(id, neighbour, step < 0 ? neighbour.rows.length : 0);
    } else if (element.dataset.action === 'collapse') {
      event.preventDefault();
      const index = grid.groups.findIndex((group) => group.id === id) + step;
      if (index >= 0 && index < grid.groups.length) sendGroup(id, index);
    }
  };

  const nameOf = (sortId: string | number) => {
    const [kind, id] = String(sortId).split(':');
    return kind === 'group'
      ? `group ${grid.groups.find((group) => group.id === id)?.name ?? ''}`
      : (grid.rows.find((row) => row.measurable.id === id)?.measurable.title ?? 'the measurable');
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}.`,
    onDragOver: ({ active, over }) => (over ? `${nameOf(active.id)} is over ${nameOf(over.id)}.` : undefined),
    onDragEnd: ({ active, over }) => (over ? `${nameOf(active.id)} dropped at ${nameOf(over.id)}.` : 'Dropped.'),
    onDragCancel: ({ active }) => `Moving ${nameOf(active.id)} was cancelled.`,
  };

  // The drag handlers read the latest rows through a ref, so DndContext gets the same props on every render.
  const latest = useRef({ onDragEnd, announcements });
  latest.current = { onDragEnd, announcements };
  const dndProps = useMemo(
    () => ({
      sensors,
      collisionDetection: closestCenter,
      onDragStart: ({ active }: DragStartEvent) => setDragging(String(active.id)),
      onDragCancel: () => setDragging(null),
      onDragEnd: (event: DragEndEvent) => {
        setDragging(null);
        latest.current.onDragEnd(event);
      },
      accessibility: {
        announcements: {
          onDragStart: (event) => latest.current.announcements.onDragStart(event),
          onDragOver: (event) => latest.current.announcements.onDragOver(event),
          onDragEnd: (event) => latest.current.announcements.onDragEnd(event),
          onDragCancel: (event) => latest.current.announcements.onDragCancel(event),
        } satisfies Announcements,
      },
    }),
    [sensors],
  );
  return { ids, announcement, onKeyDown, dndProps, draggingName: dragging ? nameOf(dragging) : null };
}
