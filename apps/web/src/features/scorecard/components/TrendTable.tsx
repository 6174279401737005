import { describeGoal, formatScoreValue, type ValueFormat } from '@keel/contract';
import type { TrendPoint } from '../trend-data';
import { STATUS_LOOK } from '../score-status';

interface TrendTableProps {
  title: string;
  points: TrendPoint[];
  format: ValueFormat;
  /** The full range of a period ("Nov 23 – Nov 29, 2026"). */
  rangeOf: (periodStart: string) => string;
}

/** The chart's data as a table: what a screen reader reads, and what anyone can copy. */
export function TrendTable({ title, points, format, rangeOf }: TrendTableProps) {
  const show = (value: number | null) => (value === null ? '—' : formatScoreValue(value, format));
  return (
    <div className="max-h-96 overflow-auto rounded-md border border-slate-200 dark:border-slate-700">
      <table className="w-full text-left text-sm">
        <caption className="sr-only">Values of {title} by period, newest first</caption>
        <thead className="sticky top-0 bg-slate-50 text-xs text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            <th scope="col" className="px-2 py-1.5">
              Period
            </th>
            <th scope="col" className="px-2 py-1.5">
              Value
            </th>
            <th scope="col" className="px-2 py-1.5">
              Status
            </th>
            <th scope="col" className="px-2 py-1.5">
              Goal in force
            </th>
            <th scope="col" className="px-2 py-1.5">
              4-period average
            </th>
            <th scope="col" className="px-2 py-1.5">
              Note
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100 dark:divide-slate-800">
          {[...points].reverse().map((point) => (
            <tr key={point.periodStart}>
              <th scope="row" className="px-2 py-1.5 font-normal whitespace-nowrap">
                {rangeOf(point.periodStart)}
              </th>
              <td className="px-2 py-1.5 whitespace-nowrap">{show(point.value)}</td>
              <td className="px-2 py-1.5 whitespace-nowrap">{STATUS_LOOK[point.status].words}</td>
              <td className="px-2 py-1.5 whitespace-nowrap">
                {describeGoal(point.goalText, (value) => formatScoreValue(value, format))}
                {point.periodGoal ? ' (this period)' : ''}
              </td>
              <td className="px-2 py-1.5 whitespace-nowrap">{show(point.average)}</td>
              <td className="min-w-40 px-2 py-1.5 wrap-anywhere">{point.note}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
