import { randomUUID } from 'node:crypto';
import {
  WEBHOOK_DISABLE_AFTER_DAYS,
  WEBHOOK_RETRY_SCHEDULE_SECONDS,
  WEBHOOK_TIMEOUT_SECONDS,
  webhookEventOfAuditAction,
} from '@keel/contract';
import { Webhook } from 'standardwebhooks';
import { z } from 'zod';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Database } from '../../db/database.js';
import { inTenant, readInTenant } from '../../db/scope.js';
import type { DomainEvent } from '../../events/domain-events.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Mailer } from '../../mail/mailer.js';
import { guardedPost, OutboundRefusedError } from '../../outbound/guarded-post.js';
import type { ChangeBus } from '../../realtime/change-bus.js';
import { activeAdministratorEmails } from '../people/index.js';
import * as repository from './webhooks.repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;
const ERROR_KEPT_CHARS = 500;

export interface WebhookDeliveryDeps {
  db: Database;
  jobs: JobQueue;
  mailer: Mailer;
  changes: ChangeBus;
  secrets: SecretBox;
  appUrl: string;
  allowPrivateAddresses: boolean;
  /** Seconds before each attempt after the first; tests shorten it. */
  retrySchedule?: readonly number[];
  timeoutMs?: number;
  now?: () => Date;
}

const deliverPayloadSchema = z.object({ organizationId: z.uuid(), deliveryId: z.uuid() });

/** The Standard Webhooks body: `{ type, timestamp, data }`. */
export function webhookPayload(type: string, occurredAt: Date, data: Record<string, unknown>): string {
  return JSON.stringify({ type, timestamp: occurredAt.toISOString(), data });
}

/** What an audited change tells a receiver: what it was about and who made it; the details are in the API. */
export function eventData(organizationId: string, event: DomainEvent): Record<string, unknown> {
  return {
    organizationId,
    id: event.subjectId,
    object: event.subjectType,
    actorId: event.actorUserId,
    details: event.data,
  };
}

/** The delivery of one message to one endpoint, its first attempt queued in the current transaction. */
export async function queueDelivery(
  jobs: JobQueue,
  organizationId: string,
  values: { endpointId: string; messageId: string; eventType: string; payload: string },
) {
  const delivery = await repository.insertDelivery(organizationId, values);
  await jobs.enqueue(
    'webhooks.deliver',
    { organizationId, deliveryId: delivery.id },
    { organizationId, description: `Webhook ${values.eventType}` },
  );
  return delivery;
}

/** Subscribed to the audit trail: an event an endpoint asked for gets a delivery, in the change's transaction. */
export function webhookFanOut(jobs: JobQueue) {
  return async (organizationId: string, event: DomainEvent) => {
    const type = webhookEventOfAuditAction(event.type);
    if (!type) return;
    const endpoints = await repository.subscribedEndpoints(organizationId, type);
    if (endpoints.length === 0) return;
    const messageId = `msg_${randomUUID()}`;
    const payload = webhookPayload(type, event.occurredAt, eventData(organizationId, event));
    for (const endpoint of endpoints) {
      await queueDelivery(jobs, organizationId, { endpointId: endpoint.id, messageId, eventType: type, payload });
    }
  };
}

type Outcome =
  | { ok: true; status: number; body: string; durationMs: number }
  | { ok: false; error: string; status?: number; body?: string; durationMs?: number };

/** The attempts of a delivery: signed, sent from the jobs, retried on the schedule, its endpoint turned off after days of failure. */
export function defineWebhookDelivery(deps: WebhookDeliveryDeps) {
  const { db, jobs } = deps;
  const schedule = deps.retrySchedule ?? WEBHOOK_RETRY_SCHEDULE_SECONDS;
  const timeoutMs = deps.timeoutMs ?? WEBHOOK_TIMEOUT_SECONDS * 1000;
  const now = deps.now ?? (() => new Date());

  async function send(url: string, secretSealed: string, messageId: string, payload: string): Promise<Outcome> {
    const sentAt = now();
    const signature = new Webhook(deps.secrets.open(secretSealed)).sign(messageId, sentAt, payload);
    try {
      const answer = await guardedPost(
        url,
        payload,
        {
          'webhook-id': messageId,
          'webhook-timestamp': String(Math.floor(sentAt.getTime() / 1000)),
          'webhook-signature': signature,
        },
        { timeoutMs, allowPrivate: deps.allowPrivateAddresses },
      );
      if (answer.status >= 200 && answer.status < 300) return { ok: true, ...answer };
      return { ok: false, error: `The endpoint answered ${answer.status}.`, ...answer };
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, error: error instanceof OutboundRefusedError ? reason : `Could not deliver: ${reason}` };
    }
  }

  async function disableFailing(organizationId: string, endpointId: string, url: string) {
    const reason = `Turned off by Keel on ${now().toISOString().slice(0, 10)}: every delivery failed for ${WEBHOOK_DISABLE_AFTER_DAYS} days.`;
    const row = await repository.updateEndpoint(organizationId, endpointId, { enabled: false, disabledReason: reason });
    if (!row) return;
    for (const to of await activeAdministratorEmails(organizationId)) {
      await deps.mailer.enqueue({
        to,
        organizationId,
        subject: 'A webhook endpoint was turned off',
        text: `Keel could not deliver to ${url} for ${WEBHOOK_DISABLE_AFTER_DAYS} days, so it stopped sending there.\n\nFix the receiver, then turn the endpoint back on and send the failed deliveries again:\n${deps.appUrl}/organization-settings/integrations\n`,
      });
    }
  }

  async function attempt(payload: z.infer<typeof deliverPayloadSchema>): Promise<void> {
    const { organizationId, deliveryId } = payload;
    const scope = { organizationId, userId: null };
    const found = await readInTenant(db, scope, () => repository.findDeliveryWithEndpoint(organizationId, deliveryId));
    if (!found) return;
    const { delivery, endpoint } = found;
    if (delivery.status === 'succeeded' || delivery.status === 'failed') return;
    const outcome: Outcome = endpoint.enabled
      ? await send(endpoint.url, endpoint.secretSealed, delivery.messageId, delivery.payload)
      : { ok: false, error: 'The endpoint is turned off.' };

    // Only a change of the endpoint's health is announced: a burst of deliveries must not refetch every open page.
    const endpointChanged = await inTenant(db, scope, async () => {
      const at = now();
      const attempts = delivery.attempts + 1;
      const common = {
        attempts,
        lastAttemptAt: at,
        responseStatus: outcome.status ?? null,
        responseBody: outcome.body ?? null,
        durationMs: outcome.durationMs ?? null,
      };
      if (outcome.ok) {
        await repository.updateDelivery(organizationId, deliveryId, {
          ...common,
          status: 'succeeded',
          error: null,
          nextAttemptAt: null,
        });
        if (!endpoint.failingSince) return false;
        await repository.updateEndpoint(organizationId, endpoint.id, { failingSince: null });
        return true;
      }
      const error = outcome.error.slice(0, ERROR_KEPT_CHARS);
      const failingSince = endpoint.failingSince ?? at;
      let changed = false;
      if (!endpoint.failingSince && endpoint.enabled) {
        await repository.updateEndpoint(organizationId, endpoint.id, { failingSince });
        changed = true;
      }
      const delaySeconds = schedule[attempts];
      if (endpoint.enabled && delaySeconds !== undefined) {
        await repository.updateDelivery(organizationId, deliveryId, {
          ...common,
          status: 'retrying',
          error,
          nextAttemptAt: new Date(at.getTime() + delaySeconds * 1000),
        });
        await jobs.enqueue(
          'webhooks.deliver',
          payload,
          { organizationId, description: `Webhook ${delivery.eventType}, try ${attempts + 1}` },
          { startAfterSeconds: delaySeconds },
        );
      } else {
        await repository.updateDelivery(organizationId, deliveryId, {
          ...common,
          status: 'failed',
          error,
          nextAttemptAt: null,
        });
      }
      if (endpoint.enabled && at.getTime() - failingSince.getTime() >= WEBHOOK_DISABLE_AFTER_DAYS * DAY_MS) {
        await disableFailing(organizationId, endpoint.id, endpoint.url);
        changed = true;
      }
      return changed;
    });
    if (!endpointChanged) return;
    deps.changes.publish({
      organizationId,
      teamId: null,
      entity: 'integration',
      ids: [endpoint.id],
      action: 'updated',
      actorUserId: null,
    });
  }

  jobs.define({
    kind: 'webhooks.deliver',
    payload: deliverPayloadSchema,
    run: attempt,
    // A failed HTTP attempt is recorded and rescheduled by the delivery itself; these retries cover a crash mid-way.
    retryLimit: 2,
    retryDelaySeconds: 30,
    expireInSeconds: Math.ceil(timeoutMs / 1000) + 60,
    batchSize: 20,
  });
}
