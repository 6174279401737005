import type { BusinessPlanQuery, Role } from '@keel/contract';
import type { MemberScope } from '../organizations/index.js';
import * as errors from './business-plan.errors.js';
import * as repository from './business-plan.repository.js';

const isAdmin = (role: Role) => role === 'admin' || role === 'owner';

/**
 * Who may read a plan: the company plan (the leadership team's) every member; a team's plan its members and the
 * admins, or anyone of the organization through its share link. Who may change it is `teamStrategyAccess`'s rule.
 */
export function mayReadPlan(
  member: { role: Role },
  plan: { isLeadershipTeam: boolean; isTeamMember: boolean },
  throughShareLink: boolean,
): boolean {
  return throughShareLink || plan.isLeadershipTeam || plan.isTeamMember || isAdmin(member.role);
}

/** The plan the query names, if the member may read it; 404 and 403 otherwise. */
export async function readablePlan(member: MemberScope, query: BusinessPlanQuery) {
  const { organizationId, userId } = member;
  const target: repository.PlanTarget = query.share
    ? { shareToken: query.share }
    : query.teamId
      ? { teamId: query.teamId }
      : { company: true };
  const row = await repository.findPlanOfTeam(organizationId, userId, target);
  if (!row) {
    if ('shareToken' in target) throw errors.shareLinkNotFound();
    throw 'company' in target ? errors.companyPlanMissing() : errors.teamNotFound();
  }
  if (!mayReadPlan(member, row, 'shareToken' in target)) throw errors.cannotRead();
  return row;
}
