import { departmentListSchema, envelope } from '@keel/contract';
import { requireAuth } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { TeamsService } from './teams.service.js';

const tags = ['departments'];

export function teamsRoutes(service: TeamsService) {
  return async function register(app: TypedApp) {
    app.get(
      '/users/departments',
      { schema: { tags, response: { 200: envelope(departmentListSchema) } } },
      async (request) => ({
        data: await service.departments(requireAuth(request)),
      }),
    );
  };
}
