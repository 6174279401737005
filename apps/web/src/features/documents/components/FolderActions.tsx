import { useState } from 'react';
import toast from 'react-hot-toast';
import type { DocumentFolder } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { Dialog } from '../../../ui/Dialog';
import { useDeleteFolder, useUpdateFolder } from '../documents.api';
import { FolderPicker } from './FolderPicker';
import { NameDialog } from './NameDialog';

type Step = 'choose' | 'rename' | 'move' | 'delete';

/** Rename, move or delete one folder; the server refuses to delete a folder that still holds something. */
export function FolderActions({ folder, onClose }: { folder: DocumentFolder; onClose: () => void }) {
  const [step, setStep] = useState<Step>('choose');
  const update = useUpdateFolder();
  const remove = useDeleteFolder();
  const done = (message: string) => () => {
    toast.success(message);
    onClose();
  };
  if (step === 'rename')
    return (
      <NameDialog
        title="Rename folder"
        label="Folder name"
        initialName={folder.name}
        submitLabel="Rename"
        busy={update.isPending}
        error={update.isError ? errorText(update.error, 'The folder could not be renamed.') : null}
        onClose={onClose}
        onSubmit={(name) =>
          update.mutate({ id: folder.id, version: folder.version, name }, { onSuccess: done('Folder renamed') })
        }
      />
    );
  if (step === 'move')
    return (
      <FolderPicker
        title={`Move ${folder.name}`}
        startFolderId={folder.parentId}
        excludeId={folder.id}
        busy={update.isPending}
        error={update.isError ? errorText(update.error, 'The folder could not be moved.') : null}
        onClose={onClose}
        onChoose={(parentId) =>
          update.mutate({ id: folder.id, version: folder.version, parentId }, { onSuccess: done('Folder moved') })
        }
      />
    );
  if (step === 'delete')
    return (
      <ConfirmDialog
        title={`Delete ${folder.name}?`}
        confirmLabel="Delete folder"
        danger
        busy={remove.isPending}
        onCancel={onClose}
        onConfirm={() =>
          remove.mutate({ id: folder.id, version: folder.version }, { onSuccess: done('Folder deleted') })
        }
      >
        <p>Only an empty folder can be deleted.</p>
        {remove.isError ? (
          <Banner tone="error" className="mt-3">
            {errorText(remove.error, 'The folder could not be deleted.')}
          </Banner>
        ) : null}
      </ConfirmDialog>
    );
  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())} title={folder.name} size="sm">
      <div className="grid gap-2">
        <Button variant="secondary" onClick={() => setStep('rename')}>
          Rename
        </Button>
        <Button variant="secondary" onClick={() => setStep('move')}>
          Move to another folder
        </Button>
        <Button variant="danger" onClick={() => setStep('delete')}>
          Delete
        </Button>
      </div>
    </Dialog>
  );
}
