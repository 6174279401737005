import { lazy, Suspense, useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import toast from 'react-hot-toast';
import {
  type Measurable,
  type MeasurableGroup,
  periodHeading,
  periodRangeText,
  SCORECARD_VIEW_DEFAULT,
  SCORECARD_VIEW_LABEL_KEYS,
} from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { useOrganizationId } from '../../../lib/session-store';
import { useTeamListPage } from '../../../lib/team-list-page';
import { isAdmin } from '../../../lib/user';
import { Banner } from '../../../ui/Banner';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyNote } from '../../../ui/ListPage';
import { TextLink } from '../../../ui/TextLink';
import { Button } from '../../../ui/Button';
import { usePeople } from '../../people/people.api';
import { useTerminology } from '../../terminology/terminology.api';
import {
  downloadScorecardExport,
  type GridParams,
  useDeleteGroup,
  useScorecardGrid,
  useScorecardPreferences,
} from '../scorecard.api';
import { displayPeriods, filtersActive, type GridPeriod, NO_FILTERS, sectionsOf } from '../scorecard-model';
import { GridSkeleton } from './GridSkeleton';
import { GroupNameDialog } from './GroupNameDialog';
import { MeasurableDialog } from './MeasurableDialog';
import { MyNumbersForm } from './MyNumbersForm';
import { ScorecardGrid } from './ScorecardGrid';
import { ScorecardStyle } from './ScorecardStyle';
import { ScorecardSettingsDialog } from './ScorecardSettingsDialog';
import { ScorecardToolbar, type ScorecardSettings } from './ScorecardToolbar';

// The trend chart is the heaviest dialog; it loads when first opened.
const TrendDialog = lazy(() => import('./TrendDialog').then((module) => ({ default: module.TrendDialog })));

interface ScorecardViewProps {
  teamId: string;
  teamName: string;
}

const PHONE_QUERY = '(max-width: 639px)';
const isPhone = () => typeof window.matchMedia === 'function' && window.matchMedia(PHONE_QUERY).matches;

type Dialog =
  | { kind: 'measurable'; measurable: Measurable | null }
  | { kind: 'trend'; measurable: Measurable }
  | { kind: 'reminders' }
  | { kind: 'group'; group: MeasurableGroup | null }
  | { kind: 'delete-group'; group: MeasurableGroup };

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
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const [exporting, setExporting] = useState(false);
  const preferences = useScorecardPreferences();
  const people = usePeople();
  const deleteGroup = useDeleteGroup();
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

  const calendar = useMemo(
    () => ({ weekStartDay: grid?.weekStartDay ?? 1, fiscalYearStartMonth: grid?.fiscalYearStartMonth ?? 1 }),
    [grid?.weekStartDay, grid?.fiscalYearStartMonth],
  );
  const quarterInitial = terms.quarter_label.slice(0, 1);
  const headingOf = useCallback(
    (period: GridPeriod) => periodHeading(period, settings.frequency, calendar, quarterInitial),
    [settings.frequency, calendar, quarterInitial],
  );
  const rangeOf = useCallback((period: GridPeriod) => periodRangeText(period), []);
  const periods = useMemo(() => displayPeriods(grid?.periods ?? [], preferences.rtl), [grid?.periods, preferences.rtl]);
  const sections = useMemo(
    () => (grid ? sectionsOf(grid, settings.filters, userId) : []),
    [grid, settings.filters, userId],
  );
  const owners = useMemo(() => {
    const seen = new Map<string, string>();
    for (const row of grid?.rows ?? []) seen.set(row.measurable.ownerId, row.measurable.owner.name);
    return [...seen].map(([id, name]) => ({ id, name })).sort((a, b) => a.name.localeCompare(b.name));
  }, [grid?.rows]);
  const names = useMemo(() => new Map((people.data ?? []).map((person) => [person.id, person.name])), [people.data]);
  const nameOf = useCallback((id: string) => names.get(id) ?? 'a former member', [names]);
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
              showTotal={preferences.showTotal}
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

      {dialog?.kind === 'measurable' ? (
        <MeasurableDialog
          teamId={teamId}
          frequency={settings.frequency}
          measurable={dialog.measurable}
          groups={grid?.groups ?? []}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'trend' ? (
        <Suspense fallback={null}>
          <TrendDialog measurable={dialog.measurable} canEdit={canEdit} onClose={() => setDialog(null)} />
        </Suspense>
      ) : null}
      {dialog?.kind === 'reminders' ? (
        <ScorecardSettingsDialog teamId={teamId} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'group' ? (
        <GroupNameDialog teamId={teamId} group={dialog.group} onClose={() => setDialog(null)} />
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
