import {
  Area,
  CartesianGrid,
  ComposedChart,
  Legend,
  Line,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
  type DotItemDotProps,
  type TooltipContentProps,
} from 'recharts';
import { describeGoal, formatScoreValue, type ScoreStatus, type ValueFormat } from '@keel/contract';
import type { TrendPoint } from '../trend-data';
import { STATUS_LOOK } from '../score-status';

/** Loaded on demand (React.lazy in TrendDialog): the grid page never downloads the charting library. */

export const STATUS_COLOURS: Record<ScoreStatus, string> = {
  green: '#15803d',
  yellow: '#ca8a04',
  red: '#b91c1c',
  missing: '#94a3b8',
  no_goal: '#1d4ed8',
};

interface TrendChartProps {
  title: string;
  points: TrendPoint[];
  format: ValueFormat;
  labelOf: (periodStart: string) => string;
}

function ValueDot({ cx, cy, payload, index }: DotItemDotProps) {
  const point = payload as TrendPoint;
  if (point.value === null || cx === undefined || cy === undefined) return <g key={index} />;
  const colour = STATUS_COLOURS[point.status];
  return (
    <g key={index}>
      {/* A cell with a note is ringed: its note is in the tooltip (and in the table view). */}
      {point.note ? <circle cx={cx} cy={cy} r={8} fill="none" stroke="#0f172a" strokeWidth={1.5} /> : null}
      <circle cx={cx} cy={cy} r={4.5} fill={colour} stroke="#ffffff" strokeWidth={1} />
    </g>
  );
}

function TrendTooltip({
  active,
  payload,
  format,
  labelOf,
}: Pick<TooltipContentProps, 'active' | 'payload'> & Pick<TrendChartProps, 'format' | 'labelOf'>) {
  const point = payload?.[0]?.payload as TrendPoint | undefined;
  if (!active || !point) return null;
  const show = (value: number) => formatScoreValue(value, format);
  return (
    <div className="max-w-64 rounded-md border border-slate-300 bg-white p-2 text-xs text-slate-900 shadow dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100">
      <p className="font-semibold">{labelOf(point.periodStart)}</p>
      <p>
        {point.value === null ? 'No value' : show(point.value)} · {STATUS_LOOK[point.status].words}
      </p>
      <p>
        Goal: {describeGoal(point.goalText, show)}
        {point.periodGoal ? ' (set for this period)' : ''}
      </p>
      {point.average !== null ? <p>4-period average: {show(point.average)}</p> : null}
      {point.note ? <p className="mt-1 wrap-anywhere italic">Note: {point.note}</p> : null}
    </div>
  );
}

/** Values (dots coloured by status), the goal in force as a stepped line, the yellow band, a moving average. */
export default function TrendChart({ title, points, format, labelOf }: TrendChartProps) {
  const ranged = points.some((point) => point.goalMax !== null);
  const banded = points.some((point) => point.bandA !== null);
  const tick = (value: number) => formatScoreValue(value, format);
  return (
    <div className="h-72 w-full">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={points} margin={{ top: 8, right: 12, bottom: 4, left: 4 }} title={`Trend of ${title}`}>
          <CartesianGrid strokeDasharray="3 3" stroke="#cbd5e1" />
          <XAxis dataKey="periodStart" tickFormatter={labelOf} tick={{ fontSize: 12 }} minTickGap={16} />
          <YAxis tickFormatter={tick} tick={{ fontSize: 12 }} width={64} />
          <Tooltip content={(props) => <TrendTooltip {...props} format={format} labelOf={labelOf} />} />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          {banded ? (
            <Area
              dataKey="bandA"
              name="Yellow band"
              type="stepAfter"
              stroke="none"
              fill="#facc15"
              fillOpacity={0.3}
              isAnimationActive={false}
              connectNulls
            />
          ) : null}
          {banded && points.some((point) => point.bandB !== null) ? (
            <Area
              dataKey="bandB"
              name="Yellow band (upper)"
              legendType="none"
              type="stepAfter"
              stroke="none"
              fill="#facc15"
              fillOpacity={0.3}
              isAnimationActive={false}
              connectNulls
            />
          ) : null}
          <Line
            dataKey="goal"
            name={ranged ? 'Goal (from)' : 'Goal'}
            type="stepAfter"
            stroke="#475569"
            strokeDasharray="6 4"
            dot={false}
            isAnimationActive={false}
          />
          {ranged ? (
            <Line
              dataKey="goalMax"
              name="Goal (to)"
              type="stepAfter"
              stroke="#475569"
              strokeDasharray="2 3"
              dot={false}
              isAnimationActive={false}
            />
          ) : null}
          <Line
            dataKey="average"
            name="4-period average"
            type="monotone"
            stroke="#7c3aed"
            strokeWidth={1.5}
            dot={false}
            isAnimationActive={false}
            connectNulls
          />
          <Line
            dataKey="value"
            name="Value"
            type="linear"
            stroke="#0f172a"
            strokeWidth={2}
            dot={ValueDot}
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
