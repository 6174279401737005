import type { BusinessPlanContent } from '@keel/contract';
import { and, asc, desc, eq, isNull, lt, sql, type SQL } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { personName, personView } from '../people/index.js';
import { teamMemberView, teamView } from '../teams/index.js';
import { businessPlans, businessPlanVersions } from './business-plan.table.js';

/** Which plan a read asks for: a team's, the company's (the leadership team's) or the one a share link names. */
export type PlanTarget = { teamId: string } | { company: true } | { shareToken: string };

const team = teamView('plan_team');
const editor = personView('plan_editor');
const membership = teamMemberView('plan_membership');
const author = personView('version_author');

const targetCondition = (target: PlanTarget): SQL =>
  'teamId' in target
    ? eq(team.id, target.teamId)
    : 'company' in target
      ? eq(team.isLeadershipTeam, true)
      : eq(businessPlans.shareToken, target.shareToken);

/**
 * A live team with its plan (if ever saved), who saved it last and whether `userId` belongs to the team: one
 * statement, the whole read of the plan page.
 */
export async function findPlanOfTeam(organizationId: string, userId: string, target: PlanTarget) {
  const [row] = await tenantDb(organizationId)
    .select({
      teamId: team.id,
      teamName: team.name,
      isLeadershipTeam: team.isLeadershipTeam,
      isTeamMember: sql<boolean>`${membership.userId} is not null`,
      planId: businessPlans.id,
      content: businessPlans.content,
      version: businessPlans.version,
      shareToken: businessPlans.shareToken,
      updatedAt: businessPlans.updatedAt,
      updatedById: businessPlans.updatedById,
      updatedByName: personName(editor),
    })
    .from(team)
    .leftJoin(businessPlans, and(eq(businessPlans.organizationId, organizationId), eq(businessPlans.teamId, team.id)))
    .leftJoin(editor, eq(editor.id, businessPlans.updatedById))
    .leftJoin(
      membership,
      and(eq(membership.organizationId, organizationId), eq(membership.teamId, team.id), eq(membership.userId, userId)),
    )
    .where(and(eq(team.organizationId, organizationId), isNull(team.archivedAt), targetCondition(target)))
    .orderBy(asc(team.name), asc(team.id))
    .limit(1);
  return row;
}

export type PlanOfTeamRow = NonNullable<Awaited<ReturnType<typeof findPlanOfTeam>>>;

/**
 * Creates a team's plan at version 1, unless another first save got there first (unique on the team): then
 * answers undefined without failing the transaction, so the caller can say who saved.
 */
export async function insertPlan(
  organizationId: string,
  plan: { teamId: string; content: BusinessPlanContent; updatedById: string },
) {
  const [row] = await tenantDb(organizationId)
    .insert(businessPlans)
    .values({ organizationId, ...plan })
    .onConflictDoNothing({ target: [businessPlans.organizationId, businessPlans.teamId] })
    .returning({ id: businessPlans.id, version: businessPlans.version });
  return row;
}

/** Replaces the content of a plan still at `version`; undefined when someone saved in between. */
export async function updatePlanAtVersion(
  organizationId: string,
  planId: string,
  version: number,
  change: { content: BusinessPlanContent; updatedById: string },
) {
  const [row] = await tenantDb(organizationId)
    .update(businessPlans)
    .set({ ...change, version: sql`${businessPlans.version} + 1` })
    .where(
      and(
        eq(businessPlans.organizationId, organizationId),
        eq(businessPlans.id, planId),
        eq(businessPlans.version, version),
      ),
    )
    .returning({ id: businessPlans.id, version: businessPlans.version });
  return row;
}

export async function insertPlanVersion(
  organizationId: string,
  version: { planId: string; version: number; content: BusinessPlanContent; createdById: string },
) {
  await tenantDb(organizationId)
    .insert(businessPlanVersions)
    .values({ organizationId, ...version });
}

/** Turns the read-only link on (a token) or off (null). The version stays: sharing changes no content. */
export async function setShareToken(organizationId: string, planId: string, shareToken: string | null) {
  await tenantDb(organizationId)
    .update(businessPlans)
    .set({ shareToken })
    .where(and(eq(businessPlans.organizationId, organizationId), eq(businessPlans.id, planId)));
}

/** A page of a plan's versions, newest first, with who saved each (uses the plan-version unique index). */
export function listPlanVersions(organizationId: string, planId: string, limit: number, beforeVersion?: number) {
  return tenantDb(organizationId)
    .select({
      version: businessPlanVersions.version,
      createdAt: businessPlanVersions.createdAt,
      createdById: businessPlanVersions.createdById,
      createdByName: personName(author),
    })
    .from(businessPlanVersions)
    .leftJoin(author, eq(author.id, businessPlanVersions.createdById))
    .where(
      and(
        eq(businessPlanVersions.organizationId, organizationId),
        eq(businessPlanVersions.planId, planId),
        beforeVersion === undefined ? undefined : lt(businessPlanVersions.version, beforeVersion),
      ),
    )
    .orderBy(desc(businessPlanVersions.version))
    .limit(limit);
}

export async function findPlanVersion(organizationId: string, planId: string, version: number) {
  const [row] = await tenantDb(organizationId)
    .select({
      version: businessPlanVersions.version,
      content: businessPlanVersions.content,
      createdAt: businessPlanVersions.createdAt,
      createdById: businessPlanVersions.createdById,
      createdByName: personName(author),
    })
    .from(businessPlanVersions)
    .leftJoin(author, eq(author.id, businessPlanVersions.createdById))
    .where(
      and(
        eq(businessPlanVersions.organizationId, organizationId),
        eq(businessPlanVersions.planId, planId),
        eq(businessPlanVersions.version, version),
      ),
    );
  return row;
}
