import { and, eq, sql } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { assistantSettings, assistantUsage } from './priority-assistant.table.js';

/** The organization's choice; absent until an administrator first saves it (off, version 1). */
export async function findAssistantSettings(organizationId: string) {
  const [row] = await tenantDb(organizationId)
    .select({ modelEnabled: assistantSettings.modelEnabled, version: assistantSettings.version })
    .from(assistantSettings)
    .where(eq(assistantSettings.organizationId, organizationId));
  return row ?? { modelEnabled: false, version: 1 };
}

/**
 * Saves the choice if the stored version is still `version` (a first save names 1, the version an absent row
 * reads as); returns the new version, or undefined when someone saved in between.
 */
export async function saveAssistantSettingsAtVersion(
  organizationId: string,
  version: number,
  modelEnabled: boolean,
): Promise<number | undefined> {
  const [row] = await tenantDb(organizationId)
    .insert(assistantSettings)
    .values({ organizationId, modelEnabled, version: version + 1 })
    .onConflictDoUpdate({
      target: assistantSettings.organizationId,
      set: { modelEnabled, version: sql`${assistantSettings.version} + 1`, updatedAt: new Date() },
      setWhere: eq(assistantSettings.version, version),
    })
    .returning({ version: assistantSettings.version });
  return row?.version;
}

export async function usedThisMonth(organizationId: string, month: string): Promise<number> {
  const [row] = await tenantDb(organizationId)
    .select({ requests: assistantUsage.requests })
    .from(assistantUsage)
    .where(and(eq(assistantUsage.organizationId, organizationId), eq(assistantUsage.month, month)));
  return row?.requests ?? 0;
}

/**
 * Counts one model request if the month's count is still under `cap`, in one statement (concurrent requests
 * cannot both take the last one); false when the cap is reached.
 */
export async function countModelRequestUnderCap(organizationId: string, month: string, cap: number): Promise<boolean> {
  if (cap <= 0) return false;
  const rows = await tenantDb(organizationId)
    .insert(assistantUsage)
    .values({ organizationId, month, requests: 1 })
    .onConflictDoUpdate({
      target: [assistantUsage.organizationId, assistantUsage.month],
      set: { requests: sql`${assistantUsage.requests} + 1`, updatedAt: new Date() },
      setWhere: sql`${assistantUsage.requests} < ${cap}`,
    })
    .returning({ requests: assistantUsage.requests });
  return rows.length > 0;
}
