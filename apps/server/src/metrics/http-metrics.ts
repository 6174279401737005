import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, type Registry } from 'prom-client';

/** The route label of a request that matched no route (a 404, the web app's pages): one series, not one per URL. */
export const UNMATCHED_ROUTE = 'unmatched';

/** From a fast cached list answer to an upload near the 30 s request timeout. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

/**
 * Counts every answer by method, route pattern and status, and times it by method and route pattern.
 * Labels carry the route's pattern (`/api/v1/organizations/:organizationId/todos/:todoId`), never the
 * URL, so ids cannot multiply the series. Errors are not a metric of their own: the 5xx rate is
 * `keel_http_requests_total{status_code=~"5.."}`.
 */
export function registerHttpMetrics(app: FastifyInstance, registry: Registry) {
  const requests = new Counter({
    name: 'keel_http_requests_total',
    help: 'HTTP requests answered, by method, route pattern and status code.',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'keel_http_request_duration_seconds',
    help: 'Time from receiving a request to the end of its answer, by method and route pattern.',
    labelNames: ['method', 'route'] as const,
    buckets: DURATION_BUCKETS,
    registers: [registry],
  });

  // Fastify times every request itself (`reply.elapsedTime`): one hook, two label look-ups, no query.
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const { method } = request;
    requests.inc({ method, route, status_code: reply.statusCode });
    duration.observe({ method, route }, reply.elapsedTime / 1000);
  });
}
