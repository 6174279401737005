import { useEffect, useId, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { LOGO_MAX_BYTES, LOGO_MIME_TYPES, type Organization } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { useDeleteLogo, useUploadLogo } from '../organization.api';
import { OrganizationLogo } from './OrganizationLogo';

interface LogoUploaderProps {
  organization: Organization;
  /** The size being edited in the form, so the preview follows it live. */
  logoSize: number;
}

const ACCEPTED = LOGO_MIME_TYPES.join(',');
const MAX_MB = LOGO_MAX_BYTES / (1024 * 1024);

export function LogoUploader({ organization, logoSize }: LogoUploaderProps) {
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | undefined>();
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadLogo();
  const remove = useDeleteLogo();

  useEffect(() => {
    if (!file) {
      setPreview(undefined);
      return;
    }
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const choose = (chosen: File | undefined) => {
    setProblem(null);
    if (!chosen) return setFile(null);
    if (!(LOGO_MIME_TYPES as readonly string[]).includes(chosen.type)) {
      setProblem('Please choose a PNG, JPEG, WebP or GIF image.');
      return setFile(null);
    }
    if (chosen.size > LOGO_MAX_BYTES) {
      setProblem(`The image is too large; the limit is ${MAX_MB} MB.`);
      return setFile(null);
    }
    setFile(chosen);
  };

  const clearChoice = () => {
    setFile(null);
    if (inputRef.current) inputRef.current.value = '';
  };

  const failure = upload.error ?? remove.error;
  const hasLogo = Boolean(organization.logo_url);

  return (
    <div className="space-y-3">
      <div className="flex min-h-28 items-center justify-center rounded-md border border-dashed border-slate-300 bg-slate-50 p-3 dark:border-slate-600 dark:bg-slate-950">
        {hasLogo || preview ? (
          <OrganizationLogo
            organizationId={organization.id}
            organizationName={organization.name}
            logoUrl={organization.logo_url}
            logoSize={logoSize}
            {...(preview ? { previewSrc: preview } : {})}
          />
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">No logo yet.</p>
        )}
      </div>
      <div>
        <label htmlFor={inputId} className="mb-1 block text-sm font-medium text-slate-800 dark:text-slate-200">
          Logo image
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={ACCEPTED}
          onChange={(event) => choose(event.target.files?.[0])}
          aria-describedby={`${inputId}-hint`}
          className="block w-full text-sm text-slate-800 file:mr-3 file:rounded-md file:border-0 file:bg-slate-200 file:px-3 file:py-2 file:text-sm file:font-medium dark:text-slate-200 dark:file:bg-slate-700 dark:file:text-slate-100"
        />
        <p id={`${inputId}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          PNG, JPEG, WebP or GIF, up to {MAX_MB} MB.
        </p>
      </div>
      {problem ? <Banner tone="error">{problem}</Banner> : null}
      {failure ? (
        <Banner tone="error">{errorText(failure, 'The logo could not be saved. Please try again.')}</Banner>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button
          disabled={!file}
          loading={upload.isPending}
          onClick={() => {
            if (!file) return;
            remove.reset();
            upload.mutate(file, {
              onSuccess: () => {
                clearChoice();
                toast.success('Logo uploaded');
              },
            });
          }}
        >
          {upload.isPending ? 'Uploading...' : 'Upload logo'}
        </Button>
        {file ? (
          <Button variant="secondary" onClick={clearChoice}>
            Cancel
          </Button>
        ) : null}
        {hasLogo && !file ? (
          <Button
            variant="secondary"
            loading={remove.isPending}
            onClick={() => {
              upload.reset();
              remove.mutate(undefined, { onSuccess: () => toast.success('Logo removed') });
            }}
          >
            Remove logo
          </Button>
        ) : null}
      </div>
    </div>
  );
}
