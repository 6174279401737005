import { z } from 'zod';
import { isoDateTimeSchema, uuidSchema, versionSchema } from './common.js';
import { goalResponseSchema, goalSchema, scoreNumberSchema, scoreStatusSchema } from './scorecard-goals.js';
import { FORMULA_MAX_LENGTH } from './scorecard-formula.js';
import { scorecardFrequencySchema, scorecardViewSchema, SCORECARD_VIEW_DEFAULT } from './scorecard-periods.js';
import { SCORECARD_UNITS } from './scorecard-values.js';
import { todoDateSchema } from './todos.js';

export * from './scorecard-goals.js';
export * from './scorecard-periods.js';
export * from './scorecard-values.js';
export * from './scorecard-formula.js';

/** A team's scorecard holds at most this many measurables (archived ones included). */
export const MEASURABLES_PER_TEAM_MAX = 500;
/** The organization-wide measurable list (roll-up pickers) answers at most this many. */
export const MEASURABLES_LIST_MAX = 2000;
export const MEASURABLE_TITLE_MAX = 200;
export const MEASURABLE_DESCRIPTION_MAX = 5000;
export const MEASURABLE_GROUP_NAME_MAX = 100;
export const MEASURABLE_DECIMALS_MAX = 4;
export const SCORE_NOTE_MAX = 1000;
/** One grid or history answer covers at most this many periods (ten years of weeks). */
export const SCORECARD_PERIODS_MAX = 520;
/** One batch write (a paste) changes at most this many cells. */
export const SCORE_BATCH_MAX = 2000;
/** A paste is refused beyond this many characters before anything is parsed or sent. */
export const SCORE_PASTE_MAX_CHARS = 200_000;
/** Roll-ups: at most this many parts. */
export const ROLLUP_PARTS_MAX = 50;
/** Built-in to-do completion measurables start with this goal (percent). */
export const TODO_COMPLETION_GOAL = 90;
/** Goals can be planned this many years ahead. */
export const PERIOD_GOAL_YEARS_AHEAD = 5;

export const scorecardUnitSchema = z.enum(SCORECARD_UNITS);

/**
 * What fills a measurable's cells: typed (`manual`), computed from the team's other measurables
 * (`formula`), the sum or average of measurables of other teams (`rollup`), or computed from the
 * to-dos (`todo_completion`: the share of to-dos due in the period that were done by its end, for
 * the owner or the whole team).
 */
export const measurableKindSchema = z.enum(['manual', 'formula', 'rollup', 'todo_completion']);
export type MeasurableKind = z.infer<typeof measurableKindSchema>;

export const totalAggregationSchema = z.enum(['sum', 'average', 'last']);
export type TotalAggregation = z.infer<typeof totalAggregationSchema>;

export const rollupAggregationSchema = z.enum(['sum', 'average']);
export const todoCompletionScopeSchema = z.enum(['owner', 'team']);

const booleanQuery = z
  .enum(['true', 'false'], { error: 'Must be true or false' })
  .default('false')
  .transform((value) => value === 'true');

const personRefSchema = z.object({ id: uuidSchema, name: z.string() });

export const rollupSchema = z.object({
  aggregation: rollupAggregationSchema,
  partIds: z.array(uuidSchema).min(1).max(ROLLUP_PARTS_MAX),
});

export const measurableSchema = z.object({
  id: uuidSchema,
  teamId: uuidSchema,
  groupId: uuidSchema.nullable(),
  /** Order within its group (or among the ungrouped), from 0. */
  position: z.number().int().min(0),
  title: z.string(),
  description: z.string(),
  ownerId: uuidSchema,
  owner: personRefSchema,
  /** Someone who types the numbers for the owner. */
  dataEntryUserId: uuidSchema.nullable(),
  dataEntry: personRefSchema.nullable(),
  frequency: scorecardFrequencySchema,
  unit: scorecardUnitSchema,
  currencyCode: z.string().nullable(),
  decimals: z.number().int().min(0).max(MEASURABLE_DECIMALS_MAX),
  /** The goal in force from now on; null = no goal (cells show their value uncoloured). */
  goal: goalResponseSchema.nullable(),
  kind: measurableKindSchema,
  /** Stored formula text (references as `{id}`) when kind = formula. */
  formula: z.string().nullable(),
  rollup: rollupSchema.nullable(),
  todoCompletionScope: todoCompletionScopeSchema.nullable(),
  aggregation: totalAggregationSchema,
  /** The first period that takes values (a period start). */
  startsOn: z.string(),
  archivedAt: isoDateTimeSchema.nullable(),
  createdAt: isoDateTimeSchema,
  updatedAt: isoDateTimeSchema,
  version: versionSchema,
});
export type Measurable = z.infer<typeof measurableSchema>;

export const CURRENCY_CODE_MESSAGE = 'Use a three-letter currency code such as USD';
const currencyCodeSchema = z
  .string()
  .trim()
  .toUpperCase()
  .regex(/^[A-Z]{3}$/, { error: CURRENCY_CODE_MESSAGE });

const measurableTitleSchema = z
  .string()
  .trim()
  .min(1, { error: 'Title is required' })
  .max(MEASURABLE_TITLE_MAX, { error: `Title must be at most ${MEASURABLE_TITLE_MAX} characters` });
const measurableDescriptionSchema = z
  .string()
  .max(MEASURABLE_DESCRIPTION_MAX, { error: `Description must be at most ${MEASURABLE_DESCRIPTION_MAX} characters` });
const formulaTextSchema = z
  .string()
  .trim()
  .min(1, { error: 'Write a formula' })
  .max(FORMULA_MAX_LENGTH, { error: `A formula must be at most ${FORMULA_MAX_LENGTH} characters` });

export const measurableParamsSchema = z.object({ organizationId: uuidSchema, id: uuidSchema });
export const scoreParamsSchema = z.object({
  organizationId: uuidSchema,
  id: uuidSchema,
  periodStart: todoDateSchema,
});

/** Fields shared by create and update; the kind's own field (formula, rollup, scope) is checked by the server. */
const measurableFieldsSchema = z.strictObject({
  title: measurableTitleSchema,
  description: measurableDescriptionSchema.optional(),
  ownerId: uuidSchema,
  dataEntryUserId: uuidSchema.nullable().optional(),
  unit: scorecardUnitSchema.optional(),
  currencyCode: currencyCodeSchema.nullable().optional(),
  decimals: z.number().int().min(0).max(MEASURABLE_DECIMALS_MAX).optional(),
  goal: goalSchema.nullable().optional(),
  formula: formulaTextSchema.nullable().optional(),
  rollup: rollupSchema.nullable().optional(),
  todoCompletionScope: todoCompletionScopeSchema.nullable().optional(),
  aggregation: totalAggregationSchema.optional(),
  groupId: uuidSchema.nullable().optional(),
});

/**
 * Create. `frequency` is fixed afterwards. `kind` defaults to manual; formula needs `formula`,
 * rollup needs `rollup`, todo_completion takes `todoCompletionScope` (default owner) and gets the
 * percent unit and a ≥ 90 goal unless one is given. `startsOn` (any date; the period containing it)
 * lets an import or a late start bring history; default: the current period.
 */
export const createMeasurableRequestSchema = measurableFieldsSchema.extend({
  teamId: uuidSchema,
  frequency: scorecardFrequencySchema.default('weekly'),
  kind: measurableKindSchema.default('manual'),
  startsOn: todoDateSchema.optional(),
});
export type CreateMeasurableRequest = z.input<typeof createMeasurableRequestSchema>;

/** Update: any field of create except team, frequency and kind; names the version it read. */
export const updateMeasurableRequestSchema = measurableFieldsSchema
  .partial()
  .extend({ version: versionSchema, startsOn: todoDateSchema.optional() });
export type UpdateMeasurableRequest = z.input<typeof updateMeasurableRequestSchema>;

export const measurableVersionRequestSchema = z.strictObject({ version: versionSchema });

export const listMeasurablesQuerySchema = z.strictObject({
  /** One team's measurables; all of the organization's (bounded) when absent. */
  teamId: uuidSchema.optional(),
  frequency: scorecardFrequencySchema.optional(),
  includeArchived: booleanQuery,
});
export type ListMeasurablesQuery = z.input<typeof listMeasurablesQuerySchema>;

export const measurableListSchema = z.object({ data: z.array(measurableSchema) });

/** Move a measurable to `index` within `groupId` (null = the ungrouped rows at the top). */
export const moveMeasurableRequestSchema = z.strictObject({
  groupId: uuidSchema.nullable(),
  index: z.number().int().min(0).max(MEASURABLES_PER_TEAM_MAX),
});

export const measurableGroupSchema = z.object({
  id: uuidSchema,
  teamId: uuidSchema,
  name: z.string(),
  position: z.number().int().min(0),
  version: versionSchema,
});
export type MeasurableGroup = z.infer<typeof measurableGroupSchema>;
export const measurableGroupParamsSchema = measurableParamsSchema;
const groupNameSchema = z
  .string()
  .trim()
  .min(1, { error: 'Name is required' })
  .max(MEASURABLE_GROUP_NAME_MAX, { error: `Name must be at most ${MEASURABLE_GROUP_NAME_MAX} characters` });
export const createMeasurableGroupRequestSchema = z.strictObject({ teamId: uuidSchema, name: groupNameSchema });
export const updateMeasurableGroupRequestSchema = z.strictObject({ name: groupNameSchema, version: versionSchema });
export const moveMeasurableGroupRequestSchema = z.strictObject({
  index: z.number().int().min(0).max(MEASURABLES_PER_TEAM_MAX),
});

/**
 * One cell. `version` is 0 when nothing was ever entered. `goal` is present only when the goal in
 * force for this cell differs from the measurable's current goal (a snapshot from when the value
 * was entered, or a goal set for this period); `goalSource` says which.
 */
export const goalSourceSchema = z.enum(['current', 'snapshot', 'period']);
/** entered = typed; computed = formula, roll-up or to-dos; override = typed over a computed value. */
export const scoreSourceSchema = z.enum(['entered', 'computed', 'override', 'none']);
export const computeErrorSchema = z.enum(['missing_inputs', 'division_by_zero', 'out_of_range']);

export const scoreCellSchema = z.object({
  periodStart: z.string(),
  value: z.number().nullable(),
  note: z.string(),
  status: scoreStatusSchema,
  goal: goalResponseSchema.nullable().optional(),
  goalSource: goalSourceSchema,
  source: scoreSourceSchema,
  /** Why a computed cell is empty. */
  computeError: computeErrorSchema.nullable().optional(),
  missingInputIds: z.array(uuidSchema).optional(),
  enteredById: uuidSchema.nullable(),
  enteredAt: isoDateTimeSchema.nullable(),
  version: z.number().int().min(0),
});
export type ScoreCell = z.infer<typeof scoreCellSchema>;

/** A roll-up's part, shown when its row is expanded: its own team, owner and cells. */
export const rollupPartSchema = z.object({
  measurableId: uuidSchema,
  title: z.string(),
  teamId: uuidSchema,
  teamName: z.string(),
  ownerName: z.string(),
  cells: z.array(z.object({ periodStart: z.string(), value: z.number().nullable(), status: scoreStatusSchema })),
});

export const scorecardRowSchema = z.object({
  measurable: measurableSchema,
  cells: z.array(scoreCellSchema),
  /** Over the shown periods with a value: their mean, its colour against the current goal, and the total by `aggregation`. */
  average: z.number().nullable(),
  averageStatus: scoreStatusSchema,
  total: z.number().nullable(),
  /** Last values for the row's sparkline (up to 13 periods ending with the current one). */
  sparkline: z.array(z.number().nullable()),
  parts: z.array(rollupPartSchema).optional(),
});
export type ScorecardRow = z.infer<typeof scorecardRowSchema>;

export const scorecardPeriodSchema = z.object({ start: z.string(), end: z.string(), isCurrent: z.boolean() });

export const scorecardQuerySchema = z.strictObject({
  teamId: uuidSchema,
  frequency: scorecardFrequencySchema.default('weekly'),
  view: scorecardViewSchema.default(SCORECARD_VIEW_DEFAULT),
  /** A custom range (both or neither) replaces the view. */
  from: todoDateSchema.optional(),
  to: todoDateSchema.optional(),
  includeArchived: booleanQuery,
});
export type ScorecardQuery = z.input<typeof scorecardQuerySchema>;

export const scorecardGridSchema = z.object({
  teamId: uuidSchema,
  frequency: scorecardFrequencySchema,
  view: scorecardViewSchema,
  today: z.string(),
  currentPeriodStart: z.string(),
  weekStartDay: z.number().int(),
  fiscalYearStartMonth: z.number().int(),
  periods: z.array(scorecardPeriodSchema),
  groups: z.array(measurableGroupSchema),
  /** In display order: ungrouped first, then each group's rows by position. */
  rows: z.array(scorecardRowSchema),
  /** False for observers: the page shows numbers read-only. */
  canEdit: z.boolean(),
});
export type ScorecardGrid = z.infer<typeof scorecardGridSchema>;

/**
 * Write one cell (upsert by measurable and period). `version` is the cell version the writer saw
 * (0 = it saw an empty cell); when it differs from the stored one the write is refused with 409 and
 * the current cell. Without `version` (other systems feeding numbers) the write always applies.
 * `value: null` clears the number; on a formula measurable it removes the override.
 */
export const writeScoreRequestSchema = z.strictObject({
  value: scoreNumberSchema.nullable(),
  note: z
    .string()
    .max(SCORE_NOTE_MAX, { error: `A note must be at most ${SCORE_NOTE_MAX} characters` })
    .optional(),
  version: z.number().int().min(0).optional(),
});
export type WriteScoreRequest = z.input<typeof writeScoreRequestSchema>;

export const scoreWriteSchema = z.object({ measurableId: uuidSchema, cell: scoreCellSchema });
export type ScoreWrite = z.infer<typeof scoreWriteSchema>;

/** Several cells in one transaction (a paste): all are written or none. */
export const writeScoresRequestSchema = z.strictObject({
  scores: z
    .array(
      z.strictObject({
        measurableId: uuidSchema,
        periodStart: todoDateSchema,
        value: scoreNumberSchema.nullable(),
        note: z.string().max(SCORE_NOTE_MAX).optional(),
        version: z.number().int().min(0).optional(),
      }),
    )
    .min(1, { error: 'Nothing to save' })
    .max(SCORE_BATCH_MAX, { error: `At most ${SCORE_BATCH_MAX} cells can be saved at once` }),
});
export type WriteScoresRequest = z.input<typeof writeScoresRequestSchema>;
export const scoreWritesSchema = z.object({ data: z.array(scoreWriteSchema) });

/** A goal set for one period (seasonality, or planned ahead); it wins over the snapshot. */
export const periodGoalRequestSchema = z.strictObject({ goal: goalSchema });
export const periodGoalSchema = z.object({
  measurableId: uuidSchema,
  periodStart: z.string(),
  goal: goalResponseSchema,
});
export type PeriodGoal = z.infer<typeof periodGoalSchema>;

export const measurableHistoryQuerySchema = z.strictObject({ from: todoDateSchema, to: todoDateSchema });
export const measurableHistorySchema = z.object({
  measurable: measurableSchema,
  periods: z.array(scorecardPeriodSchema),
  cells: z.array(scoreCellSchema),
  periodGoals: z.array(periodGoalSchema),
});
export type MeasurableHistory = z.infer<typeof measurableHistorySchema>;

/** When owners are reminded of numbers still missing for the current period (the team's time of day, organization time zone). */
export const scorecardReminderSchema = z.object({
  enabled: z.boolean(),
  /** 0 = Sunday … 6 = Saturday. */
  weekday: z.number().int().min(0).max(6),
  time: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: 'Use a time such as 16:00' }),
});
export type ScorecardReminder = z.infer<typeof scorecardReminderSchema>;
export const scorecardSettingsSchema = z.object({
  teamId: uuidSchema,
  reminder: scorecardReminderSchema,
  version: z.number().int().min(0),
});
export type ScorecardSettings = z.infer<typeof scorecardSettingsSchema>;
export const updateScorecardSettingsRequestSchema = z.strictObject({
  reminder: z.strictObject(scorecardReminderSchema.shape),
  version: z.number().int().min(0),
});
export const teamScorecardParamsSchema = z.object({ organizationId: uuidSchema, teamId: uuidSchema });

/** The caller's own numbers (owner or data-entry person) for the current period of each frequency. */
export const myNumbersQuerySchema = z.strictObject({ teamId: uuidSchema.optional() });
export const myNumberSchema = z.object({
  measurable: measurableSchema,
  teamName: z.string(),
  periodStart: z.string(),
  periodEnd: z.string(),
  cell: scoreCellSchema,
});
export type MyNumber = z.infer<typeof myNumberSchema>;
export const myNumbersSchema = z.object({ data: z.array(myNumberSchema), missing: z.number().int().min(0) });
export type MyNumbers = z.infer<typeof myNumbersSchema>;

export const scorecardExportQuerySchema = scorecardQuerySchema;
