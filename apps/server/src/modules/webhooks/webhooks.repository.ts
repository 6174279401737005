import { WEBHOOK_ENDPOINTS_MAX } from '@keel/contract';
import { and, arrayContains, asc, desc, eq, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { newestFirstAfter, preciseTimestamp } from '../../http/pagination.js';
import { webhookDeliveries, webhookEndpoints } from './webhooks.table.js';

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type EndpointChanges = Partial<
  Pick<WebhookEndpointRow, 'url' | 'description' | 'events' | 'enabled' | 'disabledReason' | 'failingSince'>
>;
export type DeliveryChanges = Partial<
  Omit<WebhookDeliveryRow, 'id' | 'organizationId' | 'endpointId' | 'messageId' | 'eventType' | 'payload' | 'createdAt'>
>;

export function listEndpoints(organizationId: string): Promise<WebhookEndpointRow[]> {
  return tenantDb(organizationId)
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId))
    .orderBy(asc(webhookEndpoints.createdAt), asc(webhookEndpoints.id))
    .limit(WEBHOOK_ENDPOINTS_MAX);
}

export async function countEndpoints(organizationId: string): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.organizationId, organizationId));
  return row?.count ?? 0;
}

/** The enabled endpoints that asked for `eventType`: the one query an event costs an organization. */
export function subscribedEndpoints(organizationId: string, eventType: string): Promise<WebhookEndpointRow[]> {
  return tenantDb(organizationId)
    .select()
    .from(webhookEndpoints)
    .where(
      and(
        eq(webhookEndpoints.organizationId, organizationId),
        eq(webhookEndpoints.enabled, true),
        arrayContains(webhookEndpoints.events, [eventType]),
      ),
    )
    .limit(WEBHOOK_ENDPOINTS_MAX);
}

export async function findEndpoint(organizationId: string, id: string): Promise<WebhookEndpointRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)));
  return row;
}

export async function insertEndpoint(
  organizationId: string,
  values: Pick<WebhookEndpointRow, 'url' | 'description' | 'events' | 'secretSealed' | 'createdById'>,
): Promise<WebhookEndpointRow> {
  const [row] = await tenantDb(organizationId)
    .insert(webhookEndpoints)
    .values({ ...values, organizationId })
    .returning();
  if (!row) throw new Error('webhook endpoint insert returned nothing');
  return row;
}

/** Applies the change at `version` (or whatever the version, without one); undefined when stale or gone. */
export async function updateEndpoint(
  organizationId: string,
  id: string,
  changes: EndpointChanges,
  version?: number,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .update(webhookEndpoints)
    .set({ ...changes, version: sql`${webhookEndpoints.version} + 1` })
    .where(
      and(
        eq(webhookEndpoints.organizationId, organizationId),
        eq(webhookEndpoints.id, id),
        version === undefined ? undefined : eq(webhookEndpoints.version, version),
      ),
    )
    .returning();
  return row;
}

export async function deleteEndpoint(organizationId: string, id: string): Promise<boolean> {
  const rows = await tenantDb(organizationId)
    .delete(webhookEndpoints)
    .where(and(eq(webhookEndpoints.organizationId, organizationId), eq(webhookEndpoints.id, id)))
    .returning({ id: webhookEndpoints.id });
  return rows.length > 0;
}

export async function insertDelivery(
  organizationId: string,
  values: Pick<WebhookDeliveryRow, 'endpointId' | 'messageId' | 'eventType' | 'payload'>,
): Promise<WebhookDeliveryRow> {
  const [row] = await tenantDb(organizationId)
    .insert(webhookDeliveries)
    .values({ ...values, organizationId })
    .returning();
  if (!row) throw new Error('webhook delivery insert returned nothing');
  return row;
}

export async function findDelivery(
  organizationId: string,
  endpointId: string,
  id: string,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.organizationId, organizationId),
        eq(webhookDeliveries.endpointId, endpointId),
        eq(webhookDeliveries.id, id),
      ),
    );
  return row;
}

/**
 * The delivery with its endpoint. Read without a lock: one delivery is one job at a time (pg-boss hands a job to one
 * worker, and a resend is a new delivery), and a read commits nothing to the disk.
 */
export async function findDeliveryWithEndpoint(organizationId: string, id: string) {
  const [row] = await tenantDb(organizationId)
    .select({ delivery: webhookDeliveries, endpoint: webhookEndpoints })
    .from(webhookDeliveries)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, webhookDeliveries.endpointId))
    .where(and(eq(webhookDeliveries.organizationId, organizationId), eq(webhookDeliveries.id, id)));
  return row;
}

export async function updateDelivery(
  organizationId: string,
  id: string,
  changes: DeliveryChanges,
): Promise<WebhookDeliveryRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .update(webhookDeliveries)
    .set(changes)
    .where(and(eq(webhookDeliveries.organizationId, organizationId), eq(webhookDeliveries.id, id)))
    .returning();
  return row;
}

/** One page of an endpoint's deliveries, newest first, keyed by (created, id). */
export function listDeliveries(
  organizationId: string,
  endpointId: string,
  limit: number,
  after: readonly [string, string] | undefined,
) {
  return tenantDb(organizationId)
    .select({ delivery: webhookDeliveries, position: preciseTimestamp(webhookDeliveries.createdAt) })
    .from(webhookDeliveries)
    .where(
      and(
        eq(webhookDeliveries.organizationId, organizationId),
        eq(webhookDeliveries.endpointId, endpointId),
        after ? newestFirstAfter(webhookDeliveries.createdAt, webhookDeliveries.id, after) : undefined,
      ),
    )
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit + 1);
}
