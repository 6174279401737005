export { createPriorityAssistantService, type PriorityAssistantService } from './priority-assistant.service.js';
export { priorityAssistantRoutes } from './priority-assistant.routes.js';
export type { AlignmentInput, AssistantContext, AssistantEngineImpl } from './assistant.engine.js';
export { createRecapDrafter, type MeetingRecapDrafter, type RecapDraftInput } from './recap-drafter.js';
