export { businessPlanRoutes } from './business-plan.routes.js';
export { createBusinessPlanService, type BusinessPlanService } from './business-plan.service.js';
