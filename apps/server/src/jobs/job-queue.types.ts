import type { z } from 'zod';
import type { JobKind } from '@keel/contract';
import type { JobCountsOfKind } from './job-counts.js';

/** What a use case says about the work it enqueues. */
export interface JobMeta {
  /** The organization the work belongs to: its admins see it on failed operations. Null for account work. */
  organizationId: string | null;
  /** What the work is for, in words an admin understands; never a secret. */
  description: string;
}

export interface JobContext extends JobMeta {
  operationId: string;
  /** 1 for the first attempt. */
  attempt: number;
  isLastAttempt: boolean;
}

export interface JobDefinition<Payload> {
  kind: JobKind;
  payload: z.ZodType<Payload>;
  run(payload: Payload, context: JobContext): Promise<void>;
  /** Called once the last attempt has failed, before the operation is recorded as failed. */
  onGaveUp?(payload: Payload, error: string, context: JobContext): Promise<void>;
  /** Retries after the first attempt, with exponential backoff and jitter from `retryDelaySeconds`. */
  retryLimit: number;
  retryDelaySeconds: number;
  /** An attempt still running after this long (a hung call, a killed server) counts as failed. */
  expireInSeconds: number;
  /** Jobs one poll takes and runs side by side. */
  batchSize?: number;
}

export interface EnqueueOptions {
  /** Not before this many seconds from now (a retry on a schedule of the work's own). */
  startAfterSeconds?: number;
}

export interface JobQueueStats {
  depth: number;
  oldestWaitingAt: Date | null;
  failed: number;
}

export interface JobQueue {
  define<Payload>(definition: JobDefinition<Payload>): void;
  /**
   * Adds a job in the current scope's transaction: it exists only if that transaction commits, and
   * its worker is woken right after the commit.
   */
  enqueue<Payload>(kind: JobKind, payload: Payload, meta: JobMeta, options?: EnqueueOptions): Promise<string>;
  /** Sends a failed operation back to its queue under its own id, in the current transaction; answers the run's id. */
  requeue(operation: { id: string; kind: JobKind; payload: unknown } & JobMeta): Promise<string>;
  /** A recurring job, by cron expression in UTC; one process runs each occurrence. */
  schedule<Payload>(kind: JobKind, cron: string, payload: Payload, meta: JobMeta): Promise<void>;
  /** Creates the queues of every defined kind; enqueueing needs them. */
  prepare(): Promise<void>;
  start(): Promise<void>;
  stop(): Promise<void>;
  /** Every kind's jobs, or one kind's. */
  stats(kind?: JobKind): Promise<JobQueueStats>;
  /** Resolves once no job is waiting, waiting for a retry due within a minute, or running (tests and benchmarks). */
  whenIdle(timeoutMs?: number): Promise<void>;
  /** Every defined kind's jobs by state, in one grouped query (metrics read it at each scrape). */
  countsByKind(): Promise<JobCountsOfKind[]>;
  /** `listener` hears of each attempt that fails in this process; `gaveUp` on the last one. */
  onAttemptFailed(listener: (kind: JobKind, gaveUp: boolean) => void): void;
}
