import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { chooseMicrosoftDriveRequestSchema, type CloudDriveConnection } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { SelectField } from '../../../ui/FormFields';
import { Spinner } from '../../../ui/Spinner';
import { useChooseMicrosoftDrive, useMicrosoftDrives } from '../storage-settings.api';

const driveFormSchema = chooseMicrosoftDriveRequestSchema.pick({ driveId: true });
type DriveForm = { driveId: string };

interface MicrosoftDrivePickerProps {
  connection: CloudDriveConnection;
  version: number;
}

/** Which OneDrive or SharePoint library the connected account lends Keel for its files. */
export function MicrosoftDrivePicker({ connection, version }: MicrosoftDrivePickerProps) {
  const drives = useMicrosoftDrives(connection.connectedAt);
  const choose = useChooseMicrosoftDrive();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<DriveForm>({
    resolver: zodResolver(driveFormSchema),
    defaultValues: { driveId: connection.locationId ?? '' },
  });

  useEffect(() => {
    // Once the list is there, the select can show the saved drive (its option did not exist before).
    if (drives.data) reset({ driveId: connection.locationId ?? '' }, { keepDirtyValues: true });
  }, [drives.data, connection.locationId, reset]);

  if (drives.isPending) return <Spinner label="Loading the drives of this account" className="size-6" />;
  if (drives.isError)
    return (
      <Banner tone="error">
        {errorText(drives.error, 'The drives of this account could not be loaded. Please reload the page.')}
      </Banner>
    );
  if (drives.data.length === 0)
    return (
      <Banner tone="warning">
        This account has no OneDrive or SharePoint library Keel can write to. Connect another account, or ask your
        Microsoft 365 administrator for access to one.
      </Banner>
    );

  const oneDrives = drives.data.filter((drive) => drive.kind === 'onedrive');
  const libraries = drives.data.filter((drive) => drive.kind === 'sharepoint');
  const onSubmit = handleSubmit((values) =>
    choose.mutate({ driveId: values.driveId, version }, { onSuccess: () => toast.success('Drive saved') }),
  );

  return (
    <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="Microsoft drive" className="space-y-3">
      {choose.isError ? (
        <Banner tone="error">{errorText(choose.error, 'The drive could not be saved. Please try again.')}</Banner>
      ) : null}
      <SelectField label="Drive for Keel's files" error={errors.driveId?.message} {...register('driveId')}>
        <option value="">Choose a drive</option>
        {oneDrives.length > 0 ? (
          <optgroup label="OneDrive">
            {oneDrives.map((drive) => (
              <option key={drive.id} value={drive.id}>
                {drive.name}
              </option>
            ))}
          </optgroup>
        ) : null}
        {libraries.length > 0 ? (
          <optgroup label="SharePoint libraries">
            {libraries.map((drive) => (
              <option key={drive.id} value={drive.id}>
                {drive.siteName ? `${drive.siteName}: ${drive.name}` : drive.name}
              </option>
            ))}
          </optgroup>
        ) : null}
      </SelectField>
      <div className="flex justify-end">
        <Button type="submit" variant="secondary" loading={choose.isPending} disabled={!isDirty}>
          Save drive
        </Button>
      </div>
    </form>
  );
}
