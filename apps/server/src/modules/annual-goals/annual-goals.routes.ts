import {
  annualGoalListSchema,
  annualGoalParamsSchema,
  annualGoalSchema,
  annualGoalsQuerySchema,
  annualGoalVersionRequestSchema,
  createAnnualGoalRequestSchema,
  envelope,
  successSchema,
  updateAnnualGoalRequestSchema,
} from '@keel/contract';
import { clientMeta } from '../../http/authenticate.js';
import { cachedListRoute, createRoute, objectRoute } from '../../http/route-options.js';
import type { TypedApp } from '../../http/types.js';
import type { AnnualGoalsService } from './annual-goals.service.js';

const base = '/organizations/:organizationId/annual-goals';
const one = envelope(annualGoalSchema);

export function annualGoalsRoutes(service: AnnualGoalsService) {
  return async function register(app: TypedApp) {
    const tags = ['annual goals'];
    app.get(
      base,
      cachedListRoute(
        tags,
        annualGoalsQuerySchema,
        annualGoalListSchema,
        "A team's goals of a year in its order, or every live team's (to choose the goal a priority serves).",
      ),
      async (request) => service.list(request.scope, request.query),
    );

    app.post(base, createRoute(tags, createAnnualGoalRequestSchema, one), async (request, reply) =>
      reply.code(201).send({ data: await service.create(request.scope, request.body, clientMeta(request)) }),
    );

    app.get(
      `${base}/:id`,
      { schema: { tags, params: annualGoalParamsSchema, response: { 200: one } } },
      async (request) => ({ data: await service.get(request.scope, request.params.id) }),
    );

    app.patch(
      `${base}/:id`,
      objectRoute(tags, annualGoalParamsSchema, updateAnnualGoalRequestSchema, one),
      async (request) => ({
        data: await service.update(request.scope, request.params.id, request.body, clientMeta(request)),
      }),
    );

    app.delete(
      `${base}/:id`,
      objectRoute(tags, annualGoalParamsSchema, annualGoalVersionRequestSchema, envelope(successSchema)),
      async (request) => ({
        data: await service.remove(request.scope, request.params.id, request.body.version, clientMeta(request)),
      }),
    );
  };
}
