import { useState, type FormEvent } from 'react';
import { type FiscalQuarterInfo, type OrganizationPerson, type PriorityScope, type Terminology } from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { useRequiredTitle } from '../../../lib/required-title';
import { Banner } from '../../../ui/Banner';
import { Dialog } from '../../../ui/Dialog';
import { DateField, FormActions, SelectField } from '../../../ui/FormFields';
import { OwnerPicker } from '../../todos/components/OwnerPicker';
import { useCreatePriorities } from '../priorities.api';
import { quarterName } from '../priority-format';
import { PriorityTextFields, ProgressFields, ScopeSelect, numericRequest, progressValuesOf } from './PriorityFields';

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
  const title = useRequiredTitle('');
  const [description, setDescription] = useState('');
  const [ownerIds, setOwnerIds] = useState<string[]>([currentUserId]);
  const [scope, setScope] = useState<PriorityScope>('team');
  const [quarterKey, setQuarterKey] = useState(keyOf(initialQuarter));
  const quarter = quarters.find((candidate) => keyOf(candidate) === quarterKey) ?? initialQuarter;
  // The due date follows the quarter's end until the person picks one.
  const [dueDate, setDueDate] = useState<string | null>(null);
  const [progress, setProgress] = useState(progressValuesOf());
  const [problem, setProblem] = useState<{ owners?: string; numeric?: string; form?: string }>({});
  const create = useCreatePriorities();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = title.check();
    const numeric = numericRequest(progress);
    const found = {
      ...(ownerIds.length > 0 ? {} : { owners: 'Choose at least one owner' }),
      ...(numeric.ok ? {} : { numeric: numeric.error }),
    };
    setProblem(found);
    if (!trimmed || Object.keys(found).length > 0 || !numeric.ok) return;
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
          <PriorityTextFields title={title.field} description={description} onDescription={setDescription} />
          <SelectField
            label={terms.quarter_label}
            value={quarterKey}
            onChange={(event) => setQuarterKey(event.target.value)}
          >
            {quarters.map((candidate) => (
              <option key={keyOf(candidate)} value={keyOf(candidate)}>
                {quarterName(terms.quarter_label, candidate)}
              </option>
            ))}
          </SelectField>
          <DateField
            label="Due date"
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
        <FormActions
          onCancel={onClose}
          submitLabel={`Add ${singular.toLowerCase()}`}
          busy={create.isPending}
          className="md:col-span-2"
        />
      </form>
    </Dialog>
  );
}
