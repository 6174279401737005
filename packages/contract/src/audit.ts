import { z } from 'zod';
import { isoDateTimeSchema, pageInfoSchema, pageQuerySchema, uuidSchema } from './common.js';

/** The CSV export stops here: a bigger log is exported in date ranges. */
export const AUDIT_EXPORT_MAX_ROWS = 100_000;

const dayPattern = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day in the organization's timezone; `from` and `to` both include their whole day. */
const daySchema = z
  .string()
  .regex(dayPattern, { error: 'Use a date in the form YYYY-MM-DD' })
  .refine(
    (value) => {
      const date = new Date(`${value}T00:00:00Z`);
      return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
    },
    { error: 'This date does not exist' },
  );

const filterShape = {
  actorId: uuidSchema.optional(),
  action: z
    .string()
    .max(100)
    .regex(/^[a-z0-9_.-]+$/, { error: 'Unknown action' })
    .optional(),
  from: daySchema.optional(),
  to: daySchema.optional(),
};

const fromBeforeTo = (value: { from?: string | undefined; to?: string | undefined }) =>
  value.from === undefined || value.to === undefined || value.from <= value.to;
const rangeError = { error: 'The start date must be on or before the end date', path: ['to'] };

/** The filters of `/admin/user-activity`, shared by the page of events and the CSV export. */
export const auditEventFilterSchema = z.strictObject(filterShape).refine(fromBeforeTo, rangeError);
export type AuditEventFilter = z.infer<typeof auditEventFilterSchema>;

export const auditEventListQuerySchema = z
  .strictObject({ ...pageQuerySchema.shape, ...filterShape })
  .refine(fromBeforeTo, rangeError);
export type AuditEventListQuery = z.input<typeof auditEventListQuerySchema>;

export const auditActorSchema = z.object({ id: uuidSchema, name: z.string(), email: z.string() });

export const auditEventSchema = z.object({
  id: uuidSchema,
  at: isoDateTimeSchema,
  /** Null for events without a person (a system job); a consultant acting in a client is named as themselves. */
  actor: auditActorSchema.nullable(),
  action: z.string(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  summary: z.record(z.string(), z.unknown()).nullable(),
  ipAddress: z.string().nullable(),
  userAgent: z.string().nullable(),
});
export type AuditEvent = z.infer<typeof auditEventSchema>;

export const auditEventPageSchema = z.object({ data: z.array(auditEventSchema), page: pageInfoSchema });
export type AuditEventPage = z.infer<typeof auditEventPageSchema>;

/** The action names recorded in the organization so far, for the filter. */
export const auditActionsSchema = z.object({ data: z.array(z.string()) });
