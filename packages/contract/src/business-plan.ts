import { z } from 'zod';
import { isoDateTimeSchema, pageOf, pageQuerySchema, uuidSchema, versionSchema } from './common.js';
import type { Terminology } from './terminology.js';

/** The plan's sections in their default order. Each appears exactly once in a plan's `sections`. */
export const BUSINESS_PLAN_SECTION_KEYS = [
  'core_values',
  'core_focus',
  'ten_year_target',
  'marketing_strategy',
  'three_year_picture',
  'one_year_plan',
  'quarterly_priorities',
  'long_term_issues',
  'swot',
] as const;
export const businessPlanSectionKeySchema = z.enum(BUSINESS_PLAN_SECTION_KEYS);
export type BusinessPlanSectionKey = z.infer<typeof businessPlanSectionKeySchema>;

export const PLAN_SECTION_TITLE_MAX = 80;
export const PLAN_SHORT_TEXT_MAX = 300;
export const PLAN_LONG_TEXT_MAX = 4000;
export const PLAN_LIST_MAX = 20;
export const PLAN_CORE_VALUES_MAX = 12;
export const PLAN_UNIQUES_MAX = 5;

const shortText = (label: string) =>
  z
    .string()
    .trim()
    .max(PLAN_SHORT_TEXT_MAX, { error: `${label} must be at most ${PLAN_SHORT_TEXT_MAX} characters` });
const longText = (label: string) =>
  z
    .string()
    .trim()
    .max(PLAN_LONG_TEXT_MAX, { error: `${label} must be at most ${PLAN_LONG_TEXT_MAX} characters` });
const textList = (label: string, max = PLAN_LIST_MAX) =>
  z.array(shortText(label)).max(max, { error: `${label}: at most ${max} lines` });
const isoDate = z.iso.date({ error: 'Use a date like 2029-12-31' });

export const businessPlanSectionSettingsSchema = z.object({
  key: businessPlanSectionKeySchema,
  /** Null: the section's default title, in the organization's words. */
  title: z
    .string()
    .trim()
    .min(1, { error: 'A section title cannot be empty' })
    .max(PLAN_SECTION_TITLE_MAX, { error: `A section title must be at most ${PLAN_SECTION_TITLE_MAX} characters` })
    .nullable(),
  hidden: z.boolean(),
});
export type BusinessPlanSectionSettings = z.infer<typeof businessPlanSectionSettingsSchema>;

export const coreValueSchema = z.object({
  id: z.string().min(1).max(64),
  title: shortText('A core value').min(1, { error: 'A core value needs a title' }),
  description: longText("A core value's description"),
});
export type CoreValue = z.infer<typeof coreValueSchema>;

/** Everything a person writes in a plan. Live parts (annual goals, priorities, long-term issues) are not here. */
export const businessPlanContentSchema = z.object({
  /** Each key exactly once: the server refuses a repeated one (`businessPlanRepeatedSection`). */
  sections: z.array(businessPlanSectionSettingsSchema).length(BUSINESS_PLAN_SECTION_KEYS.length),
  coreValues: z
    .array(coreValueSchema)
    .max(PLAN_CORE_VALUES_MAX, { error: `At most ${PLAN_CORE_VALUES_MAX} core values` }),
  coreFocus: z.object({ purpose: longText('The purpose'), niche: longText('The niche') }),
  tenYearTarget: z.object({
    year: z.number().int().min(2000).max(2200).nullable(),
    text: longText('The 10-year target'),
  }),
  marketingStrategy: z.object({
    targetMarket: longText('The target market'),
    uniques: textList('Uniques', PLAN_UNIQUES_MAX),
    provenProcess: longText('The proven process'),
    guarantee: longText('The guarantee'),
  }),
  threeYearPicture: z.object({
    date: isoDate.nullable(),
    revenue: shortText('Revenue'),
    profit: shortText('Profit'),
    measurables: textList('Measurables'),
    looksLike: textList('What it looks like', 40),
  }),
  oneYearPlan: z.object({
    date: isoDate.nullable(),
    revenue: shortText('Revenue'),
    profit: shortText('Profit'),
    measurables: textList('Measurables'),
  }),
  swot: z.object({
    strengths: textList('Strengths'),
    weaknesses: textList('Weaknesses'),
    opportunities: textList('Opportunities'),
    threats: textList('Threats'),
  }),
});
export type BusinessPlanContent = z.infer<typeof businessPlanContentSchema>;

/** The first section key a plan lists twice, if any (sections are a fixed set, each shown once). */
export const businessPlanRepeatedSection = (sections: readonly Pick<BusinessPlanSectionSettings, 'key'>[]) =>
  sections.find((section, index) => sections.findIndex((other) => other.key === section.key) !== index)?.key;

/** A plan nobody has written yet: every section shown, in the default order, with nothing in it. */
export const emptyBusinessPlanContent = (): BusinessPlanContent => ({
  sections: BUSINESS_PLAN_SECTION_KEYS.map((key) => ({ key, title: null, hidden: false })),
  coreValues: [],
  coreFocus: { purpose: '', niche: '' },
  tenYearTarget: { year: null, text: '' },
  marketingStrategy: { targetMarket: '', uniques: [], provenProcess: '', guarantee: '' },
  threeYearPicture: { date: null, revenue: '', profit: '', measurables: [], looksLike: [] },
  oneYearPlan: { date: null, revenue: '', profit: '', measurables: [] },
  swot: { strengths: [], weaknesses: [], opportunities: [], threats: [] },
});

export const businessPlanPersonSchema = z.object({ id: uuidSchema, name: z.string() });

export const businessPlanSchema = z.object({
  /** Null until the first save: an unwritten plan is not stored. */
  id: uuidSchema.nullable(),
  teamId: uuidSchema,
  teamName: z.string(),
  isCompanyPlan: z.boolean(),
  content: businessPlanContentSchema,
  /** 0 for a plan never saved; the next save names it. */
  version: z.number().int().min(0),
  updatedAt: isoDateTimeSchema.nullable(),
  updatedBy: businessPlanPersonSchema.nullable(),
  /** Whether the person asking may change it (leaders for the company plan, team members for theirs). */
  canEdit: z.boolean(),
  shareToken: z.string().nullable(),
});
export type BusinessPlan = z.infer<typeof businessPlanSchema>;

export const BUSINESS_PLAN_SHARE_TOKEN_MAX = 100;
const shareTokenSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,100}$/, { error: 'This share link is not valid' })
  .max(BUSINESS_PLAN_SHARE_TOKEN_MAX);

/** Whose plan: a team's (default: the company plan), or the plan a read-only share link names. */
export const businessPlanQuerySchema = z.object({
  teamId: uuidSchema.optional(),
  share: shareTokenSchema.optional(),
});
export type BusinessPlanQuery = z.infer<typeof businessPlanQuerySchema>;

export const saveBusinessPlanRequestSchema = z.strictObject({
  teamId: uuidSchema,
  /** The version the edit was based on (0 for the first save). */
  version: z.number().int().min(0),
  content: businessPlanContentSchema,
});
export type SaveBusinessPlanRequest = z.infer<typeof saveBusinessPlanRequestSchema>;

export const businessPlanVersionSummarySchema = z.object({
  version: versionSchema,
  createdAt: isoDateTimeSchema,
  createdBy: businessPlanPersonSchema.nullable(),
});
export type BusinessPlanVersionSummary = z.infer<typeof businessPlanVersionSummarySchema>;

export const businessPlanVersionSchema = businessPlanVersionSummarySchema.extend({
  content: businessPlanContentSchema,
});
export type BusinessPlanVersion = z.infer<typeof businessPlanVersionSchema>;

export const businessPlanVersionPageSchema = pageOf(businessPlanVersionSummarySchema);
export type BusinessPlanVersionPage = z.infer<typeof businessPlanVersionPageSchema>;

/** One team's saved versions, newest first. */
export const businessPlanVersionsQuerySchema = pageQuerySchema.extend({ teamId: uuidSchema });
export type BusinessPlanVersionsQuery = z.infer<typeof businessPlanVersionsQuerySchema>;

/** One saved version of a team's plan. */
export const businessPlanVersionQuerySchema = z.object({
  teamId: uuidSchema,
  version: z.coerce.number().int().min(1).max(2_147_483_647),
});

export const restoreBusinessPlanRequestSchema = z.strictObject({
  teamId: uuidSchema,
  version: z.number().int().min(0),
  restoreVersion: versionSchema,
});

export type RestoreBusinessPlanRequest = z.infer<typeof restoreBusinessPlanRequestSchema>;

export const shareBusinessPlanRequestSchema = z.strictObject({ teamId: uuidSchema, shared: z.boolean() });
export type ShareBusinessPlanRequest = z.infer<typeof shareBusinessPlanRequestSchema>;

/**
 * The year whose annual goals the 1-year plan shows: the year of its date when one is set, otherwise the current
 * fiscal year (a fiscal year is named by the calendar year it ends in, as the 1-year plan's date usually is).
 */
export const businessPlanGoalsYear = (content: Pick<BusinessPlanContent, 'oneYearPlan'>, currentFiscalYear: number) =>
  content.oneYearPlan.date ? Number(content.oneYearPlan.date.slice(0, 4)) : currentFiscalYear;

/** A section's title: the one its team wrote, else its default in the organization's words. */
export function businessPlanSectionTitle(
  section: Pick<BusinessPlanSectionSettings, 'key' | 'title'>,
  labels: Pick<Terminology, 'long_term_vision_label' | 'annual_goals_label' | 'priorities_label' | 'issues_label'>,
): string {
  if (section.title) return section.title;
  const defaults: Record<BusinessPlanSectionKey, string> = {
    core_values: 'Core Values',
    core_focus: 'Core Focus',
    ten_year_target: '10-Year Target',
    marketing_strategy: 'Marketing Strategy',
    three_year_picture: labels.long_term_vision_label,
    one_year_plan: labels.annual_goals_label,
    quarterly_priorities: labels.priorities_label,
    long_term_issues: labels.issues_label,
    swot: 'SWOT',
  };
  return defaults[section.key];
}
