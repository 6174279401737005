import { useState } from 'react';
import { useForm, type UseFormRegister } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { useSortable } from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import GripVertical from 'lucide-react/icons/grip-vertical';
import {
  createMilestoneRequestSchema,
  MILESTONE_TITLE_MAX,
  type Milestone,
  type OrganizationPerson,
  type Priority,
} from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { inputClasses } from '../../../ui/Field';
import { PersonOptions } from '../../../ui/FormFields';
import { SortableList } from '../../../ui/SortableList';
import {
  isConflict,
  useAddMilestone,
  useDeleteMilestone,
  useReorderMilestones,
  useUpdateMilestone,
} from '../priorities.api';
import { formatDate } from '../priority-format';

interface MilestoneListProps {
  priority: Priority;
  people: OrganizationPerson[];
  label: string;
  readOnly: boolean;
  onReload: () => void;
}

/** A priority's milestones: add, edit, tick done, reorder by drag and drop (or keyboard: space, arrows, space). */
export function MilestoneList({ priority, people, label, readOnly, onReload }: MilestoneListProps) {
  const serverOrder = priority.milestones.map((milestone) => milestone.id);
  // The dropped order shows at once and holds until the server's order says otherwise.
  const [pending, setPending] = useState<{ base: string; order: string[] } | null>(null);
  const base = serverOrder.join(',');
  const order = pending && pending.base === base ? pending.order : serverOrder;
  const byId = new Map(priority.milestones.map((milestone) => [milestone.id, milestone]));
  const ordered = order.flatMap((id) => byId.get(id) ?? []);
  const reorder = useReorderMilestones();
  const update = useUpdateMilestone();

  const onReorder = (next: string[]) => {
    setPending({ base, order: next });
    reorder.mutate(
      { priorityId: priority.id, ids: next },
      {
        onError: (error) => {
          setPending(null);
          toast.error(errorText(error, 'Could not save the new order.'));
        },
      },
    );
  };

  const conflict = update.error && isConflict(update.error);
  return (
    <section aria-label={label} className="grid gap-2">
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
        {label}
        {priority.milestoneCount > 0 ? ` (${priority.milestonesDone}/${priority.milestoneCount})` : null}
      </h3>
      {conflict ? (
        <Banner
          tone="warning"
          action={
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                update.reset();
                onReload();
              }}
            >
              Reload
            </Button>
          }
        >
          Someone else changed this item. Reload to see their change.
        </Banner>
      ) : update.error ? (
        <Banner tone="error">{errorText(update.error, 'Could not save the change.')}</Banner>
      ) : null}
      {ordered.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">None yet.</p>
      ) : (
        <SortableList ids={order} onReorder={onReorder}>
          <ul className="grid gap-1">
            {ordered.map((milestone, index) => (
              <MilestoneItem
                key={milestone.id}
                milestone={milestone}
                number={index + 1}
                people={people}
                readOnly={readOnly}
                onToggle={(done) =>
                  update.mutate({ priorityId: priority.id, id: milestone.id, version: milestone.version, done })
                }
              />
            ))}
          </ul>
        </SortableList>
      )}
      {readOnly ? null : <AddMilestoneForm priority={priority} people={people} />}
    </section>
  );
}

interface MilestoneItemProps {
  milestone: Milestone;
  /** Its place in the list, which names its fields apart when titles repeat. */
  number: number;
  people: OrganizationPerson[];
  readOnly: boolean;
  onToggle: (done: boolean) => void;
}

function MilestoneItem({ milestone, number, people, readOnly, onToggle }: MilestoneItemProps) {
  const { attributes, listeners, setNodeRef, transform, transition, isDragging } = useSortable({
    id: milestone.id,
    disabled: readOnly,
  });
  const [editing, setEditing] = useState(false);
  const remove = useDeleteMilestone();
  return (
    <li
      ref={setNodeRef}
      style={{ transform: CSS.Transform.toString(transform), transition }}
      className={`rounded-md border border-slate-200 bg-white px-2 py-1.5 dark:border-slate-700 dark:bg-slate-900 ${
        isDragging ? 'shadow-lg' : ''
      }`}
    >
      {editing ? (
        <EditMilestoneForm
          milestone={milestone}
          subject={`milestone ${number}`}
          people={people}
          onDone={() => setEditing(false)}
        />
      ) : (
        <div className="flex flex-wrap items-center gap-2">
          {readOnly ? null : (
            <button
              type="button"
              className="cursor-grab rounded p-1 text-slate-500 pointer-coarse:p-3.5 hover:bg-slate-100 dark:hover:bg-slate-800"
              aria-label={`Move ${milestone.title}`}
              {...attributes}
              {...listeners}
            >
              <GripVertical aria-hidden="true" className="size-4" />
            </button>
          )}
          {/* The title takes the row; on a narrow screen the owner, date and buttons wrap below it. */}
          <label className="flex min-w-0 flex-1 basis-40 items-center gap-2 text-sm wrap-anywhere pointer-coarse:min-h-11">
            <input
              type="checkbox"
              aria-label={`Milestone ${number}: ${milestone.title} done`}
              checked={milestone.done}
              disabled={readOnly}
              onChange={(event) => onToggle(event.target.checked)}
            />
            <span className={milestone.done ? 'text-slate-500 line-through' : 'text-slate-900 dark:text-white'}>
              {milestone.title}
            </span>
          </label>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            {milestone.owner.name}
            {milestone.dueDate ? (
              <>
                {' · due '}
                <time dateTime={milestone.dueDate}>{formatDate(milestone.dueDate)}</time>
              </>
            ) : null}
          </span>
          {readOnly ? null : (
            <>
              <Button size="sm" variant="ghost" onClick={() => setEditing(true)} aria-label={`Edit ${milestone.title}`}>
                Edit
              </Button>
              <Button
                size="sm"
                variant="ghost"
                loading={remove.isPending}
                aria-label={`Delete ${milestone.title}`}
                onClick={() =>
                  remove.mutate(
                    { priorityId: milestone.priorityId, id: milestone.id },
                    { onError: (error) => toast.error(errorText(error, 'Could not delete it.')) },
                  )
                }
              >
                Delete
              </Button>
            </>
          )}
        </div>
      )}
    </li>
  );
}

/** A milestone's fields: the contract's title and owner, and a due date left empty for none. */
const milestoneFormSchema = createMilestoneRequestSchema
  .pick({ title: true, ownerId: true })
  .required()
  .extend({ dueDate: z.string() });
type MilestoneForm = z.input<typeof milestoneFormSchema>;

interface DraftFieldsProps {
  register: UseFormRegister<MilestoneForm>;
  /** Which milestone the fields belong to, in their names: "milestone 2", "the new milestone". */
  subject: string;
  people: OrganizationPerson[];
  /** The owner so far, kept as a choice even when no longer among `people`. */
  owner: { id: string; name: string };
}

function DraftFields({ register, subject, people, owner }: DraftFieldsProps) {
  return (
    <>
      <input
        aria-label={`Title of ${subject}`}
        maxLength={MILESTONE_TITLE_MAX}
        className={inputClasses(false, 'min-w-40 flex-1')}
        {...register('title')}
      />
      <input
        aria-label={`Due date of ${subject}`}
        type="date"
        max="9999-12-31"
        className={inputClasses(false, 'w-40')}
        {...register('dueDate')}
      />
      <select aria-label={`Owner of ${subject}`} className={inputClasses(false, 'w-44')} {...register('ownerId')}>
        <PersonOptions people={people} current={owner} />
      </select>
    </>
  );
}

function EditMilestoneForm({
  milestone,
  subject,
  people,
  onDone,
}: {
  milestone: Milestone;
  subject: string;
  people: OrganizationPerson[];
  onDone: () => void;
}) {
  const update = useUpdateMilestone();
  // An empty title is simply not saved (no message), as before.
  const { register, handleSubmit } = useForm<MilestoneForm>({
    resolver: zodResolver(milestoneFormSchema),
    defaultValues: { title: milestone.title, dueDate: milestone.dueDate ?? '', ownerId: milestone.ownerId },
  });
  const submit = handleSubmit(({ title, dueDate, ownerId }) =>
    update.mutate(
      {
        priorityId: milestone.priorityId,
        id: milestone.id,
        version: milestone.version,
        title,
        dueDate: dueDate || null,
        ownerId,
      },
      { onSuccess: onDone },
    ),
  );
  return (
    <form onSubmit={(event) => void submit(event)} aria-label={`Edit ${milestone.title}`} className="grid gap-2">
      {update.error ? (
        <Banner tone={isConflict(update.error) ? 'warning' : 'error'}>
          {errorText(update.error, 'Could not save the change.')}
        </Banner>
      ) : null}
      <div className="flex flex-wrap items-center gap-2">
        <DraftFields register={register} subject={subject} people={people} owner={milestone.owner} />
        <Button type="submit" size="sm" loading={update.isPending}>
          Save
        </Button>
        <Button type="button" size="sm" variant="secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function AddMilestoneForm({ priority, people }: { priority: Priority; people: OrganizationPerson[] }) {
  const empty: MilestoneForm = { title: '', dueDate: '', ownerId: priority.ownerId };
  const add = useAddMilestone();
  const { register, handleSubmit, reset, watch } = useForm<MilestoneForm>({
    resolver: zodResolver(milestoneFormSchema),
    defaultValues: empty,
  });
  const submit = handleSubmit(({ title, dueDate, ownerId }) =>
    add.mutate(
      { priorityId: priority.id, title, dueDate: dueDate || null, ownerId },
      {
        onSuccess: () => reset(empty),
        onError: (error) => toast.error(errorText(error, 'Could not add it.')),
      },
    ),
  );
  return (
    <form
      onSubmit={(event) => void submit(event)}
      aria-label="Add a milestone"
      className="flex flex-wrap items-center gap-2"
    >
      <DraftFields register={register} subject="the new milestone" people={people} owner={priority.owner} />
      <Button type="submit" size="sm" variant="secondary" loading={add.isPending} disabled={!watch('title').trim()}>
        Add
      </Button>
    </form>
  );
}
