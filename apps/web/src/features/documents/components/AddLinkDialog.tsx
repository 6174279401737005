import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { createDocumentLinkRequestSchema, DOCUMENT_NAME_MAX, DOCUMENT_URL_MAX, type Document } from '@keel/contract';
import { z } from 'zod';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Dialog } from '../../../ui/Dialog';
import { TextField } from '../../../ui/Field';
import { FormActions } from '../../../ui/FormFields';
import { useAddDocumentLink, type Placement } from '../documents.api';
import { PlacementFields, placementIsComplete } from './PlacementFields';

const contract = createDocumentLinkRequestSchema.shape;
const linkFormSchema = z.object({ url: contract.url, name: z.literal('').or(contract.name.unwrap()) });
type LinkForm = z.infer<typeof linkFormSchema>;

interface AddLinkDialogProps {
  folderId: string | null;
  initialPlacement: Placement;
  onClose: () => void;
  onAdded: (document: Document) => void;
}

/** A file that stays in Google Drive, OneDrive or SharePoint, listed here by its address. */
export function AddLinkDialog({ folderId, initialPlacement, onClose, onAdded }: AddLinkDialogProps) {
  const add = useAddDocumentLink();
  const [placement, setPlacement] = useState(initialPlacement);
  const [teamError, setTeamError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<LinkForm>({ resolver: zodResolver(linkFormSchema), defaultValues: { url: '', name: '' } });
  const submit = handleSubmit((form) => {
    if (!placementIsComplete(placement)) {
      setTeamError('Choose the team that may see this');
      return;
    }
    add.mutate(
      {
        url: form.url,
        ...(form.name ? { name: form.name } : {}),
        folderId,
        visibility: placement.visibility,
        teamId: placement.visibility === 'team' ? placement.teamId : null,
      },
      { onSuccess: onAdded },
    );
  });
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title="Add a link"
      description="Paste the address of a file in Google Drive, OneDrive or SharePoint. The file stays where it is."
    >
      <form onSubmit={(event) => void submit(event)} className="grid gap-3" noValidate>
        <TextField
          label="Address"
          type="url"
          inputMode="url"
          placeholder="https://"
          maxLength={DOCUMENT_URL_MAX}
          error={errors.url?.message}
          {...register('url')}
        />
        <TextField
          label="Name (optional)"
          hint="Leave it empty to use the name in the address."
          maxLength={DOCUMENT_NAME_MAX}
          error={errors.name?.message}
          {...register('name')}
        />
        <PlacementFields
          value={placement}
          onChange={(next) => {
            setPlacement(next);
            setTeamError(undefined);
          }}
          teamError={teamError}
        />
        {add.isError ? <Banner tone="error">{errorText(add.error, 'The link could not be added.')}</Banner> : null}
        <FormActions onCancel={onClose} submitLabel="Add link" busy={add.isPending} />
      </form>
    </Dialog>
  );
}
