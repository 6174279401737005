import type { FastifyBaseLogger } from 'fastify';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { DatabaseHandle } from '../db/database.js';
import type { JobQueue } from '../jobs/job-queue.js';

/** Reports one lookup of a cache: the module owning the cache calls it, plumbing knows no cache by name. */
export type CacheLookupCounter = (result: 'hit' | 'miss') => void;

export interface SystemMetricsSources {
  database: DatabaseHandle;
  jobs: JobQueue;
  /** Open realtime sockets, read at each scrape (the hub may be created after the metrics). */
  realtimeConnections: () => number;
  log: FastifyBaseLogger;
}

/**
 * Gauges read when Prometheus scrapes (collect callbacks), so a request never pays for them: the
 * database kind and its pools' clients, the job queue by kind and state (one grouped query), the
 * live sockets. Job failures are also counted as they happen in this process.
 */
export function registerSystemMetrics(registry: Registry, sources: SystemMetricsSources) {
  const { database, jobs, log } = sources;
  const registers = [registry];

  new Gauge({
    name: 'keel_database_info',
    help: 'The database this server runs on: embedded (PGlite, no pool) or postgresql.',
    labelNames: ['kind'] as const,
    registers,
  }).set({ kind: database.kind }, 1);

  // Declared on both kinds, so one dashboard fits both; the embedded database has no pool to sample.
  new Gauge({
    name: 'keel_db_pool_clients',
    help: 'node-postgres pool clients by pool (owner, tenant) and state (total, idle, waiting for a client).',
    labelNames: ['pool', 'state'] as const,
    registers,
    collect() {
      for (const [pool, counts] of Object.entries(database.pools ?? {})) {
        this.set({ pool, state: 'total' }, counts.totalCount);
        this.set({ pool, state: 'idle' }, counts.idleCount);
        this.set({ pool, state: 'waiting' }, counts.waitingCount);
      }
    },
  });

  new Gauge({
    name: 'keel_jobs',
    help: 'Background jobs by kind and state: waiting, retrying, running, failed (kept a day).',
    labelNames: ['kind', 'state'] as const,
    registers,
    async collect() {
      this.reset();
      try {
        for (const counts of await jobs.countsByKind()) {
          const { kind } = counts;
          this.set({ kind, state: 'waiting' }, counts.waiting);
          this.set({ kind, state: 'retrying' }, counts.retrying);
          this.set({ kind, state: 'running' }, counts.running);
          this.set({ kind, state: 'failed' }, counts.failed);
        }
      } catch (error) {
        // A scrape still answers the other metrics; the missing series show the gap.
        log.warn({ err: error }, 'metrics: could not count the background jobs');
      }
    },
  });

  const failures = new Counter({
    name: 'keel_job_failures_total',
    help: 'Job attempts that failed in this process, by kind; gave_up="true" for a last attempt.',
    labelNames: ['kind', 'gave_up'] as const,
    registers,
  });
  jobs.onAttemptFailed((kind, gaveUp) => failures.inc({ kind, gave_up: String(gaveUp) }));

  new Gauge({
    name: 'keel_realtime_connections',
    help: 'Open realtime WebSocket connections to this process.',
    registers,
    collect() {
      this.set(sources.realtimeConnections());
    },
  });
}

/** `keel_cache_lookups_total{cache,result}`: the hit ratio of each in-memory cache a module reports. */
export function createCacheLookups(registry: Registry) {
  const lookups = new Counter({
    name: 'keel_cache_lookups_total',
    help: 'Lookups of an in-memory cache, by cache and result (hit or miss).',
    labelNames: ['cache', 'result'] as const,
    registers: [registry],
  });
  return (cache: string): CacheLookupCounter => {
    // Both series exist from the start, so a ratio is 0 rather than absent before the first hit.
    lookups.inc({ cache, result: 'hit' }, 0);
    lookups.inc({ cache, result: 'miss' }, 0);
    return (result) => lookups.inc({ cache, result });
  };
}
