import { randomUUID } from 'node:crypto';
import { and, asc, eq, inArray, isNull, sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { QueryBuilder } from 'drizzle-orm/pg-core';
import { accountDb, tenantDb } from '../../db/scope.js';
import { consultantAccess, memberships, organizations, users } from './people.table.js';
import type { Role } from '@keel/contract';

export type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationChanges = Partial<
  Pick<
    OrganizationRow,
    | 'name'
    | 'logoSize'
    | 'themePrimaryColor'
    | 'themeSecondaryColor'
    | 'themeAccentColor'
    | 'timezone'
    | 'weekStartDay'
    | 'fiscalYearStartMonth'
    | 'methodology'
    | 'logoKey'
    | 'logoMimeType'
  >
>;

export async function insertOrganization(
  organizationId: string,
  values: { name: string; slug: string; trialEndsAt: Date; createdById: string },
): Promise<OrganizationRow> {
  const [row] = await tenantDb(organizationId)
    .insert(organizations)
    .values({ id: organizationId, ...values })
    .returning();
  if (!row) throw new Error('organization insert returned nothing');
  return row;
}

export async function findOrganization(organizationId: string): Promise<OrganizationRow | undefined> {
  const [row] = await tenantDb(organizationId).select().from(organizations).where(eq(organizations.id, organizationId));
  return row;
}

/** The month (1–12) the organization's fiscal year starts in; January when it has none. */
export async function fiscalYearStartMonth(organizationId: string): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ month: organizations.fiscalYearStartMonth })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row?.month ?? 1;
}

/** Locks the organization row for the rest of the transaction, so concurrent logo swaps serialize. */
export async function findOrganizationForUpdate(organizationId: string): Promise<OrganizationRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for('update');
  return row;
}

/**
 * Only what the public logo address needs. Runs in a scope with the tenant set and no user, which
 * row-level security admits for that one organization: nothing else is reachable through it.
 */
export async function findOrganizationLogo(organizationId: string) {
  const [row] = await tenantDb(organizationId)
    .select({ logoKey: organizations.logoKey, logoMimeType: organizations.logoMimeType })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row;
}

export async function updateOrganization(
  organizationId: string,
  changes: OrganizationChanges,
): Promise<OrganizationRow> {
  const [row] = await tenantDb(organizationId)
    .update(organizations)
    .set({ ...changes, version: sql`${organizations.version} + 1` })
    .where(eq(organizations.id, organizationId))
    .returning();
  if (!row) throw new Error('organization update returned nothing');
  return row;
}

export async function insertMembership(organizationId: string, userId: string, role: Role): Promise<void> {
  await tenantDb(organizationId).insert(memberships).values({ organizationId, userId, role });
}

export interface MemberRecord {
  role: Role;
  status: 'invited' | 'active' | 'deactivated';
}

export async function findMembership(organizationId: string, userId: string): Promise<MemberRecord | undefined> {
  const [row] = await tenantDb(organizationId)
    .select({ role: memberships.role, status: memberships.status })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.userId, userId)));
  return row;
}

/**
 * A consultant is not a member of a client: their grant stands in for a membership (decision 0006).
 * Only read when no membership exists, so members pay nothing for it.
 */
export async function findConsultantGrant(
  organizationId: string,
  userId: string,
): Promise<{ accessLevel: Exclude<Role, 'owner'>; status: 'invited' | 'active' | 'revoked' } | undefined> {
  const [row] = await tenantDb(organizationId)
    .select({ accessLevel: consultantAccess.accessLevel, status: consultantAccess.status })
    .from(consultantAccess)
    .where(and(eq(consultantAccess.organizationId, organizationId), eq(consultantAccess.consultantUserId, userId)))
    .orderBy(sql`${consultantAccess.status} = 'active' desc`, sql`${consultantAccess.updatedAt} desc`)
    .limit(1);
  return row;
}

/** The organizations a person may enter, oldest first; runs in the person's user scope. */
export async function listActiveMembershipsOfUser(userId: string) {
  return accountDb()
    .select({ organizationId: memberships.organizationId, role: memberships.role })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), eq(memberships.status, 'active')))
    .orderBy(asc(memberships.createdAt))
    .limit(500);
}

type MembershipStatus = (typeof memberships.status.enumValues)[number];

/** Which of `userIds` are members with one of `statuses`; row-level security hides other organizations' people. */
export async function findMemberIdsWithStatus(
  organizationId: string,
  userIds: readonly string[],
  statuses: readonly MembershipStatus[],
): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tenantDb(organizationId)
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        inArray(memberships.status, [...statuses]),
        inArray(memberships.userId, [...userIds]),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}

/** Which of `userIds` are active members. */
export const findActiveMemberIds = (organizationId: string, userIds: readonly string[]) =>
  findMemberIdsWithStatus(organizationId, userIds, ['active']);

// People: accounts are global (account scope), one login for every organization.

export type UserRow = typeof users.$inferSelect;

export async function findUserByEmail(email: string): Promise<UserRow | undefined> {
  const [row] = await accountDb()
    .select()
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`);
  return row;
}

export async function findUserById(userId: string): Promise<UserRow | undefined> {
  const [row] = await accountDb().select().from(users).where(eq(users.id, userId));
  return row;
}

/**
 * A new account with a password. An address held only by an invited person (no password, never signed
 * in: see `insertInvitedPeople`) is no account yet, so the new one takes that row over, with the to-dos
 * and priorities already given to it; any other holder of the address refuses (EmailTakenError).
 */
export async function insertUser(values: {
  email: string;
  firstName: string;
  lastName: string;
  passwordHash: string;
  isConsultant?: boolean;
}): Promise<UserRow> {
  const [row] = await accountDb()
    .insert(users)
    .values({ ...values, passwordChangedAt: new Date() })
    .onConflictDoNothing()
    .returning();
  if (row) return row;
  const [claimed] = await accountDb()
    .update(users)
    .set({ ...values, status: 'active', passwordChangedAt: new Date() })
    .where(
      and(sql`lower(${users.email}) = lower(${values.email})`, eq(users.status, 'invited'), isNull(users.passwordHash)),
    )
    .returning();
  if (!claimed) throw new EmailTakenError();
  return claimed;
}

/**
 * The account an API key acts through: it has no password and an address that cannot receive mail, so it can never
 * sign in; it belongs to no organization as a member, so no list of people shows it; the audit trail names it.
 */
export async function insertKeyPrincipal(name: string): Promise<UserRow> {
  const [row] = await accountDb()
    .insert(users)
    .values({
      email: `api-key-${randomUUID()}@keys.keel.invalid`,
      firstName: 'API key',
      lastName: name,
      passwordHash: null,
    })
    .returning();
  if (!row) throw new Error('key principal insert returned nothing');
  return row;
}

export class EmailTakenError extends Error {}

export async function updateUser(
  userId: string,
  changes: Partial<
    Pick<UserRow, 'firstName' | 'lastName' | 'avatarUrl' | 'passwordHash' | 'passwordChangedAt' | 'lastOrganizationId'>
  >,
): Promise<UserRow> {
  const [row] = await accountDb().update(users).set(changes).where(eq(users.id, userId)).returning();
  if (!row) throw new Error('user update returned nothing');
  return row;
}

/** Moves the account to a free address; 'taken' when someone else has it (case-insensitive). */
export async function updateEmail(userId: string, email: string): Promise<'updated' | 'taken'> {
  try {
    const rows = await accountDb()
      .update(users)
      .set({ email })
      .where(
        and(
          eq(users.id, userId),
          sql`not exists (select 1 from users other where lower(other.email) = lower(${email}) and other.id <> ${userId})`,
        ),
      )
      .returning({ id: users.id });
    return rows.length > 0 ? 'updated' : 'taken';
  } catch (error) {
    // Two people claiming one address at the same instant: the unique index decides.
    if (error instanceof Error && /users_email_lower_key/.test(`${error.message} ${String(error.cause)}`))
      return 'taken';
    throw error;
  }
}

/** Just what signing in needs of the person an identity points to. */
export async function findAccount(userId: string) {
  const [row] = await accountDb()
    .select({ id: users.id, status: users.status, lastOrganizationId: users.lastOrganizationId })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

export async function findUserEmail(userId: string) {
  const [row] = await accountDb()
    .select({
      email: users.email,
      isConsultant: users.isConsultant,
      firstName: users.firstName,
      lastName: users.lastName,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** For one-statement reads composed elsewhere: the organization's name and fiscal start month (`name`, `fsm`). */
export function organizationNameAndFiscalStartSql(organizationId: string): SQL {
  return sql`select ${organizations.name} as name, ${organizations.fiscalYearStartMonth} as fsm
    from ${organizations} where ${organizations.id} = ${organizationId}::uuid`;
}

/** How many people are active members of the organization (consultants hold grants, not memberships). */
export async function countActiveMembers(organizationId: string): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ count: sql<number>`count(*)::int` })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), eq(memberships.status, 'active')));
  return row?.count ?? 0;
}

/** For one-statement reads composed elsewhere: a scalar subquery counting the organization's active members. */
export function activeMemberCountSql(organizationId: string): SQL {
  return sql`select count(*)::int from ${memberships} ms
    where ms.organization_id = ${organizationId}::uuid and ms.status = 'active'`;
}

const queryBuilder = new QueryBuilder();

/**
 * People as a join partner. Another module joins this named subquery (on `id`) instead of the users table, so only
 * this module names the table; PostgreSQL pulls a plain subquery up into the join, so the plan is the join's.
 * Give each use in one statement its own alias; `personName(view)` is the display name.
 */
export function personView<Alias extends string>(alias: Alias) {
  return queryBuilder
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      avatarUrl: users.avatarUrl,
      isConsultant: users.isConsultant,
    })
    .from(users)
    .as(alias);
}

/**
 * "First Last", trimmed, of a joined `personView` (null when a left join found nobody). Built on the view's columns:
 * drizzle renders a computed field of a subquery unqualified, which is ambiguous beside other `name` columns.
 */
export function personName(view: { firstName: SQLWrapper; lastName: SQLWrapper }): SQL<string> {
  return sql<string>`trim(${view.firstName} || ' ' || ${view.lastName})`;
}

/** Organizations as a join partner (see `personView`): id and name. */
export function organizationView<Alias extends string>(alias: Alias) {
  return queryBuilder.select({ id: organizations.id, name: organizations.name }).from(organizations).as(alias);
}

/** Memberships as a join partner (see `personView`): who belongs to which organization, with what role and status. */
export function membershipView<Alias extends string>(alias: Alias) {
  return queryBuilder
    .select({
      organizationId: memberships.organizationId,
      userId: memberships.userId,
      role: memberships.role,
      status: memberships.status,
    })
    .from(memberships)
    .as(alias);
}

/** For one-statement reads composed elsewhere: the organization's IANA timezone, as an uncorrelated sub-select. */
export function organizationTimezoneSql(organizationId: string): SQL {
  return sql`(select ${organizations.timezone} from ${organizations} where ${organizations.id} = ${organizationId})`;
}

/** For one-statement reads composed elsewhere: whether (organization, person) is an active membership. */
export function isActiveMembershipSql(organizationId: SQL, userId: SQL): SQL {
  return sql`exists (select 1 from ${memberships} m
    where m.organization_id = ${organizationId} and m.user_id = ${userId} and m.status = 'active')`;
}

/** The organization's calendar settings (fiscal year start month, week start day, time zone); defaults when unreadable. */
export async function organizationCalendar(organizationId: string) {
  const [row] = await tenantDb(organizationId)
    .select({
      fiscalYearStartMonth: organizations.fiscalYearStartMonth,
      weekStartDay: organizations.weekStartDay,
      timeZone: organizations.timezone,
    })
    .from(organizations)
    .where(eq(organizations.id, organizationId));
  return row ?? { fiscalYearStartMonth: 1, weekStartDay: 1, timeZone: 'UTC' };
}
