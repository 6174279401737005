import { randomUUID } from 'node:crypto';
import type { InterestFeature } from '@keel/contract';
import type { JobQueue } from '../../jobs/job-queue.js';
import * as repository from './analytics.repository.js';
import { defineProductEventForwarding, type ForwardPayload, type PostHogSettings } from './posthog-forward.job.js';

export type ProductEvent =
  | {
      name: 'signed_up';
      organizationId: string;
      userId: string;
      properties: { email: string; organizationName: string; isConsultant: boolean };
    }
  | {
      name: 'feature_interest';
      /** Null for a visitor of a public page. */
      organizationId: string | null;
      userId: string | null;
      properties: { feature: InterestFeature };
    };

export interface ProductEventRecorder {
  /**
   * Records the event in the current scope's transaction (the organization's, or none for a visitor).
   * With PostHog configured, a job enqueued in the same transaction sends it there once it commits,
   * so a slow or absent PostHog never slows the request and a rolled-back change sends nothing.
   */
  record(event: ProductEvent): Promise<void>;
}

export function createProductEventRecorder(deps: {
  jobs: JobQueue;
  posthog: PostHogSettings | undefined;
  now?: () => Date;
}): ProductEventRecorder {
  const { jobs, posthog } = deps;
  const now = deps.now ?? (() => new Date());
  if (posthog) defineProductEventForwarding({ jobs, posthog });

  return {
    async record(event) {
      const row = {
        id: randomUUID(),
        userId: event.userId,
        name: event.name,
        properties: event.properties,
        createdAt: now(),
      };
      if (event.organizationId) await repository.insertProductEvent(event.organizationId, row);
      else await repository.insertAnonymousProductEvent(row);
      if (!posthog) return;
      const payload: ForwardPayload = {
        eventId: row.id,
        name: row.name,
        distinctId: event.userId ?? row.id,
        anonymous: event.userId === null,
        organizationId: event.organizationId,
        properties: row.properties,
        occurredAt: row.createdAt.toISOString(),
      };
      // Not the organization's operation: PostHog delivery is the operator's matter, never on failed operations.
      await jobs.enqueue('analytics.forward', payload, {
        organizationId: null,
        description: `Product event ${row.name} to PostHog`,
      });
    },
  };
}
