import { useId, useState, type FormEvent } from 'react';
import {
  ISSUE_DESCRIPTION_MAX,
  ISSUE_TITLE_MAX,
  type Department,
  type Issue,
  type IssueHorizon,
  type OrganizationPerson,
} from '@keel/contract';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField, inputClasses } from '../../../ui/Field';
import { ConflictBanner } from '../../todos/components/ConflictBanner';
import type { Terminology } from '@keel/contract';
import {
  isConflict,
  useArchiveIssue,
  useIssueTrail,
  useReopenIssue,
  useSendIssue,
  useUpdateIssue,
} from '../issues.api';
import { IssueAttachments } from './IssueAttachments';
import { IssueComments } from './IssueComments';
import { SolveIssueForm } from './SolveIssueForm';

interface IssueDialogProps {
  issue: Issue;
  people: OrganizationPerson[];
  departments: Department[];
  currentUserId: string;
  readOnly: boolean;
  terms: Terminology;
  onClose: () => void;
  onReload: () => Promise<unknown>;
}

export function IssueDialog(props: IssueDialogProps) {
  const { issue, terms, readOnly, onClose } = props;
  const [conflict, setConflict] = useState(false);
  const reload = () => {
    setConflict(false);
    void props.onReload();
  };
  return (
    <Dialog open size="lg" onOpenChange={(open) => (open ? undefined : onClose())} title={issue.title}>
      <div className="grid max-h-[70vh] gap-5 overflow-y-auto pr-1">
        {conflict ? <ConflictBanner singular={terms.issue_singular} onReload={reload} /> : null}
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Raised by {issue.raisedBy.name}
          {issue.status === 'solved' ? ' · Solved' : ''}
        </p>
        {issue.status === 'solved' && issue.resolution ? (
          <div>
            <h3 className="font-semibold">Resolution</h3>
            <p className="whitespace-pre-wrap text-sm">{issue.resolution}</p>
          </div>
        ) : null}
        {/* Keyed by version: after a reload the form starts again from the saved values. */}
        <DetailsForm key={`${issue.id}:${issue.version}`} {...props} onConflict={() => setConflict(true)} />
        {!readOnly && issue.status === 'open' ? (
          <>
            <SendForm key={`send:${issue.version}`} {...props} onConflict={() => setConflict(true)} />
            <SolveIssueForm
              key={`solve:${issue.version}`}
              issue={issue}
              people={props.people}
              currentUserId={props.currentUserId}
              terms={terms}
              onSolved={onClose}
              onConflict={() => setConflict(true)}
            />
          </>
        ) : null}
        {!readOnly ? <StatusActions {...props} onConflict={() => setConflict(true)} /> : null}
        <IssueComments issueId={issue.id} currentUserId={props.currentUserId} readOnly={readOnly} />
        <IssueAttachments issueId={issue.id} readOnly={readOnly} />
        <Trail issueId={issue.id} />
      </div>
    </Dialog>
  );
}

type Part = IssueDialogProps & { onConflict: () => void };

function DetailsForm({ issue, people, readOnly, terms, onConflict }: Part) {
  const [title, setTitle] = useState(issue.title);
  const [description, setDescription] = useState(issue.description);
  const [ownerId, setOwnerId] = useState(issue.ownerId ?? '');
  const [horizon, setHorizon] = useState<IssueHorizon>(issue.horizon);
  const [titleError, setTitleError] = useState<string>();
  const update = useUpdateIssue();
  const descriptionId = useId();
  const ownerFieldId = useId();
  const horizonId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!title.trim()) {
      setTitleError('Title is required');
      return;
    }
    setTitleError(undefined);
    update.mutate(
      { id: issue.id, version: issue.version, title: title.trim(), description, ownerId: ownerId || null, horizon },
      {
        onSuccess: () => toast.success('Saved'),
        onError: (error) => (isConflict(error) ? onConflict() : undefined),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-3" aria-label={`Edit ${terms.issue_singular.toLowerCase()}`}>
      {update.error && !isConflict(update.error) ? (
        <Banner tone="error">
          {errorText(update.error, `Could not save the ${terms.issue_singular.toLowerCase()}.`)}
        </Banner>
      ) : null}
      <TextField
        label="Title"
        value={title}
        disabled={readOnly}
        maxLength={ISSUE_TITLE_MAX}
        onChange={(event) => setTitle(event.target.value)}
        error={titleError}
      />
      <div>
        <label htmlFor={descriptionId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Description
        </label>
        <textarea
          id={descriptionId}
          rows={4}
          disabled={readOnly}
          value={description}
          maxLength={ISSUE_DESCRIPTION_MAX}
          onChange={(event) => setDescription(event.target.value)}
          className={inputClasses(false)}
        />
      </div>
      <div className="grid gap-3 md:grid-cols-2">
        <div>
          <label htmlFor={ownerFieldId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            Owner
          </label>
          <select
            id={ownerFieldId}
            disabled={readOnly}
            value={ownerId}
            onChange={(event) => setOwnerId(event.target.value)}
            className={inputClasses(false)}
          >
            <option value="">No owner</option>
            {issue.owner && !people.some((person) => person.id === issue.ownerId) ? (
              <option value={issue.owner.id}>{issue.owner.name}</option>
            ) : null}
            {people.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={horizonId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
            List
          </label>
          <select
            id={horizonId}
            disabled={readOnly}
            value={horizon}
            onChange={(event) => setHorizon(event.target.value as IssueHorizon)}
            className={inputClasses(false)}
          >
            <option value="short_term">Short-term</option>
            <option value="long_term">Long-term</option>
          </select>
        </div>
      </div>
      {readOnly ? null : (
        <div>
          <Button type="submit" loading={update.isPending}>
            Save
          </Button>
        </div>
      )}
    </form>
  );
}

function SendForm({ issue, departments, terms, onClose, onConflict }: Part) {
  const targets = departments.filter((department) => department.id !== issue.teamId);
  const [teamId, setTeamId] = useState(targets[0]?.id ?? '');
  const send = useSendIssue();
  const fieldId = useId();
  if (targets.length === 0) return null;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label="Send to another team"
      onSubmit={(event) => {
        event.preventDefault();
        send.mutate(
          { issue, teamId },
          {
            onSuccess: () => {
              toast.success(
                `${terms.issue_singular} sent to ${targets.find((team) => team.id === teamId)?.name ?? ''}`,
              );
              onClose();
            },
            onError: (error) =>
              isConflict(error)
                ? onConflict()
                : toast.error(errorText(error, `Could not send the ${terms.issue_singular.toLowerCase()}.`)),
          },
        );
      }}
    >
      <div>
        <label htmlFor={fieldId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Send to another {terms.department_label.toLowerCase()}
        </label>
        <select
          id={fieldId}
          value={teamId}
          onChange={(event) => setTeamId(event.target.value)}
          className={inputClasses(false)}
        >
          {targets.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </select>
      </div>
      <Button type="submit" variant="secondary" loading={send.isPending}>
        Send
      </Button>
    </form>
  );
}

function StatusActions({ issue, terms, onClose, onConflict }: Part) {
  const reopen = useReopenIssue();
  const archive = useArchiveIssue();
  const failed = (error: unknown) =>
    isConflict(error) ? onConflict() : toast.error(errorText(error, 'That did not work. Please try again.'));
  return (
    <div className="flex flex-wrap gap-2">
      {issue.status === 'solved' ? (
        <Button
          variant="secondary"
          loading={reopen.isPending}
          onClick={() => reopen.mutate(issue, { onError: failed })}
        >
          Reopen
        </Button>
      ) : null}
      <Button
        variant="secondary"
        loading={archive.isPending}
        onClick={() =>
          archive.mutate(issue, {
            onSuccess: () => {
              toast.success(`${terms.issue_singular} archived`);
              onClose();
            },
            onError: failed,
          })
        }
      >
        Archive
      </Button>
    </div>
  );
}

function Trail({ issueId }: { issueId: string }) {
  const trail = useIssueTrail(issueId);
  const entries = trail.data ?? [];
  if (entries.length === 0) return null;
  return (
    <section aria-label="History" className="grid gap-1 text-sm text-slate-600 dark:text-slate-300">
      <h3 className="font-semibold text-slate-900 dark:text-white">History</h3>
      <ul>
        {entries.map((entry) => (
          <li key={entry.id}>
            {entry.action === 'sent'
              ? `Sent from ${entry.fromTeam?.name ?? '?'} to ${entry.toTeam?.name ?? '?'}`
              : entry.action === 'solved'
                ? 'Solved'
                : entry.action === 'reopened'
                  ? 'Reopened'
                  : 'Received'}
            {entry.actor ? ` by ${entry.actor.name}` : ''} · {new Date(entry.createdAt).toLocaleDateString()}
          </li>
        ))}
      </ul>
    </section>
  );
}
