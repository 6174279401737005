import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Role } from '@keel/contract';
import { tenantDb } from '../../db/scope.js';
import { memberships, organizations, users } from './people.table.js';

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
  // Invited people are listed with the pending invitations until they accept.
  const conditions = [eq(memberships.organizationId, organizationId), ne(memberships.status, 'invited')];
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
    .limit(input.limit + 1) as Promise<MemberRow[]>;
}

export async function findMember(organizationId: string, userId: string): Promise<MemberRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select(memberColumns)
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        ne(memberships.status, 'invited'),
      ),
    );
  return row as MemberRow | undefined;
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

/** Lower-cased addresses among `emails` that already belong to a member of the organization (not only invited). */
export async function memberEmails(organizationId: string, emails: readonly string[]): Promise<Set<string>> {
  if (emails.length === 0) return new Set();
  const rows = await tenantDb(organizationId)
    .select({ email: sql<string>`lower(${users.email})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        ne(memberships.status, 'invited'),
        inArray(
          sql`lower(${users.email})`,
          emails.map((e) => e.toLowerCase()),
        ),
      ),
    );
  return new Set(rows.map((row) => row.email));
}

/** What an invitation mail names: the organization and, when known, the person inviting (two reads). */
export async function invitationMailNames(organizationId: string, inviterId: string | null) {
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

/** Every member of the organization, active or not, with name and address: imports match people against it. */
export async function listMembersForMatching(organizationId: string) {
  return tenantDb(organizationId)
    .select({
      userId: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      status: memberships.status,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId));
}

/**
 * Lower-cased addresses of every member of the organization, active or not (the member import's directory);
 * invited people count as invited, through their open invitation.
 */
export async function allMemberEmails(organizationId: string): Promise<Set<string>> {
  const rows = await tenantDb(organizationId)
    .select({ email: sql<string>`lower(${users.email})` })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), ne(memberships.status, 'invited')));
  return new Set(rows.map((row) => row.email));
}

/** The addresses of the organization's active administrators and owners: who is told when something needs them. */
export async function activeAdministratorEmails(organizationId: string): Promise<string[]> {
  const rows = await tenantDb(organizationId)
    .select({ email: users.email })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.status, 'active'),
        inArray(memberships.role, ['admin', 'owner']),
      ),
    )
    .orderBy(asc(users.email))
    .limit(50);
  return rows.map((row) => row.email);
}

/** Everyone who belongs or belonged to the organization, as its export names them (no secrets). */
export function peopleOfOrganization(organizationId: string) {
  return tenantDb(organizationId)
    .select({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(eq(memberships.organizationId, organizationId))
    .orderBy(asc(users.email));
}
