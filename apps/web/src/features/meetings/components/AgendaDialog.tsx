import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { MEETING_TYPE_NAME_MAX, type AgendaSection, type MeetingType } from '@keel/contract';
import { errorText, isConflict } from '../../../lib/api-error';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ConflictBanner } from '../../../ui/ConflictBanner';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { useCreateMeetingType, useDeleteMeetingType, useSaveMeetingType, type AgendaDraft } from '../meetings.api';
import { AgendaSectionsEditor } from './AgendaSectionsEditor';
import { agendaFormSchema, copyOfSections, showServerFieldErrors, type AgendaForm } from './agenda-form';

type AgendaDialogProps = {
  teamId: string;
  onClose: () => void;
  /** Fetches the team's meeting types again (after someone else's change). */
  onReload: () => Promise<unknown>;
} & ({ mode: 'edit'; type: MeetingType } | { mode: 'create'; startFrom: readonly AgendaSection[] });

/** Edits a meeting type's agenda, or creates a team's own type from a copy of an agenda. */
export function AgendaDialog(props: AgendaDialogProps) {
  const { teamId, onClose, onReload } = props;
  const formId = useId();
  const save = useSaveMeetingType();
  const create = useCreateMeetingType();
  const [confirmingRemoval, setConfirmingRemoval] = useState(false);
  const editing = props.mode === 'edit' ? props.type : null;
  const mutation = editing ? save : create;

  const submit = (draft: AgendaDraft, onFieldErrors: (error: unknown) => void) => {
    const done = {
      onSuccess: () => {
        toast.success(editing ? `Saved the agenda of ${draft.name}.` : `Created ${draft.name}.`);
        onClose();
      },
      onError: onFieldErrors,
    };
    if (editing) save.mutate({ teamId, key: editing.key, draft, version: editing.version }, done);
    else create.mutate({ teamId, draft }, done);
  };

  const footer = (
    <>
      {editing ? <RemovalButton type={editing} onClick={() => setConfirmingRemoval(true)} /> : null}
      <Button variant="secondary" onClick={onClose}>
        Cancel
      </Button>
      <Button type="submit" form={formId} loading={mutation.isPending}>
        {editing ? 'Save agenda' : 'Create meeting type'}
      </Button>
    </>
  );

  return (
    <>
      <Dialog
        open
        onOpenChange={(open) => (open ? undefined : onClose())}
        title={editing ? `Edit agenda: ${editing.name}` : 'New meeting type'}
        size="lg"
        footer={footer}
      >
        {isConflict(mutation.error) ? (
          <ConflictBanner
            singular="agenda"
            onReload={() => {
              mutation.reset();
              void onReload();
            }}
          />
        ) : null}
        <AgendaFormBody
          key={editing?.version ?? 'new'}
          formId={formId}
          initial={
            props.mode === 'edit'
              ? { name: props.type.name, sections: copyOfSections(props.type.sections) }
              : { name: '', sections: copyOfSections(props.startFrom) }
          }
          error={isConflict(mutation.error) ? null : mutation.error}
          onSubmit={submit}
        />
      </Dialog>
      {editing && confirmingRemoval ? (
        <RemovalConfirm
          teamId={teamId}
          type={editing}
          onCancel={() => setConfirmingRemoval(false)}
          onDone={() => {
            setConfirmingRemoval(false);
            onClose();
          }}
        />
      ) : null}
    </>
  );
}

interface AgendaFormBodyProps {
  formId: string;
  initial: AgendaForm;
  error: unknown;
  onSubmit: (draft: AgendaDraft, onError: (error: unknown) => void) => void;
}

function AgendaFormBody({ formId, initial, error, onSubmit }: AgendaFormBodyProps) {
  const [unplacedError, setUnplacedError] = useState(false);
  const {
    register,
    control,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<AgendaForm, unknown, AgendaDraft>({ resolver: zodResolver(agendaFormSchema), defaultValues: initial });
  const sections = watch('sections');

  const submit = handleSubmit((draft) => {
    setUnplacedError(false);
    onSubmit(draft, (failure) => setUnplacedError(!showServerFieldErrors(failure, setError)));
  });

  return (
    <form id={formId} onSubmit={(event) => void submit(event)} noValidate className="grid gap-4">
      {error && unplacedError ? (
        <Banner tone="error">{errorText(error, 'The agenda could not be saved.')}</Banner>
      ) : null}
      <TextField
        label="Name"
        maxLength={MEETING_TYPE_NAME_MAX}
        error={errors.name?.message}
        autoComplete="off"
        {...register('name')}
      />
      <AgendaSectionsEditor
        control={control}
        register={register}
        errors={errors}
        titleOf={(index) => sections[index]?.title ?? ''}
      />
    </form>
  );
}

function RemovalButton({ type, onClick }: { type: MeetingType; onClick: () => void }) {
  if (type.builtIn && !type.customized) return null;
  return (
    <Button variant={type.builtIn ? 'secondary' : 'danger'} className="sm:mr-auto" onClick={onClick}>
      {type.builtIn ? 'Back to the default agenda' : 'Delete meeting type'}
    </Button>
  );
}

interface RemovalConfirmProps {
  teamId: string;
  type: MeetingType;
  onCancel: () => void;
  onDone: () => void;
}

/** Built-in types go back to the default agenda; a team's own type is deleted. */
function RemovalConfirm({ teamId, type, onCancel, onDone }: RemovalConfirmProps) {
  const remove = useDeleteMeetingType();
  const confirm = () =>
    remove.mutate(
      { teamId, key: type.key },
      {
        onSuccess: () => {
          toast.success(type.builtIn ? `${type.name} has its default agenda again.` : `Deleted ${type.name}.`);
          onDone();
        },
      },
    );
  return (
    <ConfirmDialog
      title={type.builtIn ? 'Go back to the default agenda?' : `Delete ${type.name}?`}
      confirmLabel={type.builtIn ? 'Use the default agenda' : 'Delete meeting type'}
      danger={!type.builtIn}
      busy={remove.isPending}
      onConfirm={confirm}
      onCancel={onCancel}
    >
      <p>
        {type.builtIn
          ? `Your changes to the agenda of ${type.name} will be replaced by the default agenda.`
          : `${type.name} and its agenda will be removed from this team.`}
      </p>
      {remove.error ? (
        <Banner tone="error" className="mt-3">
          {errorText(remove.error, 'This could not be done. Please try again.')}
        </Banner>
      ) : null}
    </ConfirmDialog>
  );
}
