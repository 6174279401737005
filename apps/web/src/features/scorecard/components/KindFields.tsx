import { useId, useRef } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { Measurable, MeasurableKind } from '@keel/contract';
import { FormValue } from '../../../lib/form-value';
import { LABEL_CLASSES, inputClasses } from '../../../ui/Field';
import { SelectField } from '../../../ui/FormFields';
import type { MeasurableFormValues } from '../measurable-form';
import { RollupPartsPicker } from './RollupPartsPicker';

interface KindFieldsProps {
  form: UseFormReturn<MeasurableFormValues>;
  /** The measurable being edited (its kind is fixed), or null when creating. */
  measurable: Measurable | null;
  /** The team's measurables of the same frequency, which a formula may name. */
  teamMeasurables: Measurable[];
  todoSingular: string;
}

export const kindText = (kind: MeasurableKind, todoSingular: string) =>
  ({
    manual: 'Typed in',
    formula: 'Formula of this team’s measurables',
    rollup: 'Roll-up of measurables of other teams',
    todo_completion: `${todoSingular} completion, computed`,
  })[kind];

/** What fills the cells: typed in, a formula, a roll-up of other teams' measurables, or the to-dos done. */
export function KindFields({ form, measurable, teamMeasurables, todoSingular }: KindFieldsProps) {
  const { register, watch, setValue, getValues } = form;
  const kind = watch('kind');
  return (
    <div className="grid gap-3">
      {measurable ? (
        <p className="text-sm text-slate-700 dark:text-slate-200">
          <span className="font-medium">Values:</span> {kindText(kind, todoSingular)} (fixed after creation)
        </p>
      ) : (
        <SelectField
          label="Values"
          {...register('kind', {
            onChange: () => {
              // To-do completion is a percentage with the methodology's 90% goal unless one was set.
              if (getValues('kind') !== 'todo_completion') return;
              setValue('unit', 'percent');
              setValue('decimals', '0');
              setValue('aggregation', 'average');
              if (getValues('goalOperator') === '') {
                setValue('goalOperator', '>=');
                setValue('goalValue', '90');
              }
            },
          })}
        >
          {(['manual', 'formula', 'rollup', 'todo_completion'] as const).map((candidate) => (
            <option key={candidate} value={candidate}>
              {kindText(candidate, todoSingular)}
            </option>
          ))}
        </SelectField>
      )}
      {kind === 'formula' ? (
        <FormulaField form={form} measurable={measurable} teamMeasurables={teamMeasurables} />
      ) : null}
      {kind === 'rollup' ? (
        <>
          <SelectField label="Combine them by" {...register('rollupAggregation')}>
            <option value="sum">Sum</option>
            <option value="average">Average</option>
          </SelectField>
          <FormValue
            form={form}
            name="rollupPartIds"
            render={({ field, fieldState }) => (
              <RollupPartsPicker
                frequency={watch('frequency')}
                excludeId={measurable?.id ?? null}
                selected={field.value}
                onChange={field.onChange}
                error={fieldState.error?.message}
              />
            )}
          />
        </>
      ) : null}
      {kind === 'todo_completion' ? (
        <SelectField label={`Whose ${todoSingular} completion`} {...register('todoCompletionScope')}>
          <option value="owner">The owner’s</option>
          <option value="team">The whole team’s</option>
        </SelectField>
      ) : null}
    </div>
  );
}

function FormulaField({
  form,
  measurable,
  teamMeasurables,
}: Pick<KindFieldsProps, 'form' | 'measurable' | 'teamMeasurables'>) {
  const id = useId();
  const area = useRef<HTMLTextAreaElement | null>(null);
  const { ref, ...field } = form.register('formula');
  const error = form.formState.errors.formula?.message;
  const frequency = form.watch('frequency');
  const choices = teamMeasurables.filter(
    (candidate) => candidate.id !== measurable?.id && !candidate.archivedAt && candidate.frequency === frequency,
  );

  const insert = (title: string) => {
    const element = area.current;
    const text = form.getValues('formula');
    const start = element?.selectionStart ?? text.length;
    const end = element?.selectionEnd ?? text.length;
    const reference = `[${title}]`;
    form.setValue('formula', `${text.slice(0, start)}${reference}${text.slice(end)}`, {
      shouldDirty: true,
      shouldValidate: form.formState.isSubmitted,
    });
    requestAnimationFrame(() => {
      element?.focus();
      element?.setSelectionRange(start + reference.length, start + reference.length);
    });
  };

  return (
    <div className="grid gap-2">
      <div>
        <label htmlFor={id} className={LABEL_CLASSES}>
          Formula
        </label>
        <textarea
          id={id}
          rows={3}
          spellCheck={false}
          placeholder="[Revenue] - [Costs]"
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          className={inputClasses(Boolean(error), 'font-mono')}
          ref={(element) => {
            ref(element);
            area.current = element;
          }}
          {...field}
        />
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          Name measurables of this team in square brackets; use + - * /, parentheses, sum(…) and average(…).
        </p>
        {error ? (
          <p id={`${id}-error`} className="mt-1 text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        ) : null}
      </div>
      <SelectField
        label="Insert a measurable"
        value=""
        disabled={choices.length === 0}
        onChange={(event) => {
          const chosen = choices.find((candidate) => candidate.id === event.target.value);
          if (chosen) insert(chosen.title);
        }}
      >
        <option value="">{choices.length === 0 ? 'No other measurable of this frequency' : 'Choose one…'}</option>
        {choices.map((candidate) => (
          <option key={candidate.id} value={candidate.id}>
            {candidate.title}
          </option>
        ))}
      </SelectField>
    </div>
  );
}
