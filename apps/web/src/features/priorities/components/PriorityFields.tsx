import { useId } from 'react';
import type { PriorityScope, ProgressType } from '@keel/contract';
import { TextField, inputClasses } from '../../../ui/Field';
import { SCOPE_TEXT } from '../priority-format';

export interface ProgressValues {
  progressType: ProgressType;
  numericStart: string;
  numericTarget: string;
  numericCurrent: string;
  unit: string;
}

const PROGRESS_TEXT: Record<ProgressType, string> = {
  status: 'By status (complete or not)',
  milestones: 'By milestones done',
  numeric: 'By a number',
};

/** '' means "no value"; anything else must be a finite number. */
export const parseNumber = (text: string): number | null | 'invalid' => {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : 'invalid';
};

export function ScopeSelect({ value, onChange }: { value: PriorityScope; onChange: (scope: PriorityScope) => void }) {
  const id = useId();
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
        Scope
      </label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as PriorityScope)}
        className={inputClasses(false)}
      >
        {(Object.keys(SCOPE_TEXT) as PriorityScope[]).map((scope) => (
          <option key={scope} value={scope}>
            {SCOPE_TEXT[scope]}
          </option>
        ))}
      </select>
    </div>
  );
}

/** How progress is measured; a numeric priority also has a start, a target, its current value and a unit. */
export function ProgressFields({
  values,
  onChange,
  milestonesLabel,
  error,
}: {
  values: ProgressValues;
  onChange: (values: ProgressValues) => void;
  milestonesLabel: string;
  error?: string | undefined;
}) {
  const id = useId();
  const set = (patch: Partial<ProgressValues>) => onChange({ ...values, ...patch });
  return (
    <div className="grid gap-2">
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Progress
        </label>
        <select
          id={id}
          value={values.progressType}
          onChange={(event) => set({ progressType: event.target.value as ProgressType })}
          className={inputClasses(false)}
        >
          {(Object.keys(PROGRESS_TEXT) as ProgressType[]).map((type) => (
            <option key={type} value={type}>
              {type === 'milestones' ? `By ${milestonesLabel.toLowerCase()} done` : PROGRESS_TEXT[type]}
            </option>
          ))}
        </select>
      </div>
      {values.progressType === 'numeric' ? (
        <div className="grid grid-cols-2 gap-2 md:grid-cols-4">
          <TextField
            label="Start"
            inputMode="decimal"
            value={values.numericStart}
            onChange={(e) => set({ numericStart: e.target.value })}
          />
          <TextField
            label="Target"
            inputMode="decimal"
            value={values.numericTarget}
            onChange={(e) => set({ numericTarget: e.target.value })}
            error={error}
          />
          <TextField
            label="Current"
            inputMode="decimal"
            value={values.numericCurrent}
            onChange={(e) => set({ numericCurrent: e.target.value })}
          />
          <TextField label="Unit" maxLength={40} value={values.unit} onChange={(e) => set({ unit: e.target.value })} />
        </div>
      ) : null}
    </div>
  );
}

/** The numeric part of a request, or an error message for the target field. */
export function numericRequest(values: ProgressValues):
  | {
      ok: true;
      fields: {
        numericStart: number | null;
        numericTarget: number | null;
        numericCurrent: number | null;
        unit: string | null;
      };
    }
  | { ok: false; error: string } {
  const start = parseNumber(values.numericStart);
  const target = parseNumber(values.numericTarget);
  const current = parseNumber(values.numericCurrent);
  if (start === 'invalid' || target === 'invalid' || current === 'invalid') return { ok: false, error: 'Use numbers' };
  if (values.progressType === 'numeric' && target === null) return { ok: false, error: 'A target is required' };
  return {
    ok: true,
    fields: { numericStart: start, numericTarget: target, numericCurrent: current, unit: values.unit.trim() || null },
  };
}

export const progressValuesOf = (priority?: {
  progressType: ProgressType;
  numericStart: number | null;
  numericTarget: number | null;
  numericCurrent: number | null;
  unit: string | null;
}): ProgressValues => ({
  progressType: priority?.progressType ?? 'status',
  numericStart: priority?.numericStart?.toString() ?? '',
  numericTarget: priority?.numericTarget?.toString() ?? '',
  numericCurrent: priority?.numericCurrent?.toString() ?? '',
  unit: priority?.unit ?? '',
});
