import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { addDepartmentMemberRequestSchema, type AdminDepartment } from '@keel/contract';
import type { z } from 'zod';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { Dialog } from '../../../ui/Dialog';
import { PersonOptions, SelectField } from '../../../ui/FormFields';
import { EmptyNote, ListStates } from '../../../ui/ListPage';
import { usePeople } from '../../people/people.api';
import {
  useAddDepartmentMember,
  useDepartmentMembers,
  useRemoveDepartmentMember,
  useSetDepartmentMemberRole,
} from '../departments.api';

const addMemberFormSchema = addDepartmentMemberRequestSchema.pick({ userId: true });

interface Props {
  department: AdminDepartment;
  label: string;
  onClose: () => void;
}

/** Who is in a department: add from the organization's people, remove, and mark leads. */
export function DepartmentMembers({ department, label, onClose }: Props) {
  const members = useDepartmentMembers(department.id);
  const people = usePeople();
  const add = useAddDepartmentMember();
  const remove = useRemoveDepartmentMember();
  const setRole = useSetDepartmentMemberRole();
  const { register, handleSubmit, reset, watch } = useForm<z.input<typeof addMemberFormSchema>>({
    resolver: zodResolver(addMemberFormSchema),
    defaultValues: { userId: '' },
  });
  const submit = handleSubmit(({ userId }) =>
    add.mutate({ id: department.id, userId }, { onSuccess: () => reset({ userId: '' }) }),
  );
  const list = members.data ?? [];
  const candidates = (people.data ?? []).filter((person) => !list.some((member) => member.userId === person.id));
  const failed = [add, remove, setRole].find((mutation) => mutation.isError);
  const archived = department.archivedAt !== null;

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Members of ${department.name}`}
      size="lg"
      footer={<Button onClick={onClose}>Done</Button>}
    >
      <div className="space-y-4">
        {failed ? <Banner tone="error">{errorText(failed.error, 'The change could not be saved.')}</Banner> : null}
        {archived ? (
          <Banner tone="info">This {label} is archived: restore it to change its members.</Banner>
        ) : (
          <form className="flex items-end gap-2" onSubmit={(event) => void submit(event)}>
            <SelectField label="Add a person" className="flex-1" disabled={people.isPending} {...register('userId')}>
              <PersonOptions people={candidates} none="Choose a person" />
            </SelectField>
            <Button type="submit" disabled={!watch('userId')} loading={add.isPending}>
              Add
            </Button>
          </form>
        )}
        <ListStates
          query={members}
          loadingLabel="Loading members"
          errorFallback="The members could not be loaded."
          isEmpty={list.length === 0}
          empty={<EmptyNote>No one is in this {label} yet.</EmptyNote>}
        >
          <ul className="divide-y divide-slate-200 dark:divide-slate-700" aria-label="Members">
            {list.map((member) => (
              <li key={member.userId} className="flex items-center justify-between gap-3 py-2">
                <div className="min-w-0">
                  <p className="truncate font-medium text-slate-900 dark:text-white">{member.name}</p>
                  <p className="truncate text-sm text-slate-600 dark:text-slate-300">{member.email}</p>
                </div>
                <div className="flex shrink-0 items-center gap-3">
                  <Checkbox
                    label="Lead"
                    checked={member.role === 'lead'}
                    disabled={archived}
                    aria-label={`${member.name} leads this ${label}`}
                    onChange={(event) =>
                      setRole.mutate({
                        id: department.id,
                        userId: member.userId,
                        role: event.target.checked ? 'lead' : 'member',
                      })
                    }
                  />
                  <Button
                    size="sm"
                    variant="secondary"
                    disabled={archived}
                    aria-label={`Remove ${member.name}`}
                    onClick={() => remove.mutate({ id: department.id, userId: member.userId })}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </ListStates>
      </div>
    </Dialog>
  );
}
