import type {
  OrgChartHolderHistoryEntry,
  OrgChartPublication,
  OrgChartSeat,
  PublishedOrgChartSeat,
  PublishedSeatHolder,
  SeatHolderInput,
} from '@keel/contract';
import type { HolderRow, HolderValue, PublicationRow, SeatRow } from './org-chart.repository.js';

export const fullName = (firstName: string | null, lastName: string | null) =>
  `${firstName ?? ''} ${lastName ?? ''}`.trim();

const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;
/** jsonb refuses half a character (a broken paste can leave one): it becomes the replacement character instead. */
export const storableText = (value: string) => value.replace(LONE_SURROGATES, '\uFFFD');

export const holderValueOf = (holder: SeatHolderInput): HolderValue =>
  'userId' in holder
    ? { userId: holder.userId, placeholderName: null }
    : { userId: null, placeholderName: storableText(holder.placeholderName) };

function holderOf(row: HolderRow): PublishedSeatHolder {
  return {
    userId: row.userId,
    name: row.userId ? fullName(row.firstName, row.lastName) : (row.placeholderName ?? ''),
    placeholderName: row.placeholderName,
  };
}

export function holdersBySeat(rows: readonly HolderRow[]): Map<string, PublishedSeatHolder[]> {
  const bySeat = new Map<string, PublishedSeatHolder[]>();
  for (const row of rows) {
    const list = bySeat.get(row.seatId) ?? [];
    list.push(holderOf(row));
    bySeat.set(row.seatId, list);
  }
  return bySeat;
}

export function toSeat(row: SeatRow, holders: ReadonlyMap<string, PublishedSeatHolder[]>): OrgChartSeat {
  return {
    id: row.id,
    parentId: row.parentId,
    title: row.title,
    roles: row.roles,
    teamId: row.teamId,
    position: row.position,
    holders: holders.get(row.id) ?? [],
    version: row.version,
  };
}

export const toPublishedSeat = ({ version: _version, ...seat }: OrgChartSeat): PublishedOrgChartSeat => seat;

export function toPublication(row: PublicationRow): OrgChartPublication {
  return {
    version: row.version,
    publishedAt: row.publishedAt.toISOString(),
    publishedBy: row.publishedById
      ? { id: row.publishedById, name: fullName(row.publisherFirstName, row.publisherLastName) }
      : null,
    seats: row.seats,
  };
}

/** What a publication shows of a seat, names aside: a member renamed since does not make the draft differ. */
const comparable = (seat: PublishedOrgChartSeat) =>
  JSON.stringify([
    seat.id,
    seat.parentId,
    seat.title,
    seat.roles,
    seat.teamId,
    seat.position,
    seat.holders.map((holder) => [holder.userId, holder.placeholderName]),
  ]);

export function differs(draft: readonly PublishedOrgChartSeat[], published: readonly PublishedOrgChartSeat[]) {
  if (draft.length !== published.length) return true;
  const publishedSeats = new Set(published.map(comparable));
  return draft.some((seat) => !publishedSeats.has(comparable(seat)));
}

export function toHistoryEntry(row: {
  id: string;
  seatId: string;
  seatTitle: string;
  userId: string | null;
  placeholderName: string | null;
  firstName: string | null;
  lastName: string | null;
  startedAt: Date;
  endedAt: Date | null;
}): OrgChartHolderHistoryEntry {
  return {
    id: row.id,
    seatId: row.seatId,
    seatTitle: row.seatTitle,
    userId: row.userId,
    name: row.userId ? fullName(row.firstName, row.lastName) || 'A former member' : (row.placeholderName ?? ''),
    placeholderName: row.placeholderName,
    startedAt: row.startedAt.toISOString(),
    endedAt: row.endedAt?.toISOString() ?? null,
  };
}

/** The seats reporting to `parentId` in their order, `except` left out. */
export const childrenOf = (seats: readonly SeatRow[], parentId: string | null, except?: string) =>
  seats
    .filter((seat) => seat.parentId === parentId && seat.id !== except)
    .sort((a, b) => a.position - b.position)
    .map((seat) => seat.id);

/** Whether `candidate` is `seatId` or reports to it, directly or not: then it may not become its parent. */
export function isSameOrBelow(seats: readonly SeatRow[], seatId: string, candidate: string): boolean {
  const parentOf = new Map(seats.map((seat) => [seat.id, seat.parentId]));
  const seen = new Set<string>();
  for (let current: string | null | undefined = candidate; current; current = parentOf.get(current)) {
    if (current === seatId) return true;
    if (seen.has(current)) return false;
    seen.add(current);
  }
  return false;
}
