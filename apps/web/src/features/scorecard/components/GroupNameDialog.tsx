import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createMeasurableGroupRequestSchema, type MeasurableGroup } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { useCreateGroup, useRenameGroup } from '../scorecard.api';

interface GroupNameDialogProps {
  teamId: string;
  /** Null: a new group. */
  group: MeasurableGroup | null;
  onClose: () => void;
}

const formSchema = createMeasurableGroupRequestSchema.pick({ name: true });

/** Creates a group or renames one. */
export function GroupNameDialog({ teamId, group, onClose }: GroupNameDialogProps) {
  const create = useCreateGroup();
  const rename = useRenameGroup();
  const form = useForm<{ name: string }>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: group?.name ?? '' },
  });
  const failure = create.error ?? rename.error;
  const submit = form.handleSubmit(({ name }) => {
    const done = { onSuccess: onClose };
    if (group) rename.mutate({ id: group.id, name, version: group.version }, done);
    else create.mutate({ teamId, name }, done);
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={group ? `Rename group ${group.name}` : 'New group'}
      size="sm"
    >
      <form onSubmit={(event) => void submit(event)} className="grid gap-3" noValidate>
        {failure ? (
          <Banner tone="error">{errorText(failure, 'Could not save the group. Please try again.')}</Banner>
        ) : null}
        <TextField label="Name" autoFocus error={form.formState.errors.name?.message} {...form.register('name')} />
        <div className="flex justify-end gap-2">
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button type="submit" loading={create.isPending || rename.isPending}>
            {group ? 'Save' : 'Add group'}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
