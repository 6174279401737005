import { and, asc, desc, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { Role } from '@keel/contract';
import { accountDb, tenantDb } from '../../db/scope.js';
import { refreshTokens, users } from '../auth/auth.table.js';
import { memberships, organizations } from '../organizations/organizations.table.js';
import { teamMembers, teams } from '../teams/teams.table.js';
import { invitations } from './members.table.js';

export type InvitationRow = typeof invitations.$inferSelect;

/** The conditions of the organization's open invitations: neither accepted nor revoked (expired ones included). */
export const openInvitationConditions = (organizationId: string): SQL[] => [
  eq(invitations.organizationId, organizationId),
  isNull(invitations.acceptedAt),
  isNull(invitations.revokedAt),
];

/** The sort key of the member list: name, then id so equal names still page deterministically. */
const sortName = sql<string>`lower(${users.firstName} || ' ' || ${users.lastName})`;

export interface MemberRow {
  userId: string;
  email: string;
  firstName: string;
  lastName: string;
  role: Role;
  status: 'active' | 'deactivated';
  version: number;
  sortName: string;
}

const memberColumns = {
  userId: memberships.userId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  role: memberships.role,
  status: memberships.status,
  version: memberships.version,
  sortName,
};

export async function listMembers(
  organizationId: string,
  input: { search?: string | undefined; after?: readonly [string, string] | undefined; limit: number },
): Promise<MemberRow[]> {
  const conditions = [eq(memberships.organizationId, organizationId)];
  if (input.search) {
    const pattern = `%${input.search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(sql`(${sortName} like ${pattern} or lower(${users.email}) like ${pattern})`);
  }
  if (input.after)
    conditions.push(sql`(${sortName}, ${memberships.userId}) > (${input.after[0]}, ${input.after[1]}::uuid)`);
  return tenantDb(organizationId)
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(...conditions))
    .orderBy(asc(sortName), asc(memberships.userId))
    .limit(input.limit + 1);
}

export async function findMember(organizationId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row;
}

/** The active owners, locked: two admins demoting the last two owners at once serialize here. */
export async function lockActiveOwners(organizationId: string): Promise<string[]> {
  const rows = await tenantDb(organizationId)
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.role, 'owner'),
        eq(memberships.status, 'active'),
      ),
    )
    .for('update');
  return rows.map((row) => row.userId);
}

/** Applies the change only to the version the caller read; undefined when it moved on (409). */
export async function updateMembership(
  organizationId: string,
  userId: string,
  version: number,
  changes: { role?: Role; status?: 'active' | 'deactivated' },
) {
  const [row] = await tenantDb(organizationId)
    .update(memberships)
    .set({ ...changes, version: sql`${memberships.version} + 1` })
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        eq(memberships.version, version),
      ),
    )
    .returning({ version: memberships.version });
  return row;
}

/** Ends a person's sessions in one organization; their other organizations keep theirs. */
export async function revokeSessionsIn(organizationId: string, userId: string, at: Date): Promise<void> {
  await accountDb()
    .update(refreshTokens)
    .set({ revokedAt: at })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        eq(refreshTokens.organizationId, organizationId),
        isNull(refreshTokens.revokedAt),
      ),
    );
}

export async function teamsOfMembers(organizationId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return tenantDb(organizationId)
    .select({ userId: teamMembers.userId, id: teams.id, name: teams.name })
    .from(teamMembers)
    .innerJoin(teams, eq(teams.id, teamMembers.teamId))
    .where(
      and(
        eq(teamMembers.organizationId, organizationId),
        inArray(teamMembers.userId, [...userIds]),
        isNull(teams.archivedAt),
      ),
    )
    .orderBy(asc(teams.name));
}

/** A session starts with a refresh token, so the newest one in the organization is the last sign-in. */
export async function lastSignIns(organizationId: string, userIds: readonly string[]) {
  if (userIds.length === 0) return [];
  return accountDb()
    .select({
      userId: refreshTokens.userId,
      at: sql<Date>`max(${refreshTokens.createdAt})`.mapWith(refreshTokens.createdAt),
    })
    .from(refreshTokens)
    .where(and(eq(refreshTokens.organizationId, organizationId), inArray(refreshTokens.userId, [...userIds])))
    .groupBy(refreshTokens.userId);
}

/** Lower-cased addresses among `emails` that already belong to a member of the organization. */
export async function memberEmails(organizationId: string, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await tenantDb(organizationId)
    .select({ email: sql<string>`lower(${users.email})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        inArray(
          sql`lower(${users.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
      ),
    );
  return new Set(rows.map((row) => row.email));
}

/** Lower-cased addresses among `emails` with an open (not accepted, not revoked) invitation. */
export async function openInvitationEmails(organizationId: string, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await tenantDb(organizationId)
    .select({ email: sql<string>`lower(${invitations.email})` })
    .from(invitations)
    .where(
      and(
        ...openInvitationConditions(organizationId),
        inArray(
          sql`lower(${invitations.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
      ),
    );
  return new Set(rows.map((row) => row.email));
}

export async function insertInvitations(
  organizationId: string,
  rows: Omit<typeof invitations.$inferInsert, 'organizationId'>[],
): Promise<InvitationRow[]> {
  if (rows.length === 0) return [];
  return tenantDb(organizationId)
    .insert(invitations)
    .values(rows.map((row) => ({ ...row, organizationId })))
    .returning();
}

export async function listOpenInvitations(
  organizationId: string,
  input: { after?: readonly [string, string] | undefined; limit: number },
) {
  const conditions = openInvitationConditions(organizationId);
  if (input.after) {
    conditions.push(
      sql`(${invitations.createdAt}, ${invitations.id}) < (${input.after[0]}::timestamptz, ${input.after[1]}::uuid)`,
    );
  }
  return tenantDb(organizationId)
    .select({
      row: invitations,
      position: sql<string>`to_char(${invitations.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    })
    .from(invitations)
    .where(and(...conditions))
    .orderBy(desc(invitations.createdAt), desc(invitations.id))
    .limit(input.limit + 1);
}

export async function findInvitationForUpdate(organizationId: string, id: string): Promise<InvitationRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(invitations)
    .where(and(eq(invitations.organizationId, organizationId), eq(invitations.id, id)))
    .for('update');
  return row;
}

export async function updateInvitation(
  organizationId: string,
  id: string,
  version: number,
  changes: Partial<Pick<InvitationRow, 'tokenHash' | 'expiresAt' | 'revokedAt' | 'acceptedAt'>>,
): Promise<InvitationRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .update(invitations)
    .set({ ...changes, version: sql`${invitations.version} + 1` })
    .where(
      and(eq(invitations.organizationId, organizationId), eq(invitations.id, id), eq(invitations.version, version)),
    )
    .returning();
  return row;
}

/**
 * The invitation behind a link, read before anyone is known: the link's hash is set for this
 * transaction only, and row-level security admits exactly that row.
 */
export async function findInvitationByTokenHash(tokenHash: string): Promise<InvitationRow | undefined> {
  const db = accountDb();
  await db.execute(sql`select set_config('app.invitation_token_hash', ${tokenHash}, true)`);
  const [row] = await db.select().from(invitations).where(eq(invitations.tokenHash, tokenHash));
  await db.execute(sql`select set_config('app.invitation_token_hash', '', true)`);
  return row;
}

export async function mailContext(organizationId: string, inviterId: string | null) {
  const [organization] = await tenantDb(organizationId)
    .select({ name: organizations.name })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  const [inviter] = inviterId
    ? await tenantDb(organizationId)
        .select({ firstName: users.firstName, lastName: users.lastName })
        .from(users)
        .where(eq(users.id, inviterId))
    : [];
  return {
    organizationName: organization?.name ?? 'your organization',
    inviterName: inviter ? `${inviter.firstName} ${inviter.lastName}`.trim() : null,
  };
}

export async function teamNames(organizationId: string, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await tenantDb(organizationId)
    .select({ name: teams.name })
    .from(teams)
    .where(and(eq(teams.organizationId, organizationId), inArray(teams.id, [...ids]), isNull(teams.archivedAt)))
    .orderBy(asc(teams.name));
  return rows.map((row) => row.name);
}
