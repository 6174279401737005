import { API_KEYS_MAX } from '@keel/contract';
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { accountDb, tenantDb } from '../../db/scope.js';
import { personName, personView } from '../people/index.js';
import { apiKeys } from './api-keys.table.js';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type ApiKeyListRow = ApiKeyRow & { createdByName: string | null };

const creator = personView('creator');

/** Every unrevoked key (they are capped), newest first, then the most recently made of the revoked ones. */
export function listApiKeys(organizationId: string): Promise<ApiKeyListRow[]> {
  return tenantDb(organizationId)
    .select({ key: apiKeys, createdByName: personName(creator) })
    .from(apiKeys)
    .leftJoin(creator, eq(creator.id, apiKeys.createdById))
    .where(eq(apiKeys.organizationId, organizationId))
    .orderBy(sql`${apiKeys.revokedAt} is not null`, desc(apiKeys.createdAt), desc(apiKeys.id))
    .limit(API_KEYS_MAX * 2)
    .then((rows) => rows.map(({ key, createdByName }) => ({ ...key, createdByName })));
}

export async function countUnrevokedApiKeys(organizationId: string): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ count: sql<number>`count(*)::int` })
    .from(apiKeys)
    .where(and(eq(apiKeys.organizationId, organizationId), isNull(apiKeys.revokedAt)));
  return row?.count ?? 0;
}

export async function insertApiKey(
  organizationId: string,
  values: Omit<typeof apiKeys.$inferInsert, 'organizationId' | 'id' | 'createdAt'>,
): Promise<ApiKeyRow> {
  const [row] = await tenantDb(organizationId)
    .insert(apiKeys)
    .values({ ...values, organizationId })
    .returning();
  if (!row) throw new Error('api key insert returned nothing');
  return row;
}

/** Marks the key revoked (once: a second revocation keeps the first time); undefined when there is no such key. */
export async function revokeApiKey(organizationId: string, id: string, now: Date): Promise<ApiKeyRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .update(apiKeys)
    .set({ revokedAt: sql`coalesce(${apiKeys.revokedAt}, ${now})` })
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, id)))
    .returning();
  return row;
}

/**
 * The key with this secret's hash, read before its organization is known: the hash is set for this transaction only,
 * and row-level security admits exactly that row.
 */
export async function findApiKeyBySecretHash(secretHash: string): Promise<ApiKeyRow | undefined> {
  const db = accountDb();
  await db.execute(sql`select set_config('app.api_key_hash', ${secretHash}, true)`);
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.secretHash, secretHash));
  await db.execute(sql`select set_config('app.api_key_hash', '', true)`);
  return row;
}

export async function touchApiKey(organizationId: string, id: string, now: Date): Promise<void> {
  await tenantDb(organizationId)
    .update(apiKeys)
    .set({ lastUsedAt: now })
    .where(and(eq(apiKeys.organizationId, organizationId), eq(apiKeys.id, id)));
}
