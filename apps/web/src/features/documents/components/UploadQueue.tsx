import CircleAlert from 'lucide-react/icons/circle-alert';
import CircleCheck from 'lucide-react/icons/circle-check';
import { fileSizeText } from '../../../lib/file-size';
import { Button } from '../../../ui/Button';
import { LIST_CARD_CLASSES } from '../../../ui/ListPage';
import type { UploadItem } from './useUploadQueue';

const percent = (progress: number) => Math.round(progress * 100);

function statusText(item: UploadItem): string {
  if (item.status === 'waiting') return 'Waiting';
  if (item.status === 'uploading') return `Uploading, ${percent(item.progress)}%`;
  if (item.status === 'done') return 'Uploaded';
  return item.error ?? 'Not uploaded';
}

/** Each file of the current uploads: its progress bar while it goes, then "Uploaded" or why it was refused. */
export function UploadQueue({ items, onClear }: { items: UploadItem[]; onClear: () => void }) {
  if (items.length === 0) return null;
  const finished = items.filter((item) => item.status === 'done' || item.status === 'failed').length;
  return (
    <section aria-labelledby="uploads-title" className={`${LIST_CARD_CLASSES} p-3`}>
      <div className="mb-2 flex items-center justify-between gap-2">
        <h2 id="uploads-title" className="text-sm font-semibold text-slate-900 dark:text-white">
          Uploads ({finished} of {items.length} finished)
        </h2>
        {finished > 0 ? (
          <Button size="sm" variant="ghost" onClick={onClear}>
            Clear finished
          </Button>
        ) : null}
      </div>
      <ul className="grid gap-2" aria-label="Files being uploaded">
        {items.map((item) => (
          <li key={item.key} className="grid gap-1 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-x-3">
              <span className="min-w-0 font-medium wrap-anywhere text-slate-900 dark:text-slate-100">{item.name}</span>
              <span className="text-xs text-slate-600 dark:text-slate-300">{fileSizeText(item.bytes)}</span>
            </div>
            {item.status === 'uploading' || item.status === 'waiting' ? (
              <progress
                className="h-2 w-full accent-blue-700"
                max={100}
                value={percent(item.progress)}
                aria-label={`${item.name}: ${statusText(item)}`}
              />
            ) : null}
            <p
              className={
                item.status === 'failed'
                  ? 'flex items-start gap-1 text-red-700 dark:text-red-300'
                  : 'flex items-start gap-1 text-slate-700 dark:text-slate-300'
              }
              data-testid={`upload-status-${item.name}`}
            >
              {item.status === 'failed' ? (
                <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
              ) : item.status === 'done' ? (
                <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-green-700 dark:text-green-400" />
              ) : null}
              {statusText(item)}
            </p>
          </li>
        ))}
      </ul>
    </section>
  );
}
