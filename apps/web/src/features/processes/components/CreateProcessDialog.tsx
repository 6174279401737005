import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createProcessRequestSchema, type Department, PROCESS_TITLE_MAX, type Process } from '@keel/contract';
import { z } from 'zod';
import { errorText } from '../../../lib/api-client';
import { requiredTitle } from '../../../lib/form-schemas';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { SelectField } from '../../../ui/FormFields';
import { useTerminology } from '../../terminology/terminology.api';
import { useCreateProcess } from '../processes.api';

const contract = createProcessRequestSchema.shape;
const newProcessFormSchema = z.object({ title: requiredTitle(contract.title), teamId: contract.teamId });
type NewProcessForm = z.infer<typeof newProcessFormSchema>;

interface CreateProcessDialogProps {
  /** The teams the person may add processes to. */
  teams: Department[];
  defaultTeamId: string | undefined;
  onClose: () => void;
  onCreated: (process: Process) => void;
}

/** A new process starts as a draft with a title and a team; its steps are written in the editor next. */
export function CreateProcessDialog({ teams, defaultTeamId, onClose, onCreated }: CreateProcessDialogProps) {
  const terms = useTerminology();
  const create = useCreateProcess();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NewProcessForm>({
    resolver: zodResolver(newProcessFormSchema),
    defaultValues: { title: '', teamId: defaultTeamId ?? teams[0]?.id ?? '' },
  });
  const submit = handleSubmit((form) => create.mutate(form, { onSuccess: onCreated }));
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={`New ${terms.process_singular}`}>
      <form onSubmit={(event) => void submit(event)} className="grid gap-3" noValidate>
        <TextField label="Title" maxLength={PROCESS_TITLE_MAX} error={errors.title?.message} {...register('title')} />
        <SelectField label={terms.team_label} error={errors.teamId?.message} {...register('teamId')}>
          {teams.map((team) => (
            <option key={team.id} value={team.id}>
              {team.name}
            </option>
          ))}
        </SelectField>
        {create.isError ? (
          <Banner tone="error">{errorText(create.error, `The ${terms.process_singular} could not be created.`)}</Banner>
        ) : null}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" loading={create.isPending}>
            Create
          </Button>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
