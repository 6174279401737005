import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import toast from 'react-hot-toast';
import {
  type Measurable,
  type MeasurableGroup,
  periodHeading,
  periodRangeText,
  SCORECARD_FREQUENCIES,
  SCORECARD_VIEW_DEFAULT,
  SCORECARD_VIEW_LABEL_KEYS,
  type ScorecardFrequency,
} from '@keel/contract';
import { errorText } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session-store';
import { Banner } from '../../../../ui/Banner';
import { Button } from '../../../../ui/Button';
import { ConfirmDialog } from '../../../../ui/ConfirmDialog';
import { SelectField } from '../../../../ui/FormFields';
import { EmptyNote } from '../../../../ui/ListPage';
import { TextLink } from '../../../../ui/TextLink';
import { cx } from '../../../../ui/cx';
import { usePeople } from '../../../people/people.api';
import { GridSkeleton } from '../../../scorecard/components/GridSkeleton';
import { GroupNameDialog } from '../../../scorecard/components/GroupNameDialog';
import { MeasurableDialog } from '../../../scorecard/components/MeasurableDialog';
import { ScorecardGrid } from '../../../scorecard/components/ScorecardGrid';
import { ScorecardStyle } from '../../../scorecard/components/ScorecardStyle';
import { FREQUENCY_LABELS } from '../../../scorecard/components/ScorecardToolbar';
import { displayPeriods, type GridPeriod, NO_FILTERS, sectionsOf } from '../../../scorecard/scorecard-model';
import {
  type GridParams,
  useDeleteGroup,
  useScorecardGrid,
  useScorecardPreferences,
} from '../../../scorecard/scorecard.api';
import { useTerminology } from '../../../terminology/terminology.api';
import { OffTrackNumbers } from './OffTrackNumbers';
import { LARGE_LIST_TYPE } from './large-type';
import type { MeetingSectionProps } from './section-props';

// The trend chart is the heaviest dialog; it loads when first opened.
const TrendDialog = lazy(() =>
  import('../../../scorecard/components/TrendDialog').then((module) => ({ default: module.TrendDialog })),
);

type Dialog =
  | { kind: 'measurable'; measurable: Measurable }
  | { kind: 'trend'; measurable: Measurable }
  | { kind: 'group'; group: MeasurableGroup }
  | { kind: 'delete-group'; group: MeasurableGroup };

/**
 * The meeting team's scorecard, read aloud in the meeting: the grid with numbers typed in place (saved for
 * everyone at once), and each red number dropped onto the issues list in one click. The page's title stays
 * the meeting's: the grid is composed here rather than through the scorecard page's view.
 */
export function ScorecardSection({ meeting, large }: MeetingSectionProps) {
  const terms = useTerminology();
  const title = terms.scorecard_label;
  const userId = useSession((state) => state.user?.id ?? null);
  const [frequency, setFrequency] = useState<ScorecardFrequency>('weekly');
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const params: GridParams = { frequency, view: SCORECARD_VIEW_DEFAULT, includeArchived: false };
  const query = useScorecardGrid(meeting.teamId, params);
  const grid = query.data;
  const preferences = useScorecardPreferences();
  const people = usePeople();
  const deleteGroup = useDeleteGroup();

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
  const sections = useMemo(() => (grid ? sectionsOf(grid, NO_FILTERS, userId) : []), [grid, userId]);
  const names = useMemo(() => new Map((people.data ?? []).map((person) => [person.id, person.name])), [people.data]);
  const nameOf = useCallback((id: string) => names.get(id) ?? 'a former member', [names]);
  const scorecardLink = `/scorecard?teamId=${encodeURIComponent(meeting.teamId)}`;

  return (
    <section
      data-scorecard
      aria-label={`${title} of ${meeting.teamName}`}
      className={cx('grid min-w-0 grid-cols-1 gap-4', large && LARGE_LIST_TYPE)}
    >
      <ScorecardStyle />
      <SelectField
        label="Frequency"
        className="justify-self-start"
        inputClassName="w-auto"
        value={frequency}
        onChange={(event) => setFrequency(event.target.value as ScorecardFrequency)}
      >
        {SCORECARD_FREQUENCIES.map((choice) => (
          <option key={choice} value={choice}>
            {FREQUENCY_LABELS[choice]}
          </option>
        ))}
      </SelectField>
      {query.isPending ? (
        <GridSkeleton label={`Loading ${title}`} />
      ) : query.isError ? (
        <Banner
          tone="error"
          action={
            <Button size="sm" variant="secondary" onClick={() => void query.refetch()}>
              Try again
            </Button>
          }
        >
          {errorText(query.error, `The ${title} could not be loaded.`)}
        </Banner>
      ) : !grid ? null : grid.rows.length === 0 ? (
        <EmptyNote>
          {'No measurables at this frequency yet; they are added on '}
          <TextLink to={scorecardLink}>{`the team's ${title} page`}</TextLink>.
        </EmptyNote>
      ) : (
        <>
          <div className="grid min-w-0 grid-cols-1 gap-4">
            <ScorecardGrid
              grid={grid}
              sections={sections}
              periods={periods}
              headingOf={headingOf}
              rangeOf={rangeOf}
              label={`${title} of ${meeting.teamName}`}
              averageLabel={terms[SCORECARD_VIEW_LABEL_KEYS[grid.view]]}
              showTotal={preferences.showTotal}
              sortable={false}
              userId={userId}
              focusMine={false}
              nameOf={nameOf}
              onOpenTrend={(measurable) => setDialog({ kind: 'trend', measurable })}
              onEditMeasurable={(measurable) => setDialog({ kind: 'measurable', measurable })}
              onRenameGroup={(group) => setDialog({ kind: 'group', group })}
              onDeleteGroup={(group) => setDialog({ kind: 'delete-group', group })}
            />
          </div>
          <OffTrackNumbers grid={grid} headingOf={headingOf} large={large} />
        </>
      )}

      {dialog?.kind === 'measurable' ? (
        <MeasurableDialog
          teamId={meeting.teamId}
          frequency={frequency}
          measurable={dialog.measurable}
          groups={grid?.groups ?? []}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'trend' ? (
        <Suspense fallback={null}>
          <TrendDialog
            measurable={dialog.measurable}
            canEdit={grid?.canEdit ?? false}
            onClose={() => setDialog(null)}
          />
        </Suspense>
      ) : null}
      {dialog?.kind === 'group' ? (
        <GroupNameDialog teamId={meeting.teamId} group={dialog.group} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete-group' ? (
        <ConfirmDialog
          title={`Delete group ${dialog.group.name}?`}
          confirmLabel="Delete group"
          danger
          busy={deleteGroup.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            deleteGroup.mutate(dialog.group.id, {
              onSuccess: () => setDialog(null),
              onError: (error) => toast.error(errorText(error, 'Could not delete the group. Please try again.')),
            })
          }
        >
          Its measurables stay on the {title}, outside any group.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
