import { sql } from 'drizzle-orm';
import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { primaryId, tenantIsolationPolicy, timestampColumn, versionedTimestamps } from '../../db/table-helpers.js';
import { organizationColumn } from '../people/people.table.js';

/**
 * The SHA-256 of an invitation link's token, set by the public accept page for one transaction: the
 * only way a row is read outside its organization's scope (the link's holder knows the secret).
 */
export const currentInvitationTokenHash = sql`nullif(current_setting('app.invitation_token_hash', true), '')`;

export const invitations = pgTable(
  'invitations',
  {
    id: primaryId(),
    organizationId: organizationColumn(),
    email: text('email').notNull(),
    role: text('role', { enum: ['owner', 'admin', 'member', 'observer'] }).notNull(),
    teamIds: uuid('team_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    tokenHash: text('token_hash').notNull(),
    // The inviter may leave; the invitation stays valid and its audit row names them.
    invitedById: uuid('invited_by_id'),
    expiresAt: timestampColumn('expires_at').notNull(),
    acceptedAt: timestampColumn('accepted_at'),
    revokedAt: timestampColumn('revoked_at'),
    ...versionedTimestamps(),
  },
  (table) => [
    uniqueIndex('invitations_token_hash_key').on(table.tokenHash),
    // One open invitation per address: a second invite of the same person is a resend, not a new row.
    uniqueIndex('invitations_open_email_key')
      .on(table.organizationId, sql`lower(${table.email})`)
      .where(sql`accepted_at is null and revoked_at is null`),
    index('invitations_organization_idx').on(table.organizationId, table.createdAt, table.id),
    tenantIsolationPolicy(sql`token_hash = ${currentInvitationTokenHash}`),
  ],
);
