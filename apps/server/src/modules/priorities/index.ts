export { createMilestonesService, type MilestonesService } from './milestones.service.js';
export { createPrioritiesService, type PrioritiesService } from './priorities.service.js';
export { createPriorityActivityService, type PriorityActivityService } from './priority-activity.service.js';
export { prioritiesRoutes } from './priorities.routes.js';
export {
  annualGoalPriorityCountSql,
  priorityForNotice,
  priorityTitles,
  quarterPriorityCountSql,
} from './priorities.repository.js';
export {
  openMilestonesOfPerson,
  openPrioritiesOfPerson,
  teamQuarterPriorityCounts,
  type DashboardMilestoneRow,
  type DashboardPriorityRow,
} from './priorities.dashboard.repository.js';
export { insertImportedMilestones, type ImportedMilestone } from './priorities.import.repository.js';
export {
  insertPriorities as insertImportedPriorities,
  type PriorityInsert as ImportedPriority,
} from './priorities.repository.js';
export { quarterPrioritiesForPlan } from './priorities.plan.repository.js';
export { quarterPrioritiesOfPeople, type AccountabilityPriorityRow } from './priorities.accountability.repository.js';
export { openPrioritiesDueBetween } from './priorities.calendar.repository.js';
export { companyPrioritiesOfQuarter, teamPrioritiesOfQuarter } from './priorities.assistant.repository.js';
