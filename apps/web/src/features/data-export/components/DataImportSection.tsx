import { useId, useState } from 'react';
import type { DataImport, DataImportResult } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { useDataImports, useImportOrganization } from '../data-export.api';

const plural = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

function summary(result: DataImportResult): string {
  const rows = Object.values(result.rows).reduce((sum, count) => sum + count, 0);
  const invitations =
    result.invitationsSent === 0
      ? 'Nobody else was invited.'
      : result.invitationsMailed
        ? `${plural(result.invitationsSent, 'invitation was', 'invitations were')} sent to its former members.`
        : `${plural(result.invitationsSent, 'invitation is', 'invitations are')} waiting for its former members: this server sends no mail, so resend them from Users to get their links.`;
  return [
    `“${result.organizationName}” was imported as a new organization that you own:`,
    `${plural(rows, 'row', 'rows')} and ${plural(result.files, 'file', 'files')};`,
    `${plural(result.peopleMatched, 'person', 'people')} found by e-mail, ${plural(result.peopleNew, 'new account', 'new accounts')}.`,
    invitations,
    result.filesMissing > 0
      ? `${plural(result.filesMissing, 'file', 'files')} the export could not read ${result.filesMissing === 1 ? 'is' : 'are'} missing.`
      : '',
  ]
    .filter(Boolean)
    .join(' ');
}

const PHASE_TEXT: Record<NonNullable<DataImport['phase']>, string> = {
  checking: 'Reading the archive through',
  files: 'Copying its files',
  restoring: 'Writing its data',
};

function progressText(item: DataImport): string {
  if (item.status === 'queued' || !item.phase) return `Waiting to import “${item.organizationName}”…`;
  const steps =
    item.stepsTotal > 0 ? `: ${item.stepsDone.toLocaleString()} of ${item.stepsTotal.toLocaleString()}` : '';
  return `Importing “${item.organizationName}”. ${PHASE_TEXT[item.phase]}${item.phase === 'restoring' ? '…' : steps}`;
}

function ImportState({ item }: { item: DataImport }) {
  if (item.status === 'failed') {
    return (
      <Banner tone="error">
        {item.error?.message ?? 'The import stopped.'} Nothing of “{item.organizationName}” was kept.
      </Banner>
    );
  }
  if (item.status === 'done' && item.result) {
    return (
      <Banner tone="success">
        {summary(item.result)}
        {item.result.notRestored.length > 0
          ? ` Not brought back: ${item.result.notRestored.map((one) => `${one.table} (${one.reason})`).join('; ')}.`
          : ''}{' '}
        Sign out and sign in again to open it.
      </Banner>
    );
  }
  const text = progressText(item);
  return (
    <div className="grid gap-1 text-sm text-slate-700 dark:text-slate-300" role="status">
      <p>{text}</p>
      <progress
        className="h-2 w-full accent-blue-700"
        aria-label={text}
        max={item.stepsTotal || undefined}
        value={item.stepsTotal ? item.stepsDone : undefined}
      />
    </div>
  );
}

/** "Import an organization": an export's zip brought back as a new organization, which the next sign-in opens. */
export function DataImportSection() {
  const inputId = useId();
  const [archive, setArchive] = useState<File | null>(null);
  const importing = useImportOrganization();
  const imports = useDataImports();
  const latest = imports.data?.[0];
  const underWay = latest?.status === 'queued' || latest?.status === 'running';

  return (
    <Card>
      <section aria-labelledby="data-import-title" className="space-y-3">
        <h2 id="data-import-title" className="text-base font-semibold text-slate-900 dark:text-white">
          Import an organization
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Bring back a zip made by “Export all data”, here or on another Keel server. It becomes a new organization that
          you own; this one is not changed. People are found by their e-mail address or given an account, and its
          members are invited to join it. API keys, webhooks and storage settings are never exported: set them up again.
        </p>
        <form
          className="flex min-w-0 flex-col items-start gap-2 sm:flex-row sm:items-end"
          onSubmit={(event) => {
            event.preventDefault();
            if (archive) importing.mutate(archive);
          }}
        >
          <label
            htmlFor={inputId}
            className="grid w-full min-w-0 gap-1 text-sm font-medium text-slate-900 sm:w-auto dark:text-white"
          >
            Export archive (.zip, up to 2 GB)
            <input
              id={inputId}
              type="file"
              accept=".zip,application/zip"
              className="w-full min-w-0 text-sm font-normal text-slate-700 dark:text-slate-300"
              onChange={(event) => setArchive(event.target.files?.[0] ?? null)}
            />
          </label>
          <Button type="submit" variant="secondary" disabled={!archive || underWay} loading={importing.isPending}>
            {importing.isPending ? 'Uploading…' : 'Import'}
          </Button>
        </form>
        {importing.isError ? (
          <Banner tone="error">
            {errorText(importing.error, 'The archive could not be imported. Please try again.')}
          </Banner>
        ) : null}
        {imports.isError ? (
          <Banner tone="error">{errorText(imports.error, 'Your imports could not be loaded.')}</Banner>
        ) : null}
        {latest && !importing.isPending ? <ImportState item={latest} /> : null}
      </section>
    </Card>
  );
}
