import { CHAT_CONNECTIONS_MAX } from '@keel/contract';
import { and, arrayContains, asc, eq, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { chatConnections } from './chat-notifications.table.js';

export type ChatConnectionRow = typeof chatConnections.$inferSelect;
export type ConnectionChanges = Partial<
  Pick<ChatConnectionRow, 'webhookUrlSealed' | 'webhookUrlMasked' | 'events' | 'enabled' | 'disabledReason'>
>;

export function listConnections(organizationId: string): Promise<ChatConnectionRow[]> {
  return tenantDb(organizationId)
    .select()
    .from(chatConnections)
    .where(eq(chatConnections.organizationId, organizationId))
    .orderBy(asc(chatConnections.createdAt), asc(chatConnections.id))
    .limit(CHAT_CONNECTIONS_MAX);
}

export async function countConnections(organizationId: string): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ count: sql<number>`count(*)::int` })
    .from(chatConnections)
    .where(eq(chatConnections.organizationId, organizationId));
  return row?.count ?? 0;
}

/** The team's enabled connections that chose `event`: at most one per provider. */
export function connectionsListening(organizationId: string, teamId: string, event: string) {
  return tenantDb(organizationId)
    .select({ id: chatConnections.id, provider: chatConnections.provider })
    .from(chatConnections)
    .where(
      and(
        eq(chatConnections.organizationId, organizationId),
        eq(chatConnections.teamId, teamId),
        eq(chatConnections.enabled, true),
        arrayContains(chatConnections.events, [event]),
      ),
    );
}

export async function findConnection(organizationId: string, id: string): Promise<ChatConnectionRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(chatConnections)
    .where(and(eq(chatConnections.organizationId, organizationId), eq(chatConnections.id, id)));
  return row;
}

/** Undefined when the team already has a connection of this provider (a racing create included). */
export async function insertConnection(
  organizationId: string,
  values: Pick<
    ChatConnectionRow,
    'teamId' | 'provider' | 'webhookUrlSealed' | 'webhookUrlMasked' | 'events' | 'createdById'
  >,
): Promise<ChatConnectionRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .insert(chatConnections)
    .values({ ...values, organizationId })
    .onConflictDoNothing({
      target: [chatConnections.organizationId, chatConnections.teamId, chatConnections.provider],
    })
    .returning();
  return row;
}

/** Applies the change at `version` (or whatever the version, without one); undefined when stale or gone. */
export async function updateConnection(
  organizationId: string,
  id: string,
  changes: ConnectionChanges,
  version?: number,
): Promise<ChatConnectionRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .update(chatConnections)
    .set({ ...changes, version: sql`${chatConnections.version} + 1` })
    .where(
      and(
        eq(chatConnections.organizationId, organizationId),
        eq(chatConnections.id, id),
        version === undefined ? undefined : eq(chatConnections.version, version),
      ),
    )
    .returning();
  return row;
}

export async function deleteConnection(organizationId: string, id: string): Promise<void> {
  await tenantDb(organizationId)
    .delete(chatConnections)
    .where(and(eq(chatConnections.organizationId, organizationId), eq(chatConnections.id, id)));
}
