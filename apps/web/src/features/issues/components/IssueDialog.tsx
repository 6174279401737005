import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import {
  ISSUE_DESCRIPTION_MAX,
  ISSUE_TITLE_MAX,
  sendIssueRequestSchema,
  updateIssueRequestSchema,
  type Department,
  type Issue,
  type OrganizationPerson,
} from '@keel/contract';
import type { z } from 'zod';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { idOrNoneSchema, requiredTitle } from '../../../lib/form-schemas';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { ConflictBanner } from '../../../ui/ConflictBanner';
import { TextField } from '../../../ui/Field';
import { PersonOptions, SelectField, TextAreaField } from '../../../ui/FormFields';
import { LinkedDocuments } from '../../documents/components/LinkedDocuments';
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
      {/* The dialog's body scrolls (one scroll area, so a phone turned sideways still reaches every field). */}
      <div className="grid grid-cols-1 gap-5">
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
        <LinkedDocuments target="issue" targetId={issue.id} readOnly={readOnly} />
        <Trail issueId={issue.id} />
      </div>
    </Dialog>
  );
}

type Part = IssueDialogProps & { onConflict: () => void };

const editIssueFormSchema = updateIssueRequestSchema
  .pick({ description: true, horizon: true })
  .required()
  .extend({ title: requiredTitle(updateIssueRequestSchema.shape.title.unwrap()), ownerId: idOrNoneSchema });
type EditIssueForm = z.input<typeof editIssueFormSchema>;

function DetailsForm({ issue, people, readOnly, terms, onConflict }: Part) {
  const update = useUpdateIssue();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EditIssueForm, unknown, z.output<typeof editIssueFormSchema>>({
    resolver: zodResolver(editIssueFormSchema),
    defaultValues: {
      title: issue.title,
      description: issue.description,
      ownerId: issue.ownerId ?? '',
      horizon: issue.horizon,
    },
  });

  const submit = handleSubmit(({ ownerId, ...fields }) =>
    update.mutate(
      { id: issue.id, version: issue.version, ...fields, ownerId: ownerId || null },
      {
        onSuccess: () => toast.success('Saved'),
        onError: (error) => (isConflict(error) ? onConflict() : undefined),
      },
    ),
  );

  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-3"
      aria-label={`Edit ${terms.issue_singular}`}
    >
      {update.error && !isConflict(update.error) ? (
        <Banner tone="error">{errorText(update.error, `Could not save the ${terms.issue_singular}.`)}</Banner>
      ) : null}
      <TextField
        label="Title"
        disabled={readOnly}
        maxLength={ISSUE_TITLE_MAX}
        error={errors.title?.message}
        {...register('title')}
      />
      <TextAreaField
        label="Description"
        rows={4}
        disabled={readOnly}
        maxLength={ISSUE_DESCRIPTION_MAX}
        {...register('description')}
      />
      <div className="grid grid-cols-1 gap-3 md:grid-cols-2">
        <SelectField label="Owner" disabled={readOnly} {...register('ownerId')}>
          <PersonOptions people={people} none="No owner" current={issue.owner} />
        </SelectField>
        <SelectField label="List" disabled={readOnly} {...register('horizon')}>
          <option value="short_term">Short-term</option>
          <option value="long_term">Long-term</option>
        </SelectField>
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

const sendIssueFormSchema = sendIssueRequestSchema.pick({ teamId: true });

function SendForm({ issue, departments, terms, onClose, onConflict }: Part) {
  const targets = departments.filter((department) => department.id !== issue.teamId);
  const send = useSendIssue();
  const { register, handleSubmit } = useForm<z.input<typeof sendIssueFormSchema>>({
    resolver: zodResolver(sendIssueFormSchema),
    defaultValues: { teamId: targets[0]?.id ?? '' },
  });
  const submit = handleSubmit(({ teamId }) =>
    // mutateAsync: the issue leaves this team's list, which unmounts the dialog before mutate's callbacks.
    send.mutateAsync({ issue, teamId }).then(
      () => {
        toast.success(`${terms.issue_singular} sent to ${targets.find((team) => team.id === teamId)?.name ?? ''}`);
        onClose();
      },
      (error: unknown) =>
        isConflict(error) ? onConflict() : toast.error(errorText(error, `Could not send the ${terms.issue_singular}.`)),
    ),
  );
  if (targets.length === 0) return null;
  return (
    <form
      className="flex flex-wrap items-end gap-2"
      aria-label={`Send to another ${terms.department_label}`}
      onSubmit={(event) => void submit(event)}
    >
      <SelectField label={`Send to another ${terms.department_label}`} {...register('teamId')}>
        {targets.map((team) => (
          <option key={team.id} value={team.id}>
            {team.name}
          </option>
        ))}
      </SelectField>
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
          // mutateAsync: the archived issue leaves the list, which unmounts the dialog before mutate's callbacks.
          void archive.mutateAsync(issue).then(() => {
            toast.success(`${terms.issue_singular} archived`);
            onClose();
          }, failed)
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
