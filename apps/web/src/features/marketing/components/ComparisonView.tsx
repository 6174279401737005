import { Link } from 'react-router';
import { COLUMN_LABELS, type ComparisonContent } from '../content/comparison-types';
import { FEATURE_STATUS } from '../content/feature-status';
import { PublicLayout } from './PublicLayout';
import { StatusBadge } from './StatusBadge';
import { card, container, mutedText, primaryButton, sectionHeading, secondaryButton } from './styles';

const COLUMNS = ['keel', 'spreadsheets', 'otherTools'] as const;

export function ComparisonView({ content }: { content: ComparisonContent }) {
  const statuses = content.statusNames
    ? FEATURE_STATUS.filter((entry) => content.statusNames?.includes(entry.name))
    : FEATURE_STATUS;

  return (
    <PublicLayout>
      <div className={`${container} py-12 sm:py-16`}>
        <h1 className="text-3xl font-extrabold tracking-tight text-slate-900 sm:text-4xl dark:text-white">
          {content.heading}
        </h1>
        <div className={`mt-4 max-w-3xl space-y-3 text-lg ${mutedText}`}>
          {content.intro.map((paragraph) => (
            <p key={paragraph}>{paragraph}</p>
          ))}
        </div>

        <section aria-labelledby="compare-heading" className="mt-12">
          <h2 id="compare-heading" className={sectionHeading}>
            Side by side
          </h2>
          <ul className="mt-6 space-y-5">
            {content.rows.map((row) => (
              <li key={row.topic} className={card}>
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <h3 className="text-lg font-semibold text-slate-900 dark:text-white">{row.topic}</h3>
                  <StatusBadge status={row.status} />
                </div>
                <dl className="mt-4 grid grid-cols-1 gap-4 md:grid-cols-3">
                  {COLUMNS.map((column) => (
                    <div
                      key={column}
                      className={
                        column === 'keel'
                          ? 'rounded-lg bg-blue-50 p-3 dark:bg-blue-950/60'
                          : 'rounded-lg bg-slate-50 p-3 dark:bg-slate-800'
                      }
                    >
                      <dt className="text-sm font-semibold text-slate-900 dark:text-white">{COLUMN_LABELS[column]}</dt>
                      <dd className="mt-1 text-sm text-slate-700 dark:text-slate-200">{row[column]}</dd>
                    </div>
                  ))}
                </dl>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="status-heading" className="mt-14">
          <h2 id="status-heading" className={sectionHeading}>
            What works today
          </h2>
          <p className={`mt-3 max-w-3xl ${mutedText}`}>
            We update this list as each area ships. Anything marked in progress is designed and being built, but is not
            ready for your team yet.
          </p>
          <ul className="mt-6 divide-y divide-slate-200 rounded-xl border border-slate-200 dark:divide-slate-700 dark:border-slate-700">
            {statuses.map((entry) => (
              <li key={entry.name} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
                <span className="text-slate-900 dark:text-slate-100">{entry.name}</span>
                <StatusBadge status={entry.status} />
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="else-heading" className="mt-14 max-w-3xl">
          <h2 id="else-heading" className={sectionHeading}>
            {content.whenElse.heading}
          </h2>
          <div className={`mt-3 space-y-3 ${mutedText}`}>
            {content.whenElse.paragraphs.map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
          </div>
          <div className="mt-8 flex flex-col gap-3 sm:flex-row">
            <Link to="/register" className={primaryButton}>
              Start Free Trial
            </Link>
            <Link to="/" className={secondaryButton}>
              Back to the home page
            </Link>
          </div>
          <p className={`mt-3 text-sm ${mutedText}`}>30-day free trial · No credit card required</p>
        </section>
      </div>
    </PublicLayout>
  );
}
