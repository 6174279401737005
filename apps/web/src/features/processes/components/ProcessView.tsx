import { useState } from 'react';
import toast from 'react-hot-toast';
import type { Process } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { useOrganizationId } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Card } from '../../../ui/Card';
import { cx } from '../../../ui/cx';
import { LinkedDocuments } from '../../documents/components/LinkedDocuments';
import { useTerminology } from '../../terminology/terminology.api';
import { isBlankHtml } from '../process-steps';
import {
  downloadProcessPdf,
  useChangeProcessStatus,
  useMarkProcessReviewed,
  type ProcessStatusChange,
} from '../processes.api';
import { ProcessFollowing } from './ProcessFollowing';
import { ProcessHistory } from './ProcessHistory';
import { RICH_TEXT_CLASSES } from './rich-text';
import { STATUS_NAMES } from './process-words';

interface ProcessViewProps {
  process: Process;
  readOnly: boolean;
  onEdit: () => void;
}

/** Printing shows the process alone: the app's sidebar, bars and buttons are left out. */
const PROCESS_PRINT_CSS = `
@page { margin: 15mm; }
@media print {
  html, body { background: #fff !important; }
  body * { visibility: hidden; }
  .min-h-dvh { min-height: 0 !important; }
  #process-print, #process-print * { visibility: visible; color: #0f172a !important; }
  #process-print { position: absolute; left: 0; top: 0; width: 100%; }
}
`;

const dayText = (day: string) =>
  new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** One process as people read it: its steps, who follows it, its review date, history, print and PDF. */
export function ProcessView({ process, readOnly, onEdit }: ProcessViewProps) {
  const terms = useTerminology();
  const organizationId = useOrganizationId();
  const changeStatus = useChangeProcessStatus();
  const reviewed = useMarkProcessReviewed();
  const [showHistory, setShowHistory] = useState(false);
  const [downloading, setDownloading] = useState(false);
  const editable = process.canEdit && !readOnly;
  const unpublishedChanges =
    process.status === 'published' && process.publishedVersion !== null && process.version > process.publishedVersion;
  const today = new Date().toISOString().slice(0, 10);
  const reviewDue = process.nextReviewOn !== null && process.nextReviewOn <= today;

  const change = (kind: ProcessStatusChange) =>
    changeStatus.mutate(
      { id: process.id, version: process.version, change: kind },
      {
        onSuccess: () =>
          toast.success(kind === 'publish' ? 'Published' : kind === 'archive' ? 'Archived' : 'Moved back to draft'),
      },
    );
  const download = async () => {
    if (!organizationId) return;
    setDownloading(true);
    try {
      await downloadProcessPdf(organizationId, process.id, process.title);
    } catch (error) {
      toast.error(errorText(error, 'The PDF could not be made. Please try again.'));
    } finally {
      setDownloading(false);
    }
  };

  return (
    <article id="process-print" aria-labelledby="process-title" className="grid gap-4">
      <style>{PROCESS_PRINT_CSS}</style>
      <div className="grid gap-1">
        <h2 id="process-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          {process.title}
        </h2>
        <p className="text-sm text-slate-700 dark:text-slate-300">
          {STATUS_NAMES[process.status]}
          {process.publishedVersion !== null && process.status === 'published'
            ? ` (version ${process.publishedVersion})`
            : ''}
          {' · '}
          {terms.team_label}: {process.team.name} · Owner: {process.owner?.name ?? 'nobody'}
        </p>
      </div>
      <div className="flex flex-wrap gap-2 print:hidden">
        {editable ? <Button onClick={onEdit}>Edit</Button> : null}
        {editable && process.status !== 'archived' && (process.status === 'draft' || unpublishedChanges) ? (
          <Button variant="secondary" loading={changeStatus.isPending} onClick={() => change('publish')}>
            {process.status === 'published' ? 'Publish the changes' : 'Publish'}
          </Button>
        ) : null}
        {editable && process.status !== 'archived' ? (
          <Button variant="secondary" loading={changeStatus.isPending} onClick={() => change('archive')}>
            Archive
          </Button>
        ) : null}
        {editable && process.status !== 'draft' ? (
          <Button variant="secondary" loading={changeStatus.isPending} onClick={() => change('draft')}>
            Back to draft
          </Button>
        ) : null}
        <Button variant="secondary" onClick={() => window.print()}>
          Print
        </Button>
        <Button variant="secondary" loading={downloading} onClick={() => void download()}>
          Download PDF
        </Button>
      </div>
      {changeStatus.isError ? (
        <Banner tone="error" className="print:hidden">
          {errorText(changeStatus.error, 'That did not work. Please reload and try again.')}
        </Banner>
      ) : null}
      {unpublishedChanges ? (
        <Banner tone="info" className="print:hidden">
          This {terms.process_singular} has changes since version {process.publishedVersion} was published. Publish them
          to ask everyone to acknowledge the new version.
        </Banner>
      ) : null}
      {process.purpose ? (
        <section aria-labelledby="purpose-heading">
          <h3 id="purpose-heading" className="text-base font-semibold text-slate-900 dark:text-white">
            Purpose
          </h3>
          <p className="whitespace-pre-line text-slate-800 dark:text-slate-200">{process.purpose}</p>
        </section>
      ) : null}
      <section aria-labelledby="steps-heading">
        <h3 id="steps-heading" className="text-base font-semibold text-slate-900 dark:text-white">
          Steps
        </h3>
        {process.steps.length === 0 ? (
          <p className="text-sm text-slate-600 dark:text-slate-300">No steps yet.</p>
        ) : (
          <ol className="grid gap-3">
            {process.steps.map((step, index) => (
              <li key={step.id} className="break-inside-avoid">
                <h4 className="font-semibold text-slate-900 dark:text-white">
                  {index + 1}. {step.title}
                </h4>
                <StepText html={step.body} />
                {step.subSteps.length > 0 ? (
                  <ol className="mt-1 grid gap-2 border-l-2 border-slate-200 pl-4 dark:border-slate-700">
                    {step.subSteps.map((subStep, subIndex) => (
                      <li key={subStep.id}>
                        <h5 className="font-medium text-slate-900 dark:text-white">
                          {index + 1}.{subIndex + 1} {subStep.title}
                        </h5>
                        <StepText html={subStep.body} />
                      </li>
                    ))}
                  </ol>
                ) : null}
              </li>
            ))}
          </ol>
        )}
      </section>
      <Card className="grid gap-2 print:hidden">
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">Who follows it</h3>
        <ProcessFollowing process={process} canAcknowledge={!readOnly} />
      </Card>
      <Card className="print:hidden">
        <LinkedDocuments target="process" targetId={process.id} readOnly={readOnly} />
      </Card>
      <Card className="grid gap-2">
        <h3 className="text-base font-semibold text-slate-900 dark:text-white">Review</h3>
        <p
          className={cx(
            'text-sm',
            reviewDue ? 'font-medium text-amber-800 dark:text-amber-300' : 'text-slate-700 dark:text-slate-300',
          )}
        >
          {process.nextReviewOn
            ? `${reviewDue ? 'Review due since' : 'Next review'}: ${dayText(process.nextReviewOn)} (every ${process.reviewEveryDays} days).`
            : `Reviewed every ${process.reviewEveryDays} days once published.`}
        </p>
        {editable ? (
          <div className="print:hidden">
            <Button
              size="sm"
              variant="secondary"
              loading={reviewed.isPending}
              onClick={() => reviewed.mutate(process.id, { onSuccess: () => toast.success('Marked reviewed') })}
            >
              Mark reviewed
            </Button>
          </div>
        ) : null}
        {reviewed.isError ? (
          <Banner tone="error">{errorText(reviewed.error, 'That did not work. Please try again.')}</Banner>
        ) : null}
      </Card>
      <Card className="grid gap-2 print:hidden">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 className="text-base font-semibold text-slate-900 dark:text-white">Version history</h3>
          <Button
            size="sm"
            variant="ghost"
            aria-expanded={showHistory}
            onClick={() => setShowHistory((shown) => !shown)}
          >
            {showHistory ? 'Hide history' : 'Show history'}
          </Button>
        </div>
        {showHistory ? <ProcessHistory processId={process.id} /> : null}
      </Card>
    </article>
  );
}

/** A step's text: HTML the server sanitised (script, handlers and unsafe links removed) when it was saved. */
function StepText({ html }: { html: string }) {
  if (isBlankHtml(html)) return null;
  return (
    <div
      className={cx('text-slate-800 dark:text-slate-200', RICH_TEXT_CLASSES)}
      // Sanitised on the server with sanitize-html when saved (processes.sanitize.ts).
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
