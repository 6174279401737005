import { issueParamsSchema, raisedIssueSchema } from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import type { TypedApp } from '../../http/types.js';
import type { IssueDraft, IssueRaiser } from './issue-raiser.js';

interface RaiseIssueRoute {
  /** Ends in `/:id`'s own path, e.g. `/organizations/:organizationId/headlines/:id/issue`. */
  path: string;
  tags: string[];
  description: string;
  /** The issue the object named by `:id` becomes; an unknown or foreign id throws its module's 404. */
  draftOf: (organizationId: string, id: string) => Promise<IssueDraft>;
}

/** `POST …/:id/issue`: turns a headline, a priority… into an open issue of its team, linked back to it. */
export function registerRaiseIssueRoute(app: TypedApp, raiser: IssueRaiser, route: RaiseIssueRoute) {
  app.post(
    route.path,
    {
      schema: {
        tags: route.tags,
        description: route.description,
        params: issueParamsSchema,
        response: { 201: raisedIssueSchema },
      },
    },
    async (request, reply) => {
      const { id } = request.params;
      const raised = await raiser.raise(request.scope, clientMeta(request), (organizationId) =>
        route.draftOf(organizationId, id),
      );
      return reply.code(201).send({ data: raised });
    },
  );
}
