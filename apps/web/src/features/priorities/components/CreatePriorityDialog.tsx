import { useId, useState, type FormEvent } from 'react';
import {
  PRIORITY_DESCRIPTION_MAX,
  PRIORITY_TITLE_MAX,
  type FiscalQuarterInfo,
  type OrganizationPerson,
  type PriorityScope,
  type Terminology,
} from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField, inputClasses } from '../../../ui/Field';
import { OwnerPicker } from '../../todos/components/OwnerPicker';
import { useCreatePriorities } from '../priorities.api';
import { quarterName } from '../priority-format';
import { ProgressFields, ScopeSelect, numericRequest, progressValuesOf } from './PriorityFields';

interface CreatePriorityDialogProps {
  teamId: string;
  people: OrganizationPerson[];
  currentUserId: string;
  quarters: FiscalQuarterInfo[];
  initialQuarter: FiscalQuarterInfo;
  terms: Terminology;
  onClose: () => void;
}

const keyOf = (quarter: { year: number; quarter: number }) => `${quarter.year}-${quarter.quarter}`;

export function CreatePriorityDialog(props: CreatePriorityDialogProps) {
  const { teamId, people, currentUserId, quarters, initialQuarter, terms, onClose } = props;
  const singular = terms.priority_singular;
  const [title, setTitle] = useState('');
  const [description, setDescription] = useState('');
  const [ownerIds, setOwnerIds] = useState<string[]>([currentUserId]);
  const [scope, setScope] = useState<PriorityScope>('team');
  const [quarterKey, setQuarterKey] = useState(keyOf(initialQuarter));
  const quarter = quarters.find((candidate) => keyOf(candidate) === quarterKey) ?? initialQuarter;
  // The due date follows the quarter's end until the person picks one.
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [progress, setProgress] = useState(progressValuesOf());
  const [problem, setProblem] = useState<{ title?: string; owners?: string; numeric?: string; form?: string }>({});
  const create = useCreatePriorities();
  const descriptionId = useId();
  const quarterId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.trim();
    const numeric = numericRequest(progress);
    const found = {
      ...(trimmed ? {} : { title: 'Title is required' }),
      ...(ownerIds.length > 0 ? {} : { owners: 'Choose at least one owner' }),
      ...(numeric.ok ? {} : { numeric: numeric.error }),
    };
    setProblem(found);
    if (Object.keys(found).length > 0 || !numeric.ok) return;
    create.mutate(
      {
        title: trimmed,
        description,
        ownerIds,
        teamId,
        scope,
        year: quarter.year,
        quarter: quarter.quarter,
        dueDate: dueDate ?? quarter.end,
        progressType: progress.progressType,
        ...(progress.progressType === 'numeric' ? numeric.fields : {}),
      },
      {
        onSuccess: (created) => {
          toast.success(
            created.length > 1
              ? `${created.length} ${terms.priorities_label.toLowerCase()} added`
              : `${singular} added`,
          );
          onClose();
        },
        onError: (error) => setProblem({ form: errorText(error, `Could not add the ${singular.toLowerCase()}.`) }),
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`New ${singular.toLowerCase()}`}
      size="lg"
    >
      <form onSubmit={submit} noValidate className="grid gap-3 md:grid-cols-2">
        {problem.form ? (
          <Banner tone="error" className="md:col-span-2">
            {problem.form}
          </Banner>
        ) : null}
        <div className="grid content-start gap-3">
          <TextField
            label="Title"
            value={title}
            maxLength={PRIORITY_TITLE_MAX}
            onChange={(event) => setTitle(event.target.value)}
            error={problem.title}
          />
          <div>
            <label
              htmlFor={descriptionId}
              className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200"
            >
              Description
            </label>
            <textarea
              id={descriptionId}
              rows={3}
              maxLength={PRIORITY_DESCRIPTION_MAX}
              value={description}
              onChange={(event) => setDescription(event.target.value)}
              className={inputClasses(false)}
            />
          </div>
          <div>
            <label htmlFor={quarterId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
              {terms.quarter_label}
            </label>
            <select
              id={quarterId}
              value={quarterKey}
              onChange={(event) => setQuarterKey(event.target.value)}
              className={inputClasses(false)}
            >
              {quarters.map((candidate) => (
                <option key={keyOf(candidate)} value={keyOf(candidate)}>
                  {quarterName(terms.quarter_label, candidate)}
                </option>
              ))}
            </select>
          </div>
          <TextField
            label="Due date"
            type="date"
            max="9999-12-31"
            value={dueDate ?? quarter.end}
            onChange={(event) => setDueDate(event.target.value || null)}
          />
          <ScopeSelect value={scope} onChange={setScope} />
        </div>
        <div className="grid content-start gap-3">
          <OwnerPicker people={people} selected={ownerIds} onChange={setOwnerIds} error={problem.owners} />
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Each owner gets their own {singular.toLowerCase()}.
          </p>
          <ProgressFields
            values={progress}
            onChange={setProgress}
            milestonesLabel={terms.milestones_label}
            error={problem.numeric}
          />
        </div>
        <div className="flex justify-end gap-2 md:col-span-2">
          <Button type="button" variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending}>
            Add {singular.toLowerCase()}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
