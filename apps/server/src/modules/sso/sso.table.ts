import { index, pgTable, text, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, timestampColumn } from '../../db/table-helpers.js';
import { personColumn } from '../people/people.table.js';

/**
 * An identity-provider account linked to a Keel person. Sign-in matches on (provider, subject) only:
 * the e-mail an identity provider reports is never enough to reach an account.
 */
export const userIdentities = pgTable(
  'user_identities',
  {
    id: primaryId(),
    provider: text('provider', { enum: ['google', 'microsoft'] }).notNull(),
    subject: text('subject').notNull(),
    userId: personColumn('user_id'),
    /** What the provider said at linking time, shown to the person; never used for matching. */
    email: text('email'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('user_identities_provider_subject_key').on(table.provider, table.subject),
    uniqueIndex('user_identities_user_provider_key').on(table.userId, table.provider),
  ],
);

/**
 * One started authorization request: its state (stored hashed), nonce and PKCE verifier. Kept in the
 * database so any server process can finish a flow another one started; `used_at` makes it single-use.
 */
export const ssoStates = pgTable(
  'sso_states',
  {
    id: primaryId(),
    stateHash: text('state_hash').notNull(),
    provider: text('provider', { enum: ['google', 'microsoft'] }).notNull(),
    nonce: text('nonce').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    /** Set when a signed-in person links an identity; empty for a sign-in. */
    linkUserId: uuid('link_user_id'),
    linkOrganizationId: uuid('link_organization_id'),
    expiresAt: timestampColumn('expires_at').notNull(),
    usedAt: timestampColumn('used_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('sso_states_state_hash_key').on(table.stateHash),
    index('sso_states_expires_idx').on(table.expiresAt),
  ],
);
