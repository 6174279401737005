import { STORAGE_DRIVERS, type StorageDriverKind, type StorageSettings } from '@keel/contract';
import { cx } from '../../../ui/cx';
import { isOAuthProvider, notConfiguredText, placeLabel } from '../storage-words';

const DESCRIPTIONS: Record<StorageDriverKind, string> = {
  local: 'Files stay on the disk of the server Keel runs on. No set-up needed.',
  s3: 'AWS S3, MinIO, Cloudflare R2 or another S3-compatible service, with your own bucket and keys.',
  google_drive: "A Keel folder in your organization's Google Drive, connected by an administrator.",
  microsoft: 'A OneDrive or a SharePoint site library, connected by an administrator.',
};

interface DriverChoicesProps {
  settings: StorageSettings;
  chosen: StorageDriverKind;
  onChoose: (driver: StorageDriverKind) => void;
}

/** The four places for files as radio cards: the one to set up is chosen, the one in use is marked. */
export function DriverChoices({ settings, chosen, onChoose }: DriverChoicesProps) {
  return (
    <fieldset>
      <legend className="text-lg font-semibold text-slate-900 dark:text-white">Places for files</legend>
      <p className="mb-3 mt-1 text-sm text-slate-700 dark:text-slate-300">
        Choose a place to see or change its set-up. New files go to the one marked “In use for new files”.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {STORAGE_DRIVERS.map((driver) => {
          const unconfigured = isOAuthProvider(driver) && !settings.providers[driver].configured;
          const inUse = settings.driver === driver;
          const descriptionId = `storage-choice-${driver}-description`;
          return (
            <label
              key={driver}
              className={cx(
                'flex gap-3 rounded-lg border p-4 has-focus-visible:ring-2 has-focus-visible:ring-blue-600',
                chosen === driver
                  ? 'border-blue-700 bg-blue-50 dark:border-blue-400 dark:bg-blue-950'
                  : 'border-slate-300 bg-white dark:border-slate-600 dark:bg-slate-900',
                unconfigured ? 'cursor-not-allowed' : 'cursor-pointer',
              )}
            >
              <input
                type="radio"
                name="storage-driver"
                value={driver}
                checked={chosen === driver}
                disabled={unconfigured}
                onChange={() => onChoose(driver)}
                aria-describedby={descriptionId}
                className="mt-1 size-4 shrink-0 accent-blue-700 dark:accent-blue-400"
              />
              <span className="min-w-0">
                <span className="flex flex-wrap items-center gap-2 font-medium text-slate-900 dark:text-white">
                  {placeLabel(driver)}
                  {inUse ? (
                    <span className="rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-900 dark:bg-green-900 dark:text-green-100">
                      In use for new files
                    </span>
                  ) : null}
                </span>
                <span id={descriptionId} className="mt-1 block text-sm text-slate-700 dark:text-slate-300">
                  {unconfigured ? notConfiguredText(driver) : DESCRIPTIONS[driver]}
                </span>
              </span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
