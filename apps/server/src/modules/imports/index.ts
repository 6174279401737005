export { createImportsService, type ImportsService } from './imports.service.js';
export { importsRoutes } from './imports.routes.js';
export { NDJSON, answerImport } from './import-stream.js';
export { suggestColumns } from './import-mapping.js';
