import {
  SCORECARD_PERIODS_MAX,
  expandScorecardGrid,
  periodAt,
  periodsBetween,
  periodsForView,
  type scorecardQuerySchema,
  type MeasurableHistory,
  type MyNumbers,
  type ScorecardGrid,
  type ScorecardGridWire,
  type ScorecardPeriod,
  type ScorecardSettings,
} from '@keel/contract';
import type { z } from 'zod';
import { findActiveTeams } from '../teams/index.js';
import type { Caller, RequestMeta } from '../organizations/index.js';
import * as errors from './scorecard.errors.js';
import { buildGridWire, loadCells, sparklinePeriods } from './scorecard.grid.js';
import type { CalendarToday, ScorecardKit } from './scorecard.kit.js';
import * as repository from './scorecard.repository.js';
import * as scores from './scorecard.scores.repository.js';

export type GridQuery = z.output<typeof scorecardQuerySchema>;

/** A custom range's periods (both ends or neither; at most SCORECARD_PERIODS_MAX), else null. */
function rangePeriods(
  range: { from?: string | undefined; to?: string | undefined },
  frequency: GridQuery['frequency'],
  calendar: CalendarToday,
): ScorecardPeriod[] | null {
  if (range.from === undefined && range.to === undefined) return null;
  if (range.from === undefined || range.to === undefined) {
    throw errors.invalidField(
      range.from === undefined ? 'from' : 'to',
      'Give both ends of the range (from and to), or neither',
    );
  }
  if (range.from > range.to) throw errors.invalidField('from', 'The start of the range must not be after its end');
  const periods = periodsBetween(range.from, range.to, frequency, calendar, SCORECARD_PERIODS_MAX + 1);
  if (periods.length > SCORECARD_PERIODS_MAX) {
    throw errors.invalidField('to', `A range can cover at most ${SCORECARD_PERIODS_MAX} periods`);
  }
  return periods;
}

const withCurrent = (periods: readonly ScorecardPeriod[], currentPeriodStart: string) =>
  periods.map((period) => ({ ...period, isCurrent: period.start === currentPeriodStart }));

/**
 * A team's grid inside the caller's scope (the export reads it the same way): a fixed number of
 * queries whatever the number of rows, the rest computed in memory.
 */
async function readScorecardGridWire(
  kit: ScorecardKit,
  organizationId: string,
  query: GridQuery,
  canEdit: boolean,
): Promise<ScorecardGridWire> {
  const calendar = await kit.calendarOf(organizationId);
  const periods =
    rangePeriods(query, query.frequency, calendar) ??
    periodsForView(query.view, query.frequency, calendar.today, calendar);
  await kit.requireTeam(organizationId, query.teamId);
  const currentPeriodStart = calendar.currentPeriodStart(query.frequency);
  const spark = sparklinePeriods(currentPeriodStart, query.frequency, calendar);
  const [all, groups] = await Promise.all([
    repository.teamMeasurables(organizationId, query.teamId, query.frequency),
    repository.listGroups(organizationId, query.teamId),
  ]);
  const rows = query.includeArchived ? all : all.filter((row) => row.archivedAt === null);
  const loaded = await loadCells(organizationId, {
    rows,
    context: all,
    periods: [...periods, ...spark],
    currentPeriodStart,
    timeZone: calendar.timeZone,
  });
  return buildGridWire({
    teamId: query.teamId,
    frequency: query.frequency,
    view: query.view,
    today: calendar.today,
    currentPeriodStart,
    calendar,
    periods,
    spark,
    groups,
    rows,
    loaded,
    canEdit,
  });
}

const DEFAULT_REMINDER = { enabled: false, weekday: 1, time: '16:00' };

/** Reading the scorecard: the grid, one measurable's history, the caller's own numbers, the team's settings. */
export function gridUseCases(kit: ScorecardKit) {
  const { asReader, asWriter, publish, audit, calendarOf, requireTeam, requireMeasurable } = kit;

  return {
    grid: (caller: Caller, query: GridQuery): Promise<ScorecardGridWire> =>
      asReader(caller, (member) =>
        readScorecardGridWire(kit, member.organizationId, query, member.role !== 'observer'),
      ),

    /** The grid cell by cell, as the .xlsx export writes it. */
    gridCells: (caller: Caller, query: GridQuery): Promise<ScorecardGrid> =>
      asReader(caller, async (member) =>
        expandScorecardGrid(await readScorecardGridWire(kit, member.organizationId, query, member.role !== 'observer')),
      ),

    history: (caller: Caller, id: string, range: { from: string; to: string }): Promise<MeasurableHistory> =>
      asReader(caller, async ({ organizationId }) => {
        const row = await requireMeasurable(organizationId, id);
        const calendar = await calendarOf(organizationId);
        const periods = rangePeriods(range, row.frequency, calendar) ?? [];
        const context = await repository.teamMeasurables(organizationId, row.teamId, row.frequency);
        const currentPeriodStart = calendar.currentPeriodStart(row.frequency);
        const { engine, partIds } = await loadCells(organizationId, {
          rows: [row],
          context,
          periods,
          currentPeriodStart,
          timeZone: calendar.timeZone,
        });
        const goals = await scores.periodGoalsInRange(organizationId, [id], range.from, range.to);
        return {
          measurable: repository.toMeasurable(row, partIds.get(id) ?? []),
          periods: withCurrent(periods, currentPeriodStart),
          cells: periods.map((period) => engine.cellOf(id, period)),
          periodGoals: goals.flatMap((goal) => {
            const value = repository.goalOf(goal);
            return value ? [{ measurableId: id, periodStart: goal.periodStart, goal: value }] : [];
          }),
        };
      }),

    myNumbers: (caller: Caller, query: { teamId?: string | undefined }): Promise<MyNumbers> =>
      asReader(caller, async ({ organizationId, userId }) => {
        if (query.teamId) await requireTeam(organizationId, query.teamId);
        const calendar = await calendarOf(organizationId);
        const mine = await repository.measurablesOfPerson(organizationId, userId, query.teamId);
        const teamIds = [...new Set(mine.map((row) => row.teamId))];
        const [context, teams] = await Promise.all([
          repository.listMeasurablesOfTeams(organizationId, teamIds),
          findActiveTeams(organizationId, teamIds),
        ]);
        const teamNames = new Map(teams.map((team) => [team.id, team.name]));
        const periodOf = (frequency: GridQuery['frequency']) =>
          periodAt(calendar.currentPeriodStart(frequency), frequency, calendar);
        const frequencies = [...new Set(mine.map((row) => row.frequency))];
        const { engine, partIds } = await loadCells(organizationId, {
          rows: mine,
          context,
          periods: frequencies.map(periodOf),
          currentPeriodStart:
            frequencies
              .map((frequency) => calendar.currentPeriodStart(frequency))
              .sort()
              .at(-1) ?? calendar.today,
          timeZone: calendar.timeZone,
        });
        const data = mine
          .filter((row) => teamNames.has(row.teamId))
          .map((row) => {
            const period = periodOf(row.frequency);
            return {
              measurable: repository.toMeasurable(row, partIds.get(row.id) ?? []),
              teamName: teamNames.get(row.teamId) ?? '',
              periodStart: period.start,
              periodEnd: period.end,
              cell: engine.cellOf(row.id, period),
            };
          });
        return { data, missing: data.filter((entry) => entry.cell.value === null).length };
      }),

    settings: (caller: Caller, teamId: string): Promise<ScorecardSettings> =>
      asReader(caller, async ({ organizationId }) => {
        await requireTeam(organizationId, teamId);
        const row = await scores.findTeamSettings(organizationId, teamId);
        return row
          ? {
              teamId,
              reminder: { enabled: row.reminderEnabled, weekday: row.reminderWeekday, time: row.reminderTime },
              version: row.version,
            }
          : { teamId, reminder: DEFAULT_REMINDER, version: 0 };
      }),

    saveSettings: async (
      caller: Caller,
      teamId: string,
      request: { reminder: ScorecardSettings['reminder']; version: number },
      meta: RequestMeta,
    ): Promise<ScorecardSettings> => {
      const saved = await asWriter(caller, async (member) => {
        await requireTeam(member.organizationId, teamId);
        if (!(await scores.saveTeamSettings(member.organizationId, teamId, request.version, request.reminder))) {
          throw errors.staleSettings();
        }
        await audit(member, 'scorecard.settings_updated', meta, undefined, { teamId, reminder: request.reminder });
        return { teamId, reminder: request.reminder, version: request.version + 1 };
      });
      publish(caller, 'updated', [{ id: teamId, teamId }]);
      return saved;
    },
  };
}
