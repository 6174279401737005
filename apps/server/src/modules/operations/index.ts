export { createAdminToolsService, type AdminToolsService } from './admin-tools.service.js';
export {
  createDataIsolationService,
  GLOBAL_TABLES_WITH_ORGANIZATION_ID,
  type DataIsolationService,
} from './data-isolation.service.js';
export { createSystemHealthService, type BackupStats, type SystemHealthService } from './system-health.service.js';
export { operationsRoutes, type OperationsServices } from './operations.routes.js';
export type { OperationsWiring } from './operations.wiring.js';
