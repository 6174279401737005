import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { preparedPerConnection } from '../../db/prepared-statement.js';
import { tenantDb } from '../../db/scope.js';
import { memberships, organizations } from '../organizations/index.js';
import { users } from './auth.table.js';

export interface ProfileRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  isConsultant: boolean;
  role: Role;
  membershipStatus: 'active' | 'deactivated';
  organizationName: string;
  teams: { id: string; name: string; is_leadership_team: boolean }[];
}

const profileQuery = preparedPerConnection((db: Database) =>
  db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarUrl: users.avatarUrl,
      isConsultant: users.isConsultant,
      role: memberships.role,
      membershipStatus: memberships.status,
      organizationName: organizations.name,
      teams: sql<ProfileRow['teams']>`coalesce((
        select json_agg(json_build_object('id', t.id, 'name', t.name, 'is_leadership_team', t.is_leadership_team)
                        order by t.is_leadership_team desc, t.name)
        from team_members tm join teams t on t.id = tm.team_id
        where tm.organization_id = ${sql.placeholder('organizationId')} and tm.user_id = ${sql.placeholder('userId')}
          and t.archived_at is null
      ), '[]'::json)`,
    })
    .from(users)
    .innerJoin(
      memberships,
      and(eq(memberships.userId, users.id), eq(memberships.organizationId, sql.placeholder('organizationId'))),
    )
    .innerJoin(organizations, eq(organizations.id, memberships.organizationId))
    .where(eq(users.id, sql.placeholder('userId')))
    // Named, so PostgreSQL parses and plans it once per connection: this runs on every page load.
    .prepare('auth_find_profile_v1'),
);

/**
 * The signed-in person as seen inside one organization, in a single query (the profile is read on
 * every page load): account, membership, organization name and teams.
 */
export async function findProfile(organizationId: string, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await profileQuery(tenantDb(organizationId)).execute({ organizationId, userId });
  return row;
}
