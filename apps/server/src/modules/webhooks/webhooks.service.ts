import { randomBytes, randomUUID } from 'node:crypto';
import {
  WEBHOOK_ENDPOINTS_MAX,
  WEBHOOK_TEST_EVENT,
  type CreatedWebhookEndpoint,
  type CreateWebhookEndpointRequest,
  type UpdateWebhookEndpointRequest,
  type WebhookDelivery,
  type WebhookDeliveryPage,
  type WebhookEndpoint,
  type WebhookEventType,
} from '@keel/contract';
import { z } from 'zod';
import type { SecretBox } from '../../crypto/secret-box.js';
import type { Database } from '../../db/database.js';
import { decodeCursor, pageFrom, preciseTimestampSchema } from '../../http/pagination.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { outboundRefusal } from '../../outbound/guarded-post.js';
import { publishChange, type ChangeBus } from '../../realtime/change-bus.js';
import { recordAuditEvent } from '../audit/index.js';
import { asAdmin, asAdminReader, type Caller, type MemberScope, type RequestMeta } from '../organizations/index.js';
import { queueDelivery, webhookPayload } from './webhooks.delivery.js';
import * as errors from './webhooks.errors.js';
import * as repository from './webhooks.repository.js';

/** A Standard Webhooks secret: `whsec_` and 24 random bytes in base64. */
const newSecret = () => `whsec_${randomBytes(24).toString('base64')}`;
const cursorSchema = z.tuple([preciseTimestampSchema, z.uuid()]);

export function toWebhookEndpoint(row: repository.WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince?.toISOString() ?? null,
    createdAt: row.createdAt.toISOString(),
    version: row.version,
  };
}

function toDelivery(row: repository.WebhookDeliveryRow): WebhookDelivery {
  return {
    id: row.id,
    messageId: row.messageId,
    eventType: row.eventType,
    status: row.status,
    attempts: row.attempts,
    requestBody: row.payload,
    responseStatus: row.responseStatus,
    responseBody: row.responseBody,
    error: row.error,
    durationMs: row.durationMs,
    createdAt: row.createdAt.toISOString(),
    lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    nextAttemptAt: row.nextAttemptAt?.toISOString() ?? null,
  };
}

export interface WebhooksServiceDeps {
  db: Database;
  jobs: JobQueue;
  changes: ChangeBus;
  secrets: SecretBox;
  allowPrivateAddresses: boolean;
}

export function createWebhooksService(deps: WebhooksServiceDeps) {
  const { db, jobs } = deps;
  const announce = (caller: Caller, id: string) =>
    publishChange(deps.changes, caller, { teamId: null, entity: 'integration', ids: [id], action: 'updated' });
  const audit = (
    member: MemberScope,
    meta: RequestMeta,
    action: string,
    id: string,
    summary: Record<string, unknown>,
  ) =>
    recordAuditEvent(member.organizationId, {
      actorUserId: member.userId,
      action,
      targetType: 'webhook_endpoint',
      targetId: id,
      summary,
      ...meta,
    });

  /** Resolved before the transaction opens: a slow DNS answer never holds a connection. */
  async function checkAddress(url: string | undefined) {
    const refusal = await outboundRefusal(url, deps.allowPrivateAddresses);
    if (refusal) throw errors.addressRefused(refusal);
  }

  async function requireEndpoint(organizationId: string, id: string) {
    const endpoint = await repository.findEndpoint(organizationId, id);
    if (!endpoint) throw errors.endpointNotFound();
    return endpoint;
  }

  return {
    list: (caller: Caller) =>
      asAdminReader(db, caller, async () =>
        (await repository.listEndpoints(caller.organizationId)).map(toWebhookEndpoint),
      ),

    async create(
      caller: Caller,
      request: CreateWebhookEndpointRequest,
      meta: RequestMeta,
    ): Promise<CreatedWebhookEndpoint> {
      await checkAddress(request.url);
      const secret = newSecret();
      const row = await asAdmin(db, caller, async (member) => {
        const { organizationId } = member;
        if ((await repository.countEndpoints(organizationId)) >= WEBHOOK_ENDPOINTS_MAX) throw errors.tooManyEndpoints();
        const created = await repository.insertEndpoint(organizationId, {
          url: request.url,
          description: request.description ?? '',
          events: [...request.events],
          secretSealed: deps.secrets.seal(secret),
          createdById: member.userId,
        });
        await audit(member, meta, 'webhook.created', created.id, { url: created.url, events: created.events });
        return created;
      });
      announce(caller, row.id);
      return { endpoint: toWebhookEndpoint(row), secret };
    },

    async update(caller: Caller, id: string, request: UpdateWebhookEndpointRequest, meta: RequestMeta) {
      await checkAddress(request.url);
      const row = await asAdmin(db, caller, async (member) => {
        const { organizationId } = member;
        await requireEndpoint(organizationId, id);
        const { version, ...changes } = request;
        const updated = await repository.updateEndpoint(
          organizationId,
          id,
          {
            ...changes,
            // Turned back on by a person: whatever Keel said when it turned it off no longer holds.
            ...(changes.enabled === true ? { disabledReason: null, failingSince: null } : {}),
          },
          version,
        );
        if (!updated) throw errors.stale();
        await audit(member, meta, 'webhook.updated', id, { ...changes });
        return updated;
      });
      announce(caller, id);
      return toWebhookEndpoint(row);
    },

    async remove(caller: Caller, id: string, meta: RequestMeta): Promise<void> {
      await asAdmin(db, caller, async (member) => {
        const endpoint = await requireEndpoint(member.organizationId, id);
        await repository.deleteEndpoint(member.organizationId, id);
        await audit(member, meta, 'webhook.deleted', id, { url: endpoint.url });
      });
      announce(caller, id);
    },

    /** A `webhook.test` message to this endpoint alone, whatever it subscribed to. */
    async sendTest(caller: Caller, id: string): Promise<WebhookDelivery> {
      return asAdmin(db, caller, async (member) => {
        const endpoint = await requireEndpoint(member.organizationId, id);
        const payload = webhookPayload(WEBHOOK_TEST_EVENT, new Date(), {
          organizationId: member.organizationId,
          endpointId: endpoint.id,
          message: 'A test event sent from Keel.',
        });
        return toDelivery(
          await queueDelivery(jobs, member.organizationId, {
            endpointId: endpoint.id,
            messageId: `msg_${randomUUID()}`,
            eventType: WEBHOOK_TEST_EVENT,
            payload,
          }),
        );
      });
    },

    /** The same message again (same `webhook-id`, so a receiver that got it already can tell), with fresh attempts. */
    async resend(caller: Caller, endpointId: string, deliveryId: string): Promise<WebhookDelivery> {
      return asAdmin(db, caller, async (member) => {
        await requireEndpoint(member.organizationId, endpointId);
        const earlier = await repository.findDelivery(member.organizationId, endpointId, deliveryId);
        if (!earlier) throw errors.deliveryNotFound();
        return toDelivery(
          await queueDelivery(jobs, member.organizationId, {
            endpointId,
            messageId: earlier.messageId,
            eventType: earlier.eventType,
            payload: earlier.payload,
          }),
        );
      });
    },

    async deliveries(
      caller: Caller,
      endpointId: string,
      query: { limit: number; cursor?: string | undefined },
    ): Promise<WebhookDeliveryPage> {
      const after = decodeCursor(query.cursor, cursorSchema);
      return asAdminReader(db, caller, async (member) => {
        await requireEndpoint(member.organizationId, endpointId);
        const rows = await repository.listDeliveries(member.organizationId, endpointId, query.limit, after);
        return pageFrom(
          rows,
          query.limit,
          (row) => toDelivery(row.delivery),
          (row) => [row.position, row.delivery.id],
        );
      });
    },
  };
}

export type WebhooksService = ReturnType<typeof createWebhooksService>;
