import { useState, type KeyboardEvent } from 'react';
import { useFieldArray, type Control, type FieldErrors, type UseFormRegister } from 'react-hook-form';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Trash2 from 'lucide-react/icons/trash-2';
import {
  MEETING_SECTION_KINDS,
  MEETING_SECTION_MINUTES_MAX,
  MEETING_SECTION_TITLE_MAX,
  MEETING_SECTIONS_MAX,
  type MeetingSectionKind,
} from '@keel/contract';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/FormFields';
import { SortableList } from '../../../ui/SortableList';
import { cx } from '../../../ui/cx';
import { useTerminology } from '../../terminology/terminology.api';
import { sectionKindName } from './meeting-words';
import type { AgendaForm } from './agenda-form';

interface AgendaSectionsEditorProps {
  control: Control<AgendaForm>;
  register: UseFormRegister<AgendaForm>;
  errors: FieldErrors<AgendaForm>;
  /** The title each section shows in announcements and on its buttons. */
  titleOf: (index: number) => string;
}

/** The agenda's sections: edit, reorder (drag, move buttons or Alt+↑/↓), add and remove. */
export function AgendaSectionsEditor({ control, register, errors, titleOf }: AgendaSectionsEditorProps) {
  const terms = useTerminology();
  const { fields, move, append, remove } = useFieldArray({ control, name: 'sections' });
  const [newKind, setNewKind] = useState<MeetingSectionKind>('notes');
  const ids = fields.map((field) => field.id);

  const moveFocused = (from: number, to: number) => {
    if (to < 0 || to >= fields.length) return;
    move(from, to);
  };

  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-sm font-medium text-slate-800 dark:text-slate-200">Sections</legend>
      <p className="text-xs text-slate-600 dark:text-slate-400">
        Drag a section by its handle, use the arrow buttons, or press Alt with the up or down arrow key to move it.
      </p>
      <SortableList
        ids={ids}
        onReorder={(order) => {
          const [from, to] = movedBetween(ids, order);
          if (from !== to) move(from, to);
        }}
        nameOf={(id) => titleOf(ids.indexOf(id))}
      >
        <ol className="grid gap-2">
          {fields.map((field, index) => (
            <SectionRow
              key={field.id}
              id={field.id}
              index={index}
              count={fields.length}
              kindName={sectionKindName(field.kind, terms)}
              title={titleOf(index)}
              register={register}
              errors={errors.sections?.[index]}
              onMove={moveFocused}
              onRemove={() => remove(index)}
            />
          ))}
        </ol>
      </SortableList>
      {typeof errors.sections?.message === 'string' ? (
        <p className="text-sm text-red-700 dark:text-red-300">{errors.sections.message}</p>
      ) : null}
      {typeof errors.sections?.root?.message === 'string' ? (
        <p className="text-sm text-red-700 dark:text-red-300">{errors.sections.root.message}</p>
      ) : null}
      <div className="flex flex-wrap items-end gap-2">
        <SelectField
          label="Kind of new section"
          value={newKind}
          onChange={(event) => setNewKind(event.target.value as MeetingSectionKind)}
          className="min-w-48 flex-1"
        >
          {MEETING_SECTION_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {sectionKindName(kind, terms)}
            </option>
          ))}
        </SelectField>
        <Button
          variant="secondary"
          disabled={fields.length >= MEETING_SECTIONS_MAX}
          onClick={() => append({ kind: newKind, title: sectionKindName(newKind, terms), minutes: 5, visible: true })}
        >
          Add section
        </Button>
      </div>
    </fieldset>
  );
}

/** The one move (from, to) that turns `before` into `after` (SortableList reports a single drag as a new order). */
export function movedBetween(before: string[], after: string[]): [number, number] {
  const first = after.findIndex((id, index) => id !== before[index]);
  if (first < 0) return [0, 0];
  const last = after.findLastIndex((id, index) => id !== before[index]);
  return after[first] === before[last] ? [last, first] : [first, last];
}

interface SectionRowProps {
  id: string;
  index: number;
  count: number;
  kindName: string;
  title: string;
  register: UseFormRegister<AgendaForm>;
  errors: { title?: { message?: string }; minutes?: { message?: string } } | undefined;
  onMove: (from: number, to: number) => void;
  onRemove: () => void;
}

function SectionRow({ id, index, count, kindName, title, register, errors, onMove, onRemove }: SectionRowProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  const label = title.trim() === '' ? `section ${index + 1}` : title;
  const onKeyDown = (event: KeyboardEvent<HTMLLIElement>) => {
    if (!event.altKey || (event.key !== 'ArrowUp' && event.key !== 'ArrowDown')) return;
    event.preventDefault();
    onMove(index, event.key === 'ArrowUp' ? index - 1 : index + 1);
  };
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      onKeyDown={onKeyDown}
      className={cx(
        'grid gap-2 rounded-md border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900',
        isDragging && 'opacity-60',
      )}
    >
      <div className="flex flex-wrap items-center gap-2">
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="cursor-grab touch-none rounded p-1 text-slate-600 pointer-coarse:p-3.5 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          aria-label={`Move ${label}`}
          {...attributes}
          {...listeners}
        >
          <span aria-hidden="true" className="inline-block size-4 text-center leading-4">
            ⠿
          </span>
        </button>
        <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          {kindName}
        </span>
        <span className="ml-auto flex gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Move ${label} up`}
            disabled={index === 0}
            onClick={() => onMove(index, index - 1)}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Move ${label} down`}
            disabled={index === count - 1}
            onClick={() => onMove(index, index + 1)}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Remove ${label}`} disabled={count <= 1} onClick={onRemove}>
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </span>
      </div>
      <div className="grid gap-2 sm:grid-cols-[1fr_9rem]">
        <TextField
          label={`Section ${index + 1} title`}
          maxLength={MEETING_SECTION_TITLE_MAX}
          error={errors?.title?.message}
          {...register(`sections.${index}.title`)}
        />
        <TextField
          label={`Section ${index + 1} minutes`}
          type="number"
          inputMode="numeric"
          min={0}
          max={MEETING_SECTION_MINUTES_MAX}
          error={errors?.minutes?.message}
          {...register(`sections.${index}.minutes`, { valueAsNumber: true })}
        />
      </div>
      <Checkbox label={`Show section ${index + 1} in the meeting`} {...register(`sections.${index}.visible`)} />
    </li>
  );
}
