export { createDashboardService, type DashboardService } from './dashboard.service.js';
export { dashboardRoutes } from './dashboard.routes.js';
