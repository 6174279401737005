import type { ReactNode } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createDocumentFolderRequestSchema, DOCUMENT_NAME_MAX } from '@keel/contract';
import { z } from 'zod';
import { Banner } from '../../../ui/Banner';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { FormActions } from '../../../ui/FormFields';

const nameFormSchema = z.object({ name: createDocumentFolderRequestSchema.shape.name });
type NameForm = z.infer<typeof nameFormSchema>;

interface NameDialogProps {
  title: string;
  label: string;
  initialName: string;
  submitLabel: string;
  busy: boolean;
  /** Why the server refused the last try. */
  error: string | null;
  onSubmit: (name: string) => void;
  onClose: () => void;
  children?: ReactNode;
}

/** Asks for one name (a new folder, or a new name for a folder or a document), checked as the server checks it. */
export function NameDialog({
  title,
  label,
  initialName,
  submitLabel,
  busy,
  error,
  onSubmit,
  onClose,
  children,
}: NameDialogProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<NameForm>({ resolver: zodResolver(nameFormSchema), defaultValues: { name: initialName } });
  const submit = handleSubmit((form) => onSubmit(form.name));
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={title} size="sm">
      <form onSubmit={(event) => void submit(event)} className="grid gap-3" noValidate>
        <TextField label={label} maxLength={DOCUMENT_NAME_MAX} error={errors.name?.message} {...register('name')} />
        {children}
        {error ? <Banner tone="error">{error}</Banner> : null}
        <FormActions onCancel={onClose} submitLabel={submitLabel} busy={busy} />
      </form>
    </Dialog>
  );
}
