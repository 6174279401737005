import { accountabilityPageSchema, accountabilityQuerySchema, organizationParamsSchema } from '@keel/contract';
import type { TypedApp } from '../../http/types.js';
import type { AccountabilityService } from './accountability.service.js';

const tags = ['accountability'];

export function accountabilityRoutes(service: AccountabilityService) {
  return async function register(app: TypedApp) {
    app.get(
      '/organizations/:organizationId/accountability',
      {
        schema: {
          tags,
          summary:
            "Who owns what: a page of active members (of a team, if given), each with their seats, this quarter's priorities, measurables, open to-dos and open issues",
          params: organizationParamsSchema,
          querystring: accountabilityQuerySchema,
          response: { 200: accountabilityPageSchema },
        },
      },
      async (request) => service.page(request.scope, request.query),
    );
  };
}
