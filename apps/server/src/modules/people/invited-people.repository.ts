import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Role } from '@keel/contract';
import { accountDb, tenantDb } from '../../db/scope.js';
import { findMemberIdsWithStatus } from './people.repository.js';
import { memberships, users } from './people.table.js';

// People invited but not yet joined: an `invited` membership (and, without an account, a placeholder user
// with no password) from the invitation on, so a team can give them work before everyone has accepted.

const fullName = sql<string>`trim(${users.firstName} || ' ' || ${users.lastName})`;

/**
 * Which of `userIds` may own to-dos and priorities: active members, and invited people not yet joined (so a
 * team can plan before everyone has accepted); never deactivated members or other organizations' people.
 */
export const findAssignableMemberIds = (organizationId: string, userIds: readonly string[]) =>
  findMemberIdsWithStatus(organizationId, userIds, ['active', 'invited']);

/**
 * The invited people of new invitations become `invited` members, so they can be given to-dos and priorities
 * before they accept. Someone without an account gets a placeholder one (status invited, no password) that
 * the acceptance or a registration completes. Three statements whatever the number of people.
 */
export async function insertInvitedPeople(
  organizationId: string,
  people: readonly { email: string; firstName: string; lastName: string; role: Role }[],
): Promise<void> {
  if (people.length === 0) return;
  await accountDb()
    .insert(users)
    .values(
      people.map((person) => {
        // Invited by address only: the address names them (in pickers, on their to-dos) until they give a name.
        const named = person.firstName !== '' || person.lastName !== '';
        return {
          email: person.email,
          firstName: named ? person.firstName : person.email,
          lastName: person.lastName,
          status: 'invited' as const,
        };
      }),
    )
    .onConflictDoNothing();
  const accounts = await accountDb()
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(
      inArray(
        sql`lower(${users.email})`,
        people.map((person) => person.email.toLowerCase()),
      ),
    );
  const idByEmail = new Map(accounts.map((account) => [account.email, account.id]));
  const rows = people.flatMap((person) => {
    const userId = idByEmail.get(person.email.toLowerCase());
    return userId ? [{ organizationId, userId, role: person.role, status: 'invited' as const }] : [];
  });
  if (rows.length > 0) await tenantDb(organizationId).insert(memberships).values(rows).onConflictDoNothing();
}

/**
 * Accounts for people who have none yet (status invited, no password), as an invitation makes them: answers
 * each address's account id, the existing one where the address already had an account.
 */
export async function insertInvitedAccounts(
  people: readonly { email: string; firstName: string; lastName: string }[],
): Promise<Map<string, { userId: string; created: boolean }>> {
  const emails = people.map((person) => person.email.toLowerCase());
  if (emails.length === 0) return new Map();
  const before = await accountDb()
    .select({ email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const existing = new Set(before.map((row) => row.email));
  const fresh = people.filter((person) => !existing.has(person.email.toLowerCase()));
  if (fresh.length > 0) {
    await accountDb()
      .insert(users)
      .values(
        fresh.map((person) => ({
          email: person.email,
          firstName: person.firstName || person.lastName ? person.firstName : person.email,
          lastName: person.lastName,
          status: 'invited' as const,
        })),
      )
      .onConflictDoNothing();
  }
  const accounts = await accountDb()
    .select({ id: users.id, email: sql<string>`lower(${users.email})` })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  return new Map(
    accounts.map((account) => [account.email, { userId: account.id, created: !existing.has(account.email) }]),
  );
}

/** Turns an invited member into an active one with the invitation's role; false when there was none. */
export async function activateInvitedMembership(organizationId: string, userId: string, role: Role): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .update(memberships)
    .set({ role, status: 'active', version: sql`${memberships.version} + 1` })
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.userId, userId),
        eq(memberships.status, 'invited'),
      ),
    )
    .returning({ userId: memberships.userId });
  return rows.length > 0;
}

/** A withdrawn invitation's person is no longer an invited member (what they were given stays theirs). */
export async function removeInvitedMembership(organizationId: string, email: string): Promise<void> {
  await tenantDb(organizationId)
    .delete(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.status, 'invited'),
        inArray(
          memberships.userId,
          accountDb()
            .select({ id: users.id })
            .from(users)
            .where(sql`lower(${users.email}) = lower(${email})`),
        ),
      ),
    );
}

/** The people picker: who can be given work (see `findAssignableMemberIds`) by name, invited ones marked; one query, bounded. */
export async function listAssignablePeople(organizationId: string, limit: number) {
  return tenantDb(organizationId)
    .select({
      id: users.id,
      name: fullName,
      email: users.email,
      avatarUrl: users.avatarUrl,
      invited: sql<boolean>`${memberships.status} = 'invited'`,
    })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(and(eq(memberships.organizationId, organizationId), inArray(memberships.status, ['active', 'invited'])))
    .orderBy(asc(sql`lower(${fullName})`), asc(users.id))
    .limit(limit);
}
