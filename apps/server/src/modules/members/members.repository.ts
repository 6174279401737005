import { and, desc, eq, gt, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import { accountDb, tenantDb } from '../../db/scope.js';
import { invitations } from './members.table.js';

// Memberships and people belong to the people module, sessions to auth, teams to teams: the use cases here call them.
export {
  findMember,
  insertInvitedPeople,
  invitationMailNames as mailContext,
  listMembers,
  lockActiveOwners,
  memberEmails,
  removeInvitedMembership,
  updateMembership,
  type MemberRow,
} from '../people/index.js';
export { lastSignIns, revokeSessionsIn } from '../auth/index.js';
export { teamNames, teamsOfMembers } from '../teams/index.js';

export type InvitationRow = typeof invitations.$inferSelect;

/** The conditions of the organization's open invitations: neither accepted nor revoked (expired ones included). */
export const openInvitationConditions = (organizationId: string): SQL[] => [
  eq(invitations.organizationId, organizationId),
  isNull(invitations.acceptedAt),
  isNull(invitations.revokedAt),
];
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

/** Marks the open, unexpired invitation with this token accepted; undefined when there is none (used, revoked, expired). */
export async function claimOpenInvitation(
  organizationId: string,
  tokenHash: string,
  now: Date,
): Promise<InvitationRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .update(invitations)
    .set({ acceptedAt: now, version: sql`${invitations.version} + 1` })
    .where(
      and(
        eq(invitations.organizationId, organizationId),
        eq(invitations.tokenHash, tokenHash),
        isNull(invitations.acceptedAt),
        isNull(invitations.revokedAt),
        gt(invitations.expiresAt, now),
      ),
    )
    .returning();
  return row;
}

/** Lower-cased addresses of every open invitation that has not expired by `now` (the member import's directory). */
export async function liveInvitationEmails(organizationId: string, now: Date): Promise<Set<string>> {
  const rows = await tenantDb(organizationId)
    .select({ email: sql<string>`lower(${invitations.email})` })
    .from(invitations)
    .where(and(...openInvitationConditions(organizationId), gt(invitations.expiresAt, now)));
  return new Set(rows.map((row) => row.email));
}

/** How many invitations wait for an answer: open, and not expired by `now`. */
export async function countPendingInvitations(organizationId: string, now: Date): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ count: sql<number>`count(*)::int` })
    .from(invitations)
    .where(and(...openInvitationConditions(organizationId), gt(invitations.expiresAt, now)));
  return row?.count ?? 0;
}
