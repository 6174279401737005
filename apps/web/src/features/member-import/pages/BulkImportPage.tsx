import { useState } from 'react';
import { Link } from 'react-router';
import { MEMBER_IMPORT_FIELD_LABELS, type MemberImportPreview } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { FilePicker } from '../../imports/components/FilePicker';
import { ImportProgress } from '../../imports/components/ImportProgress';
import { PreviewReading } from '../../imports/components/PreviewParts';
import { RowErrors } from '../../imports/components/RowErrors';
import type { ImportProgressState } from '../../imports/import-stream';
import { useTerminology } from '../../terminology/terminology.api';
import { UnmailedInvitations } from '../../members/components/UnmailedInvitations';
import { MemberImportRows } from '../components/MemberImportRows';
import { useCommitMemberImport, usePreviewMemberImport } from '../member-import.api';
import { termPlural } from '../../terminology/term-words';
import { countOf } from '../../../lib/words';

const people = (count: number) => `${count.toLocaleString()} ${count === 1 ? 'person' : 'people'}`;

/**
 * /admin/bulk-import: a file of people checked row by row (nothing saved), then one import that
 * invites every valid new person at once. Members and people already invited are skipped, so the
 * same file can be imported again safely.
 */
export default function BulkImportPage() {
  const title = 'Bulk user import';
  usePageMeta({
    title,
    description: 'Invite many people at once from a CSV or Excel file',
    robots: 'noindex,nofollow',
  });
  const terms = useTerminology();
  const teamsLabel = termPlural(terms, 'team_label');
  const [file, setFile] = useState<File | null>(null);
  const [data, setData] = useState<MemberImportPreview | null>(null);
  const [progress, setProgress] = useState<ImportProgressState | null>(null);
  const preview = usePreviewMemberImport();
  const commit = useCommitMemberImport(setProgress);
  const busy = preview.isPending || commit.isPending;
  const done = commit.data;

  const check = (picked: File) => {
    commit.reset();
    setData(null);
    preview.mutate(picked, { onSuccess: setData });
  };
  const importNow = () => {
    if (!file) return;
    setProgress(null);
    commit.mutate(file, { onSuccess: () => preview.mutate(file, { onSuccess: setData }) });
  };

  return (
    <section aria-labelledby="bulk-import-title" className="mx-auto grid max-w-5xl gap-4 py-6">
      <header>
        <h1 id="bulk-import-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          {title}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Invite many people at once. The first row names the columns: E-mail (required), First name, Last name, Role
          (owner, admin, member or observer; member when empty) and {teamsLabel} (names separated by ; or ,). Nothing is
          saved until you import; people who are already members or invited are skipped.
        </p>
      </header>

      {done ? (
        <Banner tone="success" title="Import complete">
          <p>
            {people(done.invited)} {done.delivery?.mailed === false ? 'invited' : 'invited by e-mail'};{' '}
            {people(done.skipped)} skipped
            {done.invalid > 0 ? `; ${countOf(done.invalid, 'row', 'rows')} with problems left out` : ''}.{' '}
            <Link to="/users" className="font-medium underline">
              Go to Users
            </Link>
          </p>
        </Banner>
      ) : null}
      {done?.delivery ? <UnmailedInvitations invitations={done.delivery.unmailed} /> : null}

      <Card className="grid gap-4">
        <FilePicker
          file={file}
          disabled={busy}
          onFile={(picked) => {
            setFile(picked);
            check(picked);
          }}
        />
      </Card>

      <PreviewReading preview={preview} hasData={Boolean(data)} />

      {data ? (
        <>
          <h2 className="text-base font-semibold text-slate-900 dark:text-white">
            {data.fileName}: {data.totalRows.toLocaleString()} rows · {people(data.newCount)} to invite ·{' '}
            {data.skippedCount.toLocaleString()} skipped · {data.invalidCount.toLocaleString()} with problems
          </h2>
          <MemberImportRows preview={data} teamsLabel={teamsLabel} />
          {data.errorCount > 0 ? (
            <RowErrors
              errors={data.errors}
              count={data.errorCount}
              mainSheet={data.sheet}
              labels={{ ...MEMBER_IMPORT_FIELD_LABELS, teams: teamsLabel }}
              heading={`${data.invalidCount === 1 ? '1 row has' : `${data.invalidCount.toLocaleString()} rows have`} problems and will be left out`}
            />
          ) : null}
          {commit.isError ? (
            <Banner tone="error" title="Nobody was invited">
              {errorText(commit.error, 'The import failed. Please try again.')}
            </Banner>
          ) : null}
          {commit.isPending ? <ImportProgress progress={progress} /> : null}
          <div className="flex flex-wrap items-center gap-3">
            <Button
              onClick={importNow}
              disabled={data.newCount === 0 || busy || Boolean(done)}
              loading={commit.isPending}
            >
              Invite {people(data.newCount)}
            </Button>
            {data.newCount === 0 && !done ? (
              <p className="text-sm text-slate-600 dark:text-slate-300">Nobody in this file needs an invitation.</p>
            ) : null}
          </div>
        </>
      ) : null}
    </section>
  );
}
