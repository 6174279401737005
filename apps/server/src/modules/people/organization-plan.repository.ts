import { and, eq, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { OwnerSql } from '../../db/database.js';
import { tenantDb } from '../../db/scope.js';
import { memberships, organizations, users } from './people.table.js';

type OrganizationRow = typeof organizations.$inferSelect;
export type OrganizationPlan = Pick<OrganizationRow, 'accountStatus' | 'subscriptionTier' | 'trialEndsAt'>;

/** Billing's change of the organization's plan (its status and tier), from Stripe's truth. */
export async function updateOrganizationPlan(
  organizationId: string,
  plan: Pick<OrganizationRow, 'accountStatus' | 'subscriptionTier'>,
): Promise<void> {
  await tenantDb(organizationId)
    .update(organizations)
    .set({ ...plan, version: sql`${organizations.version} + 1` })
    .where(eq(organizations.id, organizationId));
}

/**
 * The people who take a seat: owners, admins and members, active or invited (an invited one takes it on
 * accepting). Observers are free, and consultants hold grants, not memberships.
 */
export async function countSeatHolders(organizationId: string): Promise<{ active: number; invited: number }> {
  const [row] = await tenantDb(organizationId)
    .select({
      active: sql<number>`count(*) filter (where ${memberships.status} = 'active')::int`,
      invited: sql<number>`count(*) filter (where ${memberships.status} = 'invited')::int`,
    })
    .from(memberships)
    .where(and(eq(memberships.organizationId, organizationId), ne(memberships.role, 'observer')));
  return { active: row?.active ?? 0, invited: row?.invited ?? 0 };
}

/** Who billing mails go to: the active owners and admins. */
export async function listBillingRecipients(organizationId: string) {
  return tenantDb(organizationId)
    .select({ email: users.email, firstName: users.firstName })
    .from(memberships)
    .innerJoin(users, eq(users.id, memberships.userId))
    .where(
      and(
        eq(memberships.organizationId, organizationId),
        eq(memberships.status, 'active'),
        inArray(memberships.role, ['owner', 'admin']),
      ),
    )
    .limit(50);
}

/**
 * The one read across organizations for the daily trial sweep: trials still running that end before `until`.
 * It runs on the owner's connection (a scheduled job has no tenant); each organization's scope re-checks.
 */
export async function listTrialsEndingBefore(ownerSql: OwnerSql, now: Date, until: Date): Promise<string[]> {
  const { rows } = await ownerSql.query(
    `select id from organizations
      where account_status = 'trialing' and trial_ends_at > $1 and trial_ends_at <= $2
      order by trial_ends_at limit 5000`,
    [now.toISOString(), until.toISOString()],
  );
  return rows.map((row) => String(row.id));
}

/** For one-statement reads composed elsewhere: the organization's plan columns (`account_status`, ...). */
export function organizationPlanSql(organizationId: string): SQL {
  return sql`select ${organizations.accountStatus} as account_status, ${organizations.subscriptionTier} as subscription_tier,
    ${organizations.trialEndsAt} as trial_ends_at from ${organizations} where ${organizations.id} = ${organizationId}::uuid`;
}
