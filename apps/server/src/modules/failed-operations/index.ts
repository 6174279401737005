export { createFailedOperationsService, type FailedOperationsService } from './failed-operations.service.js';
export { failedOperationsRoutes } from './failed-operations.routes.js';
