import { ApiError, errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import type { ImportProgressState } from '../import-stream';
import { ImportProgress } from './ImportProgress';

export const IMPORT_BLOCKED_ID = 'import-blocked';

interface ImportCommitStateProps {
  /** The import's failure, if it failed. */
  error: Error | null;
  pending: boolean;
  progress: ImportProgressState | null;
  /** Owner names still waiting for a choice. */
  undecided: number;
  importableRows: number;
}

/** Under a preview: why the import failed, its progress while it runs, or why it cannot start yet. */
export function ImportCommitState({ error, pending, progress, undecided, importableRows }: ImportCommitStateProps) {
  const refusal = error instanceof ApiError ? error : null;
  return (
    <>
      {refusal ? (
        <Banner tone="error" title="Nothing was imported">
          <p>{errorText(refusal, 'The import failed. Please try again.')}</p>
          {refusal.details.length > 0 ? (
            <ul className="mt-1 list-disc pl-5">
              {refusal.details.slice(0, 20).map((detail, index) => (
                <li key={index}>{detail.message}</li>
              ))}
            </ul>
          ) : null}
        </Banner>
      ) : error ? (
        <Banner tone="error">{errorText(error, 'The import failed. Please try again.')}</Banner>
      ) : null}
      {pending ? <ImportProgress progress={progress} /> : null}
      {undecided > 0 ? (
        <p id={IMPORT_BLOCKED_ID} className="text-sm text-slate-700 dark:text-slate-200">
          Choose an owner for each unknown name above, or leave its rows out, to import.
        </p>
      ) : importableRows === 0 ? (
        <p id={IMPORT_BLOCKED_ID} className="text-sm text-slate-700 dark:text-slate-200">
          No row can be imported as the file stands: every row has a problem listed above.
        </p>
      ) : null}
    </>
  );
}
