import {
  analyticsSummarySchema,
  envelope,
  organizationParamsSchema,
  recordProductEventRequestSchema,
  successSchema,
} from '@keel/contract';
import type { TypedApp } from '../../http/types.js';
import type { AnalyticsService } from './analytics.service.js';

const tags = ['analytics'];

export function analyticsRoutes(service: AnalyticsService, options: { rateLimitPerMinute: number }) {
  // Public pages send events too: a per-address ceiling keeps anyone from filling the table.
  const limited = { public: true, rateLimit: { max: options.rateLimitPerMinute, timeWindow: '1 minute' } } as const;

  return async function register(app: TypedApp) {
    app.post(
      '/analytics/events',
      {
        config: limited,
        schema: {
          tags,
          description:
            'Records interest in a feature. With a valid token the event belongs to the caller’s organization; without one it is kept without any. Sent on to PostHog only when the server has a PostHog key.',
          body: recordProductEventRequestSchema,
          response: { 202: envelope(successSchema) },
        },
      },
      async (request, reply) => {
        await service.recordInterest(request.auth, request.body);
        return reply.code(202).send({ data: { success: true as const } });
      },
    );

    app.get(
      '/organizations/:organizationId/analytics/summary',
      {
        schema: {
          tags,
          description: 'The organization’s product events counted over the last 30 and 90 days. Owner only.',
          params: organizationParamsSchema,
          response: { 200: envelope(analyticsSummarySchema) },
        },
      },
      async (request) => ({ data: await service.summary(request.scope) }),
    );
  };
}
