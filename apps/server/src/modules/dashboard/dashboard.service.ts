import {
  fiscalQuarterOf,
  fiscalQuarterRange,
  priorityProgress,
  toIsoDate,
  type Dashboard,
  type DashboardSection,
  type DepartmentOverview,
  type DepartmentOverviewQuery,
} from '@keel/contract';
import type { Database } from '../../db/database.js';
import { asReader, fiscalYearStartMonth, type Caller } from '../organizations/index.js';
import { toTodo } from '../todos/index.js';
import * as errors from './dashboard.errors.js';
import * as repository from './dashboard.repository.js';

export interface DashboardServiceDeps {
  db: Database;
  /** The clock the next meeting is measured from (tests pass their own). */
  now?: () => Date;
}

export interface DashboardRequest {
  section?: DashboardSection | undefined;
  limit: number;
  today?: string | undefined;
}

const teamOf = (row: { teamId: string; teamName: string }) => ({ id: row.teamId, name: row.teamName });
const totalOf = (rows: readonly { total: number }[]) => rows[0]?.total ?? 0;

const toPriority = (row: repository.PriorityRow) => ({
  id: row.id,
  title: row.title,
  status: row.status,
  scope: row.scope,
  progress: priorityProgress(row),
  dueDate: row.dueDate,
  team: teamOf(row),
  milestoneCount: row.milestoneCount,
  milestonesDone: row.milestonesDone,
  version: row.version,
});

const toMilestone = (row: repository.MilestoneRow) => ({
  id: row.id,
  title: row.title,
  dueDate: row.dueDate,
  priority: { id: row.priorityId, title: row.priorityTitle },
  team: teamOf(row),
  version: row.version,
});

const toDashboardTodo = (row: repository.TodoRow) => ({ ...toTodo(row), team: teamOf(row) });

const toIssue = (row: repository.IssueRow) => ({
  id: row.id,
  title: row.title,
  horizon: row.horizon,
  priorityRank: row.priorityRank,
  team: teamOf(row),
  createdAt: row.createdAt.toISOString(),
  version: row.version,
});

const toHeadline = (row: repository.HeadlineRow) => ({
  id: row.id,
  text: row.text,
  type: row.type,
  status: row.status,
  owner: { id: row.ownerId, name: row.ownerName },
  team: teamOf(row),
  createdAt: row.createdAt.toISOString(),
  version: row.version,
});

export function createDashboardService(deps: DashboardServiceDeps) {
  const { db, now = () => new Date() } = deps;
  return {
    /**
     * The caller's own work across their teams. Only reads, so observers get theirs too (usually
     * empty). A fixed number of statements: membership, calendar, teams, then one per section.
     */
    get: (caller: Caller, request: DashboardRequest): Promise<Dashboard> =>
      asReader(db, caller, async ({ organizationId, userId }) => {
        const wants = (section: DashboardSection) => request.section === undefined || request.section === section;
        const today = request.today ?? toIsoDate(new Date());
        const startMonth = await fiscalYearStartMonth(organizationId);
        const current = fiscalQuarterOf(new Date(`${today}T00:00:00Z`), startMonth);
        const dashboard: Dashboard = {
          today,
          quarter: { ...current, ...fiscalQuarterRange(current, startMonth) },
          teams: await repository.teamsOf(organizationId, userId),
        };
        const { limit } = request;
        if (wants('priorities')) {
          const rows = await repository.openPriorities(organizationId, userId, current, limit);
          dashboard.priorities = { items: rows.map(toPriority), total: totalOf(rows) };
          const milestones = await repository.openMilestones(organizationId, userId, limit);
          dashboard.milestones = { items: milestones.map(toMilestone), total: totalOf(milestones) };
        }
        if (wants('todos')) {
          const rows = await repository.openTodos(organizationId, userId, today, limit);
          dashboard.todos = { items: rows.map(toDashboardTodo), total: totalOf(rows), overdue: rows[0]?.overdue ?? 0 };
        }
        if (wants('issues')) {
          const rows = await repository.openIssues(organizationId, userId, limit);
          dashboard.issues = { items: rows.map(toIssue), total: totalOf(rows) };
        }
        if (wants('headlines')) {
          const rows = await repository.recentHeadlines(organizationId, userId, limit);
          dashboard.headlines = { items: rows.map(toHeadline), total: totalOf(rows) };
        }
        return dashboard;
      }),

    /**
     * One team's figures for its overview page, each counted by the module owning them. Any member reads any live
     * team, as its own pages do; an archived or unknown one is absent. A fixed number of statements whatever the
     * team holds: membership, team, calendar, one per kind, three of meetings and the team's meeting types.
     */
    overview: (caller: Caller, teamId: string, request: DepartmentOverviewQuery): Promise<DepartmentOverview> =>
      asReader(db, caller, async ({ organizationId, userId }) => {
        const team = await repository.teamSummary(organizationId, teamId);
        if (!team) throw errors.teamNotFound();
        const today = request.today ?? toIsoDate(new Date());
        const calendar = await repository.organizationCalendar(organizationId);
        const current = fiscalQuarterOf(new Date(`${today}T00:00:00Z`), calendar.fiscalYearStartMonth);
        const priorities = await repository.teamQuarterPriorityCounts(organizationId, teamId, current);
        const todos = await repository.teamOpenTodoCounts(organizationId, teamId, userId, today);
        const openIssues = await repository.teamOpenIssueCount(organizationId, teamId);
        const activeMeasurables = await repository.activeMeasurableCount(organizationId, teamId);
        const meetings = await repository.teamMeetingsOverview(organizationId, teamId, {
          now: now(),
          timeZone: calendar.timeZone,
        });
        return {
          today,
          quarter: { ...current, ...fiscalQuarterRange(current, calendar.fiscalYearStartMonth) },
          team,
          priorities,
          todos,
          issues: { open: openIssues },
          measurables: { active: activeMeasurables },
          meetings: {
            running: meetings.running && {
              ...meetings.running,
              startedAt: meetings.running.startedAt?.toISOString() ?? null,
            },
            next: meetings.next && { ...meetings.next, startsAt: meetings.next.startsAt.toISOString() },
            lastConcluded: meetings.lastConcluded && {
              ...meetings.lastConcluded,
              endedAt: meetings.lastConcluded.endedAt.toISOString(),
            },
          },
        };
      }),
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
