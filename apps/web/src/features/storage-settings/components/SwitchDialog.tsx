import { useState } from 'react';
import type { StorageDriverKind, StorageSettings } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Checkbox } from '../../../ui/Checkbox';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { useSwitchStorage } from '../storage-settings.api';
import { countOf } from '../../../lib/words';
import { filesElsewhere, placeLabel, sizeText } from '../storage-words';

interface SwitchDialogProps {
  settings: StorageSettings;
  driver: StorageDriverKind;
  onClose: () => void;
}

/** Confirms where new files go from now on, and offers to move the existing ones there too. */
export function SwitchDialog({ settings, driver, onClose }: SwitchDialogProps) {
  const switchStorage = useSwitchStorage();
  const [moveExisting, setMoveExisting] = useState(false);
  const place = placeLabel(driver);
  const elsewhere = filesElsewhere(settings, driver);
  return (
    <ConfirmDialog
      title={`Use ${place} for new files?`}
      confirmLabel={`Use ${place}`}
      busy={switchStorage.isPending}
      onCancel={onClose}
      onConfirm={() =>
        switchStorage.mutate(
          { driver, moveExisting: moveExisting && elsewhere.files > 0, version: settings.version },
          { onSuccess: onClose },
        )
      }
    >
      <div className="space-y-3">
        {switchStorage.isError ? (
          <Banner tone="error">
            {errorText(switchStorage.error, 'The storage could not be switched. Please try again.')}
          </Banner>
        ) : null}
        <p>New files will be kept in {place} from now on. Files already stored stay readable where they are.</p>
        {elsewhere.files > 0 ? (
          <>
            <Checkbox
              label={`Also move the ${countOf(elsewhere.files, 'existing file', 'existing files')} (${sizeText(elsewhere.bytes)}) there in the background`}
              checked={moveExisting}
              onChange={(event) => setMoveExisting(event.target.checked)}
            />
            <p className="text-slate-600 dark:text-slate-300">
              While they move, every file stays readable. If the move stops, the files not moved yet stay where they
              were and you can try again.
            </p>
          </>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
