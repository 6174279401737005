import { z } from 'zod';

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
