import type { ReactNode } from 'react';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { cx } from '../../../ui/cx';
import { Spinner } from '../../../ui/Spinner';

/** The preview request's state before there are rows to show: reading the file, or why it cannot be imported. */
export function PreviewReading({
  preview,
  hasData,
}: {
  preview: { isPending: boolean; isError: boolean; error: unknown };
  hasData: boolean;
}) {
  return (
    <>
      {preview.isPending && !hasData ? <Spinner label="Reading the file…" /> : null}
      {preview.isError ? (
        <Banner tone="error" title="This file cannot be imported">
          {errorText(preview.error, 'The file could not be read. Please try again.')}
        </Banner>
      ) : null}
    </>
  );
}

interface PreviewFrameProps {
  caption: string;
  /** How the region scrolls (and how tall it may grow). */
  className: string;
  theadClassName?: string;
  /** The header row's cells. */
  headings: ReactNode;
  /** The body rows. */
  children: ReactNode;
  footer?: ReactNode;
}

/** A preview's table in a scrolling region named by its caption; the caption is also the table's own. */
export function PreviewFrame({ caption, className, theadClassName, headings, children, footer }: PreviewFrameProps) {
  return (
    // Focusable so a keyboard can scroll a wide table sideways.
    <div
      tabIndex={0}
      role="region"
      aria-label={caption}
      className={cx(className, 'rounded-md border border-slate-200 dark:border-slate-700')}
    >
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className={cx(theadClassName, 'bg-slate-50 dark:bg-slate-800')}>
          <tr>{headings}</tr>
        </thead>
        <tbody>{children}</tbody>
      </table>
      {footer}
    </div>
  );
}
