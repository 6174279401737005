import { useCallback, useMemo, useRef, useState } from 'react';
import { ReactFlowProvider } from '@xyflow/react';
import { ORG_CHART_SEATS_MAX, type OrgChartSeat, type PublishedOrgChartSeat } from '@keel/contract';
import { errorText } from '../../../lib/api-client';
import { usePageMeta } from '../../../lib/page-meta';
import { useOrganizationId, useSession } from '../../../lib/session-store';
import { Banner } from '../../../ui/Banner';
import { Button } from '../../../ui/Button';
import { ConfirmDialog } from '../../../ui/ConfirmDialog';
import { EmptyNote, ListStates } from '../../../ui/ListPage';
import { useAllDepartments, useSelectedDepartment } from '../../departments/departments.api';
import { usePeople } from '../../people/people.api';
import { useTerminology } from '../../terminology/terminology.api';
import { layoutChart } from '../chart-layout';
import { ChartToolbar, type ChartView } from '../components/ChartToolbar';
import { OrgChartCanvas } from '../components/OrgChartCanvas';
import { SeatDialog } from '../components/SeatDialog';
import { SeatFinder } from '../components/SeatFinder';
import { SeatHistoryDialog } from '../components/SeatHistoryDialog';
import { SeatPanel } from '../components/SeatPanel';
import { downloadChartPng } from '../chart-image';
import {
  downloadChartPdf,
  useDeleteSeat,
  useDiscardDraft,
  useMoveSeat,
  useOrgChart,
  useOrgChartDraft,
  usePublishChart,
  useSuggestSeats,
} from '../org-chart.api';

type Dialogs =
  | { kind: 'edit'; seatId: string }
  | { kind: 'add'; parentId: string | null }
  | { kind: 'history'; seatId: string }
  | { kind: 'delete'; seatId: string }
  | { kind: 'publish' }
  | { kind: 'discard' }
  | null;

const EMPTY: readonly PublishedOrgChartSeat[] = [];

/** /organizational-chart: the published chart for everyone; the draft, edited and published, for leaders. */
export default function OrgChartPage() {
  return (
    <ReactFlowProvider>
      <OrgChart />
    </ReactFlowProvider>
  );
}

function OrgChart() {
  const terms = useTerminology();
  const chartLabel = terms.accountability_chart_label;
  usePageMeta({
    title: chartLabel,
    description: `Seats, roles and who holds them: the ${chartLabel}`,
    robots: 'noindex,nofollow',
  });
  const organizationId = useOrganizationId();
  const userId = useSession((state) => state.user?.id ?? null);
  const chart = useOrgChart();
  const canEdit = chart.data?.canEdit ?? false;
  const [chosenView, setView] = useState<ChartView | null>(null);
  const view: ChartView = chosenView ?? (canEdit ? 'draft' : 'published');
  const editing = canEdit && view === 'draft';
  const draft = useOrgChartDraft(canEdit);
  const teams = useAllDepartments(false);
  const people = usePeople();
  const { selected: department } = useSelectedDepartment();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [dialog, setDialog] = useState<Dialogs>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [drawAll, setDrawAll] = useState(false);
  const [focusRequest, setFocusRequest] = useState<{ seatId: string } | null>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const move = useMoveSeat();
  const remove = useDeleteSeat();
  const publish = usePublishChart();
  const discard = useDiscardDraft();
  const suggest = useSuggestSeats();

  const publication = chart.data?.publication ?? null;
  const draftSeats: readonly OrgChartSeat[] = draft.data?.seats ?? [];
  const seats: readonly PublishedOrgChartSeat[] = editing ? draftSeats : (publication?.seats ?? EMPTY);
  const teamNames = useMemo(() => new Map((teams.data ?? []).map((team) => [team.id, team.name])), [teams.data]);
  const selected = seats.find((seat) => seat.id === selectedId) ?? null;
  const seatOf = (id: string) => draftSeats.find((seat) => seat.id === id) ?? null;
  const failure = move.error ?? remove.error ?? publish.error ?? discard.error ?? suggest.error;

  const reparent = useCallback(
    (seatId: string, parentId: string | null, position = ORG_CHART_SEATS_MAX) => {
      const seat = draftSeats.find((one) => one.id === seatId);
      if (!seat) return;
      move.mutate({ id: seatId, version: seat.version, parentId, position });
    },
    [draftSeats, move.mutate],
  );
  const dropOnto = useCallback((seatId: string, parentId: string) => reparent(seatId, parentId), [reparent]);

  const exportPng = async () => {
    setDrawAll(true);
    // Two frames: React draws every seat, then the browser lays them out.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    try {
      const viewport = canvasRef.current?.querySelector<HTMLElement>('.react-flow__viewport');
      if (viewport) await downloadChartPng(viewport, layoutChart(seats).placed, `${chartLabel}.png`);
    } catch (error) {
      setNotice(errorText(error, 'The image could not be made. Please try again.'));
    } finally {
      setDrawAll(false);
    }
  };
  const exportPdf = async () => {
    if (!organizationId) return;
    try {
      await downloadChartPdf(organizationId, `${chartLabel}.pdf`);
    } catch (error) {
      setNotice(errorText(error, 'The PDF could not be made. Please try again.'));
    }
  };

  const loading = chart.isPending || (canEdit && view === 'draft' && draft.isPending);
  const query = editing ? draft : chart;
  return (
    <section aria-labelledby="org-chart-title" className="mx-auto grid max-w-7xl grid-cols-1 gap-4 py-6">
      <header>
        <h1 id="org-chart-title" className="text-2xl font-bold text-slate-900 dark:text-white">
          {chartLabel}
        </h1>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          {editing
            ? 'You are editing the draft. People see the published chart until you publish.'
            : 'Each seat with its roles and who holds it.'}
        </p>
      </header>
      {chart.data ? (
        <ChartToolbar
          canEdit={canEdit}
          view={view}
          onView={(next) => {
            setView(next);
            setSelectedId(null);
          }}
          publication={publication}
          draftDiffers={draft.data?.differsFromPublished ?? false}
          hasSeats={seats.length > 0}
          onAddTop={() => setDialog({ kind: 'add', parentId: null })}
          onPublish={() => setDialog({ kind: 'publish' })}
          onDiscard={() => setDialog({ kind: 'discard' })}
          onExportPng={() => void exportPng()}
          onExportPdf={() => void exportPdf()}
        />
      ) : null}
      {notice ? <Banner tone="error">{notice}</Banner> : null}
      {failure ? (
        <Banner tone="error">{errorText(failure, 'That change could not be made. Please try again.')}</Banner>
      ) : null}
      <ListStates
        query={query}
        pending={loading}
        loadingLabel={`Loading the ${chartLabel}…`}
        errorFallback={`The ${chartLabel} could not be loaded.`}
        isEmpty={seats.length === 0}
        empty={
          editing ? (
            <div className="space-y-3 rounded-lg border border-dashed border-slate-300 p-6 text-center dark:border-slate-700">
              <p className="text-slate-700 dark:text-slate-300">The chart has no seats yet.</p>
              <div className="flex flex-wrap justify-center gap-2">
                <Button onClick={() => suggest.mutate()} loading={suggest.isPending}>
                  Start with suggested seats
                </Button>
                <Button variant="secondary" onClick={() => setDialog({ kind: 'add', parentId: null })}>
                  Add a seat
                </Button>
              </div>
            </div>
          ) : (
            <EmptyNote>
              {publication ? 'The published chart has no seats.' : `The ${chartLabel} has not been published yet.`}
            </EmptyNote>
          )
        }
      >
        <SeatFinder
          seats={seats}
          selectedId={selectedId}
          onFind={(seatId) => {
            setSelectedId(seatId);
            setFocusRequest({ seatId });
          }}
        />
        <div ref={canvasRef}>
          <OrgChartCanvas
            seats={seats}
            teamNames={teamNames}
            editable={editing && !move.isPending}
            selectedId={selectedId}
            onSelect={setSelectedId}
            onReparent={dropOnto}
            drawAll={drawAll}
            label={`${chartLabel}: ${view === 'draft' ? 'draft' : 'published'}`}
            focusRequest={focusRequest}
          />
        </div>
        {selected ? (
          <SeatPanel
            key={`${selected.id} ${selected.parentId ?? ''}`}
            seat={selected}
            seats={seats}
            editing={editing}
            fallbackTeamId={department?.id ?? null}
            currentUserId={userId}
            moving={move.isPending}
            onEdit={() => setDialog({ kind: 'edit', seatId: selected.id })}
            onAddUnder={() => setDialog({ kind: 'add', parentId: selected.id })}
            onMove={(parentId, position) => reparent(selected.id, parentId, position)}
            onDelete={() => setDialog({ kind: 'delete', seatId: selected.id })}
            onHistory={() => setDialog({ kind: 'history', seatId: selected.id })}
            onClose={() => setSelectedId(null)}
          />
        ) : null}
      </ListStates>
      {dialog?.kind === 'edit' || dialog?.kind === 'add' ? (
        <SeatDialog
          seat={dialog.kind === 'edit' ? seatOf(dialog.seatId) : null}
          parentId={dialog.kind === 'add' ? dialog.parentId : null}
          parentTitle={dialog.kind === 'add' && dialog.parentId ? (seatOf(dialog.parentId)?.title ?? null) : null}
          people={people.data ?? []}
          teams={teams.data ?? []}
          onClose={() => setDialog(null)}
          onCreated={setSelectedId}
        />
      ) : null}
      {dialog?.kind === 'history' && selected ? (
        <SeatHistoryDialog seat={selected} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'delete' && selected ? (
        <ConfirmDialog
          title={`Delete the seat ${selected.title}?`}
          confirmLabel="Delete seat"
          danger
          busy={remove.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() =>
            remove.mutate(selected.id, {
              onSuccess: () => {
                setSelectedId(null);
                setDialog(null);
              },
            })
          }
        >
          The seats reporting to it will report to the seat above it. The published chart does not change until you
          publish.
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'publish' ? (
        <ConfirmDialog
          title={`Publish the ${chartLabel}?`}
          confirmLabel="Publish"
          busy={publish.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() => publish.mutate(undefined, { onSuccess: () => setDialog(null) })}
        >
          Everyone in the organization will see this draft, and holder history records who joined or left each seat.
        </ConfirmDialog>
      ) : null}
      {dialog?.kind === 'discard' ? (
        <ConfirmDialog
          title="Discard the draft?"
          confirmLabel="Discard draft"
          danger
          busy={discard.isPending}
          onCancel={() => setDialog(null)}
          onConfirm={() => discard.mutate(undefined, { onSuccess: () => setDialog(null) })}
        >
          Every change since the last publication is lost, and the draft becomes the published chart again.
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
