import { and, eq, gt, isNotNull, isNull, lte, or, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { uiStates, userPreferences } from './preferences.table.js';

export type PreferencesRow = typeof userPreferences.$inferSelect;
export type PreferencesChanges = Partial<Pick<PreferencesRow, 'defaultTeamId' | 'scorecardRtl' | 'scorecardShowTotal'>>;
export type UiStateRow = typeof uiStates.$inferSelect;

export async function findPreferences(organizationId: string, userId: string): Promise<PreferencesRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(userPreferences)
    .where(and(eq(userPreferences.organizationId, organizationId), eq(userPreferences.userId, userId)));
  return row;
}

export async function upsertPreferences(
  organizationId: string,
  userId: string,
  changes: PreferencesChanges,
): Promise<PreferencesRow> {
  const [row] = await tenantDb(organizationId)
    .insert(userPreferences)
    .values({ organizationId, userId, ...changes })
    .onConflictDoUpdate({
      target: [userPreferences.organizationId, userPreferences.userId],
      set: { ...changes, updatedAt: new Date() },
    })
    .returning();
  if (!row) throw new Error('preferences upsert returned nothing');
  return row;
}

const ownKey = (organizationId: string, userId: string, key: string) =>
  and(eq(uiStates.organizationId, organizationId), eq(uiStates.userId, userId), eq(uiStates.key, key));

/** An expired entry is as good as absent, whether or not it has been swept yet. */
export async function findUiState(
  organizationId: string,
  userId: string,
  key: string,
  now: Date,
): Promise<UiStateRow | undefined> {
  const [row] = await tenantDb(organizationId)
    .select()
    .from(uiStates)
    .where(and(ownKey(organizationId, userId, key), or(isNull(uiStates.expiresAt), gt(uiStates.expiresAt, now))));
  return row;
}

export async function upsertUiState(
  organizationId: string,
  userId: string,
  key: string,
  values: { stateValue: unknown; expiresAt: Date | null; now: Date },
): Promise<UiStateRow> {
  // A JSON null is a value worth keeping; the driver would turn it into SQL NULL, which the column refuses.
  const stateValue = values.stateValue === null ? sql`'null'::jsonb` : values.stateValue;
  const [row] = await tenantDb(organizationId)
    .insert(uiStates)
    .values({ organizationId, userId, key, stateValue, expiresAt: values.expiresAt, updatedAt: values.now })
    .onConflictDoUpdate({
      target: [uiStates.organizationId, uiStates.userId, uiStates.key],
      set: { stateValue, expiresAt: values.expiresAt, updatedAt: values.now },
    })
    .returning();
  if (!row) throw new Error('ui state upsert returned nothing');
  return row;
}

export async function deleteUiState(organizationId: string, userId: string, key: string): Promise<void> {
  await tenantDb(organizationId)
    .delete(uiStates)
    .where(ownKey(organizationId, userId, key));
}

/** Sweeps one person's expired entries; called on their writes so the table never grows unbounded. */
export async function deleteExpiredUiStates(organizationId: string, userId: string, now: Date): Promise<void> {
  await tenantDb(organizationId)
    .delete(uiStates)
    .where(
      and(
        eq(uiStates.organizationId, organizationId),
        eq(uiStates.userId, userId),
        isNotNull(uiStates.expiresAt),
        lte(uiStates.expiresAt, now),
      ),
    );
}
