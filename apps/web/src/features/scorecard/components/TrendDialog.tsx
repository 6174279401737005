import { lazy, Suspense, useState } from 'react';
import {
  periodAt,
  periodHeading,
  periodRangeText,
  periodStartOf,
  shiftPeriod,
  todayIn,
  type Measurable,
  type ScorecardPeriod,
} from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { Dialog } from '../../../ui/Dialog';
import { DateField, SelectField } from '../../../ui/FormFields';
import { Spinner } from '../../../ui/Spinner';
import { useCurrentOrganization } from '../../organization/organization.api';
import { useTerminology } from '../../terminology/terminology.api';
import { useMeasurableHistory } from '../measurables.api';
import { RANGE_PRESET_TEXT, rangeOf, trendPoints, type RangePreset } from '../trend-data';
import { CreateIssueFromMeasurable } from './CreateIssueFromMeasurable';
import { PeriodGoals } from './PeriodGoals';
import { TrendTable } from './TrendTable';

const TrendChart = lazy(() => import('./TrendChart'));

/** How far ahead "Goals by period" offers periods to plan. */
const PLAN_AHEAD = { weekly: 52, monthly: 12, quarterly: 8 } as const;
const PLAN_BEHIND = 12;

interface TrendDialogProps {
  measurable: Measurable;
  /** The reader may change things: offer to drop the measurable onto the issues list. */
  canEdit: boolean;
  onClose: () => void;
}

/** One measurable over time: a chart or a table of its history over a chosen range, and its goals by period. */
export function TrendDialog({ measurable, canEdit, onClose }: TrendDialogProps) {
  const organization = useCurrentOrganization();
  return (
    <Dialog
      open
      onOpenChange={(open) => (open ? undefined : onClose())}
      title={`Trend of ${measurable.title}`}
      size="lg"
    >
      {canEdit ? <CreateIssueFromMeasurable measurable={measurable} /> : null}
      {organization.data ? (
        <TrendBody
          measurable={measurable}
          calendar={{
            weekStartDay: organization.data.week_start_day,
            fiscalYearStartMonth: organization.data.fiscal_year_start_month,
            timeZone: organization.data.timezone,
          }}
        />
      ) : organization.isError ? (
        <Banner tone="error">
          {errorText(organization.error, 'The organization’s calendar could not be loaded.')}
        </Banner>
      ) : (
        <Spinner label="Loading" />
      )}
    </Dialog>
  );
}

interface TrendBodyProps {
  measurable: Measurable;
  calendar: { weekStartDay: number; fiscalYearStartMonth: number; timeZone: string };
}

function TrendBody({ measurable, calendar }: TrendBodyProps) {
  const terms = useTerminology();
  const today = todayIn(calendar.timeZone);
  const current = periodStartOf(today, measurable.frequency, calendar);
  const [preset, setPreset] = useState<RangePreset>('periods13');
  const [custom, setCustom] = useState({ from: measurable.startsOn, to: today });
  const [view, setView] = useState<'chart' | 'table'>('chart');
  const customProblem =
    preset !== 'custom'
      ? null
      : !custom.from || !custom.to
        ? 'Choose both dates'
        : custom.from > custom.to
          ? 'The first date must not be after the last'
          : null;
  const range = preset === 'custom' ? (customProblem ? null : custom) : rangeOf(preset, today, measurable, calendar);
  const history = useMeasurableHistory(measurable.id, range);
  const headingOf = (period: ScorecardPeriod) =>
    periodHeading(period, measurable.frequency, calendar, terms.quarter_label.slice(0, 1));
  const periods = new Map((history.data?.periods ?? []).map((period) => [period.start, period]));
  const labelOf = (start: string) => {
    const period = periods.get(start);
    return period ? headingOf(period) : start;
  };
  const rangeTextOf = (start: string) => {
    const period = periods.get(start);
    return period ? periodRangeText(period) : start;
  };
  const points = history.data ? trendPoints(history.data) : [];
  const format = { unit: measurable.unit, currencyCode: measurable.currencyCode, decimals: measurable.decimals };
  const planWindow = {
    from: shiftPeriod(current, measurable.frequency, -PLAN_BEHIND, calendar),
    to: periodAt(
      shiftPeriod(current, measurable.frequency, PLAN_AHEAD[measurable.frequency], calendar),
      measurable.frequency,
      calendar,
    ).end,
  };

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-end gap-3">
        <SelectField
          label="Range"
          value={preset}
          onChange={(event) => setPreset(event.target.value as RangePreset)}
          className="min-w-44"
        >
          {(Object.keys(RANGE_PRESET_TEXT) as RangePreset[]).map((candidate) => (
            <option key={candidate} value={candidate}>
              {RANGE_PRESET_TEXT[candidate]}
            </option>
          ))}
        </SelectField>
        {preset === 'custom' ? (
          <>
            <DateField
              label="From"
              value={custom.from}
              onChange={(event) => setCustom((range) => ({ ...range, from: event.target.value }))}
              error={customProblem ?? undefined}
            />
            <DateField
              label="To"
              value={custom.to}
              onChange={(event) => setCustom((range) => ({ ...range, to: event.target.value }))}
            />
          </>
        ) : null}
        <Button
          variant="secondary"
          aria-pressed={view === 'table'}
          onClick={() => setView((shown) => (shown === 'chart' ? 'table' : 'chart'))}
        >
          {view === 'chart' ? 'Show as a table' : 'Show as a chart'}
        </Button>
      </div>
      {history.isError ? (
        <Banner tone="error">{errorText(history.error, 'The history could not be loaded.')}</Banner>
      ) : history.isPending ? (
        range ? (
          <Spinner label="Loading the history" />
        ) : null
      ) : points.length === 0 ? (
        <p className="text-sm text-slate-600 dark:text-slate-300">No period in this range.</p>
      ) : view === 'chart' ? (
        <Suspense fallback={<Spinner label="Loading the chart" />}>
          <TrendChart title={measurable.title} points={points} format={format} labelOf={labelOf} />
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Dots are coloured by status; a ringed dot has a note (hover it, or read it in the table view).
          </p>
        </Suspense>
      ) : (
        <TrendTable title={measurable.title} points={points} format={format} rangeOf={rangeTextOf} />
      )}
      <PeriodGoals measurable={measurable} window={planWindow} currentPeriodStart={current} labelOf={headingOf} />
    </div>
  );
}
