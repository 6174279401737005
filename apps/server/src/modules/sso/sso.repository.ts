import { and, eq, isNull, lt } from 'drizzle-orm';
import type { SsoProvider } from '@keel/contract';
import { accountDb } from '../../db/scope.js';
import { ssoStates, userIdentities } from './sso.table.js';

export type SsoStateRow = typeof ssoStates.$inferSelect;
export type IdentityRow = typeof userIdentities.$inferSelect;

export async function insertState(values: typeof ssoStates.$inferInsert): Promise<void> {
  await accountDb().insert(ssoStates).values(values);
}

/** Old rows are swept when new flows start, so the table stays as small as the traffic of an hour. */
export async function deleteStatesExpiredBefore(cutoff: Date): Promise<void> {
  await accountDb().delete(ssoStates).where(lt(ssoStates.expiresAt, cutoff));
}

export async function findStateForUpdate(stateHash: string): Promise<SsoStateRow | undefined> {
  const [row] = await accountDb().select().from(ssoStates).where(eq(ssoStates.stateHash, stateHash)).for('update');
  return row;
}

/** Claims the state; only one of two racing callbacks gets a row back. */
export async function markStateUsed(id: string, at: Date): Promise<boolean> {
  const rows = await accountDb()
    .update(ssoStates)
    .set({ usedAt: at })
    .where(and(eq(ssoStates.id, id), isNull(ssoStates.usedAt)))
    .returning({ id: ssoStates.id });
  return rows.length === 1;
}

export async function findIdentity(provider: SsoProvider, subject: string): Promise<IdentityRow | undefined> {
  const [row] = await accountDb()
    .select()
    .from(userIdentities)
    .where(and(eq(userIdentities.provider, provider), eq(userIdentities.subject, subject)));
  return row;
}

/** Links, or replaces the person's earlier identity at the same provider. */
export async function upsertIdentity(values: {
  provider: SsoProvider;
  subject: string;
  userId: string;
  email: string | null;
}): Promise<void> {
  await accountDb()
    .insert(userIdentities)
    .values(values)
    .onConflictDoUpdate({
      target: [userIdentities.userId, userIdentities.provider],
      set: { subject: values.subject, email: values.email, createdAt: new Date() },
    });
}

export { findAccount } from '../people/index.js';
