import type { Role } from '@keel/contract';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { teams } from './teams.table.js';

export interface TeamStrategyAccess {
  team: { id: string; name: string; isLeadershipTeam: boolean };
  /** Admins and owners, and the team's own members who are not observers. */
  canEdit: boolean;
}

/**
 * Who may change a team's strategy (its business plan, its annual goals). The leadership team's is the
 * company's: its members and the admins change it, every other member only reads it. Null: no such live team.
 */
export async function teamStrategyAccess(
  organizationId: string,
  member: { userId: string; role: Role },
  teamId: string,
): Promise<TeamStrategyAccess | null> {
  const [row] = await tenantDb(organizationId)
    .select({
      id: teams.id,
      name: teams.name,
      isLeadershipTeam: teams.isLeadershipTeam,
      // Spelled out: inside a select list drizzle would name these columns unqualified, and `id` is ambiguous here.
      isMember: sql<boolean>`exists (select 1 from team_members tm where tm.organization_id = ${organizationId}
        and tm.team_id = teams.id and tm.user_id = ${member.userId})`,
    })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), eq(teams.id, teamId), isNull(teams.archivedAt)));
  if (!row) return null;
  const isAdmin = member.role === 'admin' || member.role === 'owner';
  return {
    team: { id: row.id, name: row.name, isLeadershipTeam: row.isLeadershipTeam },
    canEdit: member.role !== 'observer' && (isAdmin || row.isMember),
  };
}
