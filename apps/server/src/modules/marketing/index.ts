export { loadMarketingContent } from './marketing-content.js';
export { marketingRoutes } from './marketing.routes.js';
