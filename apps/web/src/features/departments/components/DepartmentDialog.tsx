import { useState, type FormEvent } from 'react';
import type { AdminDepartment } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { SelectField, TextAreaField } from '../../../ui/FormFields';
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

const COLOUR = /^#(?:[0-9a-fA-F]{3}|[0-9a-fA-F]{6})$/;

export function DepartmentDialog({ department, departments, label, onClose }: Props) {
  const [name, setName] = useState(department?.name ?? '');
  const [description, setDescription] = useState(department?.description ?? '');
  const [color, setColor] = useState(department?.color ?? '');
  const [parentTeamId, setParentTeamId] = useState(department?.parentTeamId ?? '');
  const [problem, setProblem] = useState<{ name?: string; color?: string }>({});
  const create = useCreateDepartment();
  const update = useUpdateDepartment();
  const mutation = department ? update : create;
  const stale = update.isError && isStaleDepartment(update.error);
  // A department cannot sit under itself or anything under it (the server says "would create a cycle").
  const excluded = department ? selfAndDescendants(departments, department.id) : new Set<string>();
  const parents = departmentTree(departments).filter((row) => !excluded.has(row.department.id));

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    const next = {
      name: name.trim() ? undefined : `A ${label.toLowerCase()} needs a name`,
      color: color.trim() && !COLOUR.test(color.trim()) ? 'Use a colour like #1d4ed8' : undefined,
    };
    setProblem(next);
    if (next.name || next.color) return;
    const body = {
      name: name.trim(),
      description: description.trim() || null,
      color: color.trim() || null,
      parentTeamId: parentTeamId || null,
    };
    if (department) update.mutate({ id: department.id, version: department.version, ...body }, { onSuccess: onClose });
    else create.mutate(body, { onSuccess: onClose });
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={department ? `Edit ${label.toLowerCase()}` : `New ${label.toLowerCase()}`}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => submit()} loading={mutation.isPending} disabled={stale}>
            {department ? 'Save' : 'Create'}
          </Button>
        </>
      }
    >
      <form className="space-y-4" onSubmit={submit} noValidate>
        {stale ? (
          <Banner
            tone="warning"
            action={
              <Button size="sm" variant="secondary" onClick={onClose}>
                Close and reload
              </Button>
            }
          >
            Someone else changed this {label.toLowerCase()} since you opened it. Close this dialog to see their change,
            then try again.
          </Banner>
        ) : mutation.isError ? (
          <Banner tone="error">{errorText(mutation.error, `The ${label.toLowerCase()} could not be saved.`)}</Banner>
        ) : null}
        <TextField
          label="Name"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
          error={problem.name}
          autoFocus
        />
        <TextAreaField
          label="Description"
          value={description}
          maxLength={2000}
          rows={3}
          onChange={(event) => setDescription(event.target.value)}
        />
        <TextField
          label="Colour"
          value={color}
          placeholder="#1d4ed8"
          onChange={(event) => setColor(event.target.value)}
          error={problem.color}
        />
        <SelectField label="Parent" value={parentTeamId} onChange={(event) => setParentTeamId(event.target.value)}>
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
