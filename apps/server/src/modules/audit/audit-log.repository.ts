// The audit log as /admin/user-activity reads it (the user-activity module's use cases call these).
import type { AuditEventFilter } from '@keel/contract';
import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { tenantDb } from '../../db/scope.js';
import { newestFirstAfter, preciseTimestamp } from '../../http/pagination.js';
import { organizationTimezoneSql, personView } from '../people/index.js';
import { auditEvents } from './audit.table.js';

/**
 * The filter as SQL. Days are the organization's own (its timezone), turned into instants once per
 * statement (an uncorrelated sub-select), so the (organization, …, created_at) indexes still serve.
 */
function conditions(organizationId: string, filter: AuditEventFilter): SQL[] {
  const zone = organizationTimezoneSql(organizationId);
  const where: SQL[] = [eq(auditEvents.organizationId, organizationId)];
  if (filter.actorId) where.push(eq(auditEvents.actorUserId, filter.actorId));
  if (filter.action) where.push(eq(auditEvents.action, filter.action));
  if (filter.from) where.push(sql`${auditEvents.createdAt} >= (${filter.from}::date::timestamp at time zone ${zone})`);
  if (filter.to) where.push(sql`${auditEvents.createdAt} < ((${filter.to}::date + 1)::timestamp at time zone ${zone})`);
  return where;
}

const actor = personView('actor');

export type AuditRow = Awaited<ReturnType<typeof listAuditEvents>>[number];

/** Newest first, `limit` rows after the keyset position `after`; the actor's name in the same statement. */
export async function listAuditEvents(
  organizationId: string,
  filter: AuditEventFilter,
  limit: number,
  after?: readonly [string, string],
) {
  const where = conditions(organizationId, filter);
  if (after) where.push(newestFirstAfter(auditEvents.createdAt, auditEvents.id, after));
  return tenantDb(organizationId)
    .select({
      id: auditEvents.id,
      position: preciseTimestamp(auditEvents.createdAt),
      createdAt: auditEvents.createdAt,
      actorUserId: auditEvents.actorUserId,
      actorEmail: actor.email,
      actorFirstName: actor.firstName,
      actorLastName: actor.lastName,
      action: auditEvents.action,
      targetType: auditEvents.targetType,
      targetId: auditEvents.targetId,
      summary: auditEvents.summary,
      ipAddress: auditEvents.ipAddress,
      userAgent: auditEvents.userAgent,
    })
    .from(auditEvents)
    .leftJoin(actor, eq(actor.id, auditEvents.actorUserId))
    .where(and(...where))
    .orderBy(desc(auditEvents.createdAt), desc(auditEvents.id))
    .limit(limit);
}

/** Every action name recorded in the organization, for the filter (served by the action index). */
export async function listAuditActions(organizationId: string): Promise<string[]> {
  const rows = await tenantDb(organizationId)
    .selectDistinct({ action: auditEvents.action })
    .from(auditEvents)
    .where(eq(auditEvents.organizationId, organizationId))
    .orderBy(auditEvents.action);
  return rows.map((row) => row.action);
}
