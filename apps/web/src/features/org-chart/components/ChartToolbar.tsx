import { useReactFlow } from '@xyflow/react';
import type { OrgChartPublication } from '@keel/contract';
import { Button } from '../../../ui/Button';

export type ChartView = 'published' | 'draft';

interface ChartToolbarProps {
  canEdit: boolean;
  view: ChartView;
  onView: (view: ChartView) => void;
  publication: OrgChartPublication | null;
  draftDiffers: boolean;
  hasSeats: boolean;
  onAddTop: () => void;
  onPublish: () => void;
  onDiscard: () => void;
  onExportPng: () => void;
  onExportPdf: () => void;
}

const dayOf = (iso: string) => new Date(iso).toLocaleDateString(undefined, { dateStyle: 'medium' });

/** Which chart is shown (leaders switch between the published one and their draft), its state and actions. */
export function ChartToolbar(props: ChartToolbarProps) {
  const { canEdit, view, publication, draftDiffers, hasSeats } = props;
  const flow = useReactFlow();
  const editing = canEdit && view === 'draft';
  const status = publication
    ? `Published version ${publication.version} on ${dayOf(publication.publishedAt)}${publication.publishedBy ? ` by ${publication.publishedBy.name}` : ''}.`
    : 'Not published yet.';
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        {canEdit ? (
          <div
            role="group"
            aria-label="Chart shown"
            className="inline-flex gap-1 rounded-md border border-slate-300 p-1 dark:border-slate-600"
          >
            {(['published', 'draft'] as const).map((option) => (
              <Button
                key={option}
                size="sm"
                variant={view === option ? 'primary' : 'ghost'}
                aria-pressed={view === option}
                onClick={() => props.onView(option)}
              >
                {option === 'published' ? 'Published' : 'Draft'}
              </Button>
            ))}
          </div>
        ) : null}
        {editing ? (
          <>
            <Button size="sm" variant="secondary" onClick={props.onAddTop}>
              Add a top seat
            </Button>
            <Button size="sm" onClick={props.onPublish} disabled={!draftDiffers || !hasSeats}>
              Publish
            </Button>
            <Button size="sm" variant="secondary" onClick={props.onDiscard} disabled={!draftDiffers || !publication}>
              Discard draft
            </Button>
          </>
        ) : null}
        {hasSeats ? (
          <>
            <Button size="sm" variant="secondary" onClick={() => void flow.zoomIn()}>
              Zoom in
            </Button>
            <Button size="sm" variant="secondary" onClick={() => void flow.zoomOut()}>
              Zoom out
            </Button>
            <Button size="sm" variant="secondary" onClick={() => void flow.fitView({ maxZoom: 1, padding: 0.1 })}>
              Fit to screen
            </Button>
            <Button size="sm" variant="secondary" onClick={props.onExportPng}>
              Export PNG
            </Button>
          </>
        ) : null}
        {publication && publication.seats.length > 0 ? (
          <Button size="sm" variant="secondary" onClick={props.onExportPdf}>
            Export PDF
          </Button>
        ) : null}
      </div>
      <p className="text-sm text-slate-700 dark:text-slate-300" role="status">
        {status}
        {editing
          ? draftDiffers
            ? ' The draft has changes that are not published.'
            : ' The draft matches the published chart.'
          : ''}
      </p>
    </div>
  );
}
