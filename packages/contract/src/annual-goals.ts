import { z } from 'zod';
import { uuidSchema, versionSchema } from './common.js';

export const ANNUAL_GOAL_STATUSES = ['not_started', 'on_track', 'off_track', 'done'] as const;
export const annualGoalStatusSchema = z.enum(ANNUAL_GOAL_STATUSES);
export type AnnualGoalStatus = z.infer<typeof annualGoalStatusSchema>;

export const ANNUAL_GOAL_TITLE_MAX = 200;
export const ANNUAL_GOAL_DESCRIPTION_MAX = 4000;
export const ANNUAL_GOAL_TARGET_MAX = 300;
/** A 1-year plan holds a handful of goals; past this it is a wish list. Bounds every list of one team's year. */
export const ANNUAL_GOALS_PER_TEAM_YEAR_MAX = 30;
/** Every team's goals of one year, for choosing the goal a priority serves. */
export const ANNUAL_GOALS_PER_YEAR_MAX = 1000;

const goalYearSchema = z.number().int().min(2000).max(2200);

export const annualGoalSchema = z.object({
  id: uuidSchema,
  teamId: uuidSchema,
  teamName: z.string(),
  /** A goal of the leadership team: the company's. */
  isCompanyGoal: z.boolean(),
  year: z.number().int(),
  title: z.string(),
  description: z.string(),
  owner: z.object({ id: uuidSchema, name: z.string() }).nullable(),
  status: annualGoalStatusSchema,
  target: z.string(),
  position: z.number().int(),
  /** Priorities (not archived) that link up to it: zero means nothing is being done about it (alignment). */
  priorityCount: z.number().int().min(0),
  version: versionSchema,
});
export type AnnualGoal = z.infer<typeof annualGoalSchema>;

export const annualGoalListSchema = z.object({ data: z.array(annualGoalSchema) });
export type AnnualGoalList = z.infer<typeof annualGoalListSchema>;

/** One team's goals of a year (the plan's 1-year section), or every team's (choosing a priority's goal). */
export const annualGoalsQuerySchema = z.object({
  teamId: uuidSchema.optional(),
  year: z.coerce.number().int().min(2000).max(2200),
});
export type AnnualGoalsQuery = z.infer<typeof annualGoalsQuerySchema>;

export const annualGoalParamsSchema = z.object({ organizationId: uuidSchema, id: uuidSchema });

const titleSchema = z
  .string()
  .trim()
  .min(1, { error: 'Title is required' })
  .max(ANNUAL_GOAL_TITLE_MAX, { error: `Title must be at most ${ANNUAL_GOAL_TITLE_MAX} characters` });
const descriptionSchema = z
  .string()
  .trim()
  .max(ANNUAL_GOAL_DESCRIPTION_MAX, {
    error: `The description must be at most ${ANNUAL_GOAL_DESCRIPTION_MAX} characters`,
  });
const targetSchema = z
  .string()
  .trim()
  .max(ANNUAL_GOAL_TARGET_MAX, { error: `The target must be at most ${ANNUAL_GOAL_TARGET_MAX} characters` });

export const createAnnualGoalRequestSchema = z.strictObject({
  teamId: uuidSchema,
  year: goalYearSchema,
  title: titleSchema,
  description: descriptionSchema.default(''),
  ownerId: uuidSchema.nullable().default(null),
  status: annualGoalStatusSchema.default('not_started'),
  target: targetSchema.default(''),
});
export type CreateAnnualGoalRequest = z.input<typeof createAnnualGoalRequestSchema>;

export const updateAnnualGoalRequestSchema = z.strictObject({
  version: versionSchema,
  title: titleSchema.optional(),
  description: descriptionSchema.optional(),
  ownerId: uuidSchema.nullable().optional(),
  status: annualGoalStatusSchema.optional(),
  target: targetSchema.optional(),
  /** Its place in the team's year, from 0: the others move to make room. */
  position: z.number().int().min(0).max(ANNUAL_GOALS_PER_TEAM_YEAR_MAX).optional(),
});
export type UpdateAnnualGoalRequest = z.infer<typeof updateAnnualGoalRequestSchema>;

export const annualGoalVersionRequestSchema = z.strictObject({ version: versionSchema });
