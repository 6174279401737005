import { API_KEY_AREAS, apiKeyAllows, apiKeyAreaOfRoute } from '@keel/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { forbidden, tooManyRequests } from './errors.js';
import { ORGANIZATION_PARAM } from './organization-scope.js';

const ORGANIZATION_ROUTE_START = `/organizations/${ORGANIZATION_PARAM}/`;

/** The pattern of the route a request matched, after the organization's part; undefined off those routes. */
function organizationRouteOf(request: FastifyRequest): string | undefined {
  const route = request.routeOptions.url ?? '';
  const start = route.indexOf(ORGANIZATION_ROUTE_START);
  if (start === -1) return undefined;
  return route.slice(start + ORGANIZATION_ROUTE_START.length);
}

const readsOnly = (method: string) => method === 'GET' || method === 'HEAD';

/**
 * What an API key may reach, decided before validation and before any handler: only the organization's routes of
 * the areas its scopes name (reading with `:read`, changing with `:write`), at its own rate. People-only parts
 * (members, settings, billing, the keys themselves) and everything outside the organization's routes are refused.
 */
export function registerApiKeyAccess(app: FastifyInstance, options: { requestsPerMinute: number }) {
  const limit = app.createRateLimit({
    max: options.requestsPerMinute,
    timeWindow: 60_000,
    keyGenerator: (request) => `api-key:${request.auth?.apiKey?.id ?? ''}`,
  });

  app.addHook('onRequest', async (request, reply) => {
    const key = request.auth?.apiKey;
    if (!key || request.is404) return;
    const route = organizationRouteOf(request);
    const area = route === undefined ? undefined : apiKeyAreaOfRoute(route);
    if (!area) {
      throw forbidden(
        'api_key.route_not_allowed',
        'API keys cannot use this part of the API: it is for signed-in people only.',
      );
    }
    const access = readsOnly(request.method) ? 'read' : 'write';
    if (!apiKeyAllows(key.scopes, area, access)) {
      throw forbidden(
        'api_key.scope_missing',
        `This API key has no ${access} access to ${API_KEY_AREAS[area].label.toLowerCase()}: it needs the scope ${area}:${access}.`,
      );
    }
    const outcome = await limit(request);
    if (!outcome.isAllowed && outcome.isExceeded) {
      void reply.header('retry-after', String(outcome.ttlInSeconds));
      throw tooManyRequests(
        'api_key.rate_limited',
        `This API key made more than ${options.requestsPerMinute} requests in a minute. Try again in ${outcome.ttlInSeconds} seconds.`,
      );
    }
  });
}
