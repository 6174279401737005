export { createImportsService, type ImportsService } from './imports.service.js';
export { importsRoutes } from './imports.routes.js';
