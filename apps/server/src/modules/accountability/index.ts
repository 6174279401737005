export { createAccountabilityService, type AccountabilityService } from './accountability.service.js';
export { accountabilityRoutes } from './accountability.routes.js';
