export { createScorecardService, type ScorecardService, type ScorecardServiceDeps } from './scorecard.service.js';
export type { GridQuery } from './scorecard.grid.service.js';
export { createScorecardKit, type ScorecardKit } from './scorecard.kit.js';
export { scorecardRoutes } from './scorecard.routes.js';
export {
  activeMeasurableCount,
  goalColumnsOf,
  goalOf,
  measurableColumns,
  toMeasurable,
  type MeasurableRow,
} from './scorecard.repository.js';

// H4's parts: the .xlsx export, the reminders job and the import.
export { createScorecardExportService, scorecardWorkbook, type ScorecardExportService } from './scorecard.export.js';
export { scorecardExportRoutes } from './scorecard.export.routes.js';
export { defineScorecardReminders, NUMBERS_MISSING_EVENT, runScorecardReminders } from './scorecard.reminders.job.js';
export {
  insertImportedScorecard,
  scorecardImportState,
  type ImportedMeasurable,
} from './scorecard.import.repository.js';
export { ownedMeasurablesOfPeople, type AccountabilityMeasurableRow } from './scorecard.accountability.repository.js';
