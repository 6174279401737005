export { createTerminologyService, labelsOf, type TerminologyService } from './terminology.service.js';
export { terminologyRoutes } from './terminology.routes.js';
export { organizationLabels } from './terminology.service.js';
