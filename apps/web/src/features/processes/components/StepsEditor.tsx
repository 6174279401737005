import type { ReactNode } from 'react';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import ArrowDown from 'lucide-react/icons/arrow-down';
import ArrowUp from 'lucide-react/icons/arrow-up';
import Trash2 from 'lucide-react/icons/trash-2';
import {
  PROCESS_STEP_TITLE_MAX,
  PROCESS_STEPS_MAX,
  PROCESS_SUBSTEPS_MAX,
  type ProcessStep,
  type ProcessSubStep,
} from '@keel/contract';
import { Button } from '../../../ui/Button';
import { TextField } from '../../../ui/Field';
import { SortableList } from '../../../ui/SortableList';
import { cx } from '../../../ui/cx';
import { moveItem, newStep, newSubStep, reorderByIds } from '../process-steps';
import { RichTextEditor } from './RichTextEditor';

/** Messages of the form's validation, by step index (`title`, `body`) and sub-step index. */
export type StepErrors = Record<
  number,
  { title?: string; body?: string; subSteps?: Record<number, { title?: string; body?: string }> }
>;

interface StepsEditorProps {
  steps: ProcessStep[];
  onChange: (steps: ProcessStep[]) => void;
  errors: StepErrors;
}

const stepName = (title: string, fallback: string) => (title.trim() === '' ? fallback : title.trim());

/** The process's ordered steps and their sub-steps: edit, add, remove and reorder (drag or Move up / Move down). */
export function StepsEditor({ steps, onChange, errors }: StepsEditorProps) {
  const change = (index: number, step: ProcessStep) => onChange(steps.map((item, at) => (at === index ? step : item)));
  return (
    <fieldset className="grid gap-3">
      <legend className="mb-1 text-base font-semibold text-slate-900 dark:text-white">Steps</legend>
      <p className="text-sm text-slate-600 dark:text-slate-300">
        Drag a step by its handle, or use its Move up and Move down buttons.
      </p>
      <SortableList
        ids={steps.map((step) => step.id)}
        onReorder={(ids) => onChange(reorderByIds(steps, ids))}
        nameOf={(id) => {
          const index = steps.findIndex((step) => step.id === id);
          return stepName(steps[index]?.title ?? '', `step ${index + 1}`);
        }}
      >
        <ol className="grid gap-3">
          {steps.map((step, index) => (
            <SortableItem
              key={step.id}
              id={step.id}
              name={stepName(step.title, `step ${index + 1}`)}
              index={index}
              count={steps.length}
              onMove={(delta) => onChange(moveItem(steps, index, delta))}
              onRemove={() => onChange(steps.filter((item) => item.id !== step.id))}
            >
              <TextField
                label={`Step ${index + 1} title`}
                value={step.title}
                maxLength={PROCESS_STEP_TITLE_MAX}
                error={errors[index]?.title}
                onChange={(event) => change(index, { ...step, title: event.target.value })}
              />
              <RichTextEditor
                label={`Step ${index + 1} text`}
                initialHtml={step.body}
                onChange={(body) => change(index, { ...step, body })}
              />
              {errors[index]?.body ? (
                <p className="text-sm text-red-700 dark:text-red-300">{errors[index]?.body}</p>
              ) : null}
              <SubStepsEditor
                stepNumber={index + 1}
                subSteps={step.subSteps}
                errors={errors[index]?.subSteps ?? {}}
                onChange={(subSteps) => change(index, { ...step, subSteps })}
              />
            </SortableItem>
          ))}
        </ol>
      </SortableList>
      <div>
        <Button
          variant="secondary"
          disabled={steps.length >= PROCESS_STEPS_MAX}
          onClick={() => onChange([...steps, newStep()])}
        >
          Add step
        </Button>
      </div>
    </fieldset>
  );
}

interface SubStepsEditorProps {
  stepNumber: number;
  subSteps: ProcessSubStep[];
  errors: Record<number, { title?: string; body?: string }>;
  onChange: (subSteps: ProcessSubStep[]) => void;
}

function SubStepsEditor({ stepNumber, subSteps, errors, onChange }: SubStepsEditorProps) {
  const change = (index: number, subStep: ProcessSubStep) =>
    onChange(subSteps.map((item, at) => (at === index ? subStep : item)));
  return (
    <div className="grid gap-2 border-l-2 border-slate-200 pl-3 dark:border-slate-700">
      {subSteps.length > 0 ? (
        <SortableList
          ids={subSteps.map((subStep) => subStep.id)}
          onReorder={(ids) => onChange(reorderByIds(subSteps, ids))}
          nameOf={(id) => {
            const index = subSteps.findIndex((subStep) => subStep.id === id);
            return stepName(subSteps[index]?.title ?? '', `sub-step ${stepNumber}.${index + 1}`);
          }}
        >
          <ol aria-label={`Sub-steps of step ${stepNumber}`} className="grid gap-2">
            {subSteps.map((subStep, index) => (
              <SortableItem
                key={subStep.id}
                id={subStep.id}
                name={stepName(subStep.title, `sub-step ${stepNumber}.${index + 1}`)}
                index={index}
                count={subSteps.length}
                onMove={(delta) => onChange(moveItem(subSteps, index, delta))}
                onRemove={() => onChange(subSteps.filter((item) => item.id !== subStep.id))}
              >
                <TextField
                  label={`Sub-step ${stepNumber}.${index + 1} title`}
                  value={subStep.title}
                  maxLength={PROCESS_STEP_TITLE_MAX}
                  error={errors[index]?.title}
                  onChange={(event) => change(index, { ...subStep, title: event.target.value })}
                />
                <RichTextEditor
                  label={`Sub-step ${stepNumber}.${index + 1} text`}
                  initialHtml={subStep.body}
                  onChange={(body) => change(index, { ...subStep, body })}
                />
                {errors[index]?.body ? (
                  <p className="text-sm text-red-700 dark:text-red-300">{errors[index]?.body}</p>
                ) : null}
              </SortableItem>
            ))}
          </ol>
        </SortableList>
      ) : null}
      <div>
        <Button
          size="sm"
          variant="ghost"
          disabled={subSteps.length >= PROCESS_SUBSTEPS_MAX}
          onClick={() => onChange([...subSteps, newSubStep()])}
        >
          Add sub-step to step {stepNumber}
        </Button>
      </div>
    </div>
  );
}

interface SortableItemProps {
  id: string;
  /** How the buttons and announcements name the item ("Send the welcome pack", "step 2"). */
  name: string;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  children: ReactNode;
}

function SortableItem({ id, name, index, count, onMove, onRemove, children }: SortableItemProps) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } = useSortable({
    id,
  });
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={cx(
        'grid gap-2 rounded-md border border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900',
        isDragging && 'opacity-60',
      )}
    >
      <div className="flex flex-wrap items-center gap-1">
        <button
          ref={setActivatorNodeRef}
          type="button"
          className="cursor-grab touch-none rounded p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          aria-label={`Drag ${name}`}
          {...attributes}
          {...listeners}
        >
          <span aria-hidden="true" className="inline-block size-4 text-center leading-4">
            ⠿
          </span>
        </button>
        <span className="ml-auto flex gap-1">
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Move up: ${name}`}
            disabled={index === 0}
            onClick={() => onMove(-1)}
          >
            <ArrowUp aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">Move up</span>
          </Button>
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Move down: ${name}`}
            disabled={index === count - 1}
            onClick={() => onMove(1)}
          >
            <ArrowDown aria-hidden="true" className="size-4" />
            <span className="sr-only sm:not-sr-only">Move down</span>
          </Button>
          <Button size="sm" variant="ghost" aria-label={`Remove ${name}`} onClick={onRemove}>
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </span>
      </div>
      {children}
    </li>
  );
}
