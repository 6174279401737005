import { z } from 'zod';
import { isoDateTimeSchema, pageOf, pageQuerySchema, uuidSchema, versionSchema } from './common.js';
import { DOCUMENT_MIME_TYPES } from './documents.js';
import { todoDateSchema } from './todos.js';

export const PRIORITY_TITLE_MAX = 300;
export const PRIORITY_DESCRIPTION_MAX = 10_000;
export const PRIORITY_OWNERS_MAX = 50;
export const PRIORITY_UPDATE_COMMENT_MAX = 5_000;
export const MILESTONE_TITLE_MAX = 300;
/** A team's quarter is bounded: beyond this the list says it was cut rather than paging. */
export const PRIORITY_LIST_MAX = 500;
export const MILESTONES_PER_PRIORITY_MAX = 200;
export const PRIORITY_ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
/** What a document may be, plus zip archives; decided by the bytes, so an executable is refused whatever its name. */
export const PRIORITY_ATTACHMENT_MIME_TYPES = [...DOCUMENT_MIME_TYPES, 'application/zip'] as const;
/** How many quarters after the current one the planning view shows. */
export const PLANNING_QUARTERS = 3;

export const priorityScopeSchema = z.enum(['company', 'team', 'individual']);
export type PriorityScope = z.infer<typeof priorityScopeSchema>;
export const priorityStatusSchema = z.enum(['on_track', 'off_track', 'complete', 'not_complete']);
export type PriorityStatus = z.infer<typeof priorityStatusSchema>;
export const progressTypeSchema = z.enum(['status', 'milestones', 'numeric']);
export type ProgressType = z.infer<typeof progressTypeSchema>;

export const fiscalYearSchema = z.coerce
  .number()
  .int()
  .min(1900, { error: 'The year must be 1900 or later' })
  .max(9999, { error: 'The year must be in or before 9999' });
export const quarterNumberSchema = z.coerce
  .number()
  .int()
  .min(1, { error: 'The quarter is 1 to 4' })
  .max(4, { error: 'The quarter is 1 to 4' });

const numberSchema = z
  .number()
  .finite()
  .min(-1e12, { error: 'The number is too small' })
  .max(1e12, { error: 'The number is too large' });

const personSchema = z.object({ id: uuidSchema, name: z.string() });

export const milestoneSchema = z.object({
  id: uuidSchema,
  priorityId: uuidSchema,
  title: z.string(),
  dueDate: z.string().nullable(),
  ownerId: uuidSchema,
  owner: personSchema,
  done: z.boolean(),
  doneAt: isoDateTimeSchema.nullable(),
  position: z.number().int(),
  version: versionSchema,
});
export type Milestone = z.infer<typeof milestoneSchema>;

export const prioritySchema = z.object({
  id: uuidSchema,
  title: z.string(),
  description: z.string(),
  ownerId: uuidSchema,
  owner: personSchema,
  teamId: uuidSchema,
  scope: priorityScopeSchema,
  year: z.number().int(),
  quarter: z.number().int().min(1).max(4),
  dueDate: z.string(),
  status: priorityStatusSchema,
  progressType: progressTypeSchema,
  numericStart: z.number().nullable(),
  numericTarget: z.number().nullable(),
  numericCurrent: z.number().nullable(),
  unit: z.string().nullable(),
  progress: z.number().int().min(0).max(100),
  milestoneCount: z.number().int(),
  milestonesDone: z.number().int(),
  milestones: z.array(milestoneSchema),
  groupId: uuidSchema.nullable(),
  /** The annual goal it serves (alignment); null: none named. */
  annualGoalId: uuidSchema.nullable(),
  completedAt: isoDateTimeSchema.nullable(),
  archivedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  version: versionSchema,
});
export type Priority = z.infer<typeof prioritySchema>;

/** Progress in whole percent, the same on server and client. */
export function priorityProgress(input: {
  status: PriorityStatus;
  progressType: ProgressType;
  milestoneCount: number;
  milestonesDone: number;
  numericStart: number | null;
  numericTarget: number | null;
  numericCurrent: number | null;
}): number {
  if (input.progressType === 'milestones') {
    return input.milestoneCount === 0 ? 0 : Math.round((input.milestonesDone / input.milestoneCount) * 100);
  }
  if (input.progressType === 'numeric') {
    const { numericStart: start, numericTarget: target, numericCurrent: current } = input;
    if (start === null || target === null || current === null || target === start) {
      return target !== null && current !== null && target === start && current >= target ? 100 : 0;
    }
    const ratio = ((current - start) / (target - start)) * 100;
    return Math.round(Math.min(100, Math.max(0, ratio)));
  }
  return input.status === 'complete' ? 100 : 0;
}

const titleSchema = z
  .string()
  .trim()
  .min(1, { error: 'Title is required' })
  .max(PRIORITY_TITLE_MAX, { error: `Title must be at most ${PRIORITY_TITLE_MAX} characters` });
const descriptionSchema = z.string().max(PRIORITY_DESCRIPTION_MAX, {
  error: `Description must be at most ${PRIORITY_DESCRIPTION_MAX} characters`,
});
const unitSchema = z.string().trim().max(40, { error: 'The unit must be at most 40 characters' });

export const priorityParamsSchema = z.object({ organizationId: uuidSchema, id: uuidSchema });
export const milestoneParamsSchema = z.object({
  organizationId: uuidSchema,
  id: uuidSchema,
  milestoneId: uuidSchema,
});
export const attachmentParamsSchema = z.object({
  organizationId: uuidSchema,
  id: uuidSchema,
  attachmentId: uuidSchema,
});

const numericFields = {
  numericStart: numberSchema.nullable().optional(),
  numericTarget: numberSchema.nullable().optional(),
  numericCurrent: numberSchema.nullable().optional(),
  unit: unitSchema.nullable().optional(),
};

/** One priority per owner; they share nothing but the fields given here (and a group id). */
export const createPriorityRequestSchema = z
  .strictObject({
    title: titleSchema,
    description: descriptionSchema.optional(),
    ownerIds: z
      .array(uuidSchema)
      .min(1, { error: 'Choose at least one owner' })
      .max(PRIORITY_OWNERS_MAX, { error: `Choose at most ${PRIORITY_OWNERS_MAX} owners` }),
    teamId: uuidSchema,
    scope: priorityScopeSchema.optional(),
    year: fiscalYearSchema.optional(),
    quarter: quarterNumberSchema.optional(),
    dueDate: todoDateSchema.optional(),
    progressType: progressTypeSchema.optional(),
    annualGoalId: uuidSchema.nullable().optional(),
    ...numericFields,
  })
  .refine((value) => (value.year === undefined) === (value.quarter === undefined), {
    error: 'Give both the year and the quarter, or neither',
    path: ['quarter'],
  })
  .refine((value) => value.progressType !== 'numeric' || (value.numericTarget ?? null) !== null, {
    error: 'A numeric priority needs a target',
    path: ['numericTarget'],
  });
export type CreatePriorityRequest = z.infer<typeof createPriorityRequestSchema>;

export const updatePriorityRequestSchema = z.strictObject({
  version: versionSchema,
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  ownerId: uuidSchema.optional(),
  teamId: uuidSchema.optional(),
  scope: priorityScopeSchema.optional(),
  year: fiscalYearSchema.optional(),
  quarter: quarterNumberSchema.optional(),
  dueDate: todoDateSchema.optional(),
  progressType: progressTypeSchema.optional(),
  annualGoalId: uuidSchema.nullable().optional(),
  ...numericFields,
});
export type UpdatePriorityRequest = z.infer<typeof updatePriorityRequestSchema>;

export const priorityVersionRequestSchema = z.strictObject({ version: versionSchema });
export const priorityStatusRequestSchema = z.strictObject({ version: versionSchema, status: priorityStatusSchema });
export type PriorityStatusRequest = z.infer<typeof priorityStatusRequestSchema>;

const booleanQuery = z
  .enum(['true', 'false'])
  .optional()
  .transform((value) => value === 'true');

export const listPrioritiesQuerySchema = z
  .strictObject({
    teamId: uuidSchema,
    year: fiscalYearSchema.optional(),
    quarter: quarterNumberSchema.optional(),
    planning: booleanQuery,
    includeArchived: booleanQuery,
    ownerId: uuidSchema.optional(),
  })
  .refine((value) => (value.year === undefined) === (value.quarter === undefined), {
    error: 'Give both the year and the quarter, or neither',
    path: ['quarter'],
  });
export type ListPrioritiesQuery = z.infer<typeof listPrioritiesQuerySchema>;

/** Bounded rather than paged: a team's quarter is small; `truncated` says when the bound was hit. */
export const priorityListSchema = z.object({
  data: z.array(prioritySchema),
  truncated: z.boolean(),
});
export type PriorityList = z.infer<typeof priorityListSchema>;
export const priorityCreatedSchema = z.object({ data: z.array(prioritySchema) });

/** Closing a quarter that is over: what was not completed is marked so, and the quarter is archived. */
export const closeQuarterRequestSchema = z.strictObject({
  teamId: uuidSchema,
  year: fiscalYearSchema,
  quarter: quarterNumberSchema,
});
export type CloseQuarterRequest = z.infer<typeof closeQuarterRequestSchema>;
export const closedQuarterSchema = z.object({
  data: z.object({
    closed: z.number().int().describe('Priorities archived'),
    notComplete: z.number().int().describe('Of those, marked not complete'),
  }),
});
export type ClosedQuarter = z.infer<typeof closedQuarterSchema>['data'];

export const createMilestoneRequestSchema = z.strictObject({
  title: titleSchema,
  dueDate: todoDateSchema.nullable().optional(),
  ownerId: uuidSchema.optional(),
});
export type CreateMilestoneRequest = z.infer<typeof createMilestoneRequestSchema>;

export const updateMilestoneRequestSchema = z.strictObject({
  version: versionSchema,
  title: titleSchema.optional(),
  dueDate: todoDateSchema.nullable().optional(),
  ownerId: uuidSchema.optional(),
  done: z.boolean().optional(),
});
export type UpdateMilestoneRequest = z.infer<typeof updateMilestoneRequestSchema>;

export const reorderMilestonesRequestSchema = z.strictObject({
  ids: z.array(uuidSchema).min(1, { error: 'Give the milestones in their new order' }).max(MILESTONES_PER_PRIORITY_MAX),
});
export type ReorderMilestonesRequest = z.infer<typeof reorderMilestonesRequestSchema>;

export const priorityUpdateSchema = z.object({
  id: uuidSchema,
  priorityId: uuidSchema,
  weekStart: z.string(),
  status: priorityStatusSchema,
  comment: z.string(),
  author: personSchema,
  createdAt: isoDateTimeSchema,
});
export type PriorityUpdate = z.infer<typeof priorityUpdateSchema>;

export const createPriorityUpdateRequestSchema = z.strictObject({
  status: priorityStatusSchema,
  comment: z
    .string()
    .max(PRIORITY_UPDATE_COMMENT_MAX, {
      error: `The comment must be at most ${PRIORITY_UPDATE_COMMENT_MAX} characters`,
    })
    .optional(),
  weekStart: todoDateSchema.optional(),
});
export type CreatePriorityUpdateRequest = z.infer<typeof createPriorityUpdateRequestSchema>;
export const priorityUpdatesQuerySchema = z.strictObject({ ...pageQuerySchema.shape });
export const priorityUpdatePageSchema = pageOf(priorityUpdateSchema);
export type PriorityUpdatePage = z.infer<typeof priorityUpdatePageSchema>;

export const priorityAttachmentSchema = z.object({
  id: uuidSchema,
  priorityId: uuidSchema,
  fileName: z.string(),
  mimeType: z.string(),
  size: z.number().int(),
  uploadedBy: personSchema,
  createdAt: isoDateTimeSchema,
});
export type PriorityAttachment = z.infer<typeof priorityAttachmentSchema>;
export const priorityAttachmentListSchema = z.object({ data: z.array(priorityAttachmentSchema) });

export const fiscalQuarterInfoSchema = z.object({
  year: z.number().int(),
  quarter: z.number().int().min(1).max(4),
  start: z.string(),
  end: z.string(),
  current: z.boolean(),
});
export type FiscalQuarterInfo = z.infer<typeof fiscalQuarterInfoSchema>;
export const fiscalQuartersSchema = z.object({
  data: z.object({ fiscalYearStartMonth: z.number().int(), quarters: z.array(fiscalQuarterInfoSchema) }),
});
export type FiscalQuarters = z.infer<typeof fiscalQuartersSchema>['data'];
