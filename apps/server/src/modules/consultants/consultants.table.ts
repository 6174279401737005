import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import {
  currentUserId,
  primaryId,
  tenantIsolationPolicy,
  timestampColumn,
  versionedTimestamps,
} from '../../db/table-helpers.js';
import { users } from '../auth/auth.table.js';
import { organizationColumn } from '../organizations/organizations.table.js';

/**
 * A consultant's access to one client organization. It starts as an invitation mailed to an address
 * (`invited`, a hashed single-use token), becomes `active` when a consultant account accepts it and
 * ends `revoked`. The row lives in the client's tenant; the consultant also reads their own rows
 * across clients (user scope), which is how /consultant finds them.
 */
export const consultantAccess = pgTable(
  'consultant_access',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    email: text('email').notNull(),
    consultantUserId: uuid('consultant_user_id').references(() => users.id, { onDelete: 'cascade' }),
    accessLevel: text('access_level', { enum: ['admin', 'member', 'observer'] })
      .notNull()
      .default('admin'),
    status: text('status', { enum: ['invited', 'active', 'revoked'] })
      .notNull()
      .default('invited'),
    clientStatus: text('client_status', { enum: ['active', 'paused', 'graduated'] })
      .notNull()
      .default('active'),
    tokenHash: text('token_hash'),
    expiresAt: timestampColumn('expires_at'),
    grantedById: uuid('granted_by_id'),
    grantedAt: timestampColumn('granted_at'),
    revokedAt: timestampColumn('revoked_at'),
    ...versionedTimestamps(),
  },
  (table) => [
    uniqueIndex('consultant_access_token_hash_key').on(table.tokenHash),
    // One live grant per consultant and client; a revoked one stays as history.
    uniqueIndex('consultant_access_live_key')
      .on(table.organizationId, table.consultantUserId)
      .where(sql`status = 'active'`),
    uniqueIndex('consultant_access_open_email_key')
      .on(table.organizationId, sql`lower(${table.email})`)
      .where(sql`status = 'invited'`),
    index('consultant_access_organization_idx').on(table.organizationId, table.createdAt, table.id),
    index('consultant_access_consultant_idx').on(table.consultantUserId, table.status),
    tenantIsolationPolicy(sql`consultant_user_id = ${currentUserId}`),
  ],
);
