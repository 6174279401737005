import { sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { openIssueCountSql } from '../issues/index.js';
import { activeMemberCountSql, organizationNameAndFiscalStartSql, organizationPlanSql } from '../people/index.js';
import { quarterPriorityCountSql } from '../priorities/index.js';

// Grants live in the people module (a grant stands in for a membership); the use cases here call them.
export {
  findActiveGrant,
  findGrantForUpdate,
  findInvitationByTokenForUpdate,
  findOpenInvitationByEmail,
  findUserEmail,
  insertInvitation,
  listActiveGrantsOfConsultant,
  listGrants,
  renewInvitation,
  updateGrant,
  type GrantRow,
  type GrantWithName,
} from '../people/index.js';

export interface ClientFigures {
  organizationName: string;
  members: number;
  openIssues: number;
  prioritiesOnTrack: number;
  prioritiesThisQuarter: number;
  accountStatus: 'trialing' | 'active' | 'past_due' | 'canceled';
  subscriptionTier: 'trial' | 'starter' | 'growth';
  /** As the driver gives a timestamp read through raw SQL: a Date or its text. */
  trialEndsAt: Date | string;
}

/**
 * Inside one client's scope, one statement: its name and figures, from the owners' fragments
 * (people: name, fiscal start, members; issues; priorities). The current fiscal quarter is
 * worked out in SQL from the organization's fiscal start month, the way `fiscalQuarterOf` does (UTC). The plan
 * (status, tier, trial end) comes along in the same statement, so /consultant's plan column costs no query.
 */
export async function readClientFigures(organizationId: string): Promise<ClientFigures | undefined> {
  const result = await tenantDb(organizationId).execute(sql`
    with o as (
      select org.name, org.fsm,
             extract(month from now() at time zone 'UTC')::int as m,
             extract(year from now() at time zone 'UTC')::int as y
      from (${organizationNameAndFiscalStartSql(organizationId)}) org
    ), q as (
      select name,
             (case when m >= fsm then y else y - 1 end) + (case when fsm = 1 then 0 else 1 end) as year,
             ((m - fsm + 12) % 12) / 3 + 1 as quarter
      from o
    )
    select q.name as "organizationName",
      (${activeMemberCountSql(organizationId)}) as "members",
      (${openIssueCountSql(organizationId)}) as "openIssues",
      (${quarterPriorityCountSql(organizationId, sql`q.year`, sql`q.quarter`, { onTrackOnly: true })}) as "prioritiesOnTrack",
      (${quarterPriorityCountSql(organizationId, sql`q.year`, sql`q.quarter`)}) as "prioritiesThisQuarter",
      p.account_status as "accountStatus", p.subscription_tier as "subscriptionTier", p.trial_ends_at as "trialEndsAt"
    from q cross join (${organizationPlanSql(organizationId)}) p`);
  return (result as { rows: ClientFigures[] }).rows[0];
}
