import type { UseFormReturn } from 'react-hook-form';
import { GOAL_OPERATORS, type GoalOperator, type ScorecardUnit } from '@keel/contract';
import { TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/FormFields';
import { goalSentence, type MeasurableFormValues } from '../measurable-form';

export const OPERATOR_TEXT: Record<GoalOperator, string> = {
  '>=': 'At least (≥)',
  '>': 'More than (>)',
  '<=': 'At most (≤)',
  '<': 'Less than (<)',
  '=': 'Exactly (=)',
  between: 'Between',
  not_between: 'Not between',
};

/** How to type a number of each unit, as a hint under the goal's inputs. */
export const UNIT_HINT: Record<ScorecardUnit, string> = {
  number: 'A number, such as 1,250.5',
  currency: 'An amount, such as 1,250',
  percent: 'A percentage, such as 50%',
  yes_no: 'Yes or No',
  time: 'Hours and minutes, such as 1:30',
};

/**
 * The goal in the measurable's unit (operator, value, upper bound for the ranged operators), the
 * optional yellow band, and the sentence they make so far ("Green when ≥ 50%").
 */
export function GoalFields({ form }: { form: UseFormReturn<MeasurableFormValues> }) {
  const {
    register,
    watch,
    formState: { errors },
  } = form;
  const values = watch();
  const operator = values.goalOperator;
  const ranged = operator === 'between' || operator === 'not_between';
  const sentence = goalSentence(values);
  return (
    <fieldset className="grid min-w-0 gap-3 rounded-md border border-slate-200 p-3 dark:border-slate-700">
      <legend className="px-1 text-sm font-medium text-slate-800 dark:text-slate-200">Goal</legend>
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField label="Goal is met when the value is" {...register('goalOperator')}>
          <option value="">No goal</option>
          {GOAL_OPERATORS.map((candidate) => (
            <option key={candidate} value={candidate}>
              {OPERATOR_TEXT[candidate]}
            </option>
          ))}
        </SelectField>
        {operator === '' ? null : (
          <TextField
            label={ranged ? 'From' : 'Goal'}
            inputMode={values.unit === 'yes_no' ? 'text' : 'decimal'}
            hint={UNIT_HINT[values.unit]}
            error={errors.goalValue?.message}
            {...register('goalValue')}
          />
        )}
        {ranged ? (
          <TextField label="To" inputMode="decimal" error={errors.goalMax?.message} {...register('goalMax')} />
        ) : null}
      </div>
      {operator === '' ? null : (
        <div className="grid gap-3 sm:grid-cols-3">
          <SelectField label="Yellow band" {...register('bandKind')}>
            <option value="">None (red as soon as it misses)</option>
            <option value="percent">Within a percentage of the goal</option>
            <option value="absolute">Within an amount of the goal</option>
          </SelectField>
          {values.bandKind === '' ? null : (
            <TextField
              label={values.bandKind === 'percent' ? 'Band (percent of the goal)' : 'Band (amount)'}
              inputMode="decimal"
              error={errors.bandAmount?.message}
              {...register('bandAmount')}
            />
          )}
        </div>
      )}
      <p aria-live="polite" className="text-sm text-slate-700 dark:text-slate-200">
        {sentence ?? 'Finish the goal to see when a cell turns green.'}
      </p>
    </fieldset>
  );
}
