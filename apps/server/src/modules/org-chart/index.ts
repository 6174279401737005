// Organizational chart: the draft leaders edit, its publications everyone reads, who held which seat.
export { createOrgChartService, type OrgChartService } from './org-chart.service.js';
export { orgChartRoutes } from './org-chart.routes.js';
export { publishedSeatsOfHolders } from './org-chart.holders.js';
