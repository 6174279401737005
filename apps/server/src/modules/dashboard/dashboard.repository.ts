// The dashboard owns no table: each section is one statement offered by the module that owns its rows.
export {
  openIssuesOfPerson as openIssues,
  teamOpenIssueCount,
  type DashboardIssueRow as IssueRow,
} from '../issues/index.js';
export {
  recentHeadlinesForPerson as recentHeadlines,
  type DashboardHeadlineRow as HeadlineRow,
} from '../headlines/index.js';
export {
  openMilestonesOfPerson as openMilestones,
  openPrioritiesOfPerson as openPriorities,
  teamQuarterPriorityCounts,
  type DashboardMilestoneRow as MilestoneRow,
  type DashboardPriorityRow as PriorityRow,
} from '../priorities/index.js';
export { teamMeetingsOverview } from '../meetings/index.js';
export { organizationCalendar } from '../people/index.js';
export { activeMeasurableCount } from '../scorecard/index.js';
export { activeTeamsOfPerson as teamsOf, activeTeamSummary as teamSummary } from '../teams/index.js';
export {
  openTodosOfPerson as openTodos,
  teamOpenTodoCounts,
  type DashboardTodoRow as TodoRow,
} from '../todos/index.js';
