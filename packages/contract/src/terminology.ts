import { z } from 'zod';
import { methodologySchema, type Methodology } from './organizations.js';

export const TERMINOLOGY_DEFAULTS = {
  priorities_label: 'Quarterly Priorities',
  priority_singular: 'Priority',
  scorecard_label: 'Metrics',
  issues_label: 'Issues',
  issue_singular: 'Issue',
  todos_label: 'Tasks',
  todo_singular: 'Task',
  processes_label: 'Processes',
  process_singular: 'Process',
  weekly_meeting_label: 'Weekly Accountability Meeting',
  quarterly_meeting_label: 'Quarterly Planning Meeting',
  long_term_vision_label: 'Long-term Vision (3 Years)',
  annual_goals_label: 'Annual Goals',
  business_blueprint_label: '2-Page Plan',
  accountability_chart_label: 'Organizational Chart',
  milestones_label: 'Milestones',
  problem_solving_process: 'Issues & Problem Solving',
  quarter_label: 'Quarter',
  year_label: 'Year',
  organization_label: 'Organization',
  team_label: 'Team',
  department_label: 'Department',
  scorecard_13_week_label: '13-Week Average',
  scorecard_quarter_label: 'Quarter Average',
  scorecard_4_week_label: '4-Week Average',
} as const;

export type TerminologyKey = keyof typeof TERMINOLOGY_DEFAULTS;
export type Terminology = Record<TerminologyKey, string>;
export const TERMINOLOGY_KEYS = Object.keys(TERMINOLOGY_DEFAULTS) as TerminologyKey[];
export const TERMINOLOGY_LABEL_MAX = 60;

/**
 * A label is kept as written, capitals included (the web shows it verbatim). It is stored composed (NFC),
 * so an accent typed as two code points counts, and is saved, as the one character it shows.
 */
const labelSchema = z
  .string()
  .trim()
  .normalize('NFC')
  .min(1, { error: 'A label cannot be empty' })
  .max(TERMINOLOGY_LABEL_MAX, {
    error: (issue) =>
      `A label must be at most ${TERMINOLOGY_LABEL_MAX} characters; this one has ${typeof issue.input === 'string' ? issue.input.length : 'more'}`,
  });

/** The full set of labels: the organization's overrides over the defaults. */
export const terminologySchema = z.object(
  Object.fromEntries(TERMINOLOGY_KEYS.map((key) => [key, z.string()])) as Record<TerminologyKey, z.ZodString>,
);

export const updateTerminologyRequestSchema = z.strictObject(
  Object.fromEntries(TERMINOLOGY_KEYS.map((key) => [key, labelSchema.optional()])) as Record<
    TerminologyKey,
    z.ZodOptional<typeof labelSchema>
  >,
);
export type UpdateTerminologyRequest = z.infer<typeof updateTerminologyRequestSchema>;

export const applyPresetRequestSchema = z.strictObject({ preset: methodologySchema });
export type ApplyPresetRequest = z.infer<typeof applyPresetRequestSchema>;

/** Reset takes no fields: an empty object (what a JSON client sends), or no body at all on the route. */
export const resetTerminologyRequestSchema = z.strictObject({});

export const presetSchema = z.object({
  key: methodologySchema,
  name: z.string(),
  fullName: z.string(),
  terms: z.object({
    priorities: z.string(),
    scorecard: z.string(),
    issues: z.string(),
    todos: z.string(),
    blueprint: z.string(),
    meetings: z.string(),
  }),
  labels: terminologySchema.partial(),
});
export type TerminologyPreset = z.infer<typeof presetSchema>;

export const presetListSchema = z.array(presetSchema);

type PresetTerms = TerminologyPreset['terms'];

const preset = (
  key: Methodology,
  name: string,
  fullName: string,
  terms: PresetTerms,
  labels: Partial<Terminology>,
): TerminologyPreset => ({ key, name, fullName, terms, labels });

/** The five methodologies of the spec. Trademarked words live only inside their own preset. */
export const TERMINOLOGY_PRESETS: readonly TerminologyPreset[] = [
  preset(
    'eos',
    'EOS',
    'EOS (Entrepreneurial Operating System)',
    {
      priorities: 'Rocks',
      scorecard: 'Scorecard',
      issues: 'Issues',
      todos: 'To-Dos',
      blueprint: 'V/TO',
      meetings: 'Level 10 Meetings',
    },
    {
      priorities_label: 'Rocks',
      priority_singular: 'Rock',
      scorecard_label: 'Scorecard',
      issues_label: 'Issues',
      issue_singular: 'Issue',
      todos_label: 'To-Dos',
      todo_singular: 'To-Do',
      business_blueprint_label: 'V/TO',
      weekly_meeting_label: 'Level 10 Meeting',
      accountability_chart_label: 'Accountability Chart',
      long_term_vision_label: '3-Year Picture',
      annual_goals_label: '1-Year Plan',
      problem_solving_process: 'IDS',
    },
  ),
  preset(
    '4dx',
    '4DX',
    '4DX (The 4 Disciplines of Execution)',
    {
      priorities: 'WIGs',
      scorecard: 'Scoreboard',
      issues: 'Barriers',
      todos: 'Commitments',
      blueprint: 'Strategic Plan',
      meetings: 'WIG Sessions',
    },
    {
      priorities_label: 'WIGs',
      priority_singular: 'WIG',
      scorecard_label: 'Scoreboard',
      issues_label: 'Barriers',
      issue_singular: 'Barrier',
      todos_label: 'Commitments',
      todo_singular: 'Commitment',
      business_blueprint_label: 'Strategic Plan',
      weekly_meeting_label: 'WIG Session',
      problem_solving_process: 'Clearing Barriers',
    },
  ),
  preset(
    'okrs',
    'OKRs',
    'OKRs (Objectives and Key Results)',
    {
      priorities: 'Key Results',
      scorecard: 'Metrics Dashboard',
      issues: 'Blockers',
      todos: 'Action Items',
      blueprint: 'Strategy Map',
      meetings: 'Check-ins',
    },
    {
      priorities_label: 'Key Results',
      priority_singular: 'Key Result',
      scorecard_label: 'Metrics Dashboard',
      issues_label: 'Blockers',
      issue_singular: 'Blocker',
      todos_label: 'Action Items',
      todo_singular: 'Action Item',
      business_blueprint_label: 'Strategy Map',
      weekly_meeting_label: 'Weekly Check-in',
      annual_goals_label: 'Annual Objectives',
      problem_solving_process: 'Blockers & Problem Solving',
    },
  ),
  preset(
    'scaling_up',
    'Scaling Up',
    'Scaling Up (Rockefeller Habits)',
    {
      priorities: 'Priorities',
      scorecard: 'KPIs',
      issues: 'Obstacles',
      todos: 'Action Items',
      blueprint: 'One-Page Plan',
      meetings: 'Daily Huddles',
    },
    {
      priorities_label: 'Priorities',
      priority_singular: 'Priority',
      scorecard_label: 'KPIs',
      issues_label: 'Obstacles',
      issue_singular: 'Obstacle',
      todos_label: 'Action Items',
      todo_singular: 'Action Item',
      business_blueprint_label: 'One-Page Plan',
      weekly_meeting_label: 'Weekly Meeting',
      problem_solving_process: 'Obstacles & Problem Solving',
    },
  ),
  preset(
    'custom',
    'Custom',
    'Custom methodology',
    {
      priorities: 'Initiatives',
      scorecard: 'Performance Metrics',
      issues: 'Challenges',
      todos: 'Tasks',
      blueprint: 'Strategic Plan',
      meetings: 'Team Syncs',
    },
    {
      priorities_label: 'Initiatives',
      priority_singular: 'Initiative',
      scorecard_label: 'Performance Metrics',
      issues_label: 'Challenges',
      issue_singular: 'Challenge',
      todos_label: 'Tasks',
      todo_singular: 'Task',
      business_blueprint_label: 'Strategic Plan',
      weekly_meeting_label: 'Team Sync',
      problem_solving_process: 'Challenges & Problem Solving',
    },
  ),
];

export const findPreset = (key: Methodology) => TERMINOLOGY_PRESETS.find((candidate) => candidate.key === key);
