import { useEffect, useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import toast from 'react-hot-toast';
import { z } from 'zod';
import { saveS3SettingsRequestSchema, type S3Settings } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Checkbox } from '../../../ui/Checkbox';
import { TextField } from '../../../ui/Field';
import { useSaveS3Settings } from '../storage-settings.api';
import { ConnectionTest } from './ConnectionTest';

const { endpoint, secretAccessKey } = saveS3SettingsRequestSchema.shape;
const blankAsNull = z.string().transform((value) => (value.trim() === '' ? null : value.trim()));

/** The contract's rules, with the inputs' empty text meaning "none" (endpoint) or "keep the saved one" (secret). */
const s3FormSchema = (hasSecret: boolean) =>
  saveS3SettingsRequestSchema.extend({
    endpoint: blankAsNull.pipe(endpoint),
    secretAccessKey: z
      .string()
      .refine((value) => hasSecret || value.trim() !== '', { error: 'Secret access key is required' })
      .pipe(blankAsNull)
      .pipe(secretAccessKey.unwrap()),
  });
type S3Form = z.input<ReturnType<typeof s3FormSchema>>;

const formValues = (saved: S3Settings | null): S3Form => ({
  endpoint: saved?.endpoint ?? '',
  bucket: saved?.bucket ?? '',
  region: saved?.region ?? '',
  accessKeyId: saved?.accessKeyId ?? '',
  secretAccessKey: '',
  forcePathStyle: saved?.forcePathStyle ?? false,
  prefix: saved?.prefix ?? '',
});

/** The S3-compatible storage's address and keys; the secret is write-only. */
export function S3SettingsForm({ saved }: { saved: S3Settings | null }) {
  const hasSecret = saved?.hasSecretAccessKey ?? false;
  const schema = useMemo(() => s3FormSchema(hasSecret), [hasSecret]);
  const save = useSaveS3Settings();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = useForm<S3Form, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: formValues(saved),
  });

  useEffect(() => {
    // A live refresh must not wipe what the admin is typing.
    reset(formValues(saved), { keepDirtyValues: true });
  }, [saved, reset]);

  const onSubmit = handleSubmit(
    (values) =>
      save.mutate(values, {
        onSuccess: (settings) => {
          reset(formValues(settings.s3));
          toast.success('S3 settings saved');
        },
      }),
    () => save.reset(),
  );

  return (
    <div className="space-y-6">
      <form noValidate onSubmit={(event) => void onSubmit(event)} aria-label="S3 settings" className="space-y-4">
        {save.isError ? (
          <Banner tone="error">{errorText(save.error, 'The S3 settings could not be saved. Please try again.')}</Banner>
        ) : null}
        <TextField
          label="Endpoint (optional)"
          hint="Leave empty for AWS S3. For MinIO, R2 or another service, its address, such as https://minio.example.com."
          inputMode="url"
          autoComplete="off"
          error={errors.endpoint?.message}
          {...register('endpoint')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Bucket" autoComplete="off" error={errors.bucket?.message} {...register('bucket')} />
          <TextField
            label="Region"
            hint="For example eu-west-1. MinIO accepts us-east-1."
            autoComplete="off"
            error={errors.region?.message}
            {...register('region')}
          />
          <TextField
            label="Access key id"
            autoComplete="off"
            error={errors.accessKeyId?.message}
            {...register('accessKeyId')}
          />
          <TextField
            label="Secret access key"
            type="password"
            autoComplete="new-password"
            placeholder={hasSecret ? 'Saved — leave empty to keep' : undefined}
            hint={hasSecret ? 'A secret is saved. It is never shown; type a new one to replace it.' : undefined}
            error={errors.secretAccessKey?.message}
            {...register('secretAccessKey')}
          />
        </div>
        <Checkbox
          label="Use path-style addresses (the bucket in the path), which MinIO and most self-hosted services need"
          {...register('forcePathStyle')}
        />
        <TextField
          label="Folder prefix (optional)"
          hint='Files are kept under this prefix of the bucket, such as "keel/". Letters, digits, "/", "_", "." and "-".'
          autoComplete="off"
          error={errors.prefix?.message}
          {...register('prefix')}
        />
        <div className="flex justify-end">
          <Button type="submit" loading={save.isPending} disabled={!isDirty && saved !== null}>
            Save S3 settings
          </Button>
        </div>
      </form>
      <div className="space-y-2 border-t border-slate-200 pt-4 dark:border-slate-700">
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {saved === null
            ? 'Save the settings, then test that Keel can write to the bucket.'
            : isDirty
              ? 'Save your changes to test them: the test uses the saved settings.'
              : 'Tries the saved settings against the bucket and says what came back.'}
        </p>
        <ConnectionTest driver="s3" disabled={saved === null || isDirty} />
      </div>
    </div>
  );
}
