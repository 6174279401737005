import { z } from 'zod';
import {
  bandKindSchema,
  createMeasurableRequestSchema,
  describeBand,
  describeGoal,
  formatScoreForCopy,
  formatScoreValue,
  formulaFromDisplay,
  formulaToDisplay,
  goalOperatorSchema,
  goalSchema,
  measurableKindSchema,
  parseFormula,
  parseScoreInput,
  ROLLUP_PARTS_MAX,
  rollupAggregationSchema,
  scorecardFrequencySchema,
  scorecardUnitSchema,
  todoCompletionScopeSchema,
  totalAggregationSchema,
  type CreateMeasurableRequest,
  type GoalInput,
  type Measurable,
  type ScorecardFrequency,
  type UpdateMeasurableRequest,
  type ValueFormat,
} from '@keel/contract';
import { ApiError } from '../../lib/api-error';

/**
 * The measurable dialog's form: what a person types (goal and band as text in the measurable's unit,
 * the formula with titles in square brackets), its checks and the request it becomes. The rules stay
 * the contract's; this adds only the typed-text readings.
 */
const contract = createMeasurableRequestSchema.shape;

const rawFormSchema = z.object({
  title: contract.title,
  description: z.string(),
  ownerId: z.string().min(1, { error: 'Choose an owner' }),
  dataEntryUserId: z.string(),
  frequency: scorecardFrequencySchema,
  unit: scorecardUnitSchema,
  currencyCode: z.string(),
  decimals: z.string(),
  /** '' = no goal. */
  goalOperator: goalOperatorSchema.or(z.literal('')),
  goalValue: z.string(),
  goalMax: z.string(),
  /** '' = no yellow band. */
  bandKind: bandKindSchema.or(z.literal('')),
  bandAmount: z.string(),
  groupId: z.string(),
  aggregation: totalAggregationSchema,
  kind: measurableKindSchema,
  /** As people read it: `[Revenue] - [Costs]`. */
  formula: z.string(),
  rollupAggregation: rollupAggregationSchema,
  rollupPartIds: z.array(z.string()),
  todoCompletionScope: todoCompletionScopeSchema,
});
export type MeasurableFormValues = z.input<typeof rawFormSchema>;
export type MeasurableFormField = keyof MeasurableFormValues;

/** The team's measurables a formula may name (same frequency), by title. */
export interface FormulaContext {
  idsOfTitle: (title: string) => string[];
}

export const formatOf = (values: Pick<MeasurableFormValues, 'unit' | 'currencyCode' | 'decimals'>): ValueFormat => ({
  unit: values.unit,
  currencyCode:
    values.unit === 'currency' && values.currencyCode.trim() ? values.currencyCode.trim().toUpperCase() : null,
  decimals: Number(values.decimals) || 0,
});

const isRanged = (operator: string) => operator === 'between' || operator === 'not_between';

type Reading<T> = { ok: true; value: T } | { ok: false; field: MeasurableFormField; message: string };

function readNumber(text: string, format: ValueFormat, field: MeasurableFormField, blank: string): Reading<number> {
  const parsed = parseScoreInput(text, format);
  if (!parsed.ok) return { ok: false, field, message: parsed.message };
  if (parsed.value === null) return { ok: false, field, message: blank };
  return { ok: true, value: parsed.value };
}

/** What the goal is read from: the measurable dialog's form, or a period goal's. */
export type GoalTextValues = Pick<
  MeasurableFormValues,
  'unit' | 'currencyCode' | 'decimals' | 'goalOperator' | 'goalValue' | 'goalMax' | 'bandKind' | 'bandAmount'
>;

/** The goal as the contract takes it, or the first field it cannot be read from. */
export function readGoal(values: GoalTextValues): Reading<GoalInput | null> {
  if (values.goalOperator === '') return { ok: true, value: null };
  const format = formatOf(values);
  const value = readNumber(values.goalValue, format, 'goalValue', 'Type the goal');
  if (!value.ok) return value;
  let valueMax: number | null = null;
  if (isRanged(values.goalOperator)) {
    const max = readNumber(values.goalMax, format, 'goalMax', 'Type the upper bound');
    if (!max.ok) return max;
    valueMax = max.value;
  }
  let band: GoalInput['band'] = null;
  if (values.bandKind !== '') {
    // A percent band is a plain percentage whatever the unit; an absolute one is in the unit.
    const bandFormat: ValueFormat =
      values.bandKind === 'percent' ? { unit: 'number', currencyCode: null, decimals: 4 } : format;
    const amount = readNumber(values.bandAmount, bandFormat, 'bandAmount', 'Type how wide the yellow band is');
    if (!amount.ok) return amount;
    band = { kind: values.bandKind, amount: amount.value };
  }
  const goal: GoalInput = { operator: values.goalOperator, value: value.value, valueMax, band };
  const checked = goalSchema.safeParse(goal);
  if (!checked.success) {
    const issue = checked.error.issues[0];
    return {
      ok: false,
      field: goalFieldOf(issue?.path.map(String) ?? []),
      message: issue?.message ?? 'Check the goal',
    };
  }
  return { ok: true, value: goal };
}

const goalFieldOf = (path: readonly string[]): MeasurableFormField =>
  path[0] === 'valueMax' ? 'goalMax' : path[0] === 'band' ? 'bandAmount' : 'goalValue';

/** The stored formula (`{id}` references), or why the typed one cannot be used. */
export function readFormula(text: string, context: FormulaContext): Reading<string> {
  if (!text.trim()) return { ok: false, field: 'formula', message: 'Write a formula, such as [Revenue] - [Costs]' };
  const converted = formulaFromDisplay(text, context.idsOfTitle);
  if (!converted.ok) return { ok: false, field: 'formula', message: converted.message };
  const parsed = parseFormula(converted.text);
  if (!parsed.ok) return { ok: false, field: 'formula', message: parsed.message };
  return { ok: true, value: converted.text };
}

/** The form's schema: the contract's field rules, then the readings of goal, band, currency and formula. */
export const measurableFormSchema = (context: FormulaContext) =>
  rawFormSchema.superRefine((values, issues) => {
    const fail = (field: MeasurableFormField, message: string) =>
      issues.addIssue({ code: 'custom', path: [field], message });
    if (values.unit === 'currency') {
      const code = contract.currencyCode.safeParse(values.currencyCode);
      if (!code.success || !values.currencyCode.trim())
        fail('currencyCode', code.error?.issues[0]?.message ?? 'Use a three-letter currency code such as USD');
    }
    const goal = readGoal(values);
    if (!goal.ok) fail(goal.field, goal.message);
    if (values.kind === 'formula') {
      const formula = readFormula(values.formula, context);
      if (!formula.ok) fail(formula.field, formula.message);
    }
    if (values.kind === 'rollup') {
      if (values.rollupPartIds.length === 0) fail('rollupPartIds', 'Choose at least one measurable to combine');
      if (values.rollupPartIds.length > ROLLUP_PARTS_MAX)
        fail('rollupPartIds', `Choose at most ${ROLLUP_PARTS_MAX} measurables`);
    }
  });

const textOf = (
  value: number | null | undefined,
  values: Pick<MeasurableFormValues, 'unit' | 'currencyCode' | 'decimals'>,
) => (value === null || value === undefined ? '' : formatScoreForCopy(value, formatOf(values)));

/** A new measurable's form, or an existing one's as saved (the formula shown with titles). */
export function formValuesOf(
  measurable: Measurable | null,
  defaults: { ownerId: string; frequency: ScorecardFrequency; titleOf: (id: string) => string | undefined },
): MeasurableFormValues {
  if (!measurable) {
    return {
      title: '',
      description: '',
      ownerId: defaults.ownerId,
      dataEntryUserId: '',
      frequency: defaults.frequency,
      unit: 'number',
      currencyCode: '',
      decimals: '0',
      goalOperator: '',
      goalValue: '',
      goalMax: '',
      bandKind: '',
      bandAmount: '',
      groupId: '',
      aggregation: 'sum',
      kind: 'manual',
      formula: '',
      rollupAggregation: 'sum',
      rollupPartIds: [],
      todoCompletionScope: 'owner',
    };
  }
  const unitValues = {
    unit: measurable.unit,
    currencyCode: measurable.currencyCode ?? '',
    decimals: String(measurable.decimals),
  };
  const band = measurable.goal?.band ?? null;
  return {
    title: measurable.title,
    description: measurable.description,
    ownerId: measurable.ownerId,
    dataEntryUserId: measurable.dataEntryUserId ?? '',
    frequency: measurable.frequency,
    ...unitValues,
    goalOperator: measurable.goal?.operator ?? '',
    goalValue: textOf(measurable.goal?.value, unitValues),
    goalMax: textOf(measurable.goal?.valueMax, unitValues),
    bandKind: band?.kind ?? '',
    bandAmount: band ? (band.kind === 'percent' ? String(band.amount) : textOf(band.amount, unitValues)) : '',
    groupId: measurable.groupId ?? '',
    aggregation: measurable.aggregation,
    kind: measurable.kind,
    formula: measurable.formula ? formulaToDisplay(measurable.formula, defaults.titleOf) : '',
    rollupAggregation: measurable.rollup?.aggregation ?? 'sum',
    rollupPartIds: measurable.rollup?.partIds ?? [],
    todoCompletionScope: measurable.todoCompletionScope ?? 'owner',
  };
}

type SharedRequest = Omit<CreateMeasurableRequest, 'teamId' | 'frequency' | 'kind' | 'startsOn'>;

/** The fields create and update share, read from a form that passed its schema. */
function sharedRequestOf(values: MeasurableFormValues, context: FormulaContext): SharedRequest {
  const goal = readGoal(values);
  const formula = values.kind === 'formula' ? readFormula(values.formula, context) : null;
  return {
    title: values.title.trim(),
    description: values.description,
    ownerId: values.ownerId,
    dataEntryUserId: values.dataEntryUserId || null,
    unit: values.unit,
    currencyCode: values.unit === 'currency' ? values.currencyCode.trim().toUpperCase() : null,
    decimals: Number(values.decimals) || 0,
    goal: goal.ok ? goal.value : null,
    aggregation: values.aggregation,
    groupId: values.groupId || null,
    ...(formula?.ok ? { formula: formula.value } : {}),
    ...(values.kind === 'rollup'
      ? { rollup: { aggregation: values.rollupAggregation, partIds: values.rollupPartIds } }
      : {}),
    ...(values.kind === 'todo_completion' ? { todoCompletionScope: values.todoCompletionScope } : {}),
  };
}

export const createRequestOf = (
  values: MeasurableFormValues,
  teamId: string,
  context: FormulaContext,
): CreateMeasurableRequest => ({
  ...sharedRequestOf(values, context),
  teamId,
  frequency: values.frequency,
  kind: values.kind,
});

export const updateRequestOf = (
  values: MeasurableFormValues,
  version: number,
  context: FormulaContext,
): UpdateMeasurableRequest => ({
  ...sharedRequestOf(values, context),
  version,
});

/** "Green when ≥ 50%, yellow within 10%": the goal as typed so far, or null while it cannot be read. */
export function goalSentence(values: GoalTextValues): string | null {
  if (values.goalOperator === '') return 'No goal: cells show their value without a colour.';
  const goal = readGoal(values);
  if (!goal.ok || !goal.value) return null;
  const parsed = goalSchema.parse(goal.value);
  const format = (value: number) => formatScoreValue(value, formatOf(values));
  const band = describeBand(parsed.band, format);
  return `Green when ${describeGoal(parsed, format)}${band ? `, ${band}` : ''}.`;
}

const DIRECT_FIELDS = new Set<string>([
  'title',
  'description',
  'ownerId',
  'dataEntryUserId',
  'frequency',
  'unit',
  'currencyCode',
  'decimals',
  'groupId',
  'aggregation',
  'kind',
  'formula',
  'todoCompletionScope',
]);

/** The form field a server detail's path (`goal.valueMax`, `rollup.partIds.0`) belongs to, if any. */
export function fieldOfServerPath(path: string): MeasurableFormField | null {
  const [head, next] = path.split('.');
  if (!head) return null;
  if (head === 'goal') return next === 'valueMax' ? 'goalMax' : next === 'band' ? 'bandAmount' : 'goalValue';
  if (head === 'rollup') return next === 'aggregation' ? 'rollupAggregation' : 'rollupPartIds';
  return DIRECT_FIELDS.has(head) ? (head as MeasurableFormField) : null;
}

/**
 * Where a refused save's reasons go: each detail onto its field; a formula or roll-up refusal without
 * details (a cycle, another team's measurable) onto that field; what is left for a banner.
 */
export function serverFieldErrors(error: unknown): { fields: [MeasurableFormField, string][]; unplaced: boolean } {
  if (!(error instanceof ApiError) || error.status !== 400) return { fields: [], unplaced: true };
  const fields: [MeasurableFormField, string][] = [];
  for (const detail of error.details) {
    const field = fieldOfServerPath(detail.path);
    if (field) fields.push([field, detail.message]);
  }
  if (fields.length === 0 && error.serverMessage) {
    if (/formula|cycle/i.test(error.code)) fields.push(['formula', error.serverMessage]);
    else if (/rollup|roll_up/i.test(error.code)) fields.push(['rollupPartIds', error.serverMessage]);
  }
  return { fields, unplaced: fields.length === 0 };
}
