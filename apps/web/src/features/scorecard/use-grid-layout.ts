import { useCallback, useMemo } from 'react';
import { periodHeading, periodRangeText, type ScorecardFrequency, type ScorecardGrid } from '@keel/contract';
import { usePeople } from '../people/people.api';
import { useTerminology } from '../terminology/terminology.api';
import { useScorecardPreferences } from './scorecard.api';
import { displayPeriods, sectionsOf, type GridPeriod, type RowFilters } from './scorecard-model';

/** What the grid needs to lay a team's scorecard out: period headings, their order, the rows' sections, names. */
export function useGridLayout(
  grid: ScorecardGrid | undefined,
  frequency: ScorecardFrequency,
  filters: RowFilters,
  userId: string | null,
) {
  const terms = useTerminology();
  const preferences = useScorecardPreferences();
  const people = usePeople();
  const calendar = useMemo(
    () => ({ weekStartDay: grid?.weekStartDay ?? 1, fiscalYearStartMonth: grid?.fiscalYearStartMonth ?? 1 }),
    [grid?.weekStartDay, grid?.fiscalYearStartMonth],
  );
  const quarterInitial = terms.quarter_label.slice(0, 1);
  const headingOf = useCallback(
    (period: GridPeriod) => periodHeading(period, frequency, calendar, quarterInitial),
    [frequency, calendar, quarterInitial],
  );
  const rangeOf = useCallback((period: GridPeriod) => periodRangeText(period), []);
  const periods = useMemo(() => displayPeriods(grid?.periods ?? [], preferences.rtl), [grid?.periods, preferences.rtl]);
  const sections = useMemo(() => (grid ? sectionsOf(grid, filters, userId) : []), [grid, filters, userId]);
  const names = useMemo(() => new Map((people.data ?? []).map((person) => [person.id, person.name])), [people.data]);
  const nameOf = useCallback((id: string) => names.get(id) ?? 'a former member', [names]);
  return { headingOf, rangeOf, periods, sections, nameOf, showTotal: preferences.showTotal };
}
