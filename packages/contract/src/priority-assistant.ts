import { z } from 'zod';
import { uuidSchema } from './common.js';
import { MILESTONE_TITLE_MAX, PRIORITY_DESCRIPTION_MAX, PRIORITY_TITLE_MAX } from './priorities.js';
import { todoDateSchema } from './todos.js';

/**
 * The priority assistant (issue 18): a SMART check of a draft priority, milestones proposed for a priority, and
 * the alignment of a team's quarter with its annual goals. Two engines answer the same shapes: the offline one
 * (rules and text analysis, always there) and, where an admin turned it on, a language model.
 */
export const ASSISTANT_ENGINES = ['offline', 'model'] as const;
export const assistantEngineSchema = z.enum(ASSISTANT_ENGINES);
export type AssistantEngine = z.infer<typeof assistantEngineSchema>;

export const SMART_LETTERS = ['specific', 'measurable', 'achievable', 'relevant', 'time_bound'] as const;
export const smartLetterSchema = z.enum(SMART_LETTERS);
export type SmartLetter = z.infer<typeof smartLetterSchema>;

/**
 * What a draft may hold: far more than a priority keeps (a pasted document is checked, not refused), of which the
 * engines read the first ASSISTANT_TEXT_READ characters and say so.
 */
export const ASSISTANT_DRAFT_MAX_CHARS = 200_000;
export const ASSISTANT_TEXT_READ = 5_000;
export const MILESTONES_PROPOSED_MIN = 3;
export const MILESTONES_PROPOSED_MAX = 6;
/** Requests an organization may make of the model in a calendar month (UTC) before the offline engine answers. */
export const ASSISTANT_MONTHLY_MODEL_REQUESTS_DEFAULT = 2_000;

/** A priority as written so far: nothing is required (an empty draft is answered, with what it lacks). */
export const priorityDraftSchema = z.strictObject({
  title: z.string().max(ASSISTANT_DRAFT_MAX_CHARS).default(''),
  description: z.string().max(ASSISTANT_DRAFT_MAX_CHARS).default(''),
  ownerIds: z.array(uuidSchema).max(50).default([]),
  dueDate: todoDateSchema.nullable().default(null),
  /** The team whose annual goals it should serve (relevant); none: the leadership team's. */
  teamId: uuidSchema.nullable().default(null),
});
export type PriorityDraft = z.output<typeof priorityDraftSchema>;
export type PriorityDraftInput = z.input<typeof priorityDraftSchema>;

export const smartVerdictSchema = z.object({
  letter: smartLetterSchema,
  met: z.boolean(),
  /** Why, in plain words the person can act on. */
  reason: z.string(),
});
export type SmartVerdict = z.infer<typeof smartVerdictSchema>;

/** Said beside an answer: the text was cut, the model failed and the offline engine answered, the cap is reached. */
export const assistantNoticeSchema = z.object({
  code: z.enum(['text_truncated', 'empty_draft', 'model_failed', 'model_limit_reached', 'model_off']),
  message: z.string(),
});
export type AssistantNotice = z.infer<typeof assistantNoticeSchema>;

export const smartCheckSchema = z.object({
  engine: assistantEngineSchema,
  /** One per letter, in SMART_LETTERS order. */
  verdicts: z.array(smartVerdictSchema).length(SMART_LETTERS.length),
  /** A rewrite the person may accept, edit or ignore; null when the draft needs none (or is empty). */
  rewrite: z
    .object({
      title: z.string().max(PRIORITY_TITLE_MAX),
      description: z.string().max(PRIORITY_DESCRIPTION_MAX),
    })
    .nullable(),
  notices: z.array(assistantNoticeSchema),
});
export type SmartCheck = z.infer<typeof smartCheckSchema>;

/** Milestones for a priority of a quarter: the priority as it stands (saved or a draft) and its quarter's dates. */
export const milestoneRequestSchema = z.strictObject({
  title: z.string().max(ASSISTANT_DRAFT_MAX_CHARS),
  description: z.string().max(ASSISTANT_DRAFT_MAX_CHARS).default(''),
  /** The last day the milestones may fall on: the priority's due date, else its quarter's end. */
  dueDate: todoDateSchema.nullable().default(null),
  /** The fiscal quarter the priority belongs to; none: the current one. */
  year: z.number().int().min(1900).max(9999).optional(),
  quarter: z.number().int().min(1).max(4).optional(),
});
export type MilestoneRequest = z.output<typeof milestoneRequestSchema>;
export type MilestoneRequestInput = z.input<typeof milestoneRequestSchema>;

export const proposedMilestoneSchema = z.object({
  title: z.string().min(1).max(MILESTONE_TITLE_MAX),
  dueDate: todoDateSchema,
});
export type ProposedMilestone = z.infer<typeof proposedMilestoneSchema>;

export const milestoneProposalSchema = z.object({
  engine: assistantEngineSchema,
  /** The kind of goal the milestones were planned for (a launch, a hiring goal, a number to reach…). */
  kind: z.string(),
  milestones: z.array(proposedMilestoneSchema).min(MILESTONES_PROPOSED_MIN).max(MILESTONES_PROPOSED_MAX),
  notices: z.array(assistantNoticeSchema),
});
export type MilestoneProposal = z.infer<typeof milestoneProposalSchema>;

/** The alignment of one team's priorities of a quarter with the annual goals of its year. */
export const alignmentQuerySchema = z.strictObject({
  teamId: uuidSchema,
  year: z.coerce.number().int().min(1900).max(9999).optional(),
  quarter: z.coerce.number().int().min(1).max(4).optional(),
});
export type AlignmentQuery = z.output<typeof alignmentQuerySchema>;

const goalRefSchema = z.object({ id: uuidSchema, title: z.string() });

export const alignmentSchema = z.object({
  engine: assistantEngineSchema,
  year: z.number().int(),
  quarter: z.number().int(),
  priorities: z.array(
    z.object({
      priorityId: uuidSchema,
      title: z.string(),
      /** The annual goal it is linked to (`annualGoalId`), if any. */
      servesGoal: goalRefSchema.nullable(),
      /** The company priorities of the quarter it is closest to (by its words), at most three. */
      relatedCompanyPriorities: z.array(z.object({ id: uuidSchema, title: z.string() })).max(3),
      /** For a priority linked to nothing: the goal it most likely serves, and why; accepting links it. */
      suggestion: z.object({ goal: goalRefSchema, reason: z.string() }).nullable(),
    }),
  ),
  /** Annual goals of the year that no priority of the quarter serves. */
  goalsWithoutPriorities: z.array(goalRefSchema),
  notices: z.array(assistantNoticeSchema),
});
export type Alignment = z.infer<typeof alignmentSchema>;

/** Whether this organization's assistant may use the model: the server's setting, then an admin's choice. */
export const assistantSettingsSchema = z.object({
  /** The server has a model configured (ASSISTANT_MODEL_* settings). */
  modelAvailable: z.boolean(),
  /** The provider and model, as the server names them ("openai-compatible · llama3.1"), when available. */
  modelName: z.string().nullable(),
  /** An admin turned the model on for this organization; nothing is sent to a model otherwise. */
  modelEnabled: z.boolean(),
  monthlyLimit: z.number().int(),
  usedThisMonth: z.number().int(),
  version: z.number().int(),
});
export type AssistantSettings = z.infer<typeof assistantSettingsSchema>;

export const assistantSettingsUpdateSchema = z.strictObject({
  modelEnabled: z.boolean(),
  version: z.number().int().min(1),
});
export type AssistantSettingsUpdate = z.infer<typeof assistantSettingsUpdateSchema>;

/**
 * With `Accept: text/event-stream` the assistant's POST routes answer as server-sent events: `progress` while the
 * model writes (its text so far, for the page to show it working), then one `result` with the same body as the
 * JSON answer (`data` is the SmartCheck or MilestoneProposal), the offline answer included when the model failed.
 */
export const assistantStreamEventSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('progress'), characters: z.number().int().min(0), text: z.string() }),
  z.object({ type: z.literal('result'), data: z.unknown() }),
]);
export type AssistantStreamEvent = z.infer<typeof assistantStreamEventSchema>;
