import type { Department, DepartmentList } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { asMember, type Caller } from '../organizations/index.js';
import * as repository from './teams.repository.js';

export const LEADERSHIP_TEAM_NAME = 'Leadership Team';

/** Every organization is born with exactly one leadership team, its founder leading it. */
export async function createLeadershipTeam(organizationId: string, founderUserId: string) {
  const team = await repository.insertTeam(organizationId, {
    name: LEADERSHIP_TEAM_NAME,
    isLeadershipTeam: true,
    createdById: founderUserId,
  });
  await repository.insertTeamMember(organizationId, team.id, founderUserId, 'lead');
  return team;
}

export async function listTeamsOfUser(organizationId: string, userId: string) {
  const rows = await repository.listTeamsOfUser(organizationId, userId);
  // Leadership first: the spec's fallback team when no default is stored.
  return rows
    .sort((a, b) => Number(b.isLeadershipTeam) - Number(a.isLeadershipTeam))
    .map((row) => ({ id: row.id, name: row.name, is_leadership_team: row.isLeadershipTeam }));
}

const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** Leadership first (the selector's fallback), then by name as a person reads it, not by byte order. */
function compareDepartments(a: Department, b: Department) {
  return Number(b.is_leadership_team) - Number(a.is_leadership_team) || byName.compare(a.name, b.name);
}

export interface TeamsServiceDeps {
  db: Database;
}

export function createTeamsService(deps: TeamsServiceDeps) {
  const { db } = deps;
  return {
    /** Every active team of the organization (the repository bounds the list), marking the caller's own. */
    departments: (caller: Caller): Promise<DepartmentList> =>
      asMember(db, caller, async ({ organizationId, userId }) => {
        const rows = await repository.listTeamsWithMembership(organizationId, userId);
        const departments = rows
          .map((row): Department => ({
            id: row.id,
            name: row.name,
            description: row.description,
            color: row.color,
            parent_team_id: row.parentTeamId,
            is_leadership_team: row.isLeadershipTeam,
            is_member: row.memberId !== null,
          }))
          .sort(compareDepartments);
        return {
          departments,
          is_leadership_member: departments.some((team) => team.is_leadership_team && team.is_member),
        };
      }),
  };
}

export type TeamsService = ReturnType<typeof createTeamsService>;
