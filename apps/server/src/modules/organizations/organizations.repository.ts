import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { accountDb, tenantDb } from '../../db/scope.js';
import { consultantAccess } from '../consultants/consultants.table.js';
import { memberships, organizations } from './organizations.table.js';
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
  status: 'active' | 'deactivated';
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

/** Which of `userIds` are active members; row-level security hides other organizations' people. */
export async function findActiveMemberIds(organizationId: string, userIds: readonly string[]): Promise<Set<string>> {
  if (userIds.length === 0) return new Set();
  const rows = await tenantDb(organizationId)
    .select({ userId: memberships.userId })
    .from(memberships)
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.status, 'active'),
        inArray(memberships.userId, [...userIds]),
      ),
    );
  return new Set(rows.map((row) => row.userId));
}
