import { useState } from 'react';
import {
  SCORECARD_FREQUENCIES,
  SCORECARD_VIEW_DEFAULT,
  SCORECARD_VIEW_LABEL_KEYS,
  type ScorecardFrequency,
} from '@keel/contract';
import { errorText } from '../../../../lib/api-client';
import { useSession } from '../../../../lib/session-store';
import { Banner } from '../../../../ui/Banner';
import { Button } from '../../../../ui/Button';
import { SelectField } from '../../../../ui/FormFields';
import { EmptyNote } from '../../../../ui/ListPage';
import { TextLink } from '../../../../ui/TextLink';
import { cx } from '../../../../ui/cx';
import { GridSkeleton } from '../../../scorecard/components/GridSkeleton';
import { ScorecardGrid } from '../../../scorecard/components/ScorecardGrid';
import { ScorecardStyle } from '../../../scorecard/components/ScorecardStyle';
import { FREQUENCY_LABELS } from '../../../scorecard/components/ScorecardToolbar';
import { NO_FILTERS } from '../../../scorecard/scorecard-model';
import { type GridParams, useScorecardGrid } from '../../../scorecard/scorecard.api';
import { useTerminology } from '../../../terminology/terminology.api';
import { OffTrackNumbers } from './OffTrackNumbers';
import { LARGE_LIST_TYPE } from './large-type';
import type { MeetingSectionProps } from './section-props';
import { ScorecardDialogs, type ScorecardDialog } from '../../../scorecard/components/ScorecardDialogs';
import { useGridLayout } from '../../../scorecard/use-grid-layout';

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
  const [dialog, setDialog] = useState<ScorecardDialog | null>(null);
  const params: GridParams = { frequency, view: SCORECARD_VIEW_DEFAULT, includeArchived: false };
  const query = useScorecardGrid(meeting.teamId, params);
  const grid = query.data;
  const { headingOf, rangeOf, periods, sections, nameOf, showTotal } = useGridLayout(
    grid,
    frequency,
    NO_FILTERS,
    userId,
  );
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
              showTotal={showTotal}
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

      <ScorecardDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        teamId={meeting.teamId}
        frequency={frequency}
        groups={grid?.groups ?? []}
        canEdit={grid?.canEdit ?? false}
        title={title}
      />
    </section>
  );
}
