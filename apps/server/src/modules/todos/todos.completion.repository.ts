import { sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { todos } from './todos.table.js';

export interface CompletionCount {
  due: number;
  doneOnTime: number;
}

/** Counts by period start: a team's, or a person's (their to-dos in any team). */
export interface CompletionByPeriod {
  teams: Map<string, Map<string, CompletionCount>>;
  owners: Map<string, Map<string, CompletionCount>>;
}

interface CompletionRow {
  period_start: string;
  team_id: string | null;
  owner_id: string | null;
  due: number;
  done_on_time: number;
}

const add = (into: Map<string, Map<string, CompletionCount>>, key: string, period: string, count: CompletionCount) => {
  const periods = into.get(key) ?? new Map<string, CompletionCount>();
  periods.set(period, count);
  into.set(key, periods);
};

/**
 * For each period (`start`..`end`, inclusive) the to-dos due in it, and those done by its last day (in
 * `timeZone`), per team of `teamIds` and per owner of `ownerIds`: one statement whatever the number of
 * periods, teams and owners. Private to-dos are left out, so the figure is the same for every reader.
 */
export async function todoCompletionByPeriod(
  organizationId: string,
  scope: { teamIds: readonly string[]; ownerIds: readonly string[] },
  periods: readonly { start: string; end: string }[],
  timeZone: string,
): Promise<CompletionByPeriod> {
  const counts: CompletionByPeriod = { teams: new Map(), owners: new Map() };
  if (periods.length === 0 || (scope.teamIds.length === 0 && scope.ownerIds.length === 0)) return counts;
  const starts = sql.join(
    periods.map((period) => sql`(${period.start}::date, ${period.end}::date)`),
    sql`, `,
  );
  const teamIds =
    scope.teamIds.length > 0
      ? sql.join(
          scope.teamIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )
      : sql`null`;
  const ownerIds =
    scope.ownerIds.length > 0
      ? sql.join(
          scope.ownerIds.map((id) => sql`${id}::uuid`),
          sql`, `,
        )
      : sql`null`;
  const first = periods[0]!.start;
  const last = periods[periods.length - 1]!.end;
  const result = await tenantDb(organizationId).execute(sql`
    select p.start::text as period_start,
           case when grouping(t.team_id) = 0 then t.team_id end as team_id,
           case when grouping(t.owner_id) = 0 then t.owner_id end as owner_id,
           count(*)::int as due,
           (count(*) filter (where t.status = 'done' and (t.done_at at time zone ${timeZone})::date <= p.finish))::int as done_on_time
      from ${todos} t
      join (values ${starts}) as p(start, finish) on t.due_date between p.start and p.finish
     where t.organization_id = ${organizationId}::uuid
       and t.deleted_at is null and not t.is_private
       and t.due_date between ${first}::date and ${last}::date
       and (t.team_id in (${teamIds}) or t.owner_id in (${ownerIds}))
     group by grouping sets ((p.start, t.team_id), (p.start, t.owner_id))`);
  const wantedTeams = new Set(scope.teamIds);
  const wantedOwners = new Set(scope.ownerIds);
  const rows = (result as { rows: CompletionRow[] }).rows;
  for (const row of rows) {
    const count = { due: Number(row.due), doneOnTime: Number(row.done_on_time) };
    if (row.team_id && wantedTeams.has(row.team_id)) add(counts.teams, row.team_id, row.period_start, count);
    if (row.owner_id && wantedOwners.has(row.owner_id)) add(counts.owners, row.owner_id, row.period_start, count);
  }
  return counts;
}
