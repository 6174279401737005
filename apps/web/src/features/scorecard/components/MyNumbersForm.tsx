import { useEffect, useMemo, useRef, useState } from 'react';
import { useForm, type UseFormReturn } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { describeGoal, formatScoreValue, periodRangeText, type MyNumber } from '@keel/contract';
import { errorText, isConflict } from '../../../lib/api-client';
import { countOf } from '../../../lib/words';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { Spinner } from '../../../ui/Spinner';
import { useMyNumbers, useSaveScore } from '../measurables.api';
import {
  fieldOf,
  formatOfMeasurable,
  initialValues,
  isTyped,
  myNumbersFormSchema,
  textOfCell,
  valueOf,
  type MyNumbersValues,
} from '../my-numbers-form';
import { UNIT_HINT } from './GoalFields';
import { STATUS_LOOK } from '../score-status';

/** The caller's own numbers for the current period, one plain field each: made for a phone, no grid. */
export function MyNumbersForm({ teamId }: { teamId?: string }) {
  const query = useMyNumbers(teamId);
  if (query.isPending) return <Spinner label="Loading your numbers" />;
  if (query.isError) return <Banner tone="error">{errorText(query.error, 'Your numbers could not be loaded.')}</Banner>;
  if (query.data.data.length === 0) {
    return <p className="text-sm text-slate-600 dark:text-slate-300">You have no numbers to enter for this period.</p>;
  }
  return <MyNumbersFields numbers={query.data.data} missing={query.data.missing} />;
}

type RowState = 'saving' | 'saved';

function MyNumbersFields({ numbers, missing }: { numbers: MyNumber[]; missing: number }) {
  const schema = useMemo(() => myNumbersFormSchema(numbers), [numbers]);
  const form = useForm<MyNumbersValues>({ resolver: zodResolver(schema), defaultValues: initialValues(numbers) });
  const save = useSaveScore();
  // The cell version each field was based on: a save names it, so a number someone else saved meanwhile is never overwritten unseen.
  const seen = useRef(new Map(numbers.map((number) => [number.measurable.id, number.cell.version])));
  const [conflicts, setConflicts] = useState<ReadonlySet<string>>(new Set());
  const [states, setStates] = useState<Record<string, RowState>>({});
  const setState = (id: string, state: RowState | null) =>
    setStates((current) => {
      const { [id]: _dropped, ...rest } = current;
      return state ? { ...rest, [id]: state } : rest;
    });

  // A number saved elsewhere shows at once in a field the person has not touched.
  useEffect(() => {
    for (const number of numbers.filter(isTyped)) {
      const id = number.measurable.id;
      const name = fieldOf(id);
      if (seen.current.get(id) !== number.cell.version && !form.getFieldState(name).isDirty) {
        form.resetField(name, { defaultValue: textOfCell(number) });
        seen.current.set(id, number.cell.version);
      }
    }
  }, [numbers, form]);

  const latest = (id: string) => numbers.find((number) => number.measurable.id === id);

  const saveOne = async (id: string): Promise<boolean> => {
    const number = latest(id);
    if (!number) return false;
    const name = fieldOf(id);
    // After a conflict the person has seen the other value: their next save replaces it.
    const version = conflicts.has(id) ? number.cell.version : (seen.current.get(id) ?? number.cell.version);
    setState(id, 'saving');
    try {
      const written = await save.mutateAsync({
        measurableId: id,
        periodStart: number.periodStart,
        value: valueOf(form.getValues(name), number),
        version,
      });
      seen.current.set(id, written.cell.version);
      form.resetField(name, { defaultValue: textOfCell({ ...number, cell: written.cell }) });
      setConflicts((current) => new Set([...current].filter((other) => other !== id)));
      setState(id, 'saved');
      return true;
    } catch (error) {
      setState(id, null);
      if (isConflict(error)) setConflicts((current) => new Set(current).add(id));
      else form.setError(name, { type: 'server', message: errorText(error, 'This number could not be saved.') });
      return false;
    }
  };

  const saveAll = form.handleSubmit(async () => {
    const changed = numbers.filter(
      (number) => isTyped(number) && form.getFieldState(fieldOf(number.measurable.id)).isDirty,
    );
    if (changed.length === 0) {
      toast('Nothing changed since the last save.');
      return;
    }
    let saved = 0;
    for (const number of changed) if (await saveOne(number.measurable.id)) saved += 1;
    if (saved === changed.length) toast.success(`${countOf(saved, 'number', 'numbers')} saved`);
    else toast.error(`${countOf(changed.length - saved, 'number was', 'numbers were')} not saved: see below.`);
  });

  return (
    <form
      aria-label="My numbers"
      noValidate
      onSubmit={(event) => void saveAll(event)}
      className="mx-auto grid max-w-xl gap-4"
    >
      <p className="text-sm text-slate-700 dark:text-slate-200">
        {missing === 0
          ? 'All your numbers for this period are in.'
          : `${countOf(missing, 'number is', 'numbers are')} still missing.`}
      </p>
      <ul className="grid gap-3">
        {numbers.map((number) => (
          <NumberRow
            key={number.measurable.id}
            number={number}
            form={form}
            state={states[number.measurable.id]}
            conflicted={conflicts.has(number.measurable.id)}
            onSave={async () => {
              if (await form.trigger(fieldOf(number.measurable.id))) await saveOne(number.measurable.id);
            }}
          />
        ))}
      </ul>
      <Button type="submit" size="lg" loading={save.isPending} className="w-full sm:w-auto">
        Save all
      </Button>
    </form>
  );
}

interface NumberRowProps {
  number: MyNumber;
  form: UseFormReturn<MyNumbersValues>;
  state: RowState | undefined;
  conflicted: boolean;
  onSave: () => Promise<void>;
}

function NumberRow({ number, form, state, conflicted, onSave }: NumberRowProps) {
  const { measurable, cell } = number;
  const format = formatOfMeasurable(measurable);
  const show = (value: number) => formatScoreValue(value, format);
  const goal = describeGoal(cell.goal === undefined ? measurable.goal : cell.goal, show);
  const now = cell.value === null ? 'nothing yet' : `${show(cell.value)} (${STATUS_LOOK[cell.status].words})`;
  const period = periodRangeText({ start: number.periodStart, end: number.periodEnd });
  const name = fieldOf(measurable.id);
  const error = form.formState.errors[name]?.message;
  return (
    <li className="grid gap-2 rounded-lg border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
      <p className="text-xs text-slate-600 dark:text-slate-400">
        {number.teamName} · {period}
      </p>
      {isTyped(number) ? (
        <>
          <TextField
            label={measurable.title}
            inputMode={measurable.unit === 'yes_no' ? 'text' : 'decimal'}
            autoComplete="off"
            hint={`Goal ${goal} · saved: ${now} · ${UNIT_HINT[measurable.unit]}`}
            error={error}
            {...form.register(name)}
          />
          {conflicted ? (
            <Banner tone="warning" title="Someone else saved this number meanwhile">
              It is now {cell.value === null ? 'empty' : show(cell.value)}. Save again to replace it with yours, or type
              theirs.
            </Banner>
          ) : null}
          <div className="flex items-center gap-3">
            <Button variant="secondary" size="sm" loading={state === 'saving'} onClick={() => void onSave()}>
              Save {measurable.title}
            </Button>
            <span aria-live="polite" className="text-sm text-green-800 dark:text-green-300">
              {state === 'saved' && !form.getFieldState(name).isDirty ? 'Saved' : ''}
            </span>
          </div>
        </>
      ) : (
        <p className="text-sm">
          <span className="font-medium">{measurable.title}</span>: {now}. Goal {goal}. It is computed, not typed.
        </p>
      )}
    </li>
  );
}
