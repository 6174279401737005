import type { StorageDriverKind } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Button } from '../../../ui/Button';
import { cx } from '../../../ui/cx';
import { useTestStorage } from '../storage-settings.api';

/** "Test connection" and what came back, read out by screen readers when it arrives. */
export function ConnectionTest({ driver, disabled = false }: { driver: StorageDriverKind; disabled?: boolean }) {
  const test = useTestStorage();
  const failed = test.isError || (test.data !== undefined && !test.data.ok);
  const message = test.isError
    ? errorText(test.error, 'The connection could not be tested. Please try again.')
    : test.data
      ? test.data.message
      : null;
  return (
    <div className="space-y-2">
      <Button variant="secondary" loading={test.isPending} disabled={disabled} onClick={() => test.mutate(driver)}>
        Test connection
      </Button>
      <div role="status" aria-live="polite">
        {message ? (
          <p
            className={cx(
              'rounded-md border p-3 text-sm',
              failed
                ? 'border-red-300 bg-red-50 text-red-900 dark:border-red-800 dark:bg-red-950 dark:text-red-100'
                : 'border-green-300 bg-green-50 text-green-900 dark:border-green-800 dark:bg-green-950 dark:text-green-100',
            )}
          >
            <span className="font-semibold">{failed ? 'Connection failed: ' : 'Connection works: '}</span>
            {message}
          </p>
        ) : null}
      </div>
    </div>
  );
}
