import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';

interface RemoveConnectionDialogProps {
  /** What is removed, as the dialog names it: "endpoint", "channel". */
  noun: string;
  id: string;
  remove: { mutate: (id: string, options: { onSuccess: () => void }) => void; isPending: boolean; error: unknown };
  onClose: () => void;
  children: ReactNode;
}

/** Asks before a connection to another system is removed, and says so when it was (or why it was not). */
export function RemoveConnectionDialog({ noun, id, remove, onClose, children }: RemoveConnectionDialogProps) {
  return (
    <ConfirmDialog
      title={`Remove this ${noun}?`}
      confirmLabel={`Remove ${noun}`}
      danger
      busy={remove.isPending}
      onCancel={onClose}
      onConfirm={() =>
        remove.mutate(id, {
          onSuccess: () => {
            toast.success(`${noun[0]?.toUpperCase() ?? ''}${noun.slice(1)} removed`);
            onClose();
          },
        })
      }
    >
      <div className="space-y-3">
        {remove.error ? (
          <Banner tone="error">{errorText(remove.error, `The ${noun} could not be removed. Please try again.`)}</Banner>
        ) : null}
        {children}
      </div>
    </ConfirmDialog>
  );
}
