export { createMilestonesService, type MilestonesService } from './milestones.service.js';
export { createPrioritiesService, type PrioritiesService } from './priorities.service.js';
export { createPriorityActivityService, type PriorityActivityService } from './priority-activity.service.js';
export { prioritiesRoutes } from './priorities.routes.js';
export { milestones, priorities, priorityAttachments, priorityUpdates } from './priorities.table.js';
