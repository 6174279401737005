import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { z } from 'zod';
import {
  describeGoal,
  formatScoreValue,
  GOAL_OPERATORS,
  goalOperatorSchema,
  type Measurable,
  type ScorecardPeriod,
} from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { countOf } from '../../../lib/words';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/FormFields';
import { readGoal } from '../measurable-form';
import { useMeasurableHistory, useRemovePeriodGoal, useSetPeriodGoals } from '../measurables.api';
import { OPERATOR_TEXT, UNIT_HINT } from './GoalFields';

interface PeriodGoalsProps {
  measurable: Measurable;
  /** The periods offered: some recent ones, the current one and those ahead. */
  window: { from: string; to: string };
  currentPeriodStart: string;
  labelOf: (period: ScorecardPeriod) => string;
}

const formSchema = (measurable: Measurable) =>
  z
    .object({
      periodStart: z.string().min(1, { error: 'Choose a period' }),
      count: z.string(),
      goalOperator: goalOperatorSchema,
      goalValue: z.string(),
      goalMax: z.string(),
    })
    .superRefine((values, issues) => {
      const count = Number(values.count);
      if (!Number.isInteger(count) || count < 1) {
        issues.addIssue({ code: 'custom', path: ['count'], message: 'Type a whole number of periods, 1 or more' });
      }
      const goal = readGoal(goalFormValues(measurable, values));
      if (!goal.ok) issues.addIssue({ code: 'custom', path: [goal.field], message: goal.message });
    });
type PeriodGoalForm = z.input<ReturnType<typeof formSchema>>;

const goalFormValues = (
  measurable: Measurable,
  values: Pick<PeriodGoalForm, 'goalOperator' | 'goalValue' | 'goalMax'>,
) => ({
  ...values,
  unit: measurable.unit,
  currencyCode: measurable.currencyCode ?? '',
  decimals: String(measurable.decimals),
  bandKind: '' as const,
  bandAmount: '',
});

/**
 * "Goals by period": a goal for one period that differs from the usual one (seasonality), or targets
 * planned ahead for several periods at once (a quarter's weeks); each can be removed again.
 */
export function PeriodGoals({ measurable, window, currentPeriodStart, labelOf }: PeriodGoalsProps) {
  const history = useMeasurableHistory(measurable.id, window);
  const plan = useSetPeriodGoals();
  const remove = useRemovePeriodGoal();
  const format = { unit: measurable.unit, currencyCode: measurable.currencyCode, decimals: measurable.decimals };
  const show = (value: number) => formatScoreValue(value, format);
  const periods = history.data?.periods ?? [];
  const schema = useMemo(() => formSchema(measurable), [measurable]);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<PeriodGoalForm>({
    resolver: zodResolver(schema),
    defaultValues: {
      periodStart: currentPeriodStart,
      count: '1',
      goalOperator: measurable.goal?.operator ?? '>=',
      goalValue: '',
      goalMax: '',
    },
  });
  const operator = watch('goalOperator');
  const ranged = operator === 'between' || operator === 'not_between';
  const periodOf = (start: string) => periods.find((period) => period.start === start);

  const submit = handleSubmit((values) => {
    const goal = readGoal(goalFormValues(measurable, values));
    if (!goal.ok || !goal.value) return;
    const first = periods.findIndex((period) => period.start === values.periodStart);
    const chosen = periods
      .slice(Math.max(first, 0), Math.max(first, 0) + Number(values.count))
      .map(({ start }) => start);
    if (chosen.length < Number(values.count)) {
      setError('count', {
        message: `Goals can be set here for ${countOf(chosen.length, 'period', 'periods')} from that one`,
      });
      return;
    }
    // The usual yellow band applies to a period's own goal too.
    const withBand = { ...goal.value, band: measurable.goal?.band ?? null };
    plan.mutate(
      { id: measurable.id, periodStarts: chosen, goal: withBand },
      { onSuccess: (count) => toast.success(`Goal set for ${countOf(count, 'period', 'periods')}`) },
    );
  });

  const goals = [...(history.data?.periodGoals ?? [])].sort((a, b) => a.periodStart.localeCompare(b.periodStart));
  return (
    <section aria-labelledby="period-goals-title" className="grid gap-3">
      <h3 id="period-goals-title" className="text-base font-semibold text-slate-900 dark:text-white">
        Goals by period
      </h3>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        A period’s own goal wins over the usual one ({describeGoal(measurable.goal, show)}) for that period only.
      </p>
      {history.isError ? (
        <Banner tone="error">{errorText(history.error, 'The period goals could not be loaded.')}</Banner>
      ) : null}
      {goals.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No period has a goal of its own in this window.</p>
      ) : (
        <ul className="grid divide-y divide-slate-100 rounded-md border border-slate-200 dark:divide-slate-800 dark:border-slate-700">
          {goals.map((periodGoal) => {
            const period = periodOf(periodGoal.periodStart);
            const name = period ? labelOf(period) : periodGoal.periodStart;
            return (
              <li
                key={periodGoal.periodStart}
                className="flex flex-wrap items-center justify-between gap-2 px-3 py-1.5 text-sm"
              >
                <span>
                  <span className="font-medium">{name}</span>: {describeGoal(periodGoal.goal, show)}
                </span>
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Remove the goal of ${name}`}
                  loading={remove.isPending && remove.variables?.periodStart === periodGoal.periodStart}
                  onClick={() => remove.mutate({ id: measurable.id, periodStart: periodGoal.periodStart })}
                >
                  Remove
                </Button>
              </li>
            );
          })}
        </ul>
      )}
      {remove.isError ? (
        <Banner tone="error">{errorText(remove.error, 'The goal could not be removed.')}</Banner>
      ) : null}
      <form
        aria-label="Set a goal for periods"
        noValidate
        onSubmit={(event) => void submit(event)}
        className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2 dark:border-slate-700"
      >
        {plan.isError ? (
          <Banner tone="error" className="sm:col-span-2">
            {errorText(plan.error, 'The goals could not be set.')} Goals set before the problem are kept.
          </Banner>
        ) : null}
        <SelectField label="From period" error={errors.periodStart?.message} {...register('periodStart')}>
          {periods.map((period) => (
            <option key={period.start} value={period.start}>
              {labelOf(period)}
              {period.start === currentPeriodStart ? ' (current)' : ''}
            </option>
          ))}
        </SelectField>
        <TextField
          label="Number of periods"
          inputMode="numeric"
          hint="13 weeks fill a quarter"
          error={errors.count?.message}
          {...register('count')}
        />
        <SelectField label="Goal is met when the value is" {...register('goalOperator')}>
          {GOAL_OPERATORS.map((candidate) => (
            <option key={candidate} value={candidate}>
              {OPERATOR_TEXT[candidate]}
            </option>
          ))}
        </SelectField>
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            label={ranged ? 'From' : 'Goal'}
            hint={UNIT_HINT[measurable.unit]}
            error={errors.goalValue?.message}
            {...register('goalValue')}
          />
          {ranged ? <TextField label="To" error={errors.goalMax?.message} {...register('goalMax')} /> : null}
        </div>
        <div className="sm:col-span-2">
          <Button type="submit" loading={plan.isPending} disabled={periods.length === 0}>
            Set the goal
          </Button>
        </div>
      </form>
    </section>
  );
}
