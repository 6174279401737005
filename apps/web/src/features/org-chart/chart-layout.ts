import { hierarchy, tree } from 'd3-hierarchy';
import type { PublishedOrgChartSeat } from '@keel/contract';

/** A seat's box on the canvas; every box has the same size, so the tree's spacing is fixed. */
export const SEAT_WIDTH = 240;
export const SEAT_HEIGHT = 148;
const GAP_X = 32;
const GAP_Y = 64;
/** Roles shown on a seat's box; the rest are counted ("+2 more") and read in the seat's dialog. */
export const ROLES_SHOWN = 3;

export interface PlacedSeat<S extends PublishedOrgChartSeat> {
  seat: S;
  /** Top-left corner of the box. */
  x: number;
  y: number;
  depth: number;
}

export interface ChartLayout<S extends PublishedOrgChartSeat> {
  placed: PlacedSeat<S>[];
  /** One line per reporting relation: from the seat reported to, to the seat reporting. */
  links: { id: string; source: string; target: string }[];
}

interface TreeDatum<S> {
  seat: S | null;
  children: TreeDatum<S>[];
}

/**
 * Seats in their order under the seat each reports to. A seat whose parent is missing (or that a broken
 * chain would loop through) becomes a top seat, so every seat is drawn exactly once.
 */
function forest<S extends PublishedOrgChartSeat>(seats: readonly S[]): TreeDatum<S> {
  const ids = new Set(seats.map((seat) => seat.id));
  const byParent = new Map<string | null, S[]>();
  for (const seat of seats) {
    const parent = seat.parentId && ids.has(seat.parentId) && seat.parentId !== seat.id ? seat.parentId : null;
    byParent.set(parent, [...(byParent.get(parent) ?? []), seat]);
  }
  for (const list of byParent.values()) list.sort((a, b) => a.position - b.position || a.id.localeCompare(b.id));
  const seen = new Set<string>();
  const build = (seat: S): TreeDatum<S> => {
    seen.add(seat.id);
    const children = (byParent.get(seat.id) ?? []).filter((child) => !seen.has(child.id)).map(build);
    return { seat, children };
  };
  const root: TreeDatum<S> = { seat: null, children: (byParent.get(null) ?? []).map(build) };
  // Seats on a cycle never reach the top: draw them as top seats rather than lose them.
  for (const seat of seats) if (!seen.has(seat.id)) root.children.push(build(seat));
  return root;
}

/** Where each seat's box goes: a top-down tree (d3-hierarchy's tidy tree), top seats side by side. */
export function layoutChart<S extends PublishedOrgChartSeat>(seats: readonly S[]): ChartLayout<S> {
  const root = hierarchy(forest(seats), (datum) => datum.children);
  tree<TreeDatum<S>>()
    .nodeSize([SEAT_WIDTH + GAP_X, SEAT_HEIGHT + GAP_Y])
    .separation((a, b) => (a.parent === b.parent ? 1 : 1.15))(root);
  const placed: PlacedSeat<S>[] = [];
  const links: ChartLayout<S>['links'] = [];
  for (const node of root.descendants()) {
    const seat = node.data.seat;
    if (!seat) continue;
    placed.push({
      seat,
      x: (node.x ?? 0) - SEAT_WIDTH / 2,
      y: (node.depth - 1) * (SEAT_HEIGHT + GAP_Y),
      depth: node.depth - 1,
    });
    const parent = node.parent?.data.seat;
    if (parent) links.push({ id: `${parent.id}>${seat.id}`, source: parent.id, target: seat.id });
  }
  return { placed, links };
}

/**
 * The seats `seatId` may report to: any seat but itself and those below it (a seat under its own report would
 * make a loop). The server refuses it too; this keeps the choice from being offered at all.
 */
export function possibleParents<S extends PublishedOrgChartSeat>(seats: readonly S[], seatId: string): S[] {
  const below = new Set<string>([seatId]);
  const byParent = new Map<string, S[]>();
  for (const seat of seats) {
    if (seat.parentId) byParent.set(seat.parentId, [...(byParent.get(seat.parentId) ?? []), seat]);
  }
  const stack = [seatId];
  while (stack.length > 0) {
    for (const child of byParent.get(stack.pop()!) ?? []) {
      if (below.has(child.id)) continue;
      below.add(child.id);
      stack.push(child.id);
    }
  }
  return seats.filter((seat) => !below.has(seat.id));
}

export const mayReportTo = <S extends PublishedOrgChartSeat>(seats: readonly S[], seatId: string, parentId: string) =>
  possibleParents(seats, seatId).some((seat) => seat.id === parentId);

/** How a seat's holders read on its box and in lists: members by name, an open seat as such. */
export const holdersText = (seat: Pick<PublishedOrgChartSeat, 'holders'>) =>
  seat.holders.length === 0
    ? 'Nobody holds this seat'
    : seat.holders.map((holder) => (holder.userId ? holder.name : `Open seat: ${holder.name}`)).join(', ');
