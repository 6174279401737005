import { INTEREST_FEATURE_LABELS, PRODUCT_EVENT_LABELS, type AnalyticsSummary } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Card } from '../../../ui/Card';
import { Spinner } from '../../../ui/Spinner';
import { useProductInterestSummary } from '../product-interest.api';

interface CountRow {
  key: string;
  label: string;
  last30Days: number;
  last90Days: number;
  /** A feature's row sits under "Feature interest", of which it is a part. */
  nested: boolean;
}

const rowsOf = (summary: AnalyticsSummary): CountRow[] =>
  summary.events.flatMap((event) => [
    { key: event.name, label: PRODUCT_EVENT_LABELS[event.name], ...event, nested: false },
    ...(event.name === 'feature_interest'
      ? summary.features.map((feature) => ({
          key: feature.feature,
          label: INTEREST_FEATURE_LABELS[feature.feature],
          ...feature,
          nested: true,
        }))
      : []),
  ]);

function Counts({ summary }: { summary: AnalyticsSummary }) {
  if (summary.events.every((event) => event.last90Days === 0)) {
    return <p className="text-sm text-slate-700 dark:text-slate-200">Nothing was recorded in the last 90 days.</p>;
  }
  return (
    <table className="w-full text-left text-sm">
      <thead>
        <tr className="text-slate-700 dark:text-slate-300">
          <th scope="col" className="py-1 font-medium">
            Event
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Last 30 days
          </th>
          <th scope="col" className="py-1 text-right font-medium">
            Last 90 days
          </th>
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200 dark:divide-slate-700">
        {rowsOf(summary).map((row) => (
          <tr key={row.key} className="text-slate-900 dark:text-slate-50">
            <th scope="row" className={row.nested ? 'py-1 pl-4 font-normal' : 'py-1 font-normal'}>
              {row.label}
            </th>
            <td className="py-1 text-right tabular-nums">{row.last30Days.toLocaleString('en-US')}</td>
            <td className="py-1 text-right tabular-nums">{row.last90Days.toLocaleString('en-US')}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/**
 * The owner's view of the product events of their organization (sign-up, interest in features such
 * as the framework demo), counted in Keel's own database.
 */
export function ProductInterestCard() {
  const summary = useProductInterestSummary();
  return (
    <section aria-labelledby="product-interest-title">
      <Card className="grid content-start gap-3 p-4">
        <div>
          <h2 id="product-interest-title" className="text-lg font-semibold text-slate-900 dark:text-white">
            Product interest
          </h2>
          <p className="text-sm text-slate-700 dark:text-slate-200">
            What people of this organization showed interest in, as Keel recorded it. Only you, the owner, see this.
          </p>
        </div>
        {summary.isPending ? (
          <Spinner label="Loading product interest…" />
        ) : summary.isError ? (
          <Banner tone="warning">{errorText(summary.error, 'The product interest could not be loaded.')}</Banner>
        ) : (
          <Counts summary={summary.data} />
        )}
      </Card>
    </section>
  );
}
