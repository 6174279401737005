import { bigint, boolean, index, integer, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, primaryId, timestampColumn, updatedAt } from '../../db/table-helpers.js';
import { personColumn } from '../people/people.table.js';

/**
 * A person's TOTP secret, encrypted with a key derived from the server secret. `enabledAt` is null
 * while an enrolment waits for its first code; `lastUsedStep` makes every code work once.
 */
export const userTwoFactor = pgTable('user_two_factor', {
  userId: personColumn('user_id').primaryKey(),
  secretCiphertext: text('secret_ciphertext').notNull(),
  enabledAt: timestampColumn('enabled_at'),
  lastUsedStep: bigint('last_used_step', { mode: 'number' }),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/** Ten single-use codes for a lost phone, stored as SHA-256 (they are random, not chosen by people). */
export const twoFactorRecoveryCodes = pgTable(
  'two_factor_recovery_codes',
  {
    id: primaryId(),
    userId: personColumn('user_id'),
    codeHash: text('code_hash').notNull(),
    usedAt: timestampColumn('used_at'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('two_factor_recovery_codes_user_code_key').on(table.userId, table.codeHash)],
);

/**
 * The step between a correct password and the code: an opaque token (stored hashed) that lives a few
 * minutes, dies after a few wrong codes and is consumed by the sign-in it completes.
 */
export const twoFactorChallenges = pgTable(
  'two_factor_challenges',
  {
    id: primaryId(),
    userId: personColumn('user_id'),
    tokenHash: text('token_hash').notNull(),
    rememberMe: boolean('remember_me').notNull().default(false),
    failedAttempts: integer('failed_attempts').notNull().default(0),
    expiresAt: timestampColumn('expires_at').notNull(),
    usedAt: timestampColumn('used_at'),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('two_factor_challenges_token_hash_key').on(table.tokenHash),
    index('two_factor_challenges_user_idx').on(table.userId),
  ],
);
