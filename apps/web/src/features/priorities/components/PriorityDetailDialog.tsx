import { useId, useState, type FormEvent } from 'react';
import {
  PRIORITY_DESCRIPTION_MAX,
  PRIORITY_TITLE_MAX,
  type OrganizationPerson,
  type Priority,
  type PriorityScope,
  type PriorityStatus,
  type Terminology,
} from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField, inputClasses } from '../../../ui/Field';
import { ConflictBanner } from '../../todos/components/ConflictBanner';
import { isConflict, useArchivePriority, useSetPriorityStatus, useUpdatePriority } from '../priorities.api';
import { STATUS_TEXT, quarterName } from '../priority-format';
import { Attachments } from './Attachments';
import { CreateIssueFromPriority } from './CreateIssueFromPriority';
import { MilestoneList } from './MilestoneList';
import { ProgressFields, ScopeSelect, numericRequest, progressValuesOf } from './PriorityFields';
import { StatusUpdates } from './StatusUpdates';
import { ProgressBar, StatusPill } from './StatusPill';

interface PriorityDetailDialogProps {
  priority: Priority;
  people: OrganizationPerson[];
  terms: Terminology;
  readOnly: boolean;
  onClose: () => void;
  /** Refetches the list; the dialog then shows the other person's version. */
  onReload: () => void;
}

const STATUSES = Object.keys(STATUS_TEXT) as PriorityStatus[];

export function PriorityDetailDialog(props: PriorityDetailDialogProps) {
  const { priority, people, terms, readOnly, onClose, onReload } = props;
  const singular = terms.priority_singular;
  const setStatus = useSetPriorityStatus();
  const archive = useArchivePriority();

  const archiveWithUndo = () =>
    archive.mutate(
      { id: priority.id, version: priority.version },
      {
        onSuccess: (archived) => {
          onClose();
          toast(
            (shown) => (
              <span className="flex items-center gap-3">
                {singular} archived
                <button
                  type="button"
                  className="rounded px-2 py-1 font-semibold text-blue-700 underline dark:text-blue-300"
                  onClick={() => {
                    toast.dismiss(shown.id);
                    archive.mutate(
                      { id: archived.id, version: archived.version, restore: true },
                      {
                        onSuccess: () => toast.success('Restored'),
                        onError: (error) => toast.error(errorText(error, 'Could not undo. Please try again.')),
                      },
                    );
                  }}
                >
                  Undo
                </button>
              </span>
            ),
            { duration: 10_000 },
          );
        },
      },
    );

  const failure = setStatus.error ?? archive.error;
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={priority.title} size="lg">
      <div className="grid gap-5">
        <div className="flex flex-wrap items-center gap-3 text-sm text-slate-700 dark:text-slate-300">
          <StatusPill status={priority.status} />
          <ProgressBar value={priority.progress} label={`Progress of ${priority.title}`} />
          <span>{quarterName(terms.quarter_label, priority)}</span>
          <span>{priority.owner.name}</span>
          {priority.archivedAt ? <span>Archived</span> : null}
        </div>

        {failure && isConflict(failure) ? (
          <ConflictBanner
            singular={singular}
            onReload={() => {
              setStatus.reset();
              archive.reset();
              onReload();
            }}
          />
        ) : failure ? (
          <Banner tone="error">{errorText(failure, `Could not update the ${singular.toLowerCase()}.`)}</Banner>
        ) : null}

        {readOnly ? null : (
          <div className="flex flex-wrap items-center gap-2" role="group" aria-label="Status">
            {STATUSES.map((status) => (
              <Button
                key={status}
                size="sm"
                variant={priority.status === status ? 'primary' : 'secondary'}
                aria-pressed={priority.status === status}
                loading={setStatus.isPending && setStatus.variables.status === status}
                onClick={() =>
                  priority.status === status
                    ? undefined
                    : setStatus.mutate({ id: priority.id, version: priority.version, status })
                }
              >
                {STATUS_TEXT[status]}
              </Button>
            ))}
            <span className="flex-1" />
            {priority.status === 'off_track' ? (
              <CreateIssueFromPriority priority={priority} singular={terms.issue_singular} />
            ) : null}
            {priority.archivedAt ? (
              <Button
                size="sm"
                variant="secondary"
                loading={archive.isPending}
                onClick={() => archive.mutate({ id: priority.id, version: priority.version, restore: true })}
              >
                Restore
              </Button>
            ) : (
              <Button size="sm" variant="danger" loading={archive.isPending} onClick={archiveWithUndo}>
                Archive
              </Button>
            )}
          </div>
        )}

        {/* Keyed by version: after a reload the form starts again from the saved values. */}
        <EditPriorityForm key={`${priority.id}:${priority.version}`} {...props} />

        <MilestoneList
          priority={priority}
          people={people}
          label={terms.milestones_label}
          readOnly={readOnly}
          onReload={onReload}
        />
        <StatusUpdates key={priority.status} priorityId={priority.id} status={priority.status} readOnly={readOnly} />
        <Attachments priorityId={priority.id} readOnly={readOnly} />
      </div>
    </Dialog>
  );
}

function EditPriorityForm({ priority, people, terms, readOnly, onReload }: PriorityDetailDialogProps) {
  const [title, setTitle] = useState(priority.title);
  const [description, setDescription] = useState(priority.description);
  const [ownerId, setOwnerId] = useState(priority.ownerId);
  const [scope, setScope] = useState<PriorityScope>(priority.scope);
  const [dueDate, setDueDate] = useState(priority.dueDate);
  const [progress, setProgress] = useState(progressValuesOf(priority));
  const [problem, setProblem] = useState<{ title?: string; numeric?: string }>({});
  const update = useUpdatePriority();
  const descriptionId = useId();
  const ownerId_ = useId();
  const owners = people.some((person) => person.id === priority.ownerId)
    ? people
    : [{ ...priority.owner, email: '', avatarUrl: null }, ...people];

  if (readOnly) {
    return priority.description ? (
      <p className="whitespace-pre-wrap text-sm text-slate-800 dark:text-slate-200">{priority.description}</p>
    ) : null;
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const numeric = numericRequest(progress);
    const found = {
      ...(title.trim() ? {} : { title: 'Title is required' }),
      ...(numeric.ok ? {} : { numeric: numeric.error }),
    };
    setProblem(found);
    if (Object.keys(found).length > 0 || !numeric.ok) return;
    update.mutate(
      {
        id: priority.id,
        version: priority.version,
        title: title.trim(),
        description,
        ownerId,
        scope,
        dueDate,
        progressType: progress.progressType,
        ...numeric.fields,
      },
      { onSuccess: () => toast.success('Saved') },
    );
  };

  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Edit ${terms.priority_singular.toLowerCase()}`}
      className="grid gap-3"
    >
      {update.error && isConflict(update.error) ? (
        <ConflictBanner
          singular={terms.priority_singular}
          onReload={() => {
            update.reset();
            onReload();
          }}
        />
      ) : update.error ? (
        <Banner tone="error">{errorText(update.error, 'Could not save the change.')}</Banner>
      ) : null}
      <TextField
        label="Title"
        value={title}
        maxLength={PRIORITY_TITLE_MAX}
        onChange={(event) => setTitle(event.target.value)}
        error={problem.title}
      />
      <div>
        <label htmlFor={descriptionId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
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
      <div className="grid gap-3 md:grid-cols-3">
        <div>
          <label htmlFor={ownerId_} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            Owner
          </label>
          <select
            id={ownerId_}
            value={ownerId}
            onChange={(event) => setOwnerId(event.target.value)}
            className={inputClasses(false)}
          >
            {owners.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <ScopeSelect value={scope} onChange={setScope} />
        <TextField
          label="Due date"
          type="date"
          max="9999-12-31"
          value={dueDate}
          onChange={(event) => setDueDate(event.target.value)}
        />
      </div>
      <ProgressFields
        values={progress}
        onChange={setProgress}
        milestonesLabel={terms.milestones_label}
        error={problem.numeric}
      />
      <div>
        <Button type="submit" size="sm" loading={update.isPending}>
          Save changes
        </Button>
      </div>
    </form>
  );
}
