import { z } from 'zod';

/**
 * Goals and their colours. A cell is green when its value meets the goal in force, yellow when it
 * misses by no more than the yellow band, red beyond the band, and missing when it has no value.
 * The band is measured from the goal's nearest edge: a percent band is that percent of the edge's
 * own value (so a band around 0 is empty), an absolute band is the amount itself.
 */
export const GOAL_OPERATORS = ['>=', '>', '<=', '<', '=', 'between', 'not_between'] as const;
export const goalOperatorSchema = z.enum(GOAL_OPERATORS);
export type GoalOperator = z.infer<typeof goalOperatorSchema>;

export const bandKindSchema = z.enum(['percent', 'absolute']);
export type BandKind = z.infer<typeof bandKindSchema>;

/** Numbers a scorecard stores: large enough for any business figure, far from float overflow. */
export const SCORE_VALUE_LIMIT = 1e12;
const limitText = SCORE_VALUE_LIMIT.toLocaleString('en-US');
export const SCORE_VALUE_RANGE_MESSAGE = `A number must be between -${limitText} and ${limitText}`;

export const scoreNumberSchema = z
  // zod refuses Infinity as "not a number" before any refine runs, so the range message is chosen here.
  .number({
    error: (issue) =>
      typeof issue.input === 'number' && !Number.isNaN(issue.input) ? SCORE_VALUE_RANGE_MESSAGE : 'Must be a number',
  })
  .refine((value) => Math.abs(value) <= SCORE_VALUE_LIMIT, { error: SCORE_VALUE_RANGE_MESSAGE });

export const goalBandSchema = z.strictObject({
  kind: bandKindSchema,
  amount: scoreNumberSchema.refine((amount) => amount >= 0, { error: 'The yellow band cannot be negative' }),
});
export type GoalBand = z.infer<typeof goalBandSchema>;

export const GOAL_BOUNDS_MESSAGE = 'The lower bound must not be above the upper bound';
export const GOAL_MAX_REQUIRED_MESSAGE = 'A between goal needs an upper bound';

/**
 * A goal. `valueMax` is the upper bound of `between` / `not_between` (and null otherwise).
 * Values are in the measurable's unit as stored: percent as 0–100, time as minutes, yes/no as 1/0.
 */
export const goalSchema = z
  .strictObject({
    operator: goalOperatorSchema,
    value: scoreNumberSchema,
    valueMax: scoreNumberSchema.nullable().default(null),
    band: goalBandSchema.nullable().default(null),
  })
  .superRefine((goal, context) => {
    const ranged = goal.operator === 'between' || goal.operator === 'not_between';
    if (ranged && goal.valueMax === null) {
      context.addIssue({ code: 'custom', path: ['valueMax'], message: GOAL_MAX_REQUIRED_MESSAGE });
    }
    if (ranged && goal.valueMax !== null && goal.valueMax < goal.value) {
      context.addIssue({ code: 'custom', path: ['valueMax'], message: GOAL_BOUNDS_MESSAGE });
    }
  })
  .transform((goal) => ({
    ...goal,
    valueMax: goal.operator === 'between' || goal.operator === 'not_between' ? goal.valueMax : null,
  }));
export type Goal = z.output<typeof goalSchema>;

/**
 * A goal as the API answers it (already normalised by `goalSchema` on the way in). Responses are
 * encoded through their schema, and `goalSchema` ends in a transform, which only decodes.
 */
export const goalResponseSchema = z.object({
  operator: goalOperatorSchema,
  value: z.number(),
  valueMax: z.number().nullable(),
  band: z.object({ kind: bandKindSchema, amount: z.number() }).nullable(),
});
export type GoalInput = z.input<typeof goalSchema>;

export const SCORE_STATUSES = ['green', 'yellow', 'red', 'missing', 'no_goal'] as const;
export const scoreStatusSchema = z.enum(SCORE_STATUSES);
export type ScoreStatus = z.infer<typeof scoreStatusSchema>;

const bandWidth = (band: GoalBand | null, edge: number) => {
  if (!band) return 0;
  return band.kind === 'absolute' ? band.amount : (Math.abs(edge) * band.amount) / 100;
};

/** How far `value` lies outside the goal's green region, and the edge it is measured from. */
function missOf(goal: Goal, value: number): { distance: number; edge: number } {
  const max = goal.valueMax ?? goal.value;
  switch (goal.operator) {
    case '>=':
      return { distance: Math.max(0, goal.value - value), edge: goal.value };
    case '>':
      return { distance: value > goal.value ? 0 : goal.value - value, edge: goal.value };
    case '<=':
      return { distance: Math.max(0, value - goal.value), edge: goal.value };
    case '<':
      return { distance: value < goal.value ? 0 : value - goal.value, edge: goal.value };
    case '=':
      return { distance: Math.abs(value - goal.value), edge: goal.value };
    case 'between':
      if (value < goal.value) return { distance: goal.value - value, edge: goal.value };
      if (value > max) return { distance: value - max, edge: max };
      return { distance: 0, edge: goal.value };
    case 'not_between': {
      if (value < goal.value || value > max) return { distance: 0, edge: goal.value };
      const fromLow = value - goal.value;
      const fromHigh = max - value;
      return fromLow <= fromHigh ? { distance: fromLow, edge: goal.value } : { distance: fromHigh, edge: max };
    }
  }
}

/** True when `value` meets the goal. */
const meets = (goal: Goal, value: number) => {
  const { distance } = missOf(goal, value);
  if (distance > 0) return false;
  // The strict operators and not_between miss at the edge itself (distance 0 but not inside).
  if (goal.operator === '>') return value > goal.value;
  if (goal.operator === '<') return value < goal.value;
  if (goal.operator === 'not_between') return value < goal.value || value > (goal.valueMax ?? goal.value);
  return true;
};

/** The colour of one cell. */
export function scoreStatusOf(goal: Goal | null, value: number | null): ScoreStatus {
  if (value === null) return 'missing';
  if (!goal) return 'no_goal';
  if (meets(goal, value)) return 'green';
  const { distance, edge } = missOf(goal, value);
  const width = bandWidth(goal.band, edge);
  return width > 0 && distance <= width ? 'yellow' : 'red';
}

export const GOAL_OPERATOR_SYMBOLS: Record<GoalOperator, string> = {
  '>=': '≥',
  '>': '>',
  '<=': '≤',
  '<': '<',
  '=': '=',
  between: 'between',
  not_between: 'not between',
};

/** "≥ 50%", "between 10 and 20", with the numbers written by `format` (the measurable's unit). */
export function describeGoal(goal: Goal | null, format: (value: number) => string): string {
  if (!goal) return 'No goal';
  if (goal.operator === 'between' || goal.operator === 'not_between') {
    return `${GOAL_OPERATOR_SYMBOLS[goal.operator]} ${format(goal.value)} and ${format(goal.valueMax ?? goal.value)}`;
  }
  return `${GOAL_OPERATOR_SYMBOLS[goal.operator]} ${format(goal.value)}`;
}

/** "within 10%" / "within 5": the band as a person reads it. */
export function describeBand(band: GoalBand | null, format: (value: number) => string): string | null {
  if (!band || band.amount === 0) return null;
  return band.kind === 'percent' ? `yellow within ${band.amount}%` : `yellow within ${format(band.amount)}`;
}
