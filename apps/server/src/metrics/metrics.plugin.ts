import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { collectDefaultMetrics, Registry } from 'prom-client';
import { notFound, unauthorized } from '../http/errors.js';
import { registerHttpMetrics } from './http-metrics.js';
import {
  createCacheLookups,
  registerSystemMetrics,
  type CacheLookupCounter,
  type SystemMetricsSources,
} from './system-metrics.js';

/** At the server's root, where Prometheus looks by default. */
export const METRICS_PATH = '/metrics';

export interface MetricsOptions extends Omit<SystemMetricsSources, 'log'> {
  /** METRICS_TOKEN; absent: nothing is measured and the address answers 404. */
  token: string | undefined;
}

export interface Metrics {
  /** A counter of one cache's lookups for the module owning it (a no-op while metrics are off). */
  cacheLookups(cache: string): CacheLookupCounter;
}

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Equal-length digests, so the comparison takes the same time whatever the guess. */
function bearerMatches(request: FastifyRequest, expected: Buffer) {
  const header = request.headers.authorization ?? '';
  const token = /^Bearer\s+(\S+)$/i.exec(header)?.[1] ?? '';
  return timingSafeEqual(digest(token), expected);
}

/**
 * Prometheus metrics on GET /metrics behind a Bearer token. Each app keeps its own registry (no
 * global one), so test apps in one process never share counters. Register before the routes: the
 * request hook is added to the root and must precede them.
 */
export function registerMetrics(app: FastifyInstance, options: MetricsOptions): Metrics {
  const { token } = options;
  const route = { schema: { hide: true } };
  if (!token) {
    app.get(METRICS_PATH, route, async () => {
      throw notFound(
        'metrics.not_enabled',
        'Metrics are not enabled on this server (set METRICS_TOKEN to turn them on)',
      );
    });
    return { cacheLookups: () => () => undefined };
  }

  const registry = new Registry();
  // Process-wide gauges and observers (CPU, memory, event loop, GC): one app per process in production.
  collectDefaultMetrics({ register: registry });
  registerHttpMetrics(app, registry);
  registerSystemMetrics(registry, { ...options, log: app.log });
  const cacheLookups = createCacheLookups(registry);
  const expected = digest(token);

  app.get(METRICS_PATH, route, async (request, reply) => {
    if (!bearerMatches(request, expected)) {
      reply.header('www-authenticate', 'Bearer realm="metrics"');
      throw unauthorized(
        'metrics.unauthorized',
        'Send the metrics token of this server as "Authorization: Bearer <METRICS_TOKEN>"',
      );
    }
    const text = await registry.metrics();
    return reply.type(registry.contentType).header('cache-control', 'no-store').send(text);
  });
  return { cacheLookups };
}
