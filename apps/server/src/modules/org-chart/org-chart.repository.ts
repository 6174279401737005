import { ORG_CHART_HISTORY_MAX, ORG_CHART_SEATS_MAX, type PublishedOrgChartSeat } from '@keel/contract';
import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { personView } from '../people/index.js';
import { orgChartHolderHistory, orgChartPublications, orgChartSeatHolders, orgChartSeats } from './org-chart.table.js';

export type SeatRow = typeof orgChartSeats.$inferSelect;
export type SeatChanges = Partial<Pick<typeof orgChartSeats.$inferInsert, 'title' | 'roles' | 'teamId'>>;
export interface HolderValue {
  userId: string | null;
  placeholderName: string | null;
}

const holderPeople = personView('holder');
const publishers = personView('publisher');
const historyPeople = personView('history_person');

/**
 * Chart changes of one organization run one at a time: a move checks the whole tree for cycles, and two moves
 * that each look fine alone (A under B, B under A) must not both commit.
 */
export async function lockChart(organizationId: string): Promise<void> {
  await tenantDb(organizationId).execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`org_chart:${organizationId}`}, 0))`,
  );
}

/** Every seat of the draft, in reading order (the bound is far above any real chart; the service refuses more). */
export function listSeats(organizationId: string): Promise<SeatRow[]> {
  return tenantDb(organizationId)
    .select()
    .from(orgChartSeats)
    .where(eq(orgChartSeats.organizationId, organizationId))
    .orderBy(asc(orgChartSeats.position), asc(orgChartSeats.createdAt))
    .limit(ORG_CHART_SEATS_MAX + 1);
}

/** Every holder of every seat with the member's name, in one query (the draft reads seats and holders in two). */
export function listHolders(organizationId: string, seatIds?: readonly string[]) {
  return tenantDb(organizationId)
    .select({
      seatId: orgChartSeatHolders.seatId,
      userId: orgChartSeatHolders.userId,
      placeholderName: orgChartSeatHolders.placeholderName,
      firstName: holderPeople.firstName,
      lastName: holderPeople.lastName,
    })
    .from(orgChartSeatHolders)
    .leftJoin(holderPeople, eq(holderPeople.id, orgChartSeatHolders.userId))
    .where(
      and(
        eq(orgChartSeatHolders.organizationId, organizationId),
        seatIds ? inArray(orgChartSeatHolders.seatId, [...seatIds]) : undefined,
      ),
    )
    .orderBy(asc(orgChartSeatHolders.seatId), asc(orgChartSeatHolders.position));
}
export type HolderRow = Awaited<ReturnType<typeof listHolders>>[number];

export async function findSeat(organizationId: string, id: string): Promise<SeatRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(orgChartSeats)
    .where(and(eq(orgChartSeats.organizationId, organizationId), eq(orgChartSeats.id, id)));
  return row;
}

export async function countSeats(organizationId: string): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ count: sql<number>`count(*)::int` })
    .from(orgChartSeats)
    .where(eq(orgChartSeats.organizationId, organizationId));
  return row?.count ?? 0;
}

/** The next free place among the seats reporting to `parentId` (null: the top seats). */
export async function nextPosition(organizationId: string, parentId: string | null): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ next: sql<number>`coalesce(max(${orgChartSeats.position}) + 1, 0)::int` })
    .from(orgChartSeats)
    .where(
      and(
        eq(orgChartSeats.organizationId, organizationId),
        parentId ? eq(orgChartSeats.parentId, parentId) : isNull(orgChartSeats.parentId),
      ),
    );
  return row?.next ?? 0;
}

/** Inserts seats in one statement; an `id` given is kept (a discarded draft comes back with the published ids). */
export async function insertSeats(
  organizationId: string,
  values: readonly (Pick<SeatRow, 'parentId' | 'title' | 'roles' | 'teamId' | 'position'> & { id?: string })[],
): Promise<{ id: string }[]> {
  if (values.length === 0) return [];
  return tenantDb(organizationId)
    .insert(orgChartSeats)
    .values(values.map((value) => ({ organizationId, ...value })))
    .returning({ id: orgChartSeats.id });
}

/** Applies the change (an empty one only raises the version) if the seat is still at `version`. */
export async function updateSeatAtVersion(
  organizationId: string,
  id: string,
  version: number,
  changes: SeatChanges,
): Promise<{ id: string } | undefined> {
  const [row] = await tenantDb(organizationId)
    .update(orgChartSeats)
    .set({ ...changes, version: sql`${orgChartSeats.version} + 1` })
    .where(
      and(
        eq(orgChartSeats.organizationId, organizationId),
        eq(orgChartSeats.id, id),
        eq(orgChartSeats.version, version),
      ),
    )
    .returning({ id: orgChartSeats.id });
  return row;
}

/**
 * Puts `orderedIds` under `parentId` in that order (positions 0, 1, …) in one statement. A seat whose parent
 * changes gets a new version: an edit based on where it used to report is stale.
 */
export async function placeSeats(
  organizationId: string,
  parentId: string | null,
  orderedIds: readonly string[],
): Promise<void> {
  if (orderedIds.length === 0) return;
  const rows = sql.join(
    orderedIds.map((id, position) => sql`(${id}::uuid, ${position}::int)`),
    sql`, `,
  );
  const parent: SQL = parentId ? sql`${parentId}::uuid` : sql`null::uuid`;
  await tenantDb(organizationId).execute(sql`
    update ${orgChartSeats} as s
       set parent_id = ${parent},
           position = v.position,
           version = case when s.parent_id is distinct from ${parent} then s.version + 1 else s.version end,
           updated_at = case when s.parent_id is distinct from ${parent} then now() else s.updated_at end
      from (values ${rows}) as v(id, position)
     where s.organization_id = ${organizationId}::uuid and s.id = v.id`);
}

export async function deleteSeat(organizationId: string, id: string): Promise<void> {
  await tenantDb(organizationId)
    .delete(orgChartSeats)
    .where(and(eq(orgChartSeats.organizationId, organizationId), eq(orgChartSeats.id, id)));
}

export async function deleteAllSeats(organizationId: string): Promise<void> {
  await tenantDb(organizationId).delete(orgChartSeats).where(eq(orgChartSeats.organizationId, organizationId));
}

/** Replaces the holders of the given seats (in the order given per seat) with two statements whatever their number. */
export async function replaceHolders(
  organizationId: string,
  holdersBySeat: ReadonlyMap<string, readonly HolderValue[]>,
): Promise<void> {
  const seatIds = [...holdersBySeat.keys()];
  if (seatIds.length === 0) return;
  await tenantDb(organizationId)
    .delete(orgChartSeatHolders)
    .where(and(eq(orgChartSeatHolders.organizationId, organizationId), inArray(orgChartSeatHolders.seatId, seatIds)));
  const rows = [...holdersBySeat].flatMap(([seatId, holders]) =>
    holders.map((holder, position) => ({ organizationId, seatId, ...holder, position })),
  );
  if (rows.length > 0) await tenantDb(organizationId).insert(orgChartSeatHolders).values(rows);
}

export async function latestPublication(organizationId: string) {
  const [row] = await tenantDb(organizationId)
    .select({
      version: orgChartPublications.version,
      seats: orgChartPublications.seats,
      publishedAt: orgChartPublications.publishedAt,
      publishedById: orgChartPublications.publishedById,
      publisherFirstName: publishers.firstName,
      publisherLastName: publishers.lastName,
    })
    .from(orgChartPublications)
    .leftJoin(publishers, eq(publishers.id, orgChartPublications.publishedById))
    .where(eq(orgChartPublications.organizationId, organizationId))
    .orderBy(desc(orgChartPublications.version))
    .limit(1);
  return row;
}
export type PublicationRow = NonNullable<Awaited<ReturnType<typeof latestPublication>>>;

export async function insertPublication(
  organizationId: string,
  values: { version: number; seats: PublishedOrgChartSeat[]; publishedById: string },
): Promise<void> {
  await tenantDb(organizationId)
    .insert(orgChartPublications)
    .values({ organizationId, ...values });
}

/** The holder rows still open: who sits where as of the newest publication. */
export function openHolderHistory(organizationId: string) {
  return tenantDb(organizationId)
    .select({
      id: orgChartHolderHistory.id,
      seatId: orgChartHolderHistory.seatId,
      userId: orgChartHolderHistory.userId,
      placeholderName: orgChartHolderHistory.placeholderName,
    })
    .from(orgChartHolderHistory)
    .where(and(eq(orgChartHolderHistory.organizationId, organizationId), isNull(orgChartHolderHistory.endedAt)));
}

export async function closeHolderHistory(organizationId: string, ids: readonly string[], at: Date): Promise<void> {
  if (ids.length === 0) return;
  await tenantDb(organizationId)
    .update(orgChartHolderHistory)
    .set({ endedAt: at })
    .where(and(eq(orgChartHolderHistory.organizationId, organizationId), inArray(orgChartHolderHistory.id, [...ids])));
}

export async function openHolderRows(
  organizationId: string,
  rows: readonly (HolderValue & { seatId: string; seatTitle: string })[],
  at: Date,
): Promise<void> {
  if (rows.length === 0) return;
  await tenantDb(organizationId)
    .insert(orgChartHolderHistory)
    .values(rows.map((row) => ({ organizationId, ...row, startedAt: at })));
}

/** A seat's or a person's holder history, newest first, with the member's current name. */
export function holderHistory(organizationId: string, filter: { seatId: string } | { userId: string }) {
  return tenantDb(organizationId)
    .select({
      id: orgChartHolderHistory.id,
      seatId: orgChartHolderHistory.seatId,
      seatTitle: orgChartHolderHistory.seatTitle,
      userId: orgChartHolderHistory.userId,
      placeholderName: orgChartHolderHistory.placeholderName,
      firstName: historyPeople.firstName,
      lastName: historyPeople.lastName,
      startedAt: orgChartHolderHistory.startedAt,
      endedAt: orgChartHolderHistory.endedAt,
    })
    .from(orgChartHolderHistory)
    .leftJoin(historyPeople, eq(historyPeople.id, orgChartHolderHistory.userId))
    .where(
      and(
        eq(orgChartHolderHistory.organizationId, organizationId),
        'seatId' in filter
          ? eq(orgChartHolderHistory.seatId, filter.seatId)
          : eq(orgChartHolderHistory.userId, filter.userId),
      ),
    )
    .orderBy(desc(orgChartHolderHistory.startedAt), asc(orgChartHolderHistory.id))
    .limit(ORG_CHART_HISTORY_MAX);
}

export { findActiveMemberIds, findMember, findOrganization } from '../people/index.js';
export { findActiveTeams, listTeamsOfUser } from '../teams/index.js';
