import { useState } from 'react';
import type { ProcessStatus } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { SelectField } from '../../../ui/FormFields';
import { Spinner } from '../../../ui/Spinner';
import { compareProcessVersions, nothingChanged } from '../process-steps';
import { useProcessVersion, useProcessVersions } from '../processes.api';

const STATUS_WORDS: Record<ProcessStatus, string> = { draft: 'draft', published: 'published', archived: 'archived' };

const when = (iso: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

/** The saved versions, newest first, and what changed between any two of them. */
export function ProcessHistory({ processId }: { processId: string }) {
  const versions = useProcessVersions(processId);
  const list = versions.data ?? [];
  const [older, setOlder] = useState<number | null>(null);
  const [newer, setNewer] = useState<number | null>(null);
  const newerChoice = newer ?? list[0]?.version ?? null;
  const olderChoice = older ?? list[1]?.version ?? null;

  if (versions.isPending) return <Spinner label="Loading the history" className="size-5" />;
  if (versions.isError)
    return <Banner tone="error">{errorText(versions.error, 'The history could not be loaded.')}</Banner>;

  const option = (version: (typeof list)[number]) => (
    <option key={version.version} value={version.version}>
      Version {version.version} · {STATUS_WORDS[version.status]} · {when(version.createdAt)}
      {version.createdBy ? ` · ${version.createdBy.name}` : ''}
    </option>
  );
  return (
    <div className="grid gap-3">
      <ol className="grid gap-1 text-sm text-slate-800 dark:text-slate-200">
        {list.map((version) => (
          <li key={version.version}>
            <span className="font-medium">Version {version.version}</span> — “{version.title}”,{' '}
            {STATUS_WORDS[version.status]}, {when(version.createdAt)}
            {version.createdBy ? ` by ${version.createdBy.name}` : ''}
          </li>
        ))}
      </ol>
      {list.length < 2 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">Save a change to compare two versions.</p>
      ) : (
        <>
          <div className="grid gap-3 sm:grid-cols-2">
            <SelectField
              label="Compare version"
              value={olderChoice ?? ''}
              onChange={(event) => setOlder(Number(event.target.value))}
            >
              {list.map(option)}
            </SelectField>
            <SelectField
              label="With version"
              value={newerChoice ?? ''}
              onChange={(event) => setNewer(Number(event.target.value))}
            >
              {list.map(option)}
            </SelectField>
          </div>
          {olderChoice !== null && newerChoice !== null ? (
            <VersionComparison processId={processId} older={olderChoice} newer={newerChoice} />
          ) : null}
        </>
      )}
    </div>
  );
}

function VersionComparison({ processId, older, newer }: { processId: string; older: number; newer: number }) {
  const first = useProcessVersion(processId, Math.min(older, newer));
  const second = useProcessVersion(processId, Math.max(older, newer));
  if (first.isPending || second.isPending) return <Spinner label="Comparing" className="size-5" />;
  if (first.isError || second.isError) {
    return (
      <Banner tone="error">{errorText(first.error ?? second.error, 'These versions could not be loaded.')}</Banner>
    );
  }
  if (older === newer)
    return <p className="text-sm text-slate-600 dark:text-slate-300">Choose two different versions.</p>;
  const comparison = compareProcessVersions(first.data, second.data);
  const lines = [
    comparison.titleChanged ? `Title: “${first.data.title}” became “${second.data.title}”` : null,
    comparison.purposeChanged ? 'Purpose changed' : null,
    ...comparison.added.map((name) => `Step added: ${name}`),
    ...comparison.removed.map((name) => `Step removed: ${name}`),
    ...comparison.changed.map((name) => `Step changed: ${name}`),
    ...comparison.moved.map((name) => `Step moved: ${name}`),
  ].filter((line): line is string => line !== null);
  return (
    <section aria-label={`Changes from version ${first.data.version} to version ${second.data.version}`}>
      <h3 className="text-sm font-semibold text-slate-900 dark:text-white">
        From version {first.data.version} to version {second.data.version}
      </h3>
      {nothingChanged(comparison) ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">The content is the same (only the status changed).</p>
      ) : (
        <ul className="list-disc pl-5 text-sm text-slate-800 dark:text-slate-200">
          {lines.map((line, index) => (
            <li key={`${index}-${line}`}>{line}</li>
          ))}
        </ul>
      )}
    </section>
  );
}
