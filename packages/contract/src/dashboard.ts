import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema, versionSchema } from './common.js';
import { headlineStatusSchema, headlineTypeSchema } from './headlines.js';
import { issueHorizonSchema } from './issues.js';
import { meetingTypeKeySchema } from './meetings-agendas.js';
import { priorityScopeSchema, priorityStatusSchema } from './priorities.js';
import { todoDateSchema, todoSchema } from './todos.js';

/** Each list of the dashboard shows at most this many items (its `total` says how many there are). */
export const DASHBOARD_LIMIT_DEFAULT = 50;
export const DASHBOARD_LIMIT_MAX = 100;

/**
 * The sections, one per kind of object the realtime hub announces ('priority' covers milestones),
 * so a page can fetch (and refresh) one section when only that kind changed.
 */
export const dashboardSectionSchema = z.enum(['priorities', 'todos', 'issues', 'headlines']);
export type DashboardSection = z.infer<typeof dashboardSectionSchema>;

export const dashboardQuerySchema = z.strictObject({
  /** Only this section; all of them when absent. */
  section: dashboardSectionSchema.optional(),
  limit: z.coerce.number().int().min(1).max(DASHBOARD_LIMIT_MAX).default(DASHBOARD_LIMIT_DEFAULT),
  /** The person's own today (their time zone), for "overdue"; the server's UTC date when absent. */
  today: todoDateSchema.optional(),
});
export type DashboardQuery = z.input<typeof dashboardQuerySchema>;

const teamRefSchema = z.object({ id: uuidSchema, name: z.string() });
export type DashboardTeam = z.infer<typeof teamRefSchema>;
const personRefSchema = z.object({ id: uuidSchema, name: z.string() });

export const dashboardPrioritySchema = z.object({
  id: uuidSchema,
  title: z.string(),
  status: priorityStatusSchema,
  scope: priorityScopeSchema,
  progress: z.number().int().min(0).max(100),
  dueDate: z.string(),
  team: teamRefSchema,
  milestoneCount: z.number().int().min(0),
  milestonesDone: z.number().int().min(0),
  version: versionSchema,
});
export type DashboardPriority = z.infer<typeof dashboardPrioritySchema>;

export const dashboardMilestoneSchema = z.object({
  id: uuidSchema,
  title: z.string(),
  dueDate: z.string().nullable(),
  priority: z.object({ id: uuidSchema, title: z.string() }),
  team: teamRefSchema,
  version: versionSchema,
});
export type DashboardMilestone = z.infer<typeof dashboardMilestoneSchema>;

/** A whole to-do (so the to-dos API can tick it) plus its team's name. */
export const dashboardTodoSchema = todoSchema.extend({ team: teamRefSchema });
export type DashboardTodo = z.infer<typeof dashboardTodoSchema>;

export const dashboardIssueSchema = z.object({
  id: uuidSchema,
  title: z.string(),
  horizon: issueHorizonSchema,
  priorityRank: z.number().int().nullable(),
  team: teamRefSchema,
  createdAt: isoDateTimeSchema,
  version: versionSchema,
});
export type DashboardIssue = z.infer<typeof dashboardIssueSchema>;

export const dashboardHeadlineSchema = z.object({
  id: uuidSchema,
  text: z.string(),
  type: headlineTypeSchema,
  status: headlineStatusSchema,
  owner: personRefSchema,
  team: teamRefSchema,
  createdAt: isoDateTimeSchema,
  version: versionSchema,
});
export type DashboardHeadline = z.infer<typeof dashboardHeadlineSchema>;

/** A bounded list and how many items there are in all. */
const listOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item), total: z.number().int().min(0) });

const fiscalQuarterInfoSchema = z.object({
  year: z.number().int(),
  quarter: z.number().int().min(1).max(4),
  start: z.string(),
  end: z.string(),
});

export const dashboardSchema = z.object({
  /** The day "overdue" was measured against. */
  today: z.string(),
  /** The current fiscal quarter, whose priorities are shown. */
  quarter: fiscalQuarterInfoSchema,
  /** The person's active teams: the pages to follow for live updates. */
  teams: z.array(teamRefSchema),
  priorities: listOf(dashboardPrioritySchema).optional(),
  milestones: listOf(dashboardMilestoneSchema).optional(),
  /** Overdue first (earliest due first), then by due date; `overdue` counts all of them. */
  todos: listOf(dashboardTodoSchema)
    .extend({ overdue: z.number().int().min(0) })
    .optional(),
  issues: listOf(dashboardIssueSchema).optional(),
  headlines: listOf(dashboardHeadlineSchema).optional(),
});
export type Dashboard = z.infer<typeof dashboardSchema>;
export const dashboardResponseSchema = z.object({ data: dashboardSchema });

// The department overview (GET …/teams/{teamId}/overview): one team's figures, each counted by the module owning them.

export const departmentOverviewParamsSchema = z.object({ organizationId: uuidSchema, teamId: uuidSchema });

export const departmentOverviewQuerySchema = z.strictObject({
  /** The person's own today (their time zone), for "overdue" and the quarter; the server's UTC date when absent. */
  today: todoDateSchema.optional(),
});
export type DepartmentOverviewQuery = z.infer<typeof departmentOverviewQuerySchema>;

const count = z.number().int().min(0);

export const departmentOverviewSchema = z.object({
  /** The day "overdue" and the quarter were measured against. */
  today: z.string(),
  /** The current fiscal quarter, whose priorities are counted. */
  quarter: fiscalQuarterInfoSchema,
  team: z.object({ id: uuidSchema, name: z.string(), isLeadershipTeam: z.boolean(), memberCount: count }),
  /** The team's live (not archived) priorities of the quarter, by status. */
  priorities: z.object({ total: count, onTrack: count, offTrack: count, complete: count, notComplete: count }),
  /** The team's open to-dos the caller may see (others' private ones are not counted). */
  todos: z.object({ open: count, overdue: count }),
  issues: z.object({ open: count }),
  /** The team's measurables that are not archived. */
  measurables: z.object({ active: count }),
  meetings: z.object({
    /** The team's meeting running now (live or paused). */
    running: z
      .object({
        id: uuidSchema,
        typeKey: meetingTypeKeySchema,
        name: z.string(),
        startedAt: isoDateTimeSchema.nullable(),
      })
      .nullable(),
    /**
     * The team's next meeting: a meeting scheduled ahead (with its id) or the next occurrence of a meeting type's
     * regular day and time (no id), whichever comes first; null when there is neither.
     */
    next: z
      .object({
        id: uuidSchema.nullable(),
        typeKey: meetingTypeKeySchema,
        name: z.string(),
        startsAt: isoDateTimeSchema,
      })
      .nullable(),
    lastConcluded: z
      .object({ id: uuidSchema, typeKey: meetingTypeKeySchema, name: z.string(), endedAt: isoDateTimeSchema })
      .nullable(),
  }),
});
export type DepartmentOverview = z.infer<typeof departmentOverviewSchema>;
export const departmentOverviewResponseSchema = z.object({ data: departmentOverviewSchema });
