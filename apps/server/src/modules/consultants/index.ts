export { createConsultantsService, type ConsultantsService } from './consultants.service.js';
export { consultantsRoutes } from './consultants.routes.js';
