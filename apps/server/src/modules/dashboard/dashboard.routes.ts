import {
  dashboardQuerySchema,
  dashboardResponseSchema,
  departmentOverviewParamsSchema,
  departmentOverviewQuerySchema,
  departmentOverviewResponseSchema,
  organizationParamsSchema,
} from '@keel/contract';
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

    app.get(
      '/organizations/:organizationId/teams/:teamId/overview',
      {
        schema: {
          tags,
          summary:
            "One team's (department's) figures: its quarter's priorities, to-dos, issues, measurables and meetings",
          description:
            'Any member reads any live team; an archived or unknown team answers 404. The next meeting depends on the clock, so the answer is not cached.',
          params: departmentOverviewParamsSchema,
          querystring: departmentOverviewQuerySchema,
          response: { 200: departmentOverviewResponseSchema },
        },
      },
      async (request) => ({ data: await service.overview(request.scope, request.params.teamId, request.query) }),
    );
  };
}
