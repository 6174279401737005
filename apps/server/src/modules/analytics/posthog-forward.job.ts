import { productEventNameSchema } from '@keel/contract';
import { PostHog } from 'posthog-node';
import { z } from 'zod';
import type { JobQueue } from '../../jobs/job-queue.js';

/** The server's PostHog project (POSTHOG_API_KEY, POSTHOG_HOST): absent, no event leaves the server. */
export interface PostHogSettings {
  apiKey: string;
  host: string;
}

export const forwardPayloadSchema = z.object({
  /** Also PostHog's event uuid: a retried send is the same event there, not a second one. */
  eventId: z.uuid(),
  name: productEventNameSchema,
  /** The person's user id; a visitor's event its own id (PostHog then makes no person of it). */
  distinctId: z.string().min(1),
  anonymous: z.boolean(),
  organizationId: z.uuid().nullable(),
  properties: z.record(z.string(), z.union([z.string(), z.boolean()])),
  occurredAt: z.iso.datetime(),
});
export type ForwardPayload = z.infer<typeof forwardPayloadSchema>;

/**
 * One client per send, answering only once PostHog has: posthog-node reports a failed send as an
 * `error` event rather than a rejection, and the job must fail to be retried later. Its own retries
 * are off: the job queue's backoff spaces them out without holding a worker.
 */
export async function sendToPostHog(settings: PostHogSettings, event: ForwardPayload): Promise<void> {
  const client = new PostHog(settings.apiKey, {
    host: settings.host,
    flushAt: 1,
    flushInterval: 0,
    fetchRetryCount: 0,
    requestTimeout: 10_000,
    disableGeoip: true,
  });
  let failure: unknown;
  client.on('error', (error) => {
    failure ??= error;
  });
  try {
    await client.captureImmediate({
      distinctId: event.distinctId,
      event: event.name,
      uuid: event.eventId,
      timestamp: new Date(event.occurredAt),
      properties: {
        ...event.properties,
        ...(event.organizationId ? { organization_id: event.organizationId } : {}),
        ...(event.anonymous ? { $process_person_profile: false } : {}),
      },
    });
  } finally {
    await client.shutdown();
  }
  if (failure instanceof Error) throw failure;
  if (failure !== undefined) throw new Error('PostHog did not take the event', { cause: failure });
}

/** Defines the `analytics.forward` job (before `jobs.prepare()`); only a server with a PostHog key has it. */
export function defineProductEventForwarding(deps: { jobs: JobQueue; posthog: PostHogSettings }): void {
  deps.jobs.define({
    kind: 'analytics.forward',
    payload: forwardPayloadSchema,
    retryLimit: 5,
    retryDelaySeconds: 60,
    // Longer than the request timeout above, so a slow answer is not sent twice.
    expireInSeconds: 60,
    batchSize: 10,
    run: (event) => sendToPostHog(deps.posthog, event),
  });
}
