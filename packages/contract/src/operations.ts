import { z } from 'zod';
import { isoDateTimeSchema, pageInfoSchema, pageQuerySchema, uuidSchema } from './common.js';

/**
 * Background work the server does after a change commits. The kind names what the job does; the
 * web shows its label. Kinds without an organization (account mails, backups) never show on
 * `/admin/failed-operations`.
 */
export const JOB_KINDS = [
  'mail.deliver',
  'database.backup',
  'scorecard.reminders',
  'processes.review-reminders',
  'storage.move',
  'webhooks.deliver',
  'data.export',
  'data.import',
  'analytics.forward',
  'chat.post',
  'billing.stripe-event',
  'billing.trial-reminders',
  'meetings.recap-draft',
] as const;
export const jobKindSchema = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof jobKindSchema>;

/** How many failed operations one retry or discard may name. */
export const FAILED_OPERATIONS_BATCH_MAX = 100;

/** `failed`: waits for an admin; `retrying`: sent back to the queue and not finished yet. */
export const failedOperationStatusSchema = z.enum(['failed', 'retrying']);

export const failedOperationSchema = z.object({
  id: uuidSchema,
  kind: jobKindSchema,
  /** What the job was for, in words (e.g. "Invitation mail to ana@example.com"); never a secret. */
  description: z.string(),
  /** Attempts made so far, over every retry. */
  attempts: z.number().int().min(0),
  /** The last error, shortened and without secrets. */
  lastError: z.string(),
  failedAt: isoDateTimeSchema,
  status: failedOperationStatusSchema,
});
export type FailedOperation = z.infer<typeof failedOperationSchema>;

export const failedOperationListQuerySchema = z.strictObject({
  ...pageQuerySchema.shape,
  kind: jobKindSchema.optional(),
});
export type FailedOperationListQuery = z.input<typeof failedOperationListQuerySchema>;

export const failedOperationPageSchema = z.object({ data: z.array(failedOperationSchema), page: pageInfoSchema });
export type FailedOperationPage = z.infer<typeof failedOperationPageSchema>;

export const failedOperationCountsSchema = z.object({
  total: z.number().int().min(0),
  retrying: z.number().int().min(0),
  kinds: z.array(z.object({ kind: jobKindSchema, count: z.number().int().min(0) })),
});
export type FailedOperationCounts = z.infer<typeof failedOperationCountsSchema>;

/** Retry or discard: one or many, by id. */
export const failedOperationsActionSchema = z.strictObject({
  ids: z
    .array(uuidSchema)
    .min(1, { error: 'Choose at least one operation' })
    .max(FAILED_OPERATIONS_BATCH_MAX, { error: `Choose at most ${FAILED_OPERATIONS_BATCH_MAX} operations at once` }),
});
export type FailedOperationsAction = z.infer<typeof failedOperationsActionSchema>;

export const failedOperationsActionResultSchema = z.object({ count: z.number().int().min(0) });
export type FailedOperationsActionResult = z.infer<typeof failedOperationsActionResultSchema>;

/** Green: fine. Amber: works, but needs attention soon. Red: broken now. */
export const healthLevelSchema = z.enum(['green', 'amber', 'red']);
export type HealthLevel = z.infer<typeof healthLevelSchema>;

const healthPart = { level: healthLevelSchema, reason: z.string() };

export const systemHealthSchema = z.object({
  checkedAt: isoDateTimeSchema,
  version: z.string(),
  uptimeSeconds: z.number().int().min(0),
  database: z.object({
    ...healthPart,
    reachable: z.boolean(),
    latencyMs: z.number().min(0).nullable(),
    kind: z.enum(['embedded', 'postgresql']),
    sizeBytes: z.number().int().min(0).nullable(),
  }),
  mail: z.object({
    ...healthPart,
    mode: z.enum(['smtp', 'logged']),
    lastDeliveryAt: isoDateTimeSchema.nullable(),
    queued: z.number().int().min(0),
    failed: z.number().int().min(0),
  }),
  jobs: z.object({
    ...healthPart,
    /** Jobs waiting to run (queued or waiting for a retry). */
    depth: z.number().int().min(0),
    oldestWaitingAt: isoDateTimeSchema.nullable(),
    failed: z.number().int().min(0),
  }),
  storage: z.object({
    ...healthPart,
    freeBytes: z.number().int().min(0).nullable(),
    totalBytes: z.number().int().min(0).nullable(),
  }),
  /** Backups of the embedded database; a PostgreSQL server is backed up by its own operator. */
  backups: z.object({
    ...healthPart,
    applies: z.boolean(),
    lastBackupAt: isoDateTimeSchema.nullable(),
    kept: z.number().int().min(0),
  }),
  realtime: z.object({ ...healthPart, connections: z.number().int().min(0) }),
});
export type SystemHealth = z.infer<typeof systemHealthSchema>;

/** Public readiness for load balancers: 200 when the database answers, 503 when not. */
export const readinessSchema = z.object({ status: z.literal('ready'), database: z.literal('ok') });

export const ISOLATION_CHECKS = ['app_role_cannot_bypass', 'tables_force_rls', 'other_tenant_sees_nothing'] as const;
export const isolationCheckKeySchema = z.enum(ISOLATION_CHECKS);

export const isolationCheckSchema = z.object({
  key: isolationCheckKeySchema,
  passed: z.boolean(),
  /** What was tried and what came back, in words. */
  detail: z.string(),
  ranAt: isoDateTimeSchema,
  durationMs: z.number().min(0),
});
export type IsolationCheck = z.infer<typeof isolationCheckSchema>;

/** A request refused because it named another organization (seen by this server process since it started). */
export const tenantRefusalSchema = z.object({
  at: isoDateTimeSchema,
  method: z.string(),
  /** The route pattern, never the ids in it. */
  route: z.string(),
  /** `outgoing`: someone of this organization named another one; `incoming`: someone elsewhere named this one. */
  direction: z.enum(['outgoing', 'incoming']),
});
export type TenantRefusal = z.infer<typeof tenantRefusalSchema>;

export const dataIsolationReportSchema = z.object({
  ranAt: isoDateTimeSchema,
  passed: z.boolean(),
  checks: z.array(isolationCheckSchema),
  /** Tenant tables checked, and this organization's rows in them (what the other scope must not see). */
  tablesChecked: z.number().int().min(0),
  rowsProtected: z.number().int().min(0),
  refusals: z.array(tenantRefusalSchema),
});
export type DataIsolationReport = z.infer<typeof dataIsolationReportSchema>;

/** The live figures on `/admin/tools`. */
export const adminToolFiguresSchema = z.object({
  activeMembers: z.number().int().min(0),
  pendingInvitations: z.number().int().min(0),
  failedOperations: z.number().int().min(0),
  teams: z.number().int().min(0),
});
export type AdminToolFigures = z.infer<typeof adminToolFiguresSchema>;
