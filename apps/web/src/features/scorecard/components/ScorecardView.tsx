import { useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import { SCORECARD_VIEW_DEFAULT, SCORECARD_VIEW_LABEL_KEYS } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { useOrganizationId } from '../../../lib/session-store';
import { useTeamListPage } from '../../../lib/team-list-page';
import { isAdmin } from '../../../lib/user';
import { Banner } from '../../../ui/Banner';
import { EmptyNote } from '../../../ui/ListPage';
import { TextLink } from '../../../ui/TextLink';
import { Button } from '../../../ui/Button';
import { useTerminology } from '../../terminology/terminology.api';
import { downloadScorecardExport, type GridParams, useScorecardGrid } from '../scorecard.api';
import { filtersActive, NO_FILTERS } from '../scorecard-model';
import { GridSkeleton } from './GridSkeleton';
import { MyNumbersForm } from './MyNumbersForm';
import { ScorecardGrid } from './ScorecardGrid';
import { ScorecardStyle } from './ScorecardStyle';
import { ScorecardToolbar, type ScorecardSettings } from './ScorecardToolbar';
import { ScorecardDialogs, type ScorecardDialog } from './ScorecardDialogs';
import { useGridLayout } from '../use-grid-layout';

interface ScorecardViewProps {
  teamId: string;
  teamName: string;
}

const PHONE_QUERY = '(max-width: 639px)';
const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

/** One team's scorecard: toolbar, the grid (or "my numbers" on a phone), and the dialogs it opens. */
export function ScorecardView({ teamId, teamName }: ScorecardViewProps) {
  const terms = useTerminology();
  const title = terms.scorecard_label;
  const { user } = useTeamListPage(title, teamName, 'scorecard');
  const organizationId = useOrganizationId();
  const [search, setSearch] = useSearchParams();
  const enterMine = search.get('enter') === 'mine';
  const [phoneForm, setPhoneForm] = useState(() => enterMine && isPhone());
  const [settings, setSettings] = useState<ScorecardSettings>({
    frequency: 'weekly',
    view: SCORECARD_VIEW_DEFAULT,
    from: '',
    to: '',
    includeArchived: false,
    filters: NO_FILTERS,
  });
  const [dialog, setDialog] = useState<ScorecardDialog | null>(null);
  const [exporting, setExporting] = useState(false);
  const custom =
    settings.view === 'custom' && settings.from !== '' && settings.to !== '' && settings.from <= settings.to;
  const params: GridParams = {
    frequency: settings.frequency,
    view: settings.view === 'custom' ? SCORECARD_VIEW_DEFAULT : settings.view,
    includeArchived: settings.includeArchived,
    ...(custom ? { from: settings.from, to: settings.to } : {}),
  };
  const query = useScorecardGrid(teamId, params);
  const grid = query.data;
  const userId = user?.id ?? null;

  const { headingOf, rangeOf, periods, sections, nameOf, showTotal } = useGridLayout(
    grid,
    settings.frequency,
    settings.filters,
    userId,
  );
  const owners = useMemo(() => {
    const seen = new Map<string, string>();
    for (const row of grid?.rows ?? []) seen.set(row.measurable.ownerId, row.measurable.owner.name);
    return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [grid?.rows]);
  const averageLabel = terms[SCORECARD_VIEW_LABEL_KEYS[grid?.view ?? params.view]];
  const canEdit = grid?.canEdit ?? user?.role !== 'observer';

  const exportGrid = () => {
    if (!organizationId) return;
    setExporting(true);
    downloadScorecardExport(organizationId, teamId, params)
      .catch((error: unknown) => toast.error(errorText(error, 'The export could not be made. Please try again.')))
      .finally(() => setExporting(false));
  };
  const showGrid = () => {
    setPhoneForm(false);
    search.delete('enter');
    setSearch(search, { replace: true });
  };

  const empty = grid !== undefined && grid.rows.length === 0;
  return (
    <section
      data-scorecard
      aria-labelledby="scorecard-title"
      className="mx-auto grid min-w-0 max-w-screen-2xl grid-cols-1 gap-4 py-6"
    >
      <ScorecardStyle />
      <header>
        <h1 id="scorecard-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          {title}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">{teamName}</p>
      </header>
      {phoneForm ? (
        <>
          <MyNumbersForm teamId={teamId} />
          <Button variant="secondary" className="justify-self-start" onClick={showGrid}>
            Show the whole {title}
          </Button>
        </>
      ) : (
        <>
          <ScorecardToolbar
            settings={settings}
            onChange={setSettings}
            terms={terms}
            owners={owners}
            groups={grid?.groups ?? []}
            canEdit={canEdit}
            exporting={exporting}
            onAddMeasurable={() => setDialog({ kind: 'measurable', measurable: null })}
            onAddGroup={() => setDialog({ kind: 'group', group: null })}
            onReminders={() => setDialog({ kind: 'reminders' })}
            onExport={exportGrid}
          />
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
          ) : empty && !settings.includeArchived ? (
            <EmptyNote>
              No measurables yet.{' '}
              {canEdit ? (
                <>
                  <Button size="sm" onClick={() => setDialog({ kind: 'measurable', measurable: null })}>
                    Add the first measurable
                  </Button>
                  {isAdmin(user) ? (
                    <>
                      {' '}
                      or <TextLink to="/admin/import-scorecard">import them from a spreadsheet</TextLink>.
                    </>
                  ) : null}
                </>
              ) : (
                'Numbers appear here once the team adds measurables.'
              )}
            </EmptyNote>
          ) : grid ? (
            <ScorecardGrid
              grid={grid}
              sections={sections}
              periods={periods}
              headingOf={headingOf}
              rangeOf={rangeOf}
              label={`${title} of ${teamName}`}
              averageLabel={averageLabel}
              showTotal={showTotal}
              sortable={grid.canEdit && !filtersActive(settings.filters)}
              userId={userId}
              focusMine={enterMine}
              nameOf={nameOf}
              onOpenTrend={(measurable) => setDialog({ kind: 'trend', measurable })}
              onEditMeasurable={(measurable) => setDialog({ kind: 'measurable', measurable })}
              onRenameGroup={(group) => setDialog({ kind: 'group', group })}
              onDeleteGroup={(group) => setDialog({ kind: 'delete-group', group })}
            />
          ) : null}
        </>
      )}

      <ScorecardDialogs
        dialog={dialog}
        onClose={() => setDialog(null)}
        teamId={teamId}
        frequency={settings.frequency}
        groups={grid?.groups ?? []}
        canEdit={canEdit}
        title={title}
      />
    </section>
  );
}
