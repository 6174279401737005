import { and, eq, sql } from 'drizzle-orm';
import type { Role } from '@keel/contract';
import type { Database } from '../../db/database.js';
import { preparedPerConnection } from '../../db/prepared-statement.js';
import { tenantDb } from '../../db/scope.js';
import { membershipView, organizationView, personView } from '../people/index.js';
import { liveTeamsOfPersonJsonSql } from '../teams/index.js';

export interface ProfileRow {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  avatarUrl: string | null;
  isConsultant: boolean;
  role: Role;
  membershipStatus: 'invited' | 'active' | 'deactivated';
  organizationName: string;
  teams: { id: string; name: string; is_leadership_team: boolean }[];
}

const person = personView('person');
const membership = membershipView('membership');
const organization = organizationView('organization');

// The people module's views and the teams module's fragment, joined in one named statement.
const profileQuery = preparedPerConnection((db: Database) =>
  db
    .select({
      id: person.id,
      email: person.email,
      firstName: person.firstName,
      lastName: person.lastName,
      avatarUrl: person.avatarUrl,
      isConsultant: person.isConsultant,
      role: membership.role,
      membershipStatus: membership.status,
      organizationName: organization.name,
      teams: liveTeamsOfPersonJsonSql(sql.placeholder('organizationId'), sql.placeholder('userId')),
    })
    .from(person)
    .innerJoin(
      membership,
      and(eq(membership.userId, person.id), eq(membership.organizationId, sql.placeholder('organizationId'))),
    )
    .innerJoin(organization, eq(organization.id, membership.organizationId))
    .where(eq(person.id, sql.placeholder('userId')))
    // Named, so PostgreSQL parses and plans it once per connection: this runs on every page load.
    .prepare('auth_find_profile_v2'),
);

/**
 * The signed-in person as seen inside one organization, in a single query (the profile is read on
 * every page load): account, membership, organization name and teams.
 */
export async function findProfile(organizationId: string, userId: string): Promise<ProfileRow | undefined> {
  const [row] = await profileQuery(tenantDb(organizationId)).execute({ organizationId, userId });
  return row;
}
