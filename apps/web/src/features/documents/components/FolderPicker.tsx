import { useState } from 'react';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { Spinner } from '../../../ui/Spinner';
import { useFolderLevel } from '../documents.api';
import { DocumentIcon } from './DocumentIcon';

interface FolderPickerProps {
  title: string;
  /** Where the item is now: where the picker starts. */
  startFolderId: string | null;
  /** A folder that cannot be chosen or entered (the folder being moved). */
  excludeId?: string;
  busy: boolean;
  error: string | null;
  onChoose: (folderId: string | null) => void;
  onClose: () => void;
}

/** Walks the folders level by level and answers the one shown when "Move here" is pressed. */
export function FolderPicker({ title, startFolderId, excludeId, busy, error, onChoose, onClose }: FolderPickerProps) {
  const [folderId, setFolderId] = useState<string | null>(startFolderId === excludeId ? null : startFolderId);
  const level = useFolderLevel(folderId);
  const path = level.data?.path ?? [];
  const here = path.at(-1)?.name ?? 'All documents';
  const subfolders = (level.data?.folders ?? []).filter((folder) => folder.id !== excludeId);
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={title}
      footer={
        <>
          <Button variant="secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={busy} disabled={level.isPending} onClick={() => onChoose(folderId)}>
            Move to {here}
          </Button>
        </>
      }
    >
      <nav aria-label="Folder path" className="mb-3">
        <ol className="flex flex-wrap items-center gap-1 text-sm">
          <li>
            <button
              type="button"
              className="text-blue-800 underline dark:text-blue-300"
              onClick={() => setFolderId(null)}
            >
              All documents
            </button>
          </li>
          {path.map((step) => (
            <li key={step.id} className="flex items-center gap-1">
              <span aria-hidden="true">/</span>
              <button
                type="button"
                className="text-blue-800 underline wrap-anywhere dark:text-blue-300"
                aria-current={step.id === folderId ? 'location' : undefined}
                onClick={() => setFolderId(step.id)}
              >
                {step.name}
              </button>
            </li>
          ))}
        </ol>
      </nav>
      {level.isPending ? (
        <Spinner label="Loading folders" className="size-5" />
      ) : level.isError ? (
        <Banner tone="error">{errorText(level.error, 'The folders could not be loaded.')}</Banner>
      ) : subfolders.length === 0 ? (
        <p className="text-sm text-slate-700 dark:text-slate-300">No folders inside {here}.</p>
      ) : (
        <ul aria-label={`Folders in ${here}`} className="grid gap-1">
          {subfolders.map((folder) => (
            <li key={folder.id}>
              <button
                type="button"
                onClick={() => setFolderId(folder.id)}
                className="flex min-h-10 w-full items-center gap-2 rounded px-2 text-left text-sm hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                <DocumentIcon type="folder" />
                <span className="wrap-anywhere">Open {folder.name}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <Banner tone="error" className="mt-3">
          {error}
        </Banner>
      ) : null}
    </Dialog>
  );
}
