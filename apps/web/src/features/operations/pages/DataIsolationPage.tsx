import { useEffect, useRef, useState } from 'react';
import type { DataIsolationReport } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { countOf } from '../../../lib/words';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { ListPage } from '../../../ui/ListPage';
import { Spinner } from '../../../ui/Spinner';
import { RefusalList } from '../components/RefusalList';
import { RelativeTime } from '../components/RelativeTime';
import { StatusBadge } from '../components/StatusBadge';
import { useNow } from '../components/time-hooks';
import { useRunIsolationChecks } from '../operations.api';
import { exactTime, ISOLATION_CHECK_LABELS, milliseconds } from '../words';

function Report({ report, now }: { report: DataIsolationReport; now: number }) {
  const failed = report.checks.filter((check) => !check.passed).length;
  return (
    <>
      {report.passed ? (
        <Banner tone="success">All checks passed: no other organization can see your data.</Banner>
      ) : (
        <Banner tone="error">
          {`${countOf(failed, 'check', 'checks')} of ${report.checks.length} failed. Your data may be visible outside this organization: please tell your system operator now.`}
        </Banner>
      )}
      <p className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 dark:text-slate-200">
        <span>
          Ran <RelativeTime at={report.ranAt} now={now} />
        </span>
        <span>{countOf(report.tablesChecked, 'table', 'tables')} checked</span>
        <span>{countOf(report.rowsProtected, 'row', 'rows')} protected</span>
      </p>
      <ul aria-label="Checks" className="grid gap-3">
        {report.checks.map((check) => (
          <li key={check.key}>
            <Card className="grid gap-2">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <h2 className="text-base font-semibold text-slate-900 dark:text-white">
                  {ISOLATION_CHECK_LABELS[check.key]}
                </h2>
                {check.passed ? (
                  <StatusBadge tone="good">Passed</StatusBadge>
                ) : (
                  <StatusBadge tone="bad">Failed</StatusBadge>
                )}
              </div>
              <p className="text-sm break-words text-slate-700 dark:text-slate-200">{check.detail}</p>
              <p className="text-xs text-slate-600 dark:text-slate-400">
                Ran at <time dateTime={check.ranAt}>{exactTime(check.ranAt)}</time> · took{' '}
                {milliseconds(check.durationMs)}
              </p>
            </Card>
          </li>
        ))}
      </ul>
      <section aria-labelledby="refusals-title" className="grid gap-2">
        <h2 id="refusals-title" className="text-lg font-semibold text-slate-900 dark:text-white">
          Refused cross-organization requests
        </h2>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          The latest requests refused because they named another organization, since the server last started.
        </p>
        <RefusalList refusals={report.refusals} now={now} />
      </section>
    </>
  );
}

/**
 * /admin/data-isolation (admins and owners): runs the isolation proof for this organization when the page
 * opens and on demand, and shows each check, what was protected and the latest refused requests.
 */
export default function DataIsolationPage() {
  usePageMeta({
    title: 'Data isolation',
    description: "Checks that this organization's data is visible only inside it",
    robots: 'noindex,nofollow',
  });
  const run = useRunIsolationChecks();
  const now = useNow(30_000);
  // The last report stays on screen while the checks run again (the mutation forgets it when it restarts).
  const [report, setReport] = useState<DataIsolationReport | null>(null);
  const runChecks = run.mutate;
  const check = () => runChecks(undefined, { onSuccess: setReport });
  const ranOnOpen = useRef(false);
  useEffect(() => {
    // Once per visit, even when React mounts the page twice in development.
    if (ranOnOpen.current) return;
    ranOnOpen.current = true;
    runChecks(undefined, { onSuccess: setReport });
  }, [runChecks]);

  return (
    <ListPage
      titleId="data-isolation-title"
      title="Data isolation"
      subtitle="Proves that no other organization can read this organization's data, and lists the requests refused for trying."
      actions={
        <Button onClick={check} loading={run.isPending}>
          Run the checks
        </Button>
      }
    >
      {run.isError ? (
        <Banner
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={check}>
              Try again
            </Button>
          }
        >
          {errorText(run.error, 'The checks could not be run. Please try again.')}
        </Banner>
      ) : null}
      {run.isPending && !report ? <Spinner className="size-6" label="Running the checks…" /> : null}
      {report ? <Report report={report} now={now} /> : null}
    </ListPage>
  );
}
