export { createImportsService, type ImportsService } from './imports.service.js';
export { importsRoutes } from './imports.routes.js';
export { NDJSON, answerImport } from './import-stream.js';
export { suggestColumns } from './import-mapping.js';
export { createScorecardImportService, type ScorecardImportService } from './scorecard-import.service.js';
export { scorecardImportRoutes } from './scorecard-import.routes.js';
