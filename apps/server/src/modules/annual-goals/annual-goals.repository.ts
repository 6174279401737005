import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, ne, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { personName, personView } from '../people/index.js';
import { annualGoalPriorityCountSql } from '../priorities/index.js';
import { teamView } from '../teams/index.js';
import { annualGoals } from './annual-goals.table.js';

const owner = personView('goal_owner');
const team = teamView('goal_team');

export type AnnualGoalInsert = Omit<typeof annualGoals.$inferInsert, 'organizationId' | 'id' | 'position'>;
export type AnnualGoalChanges = Partial<
  Pick<typeof annualGoals.$inferInsert, 'title' | 'description' | 'ownerId' | 'status' | 'target' | 'position'>
>;

/** Goals with their owner, team and the count of priorities behind each, in one statement. */
const selectGoals = (organizationId: string) =>
  tenantDb(organizationId)
    .select({
      id: annualGoals.id,
      teamId: annualGoals.teamId,
      teamName: team.name,
      isCompanyGoal: team.isLeadershipTeam,
      year: annualGoals.year,
      title: annualGoals.title,
      description: annualGoals.description,
      ownerId: annualGoals.ownerId,
      ownerName: personName(owner),
      status: annualGoals.status,
      target: annualGoals.target,
      position: annualGoals.position,
      priorityCount: annualGoalPriorityCountSql(organizationId, annualGoals.id),
      version: annualGoals.version,
    })
    .from(annualGoals)
    .innerJoin(team, eq(team.id, annualGoals.teamId))
    .leftJoin(owner, eq(owner.id, annualGoals.ownerId));

export type AnnualGoalRow = NonNullable<Awaited<ReturnType<typeof findGoal>>>;

export async function findGoal(organizationId: string, id: string) {
  const [row] = await selectGoals(organizationId).where(
    and(eq(annualGoals.organizationId, organizationId), eq(annualGoals.id, id)),
  );
  return row;
}

/** One team's goals of a year, or every live team's; in the team's order. */
export async function listGoals(organizationId: string, options: { teamId?: string; year: number; limit: number }) {
  return selectGoals(organizationId)
    .where(
      and(
        eq(annualGoals.organizationId, organizationId),
        eq(annualGoals.year, options.year),
        options.teamId ? eq(annualGoals.teamId, options.teamId) : isNull(team.archivedAt),
      ),
    )
    .orderBy(desc(team.isLeadershipTeam), asc(team.name), asc(annualGoals.position), asc(annualGoals.id))
    .limit(options.limit);
}

export async function countGoals(organizationId: string, teamId: string, year: number): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ count: sql<number>`count(*)::int` })
    .from(annualGoals)
    .where(
      and(eq(annualGoals.organizationId, organizationId), eq(annualGoals.teamId, teamId), eq(annualGoals.year, year)),
    );
  return row?.count ?? 0;
}

export async function insertGoal(organizationId: string, goal: AnnualGoalInsert): Promise<string> {
  const [row] = await tenantDb(organizationId)
    .insert(annualGoals)
    .values({
      ...goal,
      organizationId,
      position: sql`(select coalesce(max(${annualGoals.position}) + 1, 0) from ${annualGoals}
        where ${annualGoals.organizationId} = ${organizationId} and ${annualGoals.teamId} = ${goal.teamId}
          and ${annualGoals.year} = ${goal.year})`,
    })
    .returning({ id: annualGoals.id });
  return row!.id;
}

/** Applies the change only if the goal is still at `version`; undefined when it is not (or gone). */
export async function updateGoalAtVersion(
  organizationId: string,
  id: string,
  version: number,
  changes: AnnualGoalChanges,
) {
  const [row] = await tenantDb(organizationId)
    .update(annualGoals)
    .set({ ...changes, version: sql`${annualGoals.version} + 1` })
    .where(
      and(eq(annualGoals.organizationId, organizationId), eq(annualGoals.id, id), eq(annualGoals.version, version)),
    )
    .returning({ id: annualGoals.id });
  return row;
}

/** Moves the goals between the old and the new place by one, so the positions stay 0…n-1 without gaps. */
export async function shiftGoalsForMove(
  organizationId: string,
  goal: { id: string; teamId: string; year: number; position: number },
  to: number,
) {
  if (to === goal.position) return;
  const down = to > goal.position;
  await tenantDb(organizationId)
    .update(annualGoals)
    .set({ position: down ? sql`${annualGoals.position} - 1` : sql`${annualGoals.position} + 1` })
    .where(
      and(
        eq(annualGoals.organizationId, organizationId),
        eq(annualGoals.teamId, goal.teamId),
        eq(annualGoals.year, goal.year),
        ne(annualGoals.id, goal.id),
        down ? gt(annualGoals.position, goal.position) : gte(annualGoals.position, to),
        down ? lte(annualGoals.position, to) : lt(annualGoals.position, goal.position),
      ),
    );
}

export async function deleteGoalAtVersion(organizationId: string, id: string, version: number) {
  const [row] = await tenantDb(organizationId)
    .delete(annualGoals)
    .where(
      and(eq(annualGoals.organizationId, organizationId), eq(annualGoals.id, id), eq(annualGoals.version, version)),
    )
    .returning({
      id: annualGoals.id,
      teamId: annualGoals.teamId,
      year: annualGoals.year,
      position: annualGoals.position,
    });
  return row;
}

/** Closes the gap a deleted goal left. */
export async function closeGap(organizationId: string, goal: { teamId: string; year: number; position: number }) {
  await tenantDb(organizationId)
    .update(annualGoals)
    .set({ position: sql`${annualGoals.position} - 1` })
    .where(
      and(
        eq(annualGoals.organizationId, organizationId),
        eq(annualGoals.teamId, goal.teamId),
        eq(annualGoals.year, goal.year),
        gt(annualGoals.position, goal.position),
      ),
    );
}

/** Which of these ids are goals of this organization (another organization's read as absent). */
export async function existingGoalIds(organizationId: string, ids: readonly string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await tenantDb(organizationId)
    .select({ id: annualGoals.id })
    .from(annualGoals)
    .where(and(eq(annualGoals.organizationId, organizationId), inArray(annualGoals.id, [...ids])));
  return new Set(rows.map((row) => row.id));
}
