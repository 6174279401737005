import { z } from 'zod';
import { isoDateTimeSchema, pageOf, pageQuerySchema, uuidSchema, versionSchema } from './common.js';

export const PROCESS_TITLE_MAX = 200;
export const PROCESS_STEP_TITLE_MAX = 200;
/** A step's rich text, as sanitised HTML. Bounded so a pasted document cannot become one step. */
export const PROCESS_STEP_BODY_MAX = 20_000;
export const PROCESS_STEPS_MAX = 100;
export const PROCESS_SUBSTEPS_MAX = 50;

const stepTitleSchema = z
  .string()
  .trim()
  .min(1, { error: 'Each step needs a title' })
  .max(PROCESS_STEP_TITLE_MAX, { error: `A step's title must be at most ${PROCESS_STEP_TITLE_MAX} characters` });
const stepBodySchema = z
  .string()
  .max(PROCESS_STEP_BODY_MAX, { error: `A step's text must be at most ${PROCESS_STEP_BODY_MAX} characters` });

export const processSubStepSchema = z.object({
  id: z.string().min(1).max(64),
  title: stepTitleSchema,
  body: stepBodySchema,
});
export type ProcessSubStep = z.infer<typeof processSubStepSchema>;

/** One step of a process: a title, its rich text, and its own ordered sub-steps. */
export const processStepSchema = z.object({
  id: z.string().min(1).max(64),
  title: stepTitleSchema,
  body: stepBodySchema,
  subSteps: z
    .array(processSubStepSchema)
    .max(PROCESS_SUBSTEPS_MAX, { error: `A step can have at most ${PROCESS_SUBSTEPS_MAX} sub-steps` }),
});
export type ProcessStep = z.infer<typeof processStepSchema>;

export const PROCESS_PURPOSE_MAX = 5000;
export const PROCESS_REVIEW_DAYS_DEFAULT = 90;
export const PROCESS_REVIEW_DAYS_MAX = 730;
export const PROCESS_SEARCH_MAX = 200;

export const PROCESS_STATUSES = ['draft', 'published', 'archived'] as const;
export const processStatusSchema = z.enum(PROCESS_STATUSES);
export type ProcessStatus = z.infer<typeof processStatusSchema>;

const processTitleSchema = z
  .string()
  .trim()
  .min(1, { error: 'A title is required' })
  .max(PROCESS_TITLE_MAX, { error: `The title must be at most ${PROCESS_TITLE_MAX} characters` });
const processPurposeSchema = z
  .string()
  .trim()
  .max(PROCESS_PURPOSE_MAX, { error: `The purpose must be at most ${PROCESS_PURPOSE_MAX} characters` });
const processStepsSchema = z
  .array(processStepSchema)
  .max(PROCESS_STEPS_MAX, { error: `A process can have at most ${PROCESS_STEPS_MAX} steps` });
const reviewEveryDaysSchema = z
  .number()
  .int({ error: 'Review every whole number of days' })
  .min(1, { error: 'Review at least every day' })
  .max(PROCESS_REVIEW_DAYS_MAX, { error: `Review at least every ${PROCESS_REVIEW_DAYS_MAX} days` });
const calendarDaySchema = z.string().regex(/^\d{4}-\d{2}-\d{2}$/);

export const processPersonSchema = z.object({ id: uuidSchema, name: z.string() });
export type ProcessPerson = z.infer<typeof processPersonSchema>;

/** Active members of the process's team who acknowledged its published version, of all its active members. */
export const processFollowingSchema = z.object({
  acknowledgedCount: z.number().int().min(0),
  memberCount: z.number().int().min(0),
  /** Whole percent; null while the process is not published or its team has no members. */
  percent: z.number().int().min(0).max(100).nullable(),
});
export type ProcessFollowing = z.infer<typeof processFollowingSchema>;

/** A process as lists show it: everything but its steps. */
export const processSummarySchema = z.object({
  id: uuidSchema,
  teamId: uuidSchema,
  team: processPersonSchema,
  ownerId: uuidSchema.nullable(),
  owner: processPersonSchema.nullable(),
  title: z.string(),
  purpose: z.string(),
  status: processStatusSchema,
  stepCount: z.number().int().min(0),
  /** The version members acknowledge; null while never published. */
  publishedVersion: z.number().int().min(1).nullable(),
  publishedAt: isoDateTimeSchema.nullable(),
  reviewEveryDays: z.number().int().min(1),
  /** The day the owner should look at it again (organization's calendar). */
  nextReviewOn: calendarDaySchema.nullable(),
  following: processFollowingSchema,
  /** Whether the person asking acknowledged the published version. */
  acknowledgedByMe: z.boolean(),
  version: versionSchema,
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
});
export type ProcessSummary = z.infer<typeof processSummarySchema>;

/** One person of the acknowledgement list: the team's members, and anyone else who acknowledged. */
export const processAcknowledgerSchema = z.object({
  id: uuidSchema,
  name: z.string(),
  inTeam: z.boolean(),
  /** When they acknowledged the published version; null: not (yet) that one. */
  acknowledgedAt: isoDateTimeSchema.nullable(),
});
export type ProcessAcknowledger = z.infer<typeof processAcknowledgerSchema>;

export const processSchema = processSummarySchema.extend({
  steps: z.array(processStepSchema),
  people: z.array(processAcknowledgerSchema),
  /** Whether the person asking may change it (admins, its owner, its team's members; never observers). */
  canEdit: z.boolean(),
});
export type Process = z.infer<typeof processSchema>;

export const createProcessRequestSchema = z.strictObject({
  teamId: uuidSchema,
  title: processTitleSchema,
  purpose: processPurposeSchema.optional(),
  /** Defaults to the person creating it. */
  ownerId: uuidSchema.nullable().optional(),
  steps: processStepsSchema.optional(),
  reviewEveryDays: reviewEveryDaysSchema.optional(),
});
export type CreateProcessRequest = z.infer<typeof createProcessRequestSchema>;

/** A save based on `version`; every save is kept as a version of its own. */
export const updateProcessRequestSchema = z.strictObject({
  version: versionSchema,
  teamId: uuidSchema.optional(),
  title: processTitleSchema.optional(),
  purpose: processPurposeSchema.optional(),
  ownerId: uuidSchema.nullable().optional(),
  steps: processStepsSchema.optional(),
  reviewEveryDays: reviewEveryDaysSchema.optional(),
});
export type UpdateProcessRequest = z.infer<typeof updateProcessRequestSchema>;

export const processVersionRequestSchema = z.strictObject({ version: versionSchema });
export type ProcessVersionRequest = z.infer<typeof processVersionRequestSchema>;

export const processListQuerySchema = pageQuerySchema.extend({
  teamId: uuidSchema.optional(),
  status: processStatusSchema.optional(),
  search: z
    .string()
    .trim()
    .max(PROCESS_SEARCH_MAX, { error: `Search at most ${PROCESS_SEARCH_MAX} characters` })
    .optional(),
});
export type ProcessListQuery = z.input<typeof processListQuerySchema>;

export const processPageSchema = pageOf(processSummarySchema);
export type ProcessPage = z.infer<typeof processPageSchema>;

export const processParamsSchema = z.object({ organizationId: uuidSchema, id: uuidSchema });
/** A version number in the path; anything that is not one names no version (404), like a number never saved. */
export const processVersionParamsSchema = z.object({
  organizationId: uuidSchema,
  id: uuidSchema,
  version: z.string().max(20),
});

export const processVersionSummarySchema = z.object({
  version: z.number().int().min(1),
  title: z.string(),
  status: processStatusSchema,
  createdAt: isoDateTimeSchema,
  createdBy: processPersonSchema.nullable(),
});
export type ProcessVersionSummary = z.infer<typeof processVersionSummarySchema>;

export const processVersionSchema = processVersionSummarySchema.extend({
  purpose: z.string(),
  steps: z.array(processStepSchema),
});
export type ProcessVersion = z.infer<typeof processVersionSchema>;

/** Newest first, at most this many (older ones stay stored). */
export const PROCESS_VERSIONS_LISTED = 200;
export const processVersionListSchema = z.array(processVersionSummarySchema);
