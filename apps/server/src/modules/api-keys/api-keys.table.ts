import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, tenantIsolationPolicy, timestampColumn } from '../../db/table-helpers.js';
import { organizationColumn, personColumn } from '../people/people.table.js';

/**
 * The SHA-256 of a presented key, set for one transaction while the key is checked: the only way a key is read
 * before its organization is known (its holder knows the secret).
 */
export const currentApiKeyHash = sql`nullif(current_setting('app.api_key_hash', true), '')`;

export const apiKeys = pgTable(
  'api_keys',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    name: text('name').notNull(),
    hint: text('hint').notNull(),
    secretHash: text('secret_hash').notNull(),
    scopes: text('scopes').array().notNull(),
    /** The account the key acts through: never a member, never able to sign in; the audit trail names it. */
    principalUserId: personColumn('principal_user_id'),
    // The creator may leave; the key stays and its audit rows name them.
    createdById: uuid('created_by_id'),
    createdAt: createdAt(),
    expiresAt: timestampColumn('expires_at'),
    lastUsedAt: timestampColumn('last_used_at'),
    revokedAt: timestampColumn('revoked_at'),
  },
  (table) => [
    uniqueIndex('api_keys_secret_hash_key').on(table.secretHash),
    index('api_keys_organization_idx').on(table.organizationId, table.createdAt),
    tenantIsolationPolicy(sql`secret_hash = ${currentApiKeyHash}`),
  ],
);
