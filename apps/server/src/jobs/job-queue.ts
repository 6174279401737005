import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import PgBoss from 'pg-boss';
import { z } from 'zod';
import type { JobKind } from '@keel/contract';
import type { DatabaseHandle } from '../db/database.js';
import { accountDb, afterCommit } from '../db/scope.js';
import { recordGaveUp, forgetRecovered, type GaveUp } from './failed-operations.repository.js';
import { countJobsByKind } from './job-counts.js';
import type { EnqueueOptions, JobContext, JobDefinition, JobQueue } from './job-queue.types.js';
import { bossDatabase, JOB_SCHEMA } from './job-schema.js';

export type { EnqueueOptions, JobContext, JobDefinition, JobMeta, JobQueue, JobQueueStats } from './job-queue.types.js';

/** Exhausted jobs of every kind are copied here by pg-boss, so a timeout on the last attempt is recorded too. */
const GAVE_UP_QUEUE = 'jobs-gave-up';

const envelopeSchema = z.object({
  operationId: z.uuid(),
  /** One send of the operation (a retry is another run): notices about a run never touch a later one. */
  runId: z.uuid(),
  organizationId: z.uuid().nullable(),
  description: z.string(),
  payload: z.unknown(),
  /** Set when an admin sent a failed operation back: success then clears it from the list. */
  retried: z.boolean().optional(),
});
type Envelope = z.infer<typeof envelopeSchema>;

const errorText = (error: unknown) =>
  (error instanceof Error ? error.message : String(error)).replace(/\s+/g, ' ').trim().slice(0, 500) || 'Unknown error';

/** `$1`-style placeholders to Drizzle parameters, so pg-boss's insert runs inside the caller's transaction. */
function inTransaction() {
  const tx = accountDb();
  return {
    async executeSql(text: string, values: unknown[] = []) {
      const pieces = text.split(/\$(\d+)/);
      const chunks = pieces.map((piece, index) =>
        index % 2 === 0 ? sql.raw(piece) : sql`${values[Number(piece) - 1] ?? null}`,
      );
      const result = await tx.execute(sql.join(chunks));
      return { rows: (result as { rows: Record<string, unknown>[] }).rows };
    },
  };
}

const RACING_CREATE_CODES = new Set(['40P01', '23505', '42P07']);

/**
 * Creates a queue unless it exists. Two processes starting together on one PostgreSQL race to create
 * the same queues (pg-boss makes a partition per queue): the loser hits a deadlock or a duplicate,
 * waits a moment and finds the queue made by the winner.
 */
async function createQueueOnce(boss: PgBoss, name: string, options: PgBoss.Queue): Promise<void> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      await boss.createQueue(name, options);
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || !code || !RACING_CREATE_CODES.has(code)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 50 * attempt + Math.random() * 100));
    }
  }
}

export function createJobQueue(options: {
  database: DatabaseHandle;
  log: { error(details: object, message: string): void; warn(details: object, message: string): void };
  /** Off in tests: no maintenance (expiry, archiving) and no cron. */
  supervise?: boolean;
  pollingIntervalSeconds?: number;
  onFailedOperationChange?: (organizationId: string, operationId: string) => void;
}): JobQueue {
  const { database, log } = options;
  const supervise = options.supervise ?? true;
  // pg-boss's stop waits for handlers it has started, not for a fetch still on its way back, whose jobs it
  // would then run (and complete or fail) on a closed database. Counting both lets `stop` wait for them.
  let queriesInFlight = 0;
  let batchesRunning = 0;
  const counted = bossDatabase(database.ownerSql);
  const boss = new PgBoss({
    db: {
      async executeSql(text: string, values?: unknown[]) {
        queriesInFlight += 1;
        try {
          return await counted.executeSql(text, values);
        } finally {
          queriesInFlight -= 1;
        }
      },
    },
    schema: JOB_SCHEMA,
    supervise,
    schedule: supervise,
    migrate: false,
    // Failed jobs stay readable for system health for a day; failed operations keep their own copy.
    archiveFailedAfterSeconds: 24 * 60 * 60,
  });
  boss.on('error', (error) => log.error({ err: error }, 'job queue error'));
  const definitions = new Map<JobKind, JobDefinition<unknown>>();
  const workers = new Map<string, string>();
  const failureListeners: ((kind: JobKind, gaveUp: boolean) => void)[] = [];
  let started = false;
  let stopping = false;

  const record = async (gaveUp: GaveUp) => {
    const { organizationId } = gaveUp;
    if (!organizationId) return;
    await recordGaveUp(database.db, { ...gaveUp, organizationId });
    options.onFailedOperationChange?.(organizationId, gaveUp.id);
  };

  async function runOne(definition: JobDefinition<unknown>, job: PgBoss.JobWithMetadata<unknown>) {
    const envelope = envelopeSchema.safeParse(job.data);
    const payload = envelope.success ? definition.payload.safeParse(envelope.data.payload) : undefined;
    const attempt = job.retryCount + 1;
    if (!envelope.success || !payload?.success) {
      // Retrying cannot make old data fit: record it once, without burning the attempts.
      log.warn({ kind: definition.kind, jobId: job.id }, 'job data no longer fits its kind');
      if (envelope.success) {
        await record({
          ...envelopeFields(envelope.data, definition.kind),
          attempts: attempt,
          lastError: 'The job’s data no longer fits its kind, so it was not run.',
        });
      }
      return;
    }
    const context: JobContext = {
      operationId: envelope.data.operationId,
      organizationId: envelope.data.organizationId,
      description: envelope.data.description,
      attempt,
      isLastAttempt: job.retryCount >= job.retryLimit,
    };
    try {
      await definition.run(payload.data, context);
    } catch (error) {
      const message = errorText(error);
      for (const listener of failureListeners) listener(definition.kind, context.isLastAttempt);
      if (context.isLastAttempt) {
        await definition.onGaveUp?.(payload.data, message, context);
        await record({ ...envelopeFields(envelope.data, definition.kind), attempts: attempt, lastError: message });
      }
      await boss.fail(definition.kind, job.id, { message });
      return;
    }
    if (envelope.data.retried && envelope.data.organizationId) {
      await forgetRecovered(database.db, envelope.data.organizationId, envelope.data.operationId, envelope.data.runId);
      options.onFailedOperationChange?.(envelope.data.organizationId, envelope.data.operationId);
    }
  }

  /**
   * True when the operation was sent again after this dead-letter copy was made (a retry from the
   * failed-operations page): whatever became of that newer run (a success deletes the row), a late
   * copy of the older one must not record it as failed again.
   */
  async function supersededByNewerRun(kind: JobKind, operationId: string, runId: string, deadLetterJobId: string) {
    const { rows } = await database.ownerSql.query(
      `select 1 from ${JOB_SCHEMA}.job newer
        where newer.name = $1 and newer.data->>'operationId' = $2 and newer.data->>'runId' <> $3
          and newer.created_on > (select created_on from ${JOB_SCHEMA}.job where id = $4::uuid)
        limit 1`,
      [kind, operationId, runId, deadLetterJobId],
    );
    return rows.length > 0;
  }

  async function runGaveUp(job: PgBoss.Job<unknown>) {
    const envelope = envelopeSchema.safeParse(job.data);
    if (!envelope.success) return;
    const kind = (job.data as { kind?: JobKind }).kind;
    const definition = kind ? definitions.get(kind) : undefined;
    if (!kind || !definition) return;
    if (await supersededByNewerRun(kind, envelope.data.operationId, envelope.data.runId, job.id)) return;
    await record({
      ...envelopeFields(envelope.data, kind),
      attempts: definition.retryLimit + 1,
      lastError: 'It did not finish in time: the server stopped or the work hung.',
      onlyIfNotRecorded: true,
    });
  }

  const envelopeFields = (envelope: Envelope, kind: JobKind) => ({
    id: envelope.operationId,
    runId: envelope.runId,
    organizationId: envelope.organizationId,
    kind,
    description: envelope.description,
    payload: envelope.payload,
  });

  const jobOptions = (definition: JobDefinition<unknown>) => ({
    retryLimit: definition.retryLimit,
    retryDelay: definition.retryDelaySeconds,
    retryBackoff: true,
    expireInSeconds: definition.expireInSeconds,
    deadLetter: GAVE_UP_QUEUE,
  });

  async function send(kind: JobKind, envelope: Envelope, options: EnqueueOptions = {}) {
    const definition = definitionOf(kind);
    const id = await boss.send(
      kind,
      { ...envelope, kind },
      {
        ...jobOptions(definition),
        db: inTransaction(),
        // A moment, not a number of seconds: pg-boss's insert reads the one parameter three ways, and only a
        // timestamp's text passes all of them once each reading is its own parameter here.
        ...(options.startAfterSeconds ? { startAfter: new Date(Date.now() + options.startAfterSeconds * 1000) } : {}),
      },
    );
    // pg-boss answers null when the queue is missing: fail the use case rather than drop the work.
    if (!id) throw new Error(`the job queue ${kind} does not exist`);
    afterCommit(() => {
      const worker = workers.get(kind);
      if (worker) boss.notifyWorker(worker);
    });
  }

  const definitionOf = (kind: JobKind) => {
    const definition = definitions.get(kind);
    if (!definition) throw new Error(`no job kind ${kind} is defined`);
    return definition;
  };

  return {
    define(definition) {
      definitions.set(definition.kind, definition);
    },

    async enqueue(kind, payload, meta, options) {
      const operationId = randomUUID();
      await send(kind, { operationId, runId: randomUUID(), ...meta, payload }, options);
      return operationId;
    },

    async requeue(operation) {
      const { id, kind, payload, organizationId, description } = operation;
      const runId = randomUUID();
      await send(kind, { operationId: id, runId, organizationId, description, payload, retried: true });
      return runId;
    },

    async schedule(kind, cron, payload, meta) {
      const definition = definitionOf(kind);
      const data = { operationId: randomUUID(), runId: randomUUID(), ...meta, payload, kind };
      await boss.schedule(kind, cron, data, { ...jobOptions(definition), tz: 'UTC' });
    },

    async prepare() {
      await boss.start();
      await createQueueOnce(boss, GAVE_UP_QUEUE, {
        name: GAVE_UP_QUEUE,
        retryLimit: 5,
        retryDelay: 5,
        retryBackoff: true,
      });
      for (const definition of definitions.values()) {
        await createQueueOnce(boss, definition.kind, { name: definition.kind, ...jobOptions(definition) });
      }
    },

    async start() {
      if (started) return;
      started = true;
      if (database.kind === 'embedded') {
        // One process owns an embedded database: a job still marked running was cut off by a stop.
        await database.ownerSql.query(
          `update ${JOB_SCHEMA}.job set state = 'retry', start_after = now() where state = 'active'`,
        );
      }
      const pollingIntervalSeconds = options.pollingIntervalSeconds ?? 0.5;
      for (const definition of definitions.values()) {
        const id = await boss.work(
          definition.kind,
          { batchSize: definition.batchSize ?? 1, includeMetadata: true, pollingIntervalSeconds },
          async (jobs) => {
            batchesRunning += 1;
            try {
              await Promise.all(jobs.map((job) => runOne(definition, job)));
            } finally {
              batchesRunning -= 1;
            }
            // pg-boss waits a polling interval after each batch; while there is work, fetch the next at once.
            const worker = workers.get(definition.kind);
            if (worker && !stopping) boss.notifyWorker(worker);
          },
        );
        workers.set(definition.kind, id);
      }
      await boss.work(GAVE_UP_QUEUE, { batchSize: 10, pollingIntervalSeconds: 2 }, async (jobs) => {
        batchesRunning += 1;
        try {
          await Promise.all(jobs.map((job) => runGaveUp(job)));
        } finally {
          batchesRunning -= 1;
        }
      });
    },

    async stop() {
      stopping = true;
      await boss.stop({ graceful: true, wait: true, close: false, timeout: 10_000 });
      const deadline = Date.now() + 10_000;
      let quietChecks = 0;
      // Two quiet looks in a row: a fetch that has just answered hands its jobs over within a tick.
      while (quietChecks < 2 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        quietChecks = queriesInFlight === 0 && batchesRunning === 0 ? quietChecks + 1 : 0;
      }
    },

    async stats(kind) {
      const { rows } = await database.ownerSql.query(
        `select count(*) filter (where state < 'active')::int as depth,
                min(created_on) filter (where state < 'active') as oldest,
                count(*) filter (where state = 'failed')::int as failed
           from ${JOB_SCHEMA}.job where name <> $1 and ($2::text is null or name = $2::text)`,
        [GAVE_UP_QUEUE, kind ?? null],
      );
      const row = rows[0] ?? {};
      return {
        depth: Number(row.depth ?? 0),
        oldestWaitingAt: row.oldest ? new Date(row.oldest as string) : null,
        failed: Number(row.failed ?? 0),
      };
    },

    async whenIdle(timeoutMs = 30_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const { rows } = await database.ownerSql.query(
          // Work planned for later than a minute from now (a webhook's next try in hours) is not "still busy".
          `select count(*)::int as busy from ${JOB_SCHEMA}.job
            where state <= 'active' and name <> $1 and start_after < now() + interval '1 minute'`,
          [GAVE_UP_QUEUE],
        );
        if (Number(rows[0]?.busy ?? 0) === 0) return;
        if (Date.now() > deadline) throw new Error('jobs still waiting or running');
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },

    countsByKind: () => countJobsByKind(database.ownerSql, [...definitions.keys()]),

    onAttemptFailed(listener) {
      failureListeners.push(listener);
    },
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The background job queue: tests wait on it (`whenIdle`) and the operations pages read it. */
    jobs: JobQueue;
  }
}
