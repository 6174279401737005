import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import type { ScorecardFrequency } from '@keel/contract';
import type { OwnerSql } from '../../db/database.js';
import { tenantDb } from '../../db/scope.js';
import { measurables, measurableScores, scorecardTeamSettings } from './scorecard.table.js';

export interface ReminderSchedule {
  organizationId: string;
  teamId: string;
  weekday: number;
  time: string;
  lastRemindedPeriod: string | null;
}

/**
 * The one read across organizations: which teams have a reminder on. It runs on the owner's
 * connection (no tenant is set in a scheduled job) and reads only this module's own settings table;
 * everything else happens afterwards inside each organization's own scope. On PostgreSQL the owner
 * must be able to read past row-level security (superuser or BYPASSRLS, as `db:move-to-postgres`
 * asks); `ownerReadsAllTenants` says whether it can.
 */
export async function listReminderSchedules(ownerSql: OwnerSql): Promise<ReminderSchedule[]> {
  const { rows } = await ownerSql.query(
    `select organization_id, team_id, reminder_weekday, reminder_time, last_reminded_period::text as last_reminded_period
       from scorecard_team_settings where reminder_enabled`,
  );
  return rows.map((row) => ({
    organizationId: String(row.organization_id),
    teamId: String(row.team_id),
    weekday: Number(row.reminder_weekday),
    time: String(row.reminder_time),
    lastRemindedPeriod: typeof row.last_reminded_period === 'string' ? row.last_reminded_period : null,
  }));
}

export async function ownerReadsAllTenants(ownerSql: OwnerSql): Promise<boolean> {
  const { rows } = await ownerSql.query(
    'select rolsuper or rolbypassrls as allowed from pg_roles where rolname = current_user',
  );
  return rows[0]?.allowed === true;
}

/** The team's reminder settings, locked for the rest of the transaction so two runs never both send. */
export async function lockReminderSettings(organizationId: string, teamId: string) {
  const [row] = await tenantDb(organizationId)
    .select({
      enabled: scorecardTeamSettings.reminderEnabled,
      weekday: scorecardTeamSettings.reminderWeekday,
      time: scorecardTeamSettings.reminderTime,
      lastRemindedPeriod: scorecardTeamSettings.lastRemindedPeriod,
    })
    .from(scorecardTeamSettings)
    .where(and(eq(scorecardTeamSettings.organizationId, organizationId), eq(scorecardTeamSettings.teamId, teamId)))
    .for('update');
  return row;
}

export async function markReminded(organizationId: string, teamId: string, periodStart: string): Promise<void> {
  await tenantDb(organizationId)
    .update(scorecardTeamSettings)
    .set({ lastRemindedPeriod: periodStart })
    .where(and(eq(scorecardTeamSettings.organizationId, organizationId), eq(scorecardTeamSettings.teamId, teamId)));
}

export interface MissingNumber {
  measurableId: string;
  title: string;
  frequency: ScorecardFrequency;
  periodStart: string;
  /** Who types it: the data-entry person when there is one, else the owner. */
  enteredBy: string;
}

/**
 * The team's typed measurables (not archived, already started) with no value for the given period of
 * their frequency, in display order. One query whatever the team's size.
 */
export async function listMissingNumbers(
  organizationId: string,
  teamId: string,
  periods: readonly { frequency: ScorecardFrequency; periodStart: string }[],
): Promise<MissingNumber[]> {
  if (periods.length === 0) return [];
  const periodOf = sql`case ${measurables.frequency} ${sql.join(
    periods.map((period) => sql`when ${period.frequency} then ${period.periodStart}::date`),
    sql` `,
  )} end`;
  const rows = await tenantDb(organizationId)
    .select({
      measurableId: measurables.id,
      title: measurables.title,
      frequency: measurables.frequency,
      periodStart: sql<string>`(${periodOf})::text`,
      enteredBy: sql<string>`coalesce(${measurables.dataEntryUserId}, ${measurables.ownerId})`,
    })
    .from(measurables)
    .leftJoin(
      measurableScores,
      and(
        eq(measurableScores.organizationId, organizationId),
        eq(measurableScores.measurableId, measurables.id),
        eq(measurableScores.periodStart, periodOf),
        isNotNull(measurableScores.value),
      ),
    )
    .where(
      and(
        eq(measurables.organizationId, organizationId),
        eq(measurables.teamId, teamId),
        eq(measurables.kind, 'manual'),
        isNull(measurables.archivedAt),
        inArray(
          measurables.frequency,
          periods.map((period) => period.frequency),
        ),
        lte(measurables.startsOn, periodOf),
        isNull(measurableScores.id),
      ),
    )
    .orderBy(asc(measurables.position), asc(measurables.title));
  return rows;
}
