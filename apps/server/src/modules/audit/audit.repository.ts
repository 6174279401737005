import { tenantDb } from '../../db/scope.js';
import { publishDomainEvent } from '../../events/domain-events.js';
import { auditEvents } from './audit.table.js';

export interface AuditEntry {
  actorUserId: string | null;
  action: string;
  targetType?: string;
  targetId?: string;
  summary?: Record<string, unknown>;
  ipAddress?: string | null;
  userAgent?: string | null;
}

export async function insertAuditEvent(organizationId: string, entry: AuditEntry): Promise<void> {
  await tenantDb(organizationId)
    .insert(auditEvents)
    .values({
      organizationId,
      actorUserId: entry.actorUserId,
      action: entry.action,
      targetType: entry.targetType ?? null,
      targetId: entry.targetId ?? null,
      summary: entry.summary ?? null,
      ipAddress: entry.ipAddress ?? null,
      userAgent: entry.userAgent?.slice(0, 500) ?? null,
    });
  // Every change is audited in its own transaction: the one place that sees them all, told as they commit.
  await publishDomainEvent(organizationId, {
    type: entry.action,
    subjectType: entry.targetType ?? null,
    subjectId: entry.targetId ?? null,
    actorUserId: entry.actorUserId,
    data: entry.summary ?? {},
    occurredAt: new Date(),
  });
}
