import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import type { Document, DocumentVersion } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { fileSizeText } from '../../../lib/file-size';
import { organizationKey, requireOrganization } from '../../../lib/organization-query';
import { useOrganizationId } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { ListStates } from '../../../ui/ListPage';
import { downloadDocument, useDocumentVersions, useRestoreDocumentVersion } from '../documents.api';
import { uploadDocumentVersion, uploadErrorText } from '../document-upload';
import { dateTimeText } from '../document-words';

type VersionUpload = { progress: number } | { error: string } | null;

/** The versions of a file, newest first: download any, restore an older one, or upload a new one. */
export function DocumentVersions({ document, readOnly }: { document: Document; readOnly: boolean }) {
  const organizationId = useOrganizationId();
  const queryClient = useQueryClient();
  const versions = useDocumentVersions(document.id, true);
  const restore = useRestoreDocumentVersion();
  const [restoring, setRestoring] = useState<DocumentVersion | null>(null);
  const [upload, setUpload] = useState<VersionUpload>(null);
  const fileInput = useRef<HTMLInputElement>(null);

  const sendVersion = (file: File) => {
    setUpload({ progress: 0 });
    uploadDocumentVersion(requireOrganization(organizationId), document.id, file, {
      onProgress: (progress) => setUpload({ progress }),
    }).then(
      (updated) => {
        setUpload(null);
        toast.success(`Version ${updated.currentVersion ?? ''} uploaded`);
        void queryClient.invalidateQueries({ queryKey: organizationKey(organizationId, 'document') });
      },
      (error: unknown) => setUpload({ error: uploadErrorText(error) }),
    );
  };

  const download = (version: DocumentVersion) =>
    downloadDocument(requireOrganization(organizationId), document.id, version.name, version.number).catch(
      (error: unknown) => toast.error(errorText(error, 'The file could not be downloaded.')),
    );

  return (
    <section aria-labelledby="versions-title" className="grid gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id="versions-title" className="font-semibold text-slate-900 dark:text-white">
          Versions
        </h3>
        {readOnly ? null : (
          <>
            <Button
              size="sm"
              variant="secondary"
              loading={upload !== null && 'progress' in upload}
              onClick={() => fileInput.current?.click()}
            >
              Upload a new version
            </Button>
            <input
              ref={fileInput}
              type="file"
              className="sr-only"
              tabIndex={-1}
              aria-label="New version file"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) sendVersion(file);
              }}
            />
          </>
        )}
      </div>
      {upload && 'progress' in upload ? (
        <progress
          className="h-2 w-full accent-blue-700"
          max={100}
          value={Math.round(upload.progress * 100)}
          aria-label={`Uploading the new version, ${Math.round(upload.progress * 100)}%`}
        />
      ) : null}
      {upload && 'error' in upload ? <Banner tone="error">{upload.error}</Banner> : null}
      <ListStates
        query={versions}
        retry={false}
        spinnerClassName="size-5"
        loadingLabel="Loading versions"
        errorFallback="The versions could not be loaded."
        isEmpty={(versions.data ?? []).length === 0}
        empty={<p className="text-sm text-slate-700 dark:text-slate-300">No versions yet.</p>}
      >
        <ul aria-label="Versions" className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
          {(versions.data ?? []).map((version) => (
            <li key={version.number} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <div className="min-w-0">
                <p className="font-medium text-slate-900 dark:text-slate-100">
                  Version {version.number}
                  {version.current ? ' (current)' : ''}
                </p>
                <p className="text-xs wrap-anywhere text-slate-600 dark:text-slate-300">
                  {version.name} · {fileSizeText(version.bytes)} · {dateTimeText(version.createdAt)}
                  {version.uploadedBy ? ` · ${version.uploadedBy.name}` : ''}
                </p>
              </div>
              <div className="flex gap-1">
                <Button
                  size="sm"
                  variant="ghost"
                  aria-label={`Download version ${version.number}`}
                  onClick={() => void download(version)}
                >
                  Download
                </Button>
                {version.current || readOnly ? null : (
                  <Button
                    size="sm"
                    variant="secondary"
                    aria-label={`Restore version ${version.number}`}
                    onClick={() => {
                      restore.reset();
                      setRestoring(version);
                    }}
                  >
                    Restore
                  </Button>
                )}
              </div>
            </li>
          ))}
        </ul>
      </ListStates>
      {restoring ? (
        <ConfirmDialog
          title={`Restore version ${restoring.number}?`}
          confirmLabel="Restore"
          busy={restore.isPending}
          onCancel={() => setRestoring(null)}
          onConfirm={() =>
            restore.mutate(
              { id: document.id, number: restoring.number, version: document.version },
              {
                onSuccess: () => {
                  toast.success(`Version ${restoring.number} restored`);
                  setRestoring(null);
                },
              },
            )
          }
        >
          <p>It becomes the current version again, as a new version. The versions after it are kept.</p>
          {restore.isError ? (
            <Banner tone="error" className="mt-3">
              {errorText(restore.error, 'The version could not be restored.')}
            </Banner>
          ) : null}
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
