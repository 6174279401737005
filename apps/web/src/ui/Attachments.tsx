import type { ReactNode } from 'react';
import toast from 'react-hot-toast';
import { errorText } from '../lib/api-error';
import { ListStates } from './ListPage';

interface AttachmentStatesProps {
  query: Parameters<typeof ListStates>[0]['query'];
  isEmpty: boolean;
  empty: ReactNode;
  children: ReactNode;
}

/** Loading, failed or empty: the states of a list of attached files (inside a dialog: no retry). */
export function AttachmentStates({ query, isEmpty, empty, children }: AttachmentStatesProps) {
  return (
    <ListStates
      query={query}
      retry={false}
      spinnerClassName="size-5"
      loadingLabel="Loading attachments"
      errorFallback="The attachments could not be loaded."
      isEmpty={isEmpty}
      empty={empty}
    >
      {children}
    </ListStates>
  );
}

/** An attached file's name that downloads it; a failed download says so in a toast. */
export function DownloadButton({
  fileName,
  download,
  className,
}: {
  fileName: string;
  download: () => Promise<void>;
  className: string;
}) {
  return (
    <button
      type="button"
      className={className}
      onClick={() =>
        void download().catch((error: unknown) => toast.error(errorText(error, 'The file could not be downloaded.')))
      }
    >
      {fileName}
    </button>
  );
}
