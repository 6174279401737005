import { useId, useState } from 'react';
import type { DataImportResult } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { useImportOrganization } from '../data-export.api';

const plural = (count: number, one: string, many: string) => `${count.toLocaleString()} ${count === 1 ? one : many}`;

function summary(result: DataImportResult): string {
  const rows = Object.values(result.rows).reduce((sum, count) => sum + count, 0);
  return [
    `“${result.organizationName}” was imported as a new organization that you own:`,
    `${plural(rows, 'row', 'rows')}, ${plural(result.files, 'file', 'files')},`,
    `${plural(result.peopleMatched, 'person', 'people')} found by e-mail and`,
    `${plural(result.peopleInvited, 'person', 'people')} added as invited.`,
  ].join(' ');
}

/** "Import an organization": an export's zip brought back as a new organization, which the next sign-in opens. */
export function DataImportSection() {
  const inputId = useId();
  const [archive, setArchive] = useState<File | null>(null);
  const importing = useImportOrganization();
  const result = importing.data;

  return (
    <Card>
      <section aria-labelledby="data-import-title" className="space-y-3">
        <h2 id="data-import-title" className="text-base font-semibold text-slate-900 dark:text-white">
          Import an organization
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          Bring back a zip made by “Export all data”, here or on another Keel server. It becomes a new organization that
          you own; this one is not changed. People are found by their e-mail address or added as invited members (no
          mail is sent: invite them from Members). API keys, webhooks and storage settings are never exported: set them
          up again.
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
          <Button type="submit" variant="secondary" disabled={!archive} loading={importing.isPending}>
            Import
          </Button>
        </form>
        {importing.isError ? (
          <Banner tone="error">
            {errorText(importing.error, 'The archive could not be imported. Please try again.')}
          </Banner>
        ) : null}
        {result ? (
          <Banner tone="success">
            {summary(result)}
            {result.notRestored.length > 0
              ? ` Not brought back: ${result.notRestored.map((one) => `${one.table} (${one.reason})`).join('; ')}.`
              : ''}{' '}
            Sign out and sign in again to open it.
          </Banner>
        ) : null}
      </section>
    </Card>
  );
}
