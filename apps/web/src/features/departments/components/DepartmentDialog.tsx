import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createDepartmentRequestSchema, type AdminDepartment } from '@keel/contract';
import { z } from 'zod';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { SelectField, TextAreaField } from '../../../ui/FormFields';
import { idOrNoneSchema } from '../../../lib/form-schemas';
import { isStaleDepartment, useCreateDepartment, useUpdateDepartment } from '../departments.api';
import { departmentTree, selfAndDescendants } from '../department-tree';

interface Props {
  /** The department to edit; null creates a new one. */
  department: AdminDepartment | null;
  /** The active departments, for the parent select. */
  departments: AdminDepartment[];
  label: string;
  onClose: () => void;
}

const contract = createDepartmentRequestSchema.shape;

/** The contract's rules with the screen's wording (the name message uses the organization's term). */
const departmentFormSchema = (label: string) =>
  z.object({
    name: z
      .string()
      .trim()
      .min(1, { error: `Give the ${label} a name` })
      .pipe(contract.name),
    description: z.string().trim().pipe(contract.description.unwrap().unwrap()),
    color: z
      .string()
      .trim()
      .refine((value) => value === '' || contract.color.safeParse(value).success, {
        error: 'Use a colour like #1d4ed8',
      }),
    parentTeamId: idOrNoneSchema,
  });
type DepartmentForm = z.input<ReturnType<typeof departmentFormSchema>>;

export function DepartmentDialog({ department, departments, label, onClose }: Props) {
  const schema = useMemo(() => departmentFormSchema(label), [label]);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<DepartmentForm, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: {
      name: department?.name ?? '',
      description: department?.description ?? '',
      color: department?.color ?? '',
      parentTeamId: department?.parentTeamId ?? '',
    },
  });
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const mutation = department ? update : create;
  const stale = update.isError && isStaleDepartment(update.error);
  // A department cannot sit under itself or anything under it (the server says "would create a cycle").
  const excluded = department ? selfAndDescendants(departments, department.id) : new Set<string>();
  const parents = departmentTree(departments).filter((row) => !excluded.has(row.department.id));

  const submit = handleSubmit(({ name, description, color, parentTeamId }) => {
    const body = { name, description: description || null, color: color || null, parentTeamId: parentTeamId || null };
    if (department) update.mutate({ id: department.id, version: department.version, ...body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  });

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={department ? `Edit ${label}` : `New ${label}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void submit()} loading={mutation.isPending} disabled={stale}>
            {department ? 'Save' : 'Create'}
          </Button>
        </>
      }
    >
      <form className="space-y-4" onSubmit={(event) => void submit(event)} noValidate>
        {stale ? (
          <Banner
            tone="warning"
            action={
              <Button size="sm" variant="secondary" onClick={onClose}>
                Close and reload
              </Button>
            }
          >
            Someone else changed this {label} since you opened it. Close this dialog to see their change, then try
            again.
          </Banner>
        ) : mutation.isError ? (
          <Banner tone="error">{errorText(mutation.error, `The ${label} could not be saved.`)}</Banner>
        ) : null}
        <TextField label="Name" maxLength={100} error={errors.name?.message} autoFocus {...register('name')} />
        <TextAreaField label="Description" maxLength={2000} rows={3} {...register('description')} />
        <TextField label="Colour" placeholder="#1d4ed8" error={errors.color?.message} {...register('color')} />
        <SelectField label="Parent" {...register('parentTeamId')}>
          <option value="">None (top level)</option>
          {parents.map(({ department: option, depth }) => (
            <option key={option.id} value={option.id}>
              {`${'\u00a0\u00a0'.repeat(depth)}${option.name}`}
            </option>
          ))}
        </SelectField>
        <button type="submit" hidden />
      </form>
    </Dialog>
  );
}
