import { PRIORITY_DESCRIPTION_MAX, PRIORITY_TITLE_MAX, type PriorityScope, type ProgressType } from '@keel/contract';
import { z } from 'zod';
import { TextField, type TextFieldProps } from '../../../ui/Field';
import { SelectField, TextAreaField, type TextAreaFieldProps } from '../../../ui/FormFields';
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

/** A priority's title (required) and description, in the create and the edit form alike. */
export function PriorityTextFields({
  title,
  description,
}: {
  /** The title input's props (a registered field and its error). */
  title: Omit<TextFieldProps, 'label'>;
  description: Omit<TextAreaFieldProps, 'label'>;
}) {
  return (
    <>
      <TextField label="Title" maxLength={PRIORITY_TITLE_MAX} {...title} />
      <TextAreaField label="Description" rows={3} maxLength={PRIORITY_DESCRIPTION_MAX} {...description} />
    </>
  );
}

export function ScopeSelect({ value, onChange }: { value: PriorityScope; onChange: (scope: PriorityScope) => void }) {
  return (
    <SelectField label="Scope" value={value} onChange={(event) => onChange(event.target.value as PriorityScope)}>
      {(Object.keys(SCOPE_TEXT) as PriorityScope[]).map((scope) => (
        <option key={scope} value={scope}>
          {SCOPE_TEXT[scope]}
        </option>
      ))}
    </SelectField>
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
  const set = (patch: Partial<ProgressValues>) => onChange({ ...values, ...patch });
  return (
    <div className="grid gap-2">
      <SelectField
        label="Progress"
        value={values.progressType}
        onChange={(event) => set({ progressType: event.target.value as ProgressType })}
      >
        {(Object.keys(PROGRESS_TEXT) as ProgressType[]).map((type) => (
          <option key={type} value={type}>
            {type === 'milestones' ? `By ${milestonesLabel} done` : PROGRESS_TEXT[type]}
          </option>
        ))}
      </SelectField>
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

/** Progress as typed in ProgressFields; the numbers are checked (and their message given) by numericRequest. */
export const progressFormSchema = z.custom<ProgressValues>().superRefine((values, context) => {
  const numeric = numericRequest(values);
  if (!numeric.ok) context.addIssue({ code: 'custom', message: numeric.error });
});

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
