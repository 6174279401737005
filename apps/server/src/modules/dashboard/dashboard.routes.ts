import { dashboardQuerySchema, dashboardResponseSchema, organizationParamsSchema } from '@keel/contract';
import type { TypedApp } from '../../http/types.js';
import type { DashboardService } from './dashboard.service.js';

const tags = ['dashboard'];

export function dashboardRoutes(service: DashboardService) {
  return async function register(app: TypedApp) {
    app.get(
      '/organizations/:organizationId/me/dashboard',
      {
        config: { revisionCached: true },
        schema: {
          tags,
          summary: "The signed-in person's priorities, milestones, to-dos, issues and headlines across their teams",
          params: organizationParamsSchema,
          querystring: dashboardQuerySchema,
          response: { 200: dashboardResponseSchema },
        },
      },
      async (request) => ({ data: await service.get(request.scope, request.query) }),
    );
  };
}
