import { useEffect, useRef } from 'react';
import { Link } from 'react-router';
import type { ImportResult } from '@keel/contract';
import { Banner } from '../../../ui/Banner';
import { RowErrors } from './RowErrors';
import { countOf } from '../../../lib/words';

interface ImportResultPanelProps {
  result: ImportResult;
  /** The main sheet's name: skipped rows of other sheets (milestones) name their sheet. */
  mainSheet: string;
  /** Terminology: the imported objects' plural, and milestones' (for priorities). */
  singular: string;
  plural: string;
  milestonesLabel: string | null;
  listPath: string;
}

const rowsText = (count: number) => (count === 1 ? '1 row' : `${count.toLocaleString()} rows`);

/**
 * What an import did, where the person looks: its heading takes focus and scrolls into view (the
 * Import button sits far below), and the banner announces it. Rows left out are listed with why.
 */
export function ImportResultPanel({
  result,
  mainSheet,
  singular,
  plural,
  milestonesLabel,
  listPath,
}: ImportResultPanelProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    headingRef.current?.focus();
    headingRef.current?.scrollIntoView?.({ block: 'start' });
  }, [result]);
  const leftOut = [
    result.skippedRows > 0 ? rowsText(result.skippedRows) : null,
    result.skippedMilestones > 0 && milestonesLabel
      ? `${result.skippedMilestones.toLocaleString()} ${milestonesLabel}`
      : null,
  ].filter((part): part is string => part !== null);
  return (
    <section aria-labelledby="import-result" className="grid gap-3">
      <h2
        id="import-result"
        ref={headingRef}
        tabIndex={-1}
        className="scroll-mt-20 text-lg font-semibold text-slate-900 focus:outline-none dark:text-white"
      >
        Import complete
      </h2>
      <Banner tone={leftOut.length > 0 ? 'warning' : 'success'}>
        <p>
          {countOf(result.created, singular, plural)} imported
          {milestonesLabel ? ` with ${result.milestones.toLocaleString()} ${milestonesLabel}` : ''}.
          {leftOut.length > 0 ? ` Left out: ${leftOut.join(' and ')}, listed below with why.` : ''}{' '}
          <Link to={listPath} className="font-medium underline">
            Go to {plural}
          </Link>
        </p>
      </Banner>
      {result.skipped.length > 0 ? (
        <RowErrors
          errors={result.skipped}
          count={result.skipped.length}
          mainSheet={mainSheet}
          heading="Left out of the import"
        />
      ) : null}
    </section>
  );
}
