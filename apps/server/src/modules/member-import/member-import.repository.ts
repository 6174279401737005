import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { users } from '../auth/index.js';
import { invitations, openInvitationConditions } from '../members/index.js';
import { memberships } from '../organizations/index.js';
import { teams } from '../teams/index.js';
import type { MemberDirectory } from './member-import.rows.js';

/** Members, open invitations and live teams of the organization: three queries whatever the file's size. */
export async function loadMemberDirectory(organizationId: string, now: Date): Promise<MemberDirectory> {
  const db = tenantDb(organizationId);
  const [members, invited, teamRows] = [
    await db
      .select({ email: sql<string>`lower(${users.email})` })
      .from(memberships)
      .innerJoin(users, eq(users.id, memberships.userId))
      .where(eq(memberships.organizationId, organizationId)),
    await db
      .select({ email: sql<string>`lower(${invitations.email})` })
      .from(invitations)
      .where(and(...openInvitationConditions(organizationId), gt(invitations.expiresAt, now))),
    await db
      .select({ id: teams.id, name: teams.name })
      .from(teams)
      .where(and(eq(teams.organizationId, organizationId), isNull(teams.archivedAt))),
  ];
  const directory: MemberDirectory = {
    memberEmails: new Set(members.map((row) => row.email)),
    invitedEmails: new Set(invited.map((row) => row.email)),
    teams: new Map(),
  };
  for (const team of teamRows) {
    const name = team.name.trim().toLowerCase();
    if (!directory.teams.has(name)) directory.teams.set(name, team.id);
  }
  return directory;
}
