import { useState } from 'react';
import toast from 'react-hot-toast';
import { DATA_EXPORT_KEEP_DAYS, type DataExport } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { downloadApiFile } from '../../../lib/file-download';
import { useOrganizationId } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { EmptyNote, ListStates } from '../../../ui/ListPage';
import { byteSize, exactTime, relativeTime } from '../../operations/words';
import { archivePath, useDataExports, useRequestDataExport } from '../data-export.api';

function statusText(item: DataExport): string {
  switch (item.status) {
    case 'queued':
      return 'Waiting to start…';
    case 'running':
      return `Being made: ${item.stepsDone} of ${item.stepsTotal || '…'} parts`;
    case 'ready':
      return `Ready${item.bytes === null ? '' : `, ${byteSize(item.bytes)}`}`;
    case 'failed':
      return item.error ?? 'The export failed.';
    case 'expired':
      return 'Expired: make a new one';
  }
}

/** "Export all data": one zip of everything the organization holds, made in the background, kept for 7 days. */
export function DataExportSection() {
  const organizationId = useOrganizationId();
  const exports = useDataExports();
  const request = useRequestDataExport();
  const [downloading, setDownloading] = useState<string | null>(null);
  const [downloadError, setDownloadError] = useState<unknown>(null);
  const list = exports.data ?? [];

  const download = async (item: DataExport) => {
    if (!organizationId) return;
    setDownloading(item.id);
    setDownloadError(null);
    try {
      await downloadApiFile(archivePath(organizationId, item.id), 'keel-export.zip');
    } catch (error) {
      setDownloadError(error);
    } finally {
      setDownloading(null);
    }
  };

  return (
    <Card>
      <section aria-labelledby="data-export-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="data-export-title" className="text-base font-semibold text-slate-900 dark:text-white">
            Export all data
          </h2>
          <Button
            variant="secondary"
            loading={request.isPending}
            onClick={() => request.mutate(undefined, { onSuccess: () => toast.success('Export started') })}
          >
            Export everything
          </Button>
        </div>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          One zip file with all of your organization&apos;s data: every list as JSON and CSV, the uploaded files, and a
          description of the format. It is made in the background and can be downloaded for {DATA_EXPORT_KEEP_DAYS}{' '}
          days.
        </p>
        {request.isError ? (
          <Banner tone="error">{errorText(request.error, 'The export could not be started. Please try again.')}</Banner>
        ) : null}
        {downloadError ? (
          <Banner tone="error">
            {errorText(downloadError, 'The export could not be downloaded. Please try again.')}
          </Banner>
        ) : null}
        <ListStates
          query={exports}
          spinnerClassName="size-5"
          loadingLabel="Loading the exports"
          errorFallback="The exports could not be loaded."
          isEmpty={list.length === 0}
          empty={<EmptyNote>No export made yet.</EmptyNote>}
        >
          <ul aria-label="Exports" className="divide-y divide-slate-200 text-sm dark:divide-slate-700">
            {list.map((item) => (
              <li key={item.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
                <span className="grid">
                  <span className="text-slate-900 dark:text-white">
                    <time dateTime={item.createdAt} title={exactTime(item.createdAt)}>
                      {relativeTime(item.createdAt)}
                    </time>
                    {item.requestedByName ? ` by ${item.requestedByName}` : ''}
                  </span>
                  <span
                    className={
                      item.status === 'failed' ? 'text-red-800 dark:text-red-300' : 'text-slate-600 dark:text-slate-400'
                    }
                  >
                    {statusText(item)}
                  </span>
                </span>
                {item.status === 'ready' ? (
                  <Button size="sm" loading={downloading === item.id} onClick={() => void download(item)}>
                    Download
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </ListStates>
      </section>
    </Card>
  );
}
