import { boolean, index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, timestampColumn } from '../../db/table-helpers.js';
import { personColumn } from '../people/people.table.js';

/**
 * Opaque refresh tokens, stored hashed. Each sign-in starts a family; every refresh rotates within
 * it, and presenting an already-used token revokes the whole family (a stolen token is detected).
 */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: primaryId(),
    userId: personColumn('user_id'),
    organizationId: uuid('organization_id').notNull(),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    expiresAt: timestampColumn('expires_at').notNull(),
    usedAt: timestampColumn('used_at'),
    revokedAt: timestampColumn('revoked_at'),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('refresh_tokens_token_hash_key').on(table.tokenHash),
    index('refresh_tokens_family_idx').on(table.familyId),
    index('refresh_tokens_user_idx').on(table.userId),
  ],
);

export const passwordResetTokens = pgTable(
  'password_reset_tokens',
  {
    id: primaryId(),
    userId: personColumn('user_id'),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestampColumn('expires_at').notNull(),
    usedAt: timestampColumn('used_at'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('password_reset_tokens_token_hash_key').on(table.tokenHash)],
);

/** The legal acceptance record of the spec, kept per acceptance (registration or the blocking dialog). */
export const legalAcceptances = pgTable(
  'legal_acceptances',
  {
    id: primaryId(),
    userId: personColumn('user_id'),
    termsAccepted: boolean('terms_accepted').notNull(),
    privacyAccepted: boolean('privacy_accepted').notNull(),
    acceptedAt: timestampColumn('accepted_at').notNull(),
    version: text('version').notNull(),
    userAgent: text('user_agent'),
    ipAddress: text('ip_address'),
    createdAt: createdAt(),
  },
  (table) => [index('legal_acceptances_user_idx').on(table.userId, table.version)],
);
