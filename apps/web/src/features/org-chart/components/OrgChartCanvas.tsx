import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import {
  ReactFlow,
  useReactFlow,
  useStore,
  applyNodeChanges,
  type Edge,
  type NodeChange,
  type OnNodeDrag,
} from '@xyflow/react';
import '@xyflow/react/dist/style.css';
import type { PublishedOrgChartSeat } from '@keel/contract';
import { layoutChart, mayReportTo, SEAT_HEIGHT, SEAT_WIDTH } from '../chart-layout';
import { SeatSelectionContext } from './seat-selection';
import { seatNodeTypes, type SeatFlowNode } from './SeatNode';

/** A seat found in the list is shown at least this large: its text readable, its title a tap target. */
const FOCUS_ZOOM = 0.9;

interface OrgChartCanvasProps {
  seats: readonly PublishedOrgChartSeat[];
  teamNames: ReadonlyMap<string, string>;
  /** Seats may be dragged onto another seat to report to it (the draft, for editors). */
  editable: boolean;
  selectedId: string | null;
  onSelect: (seatId: string) => void;
  onReparent: (seatId: string, parentId: string) => void;
  /** While exporting an image every seat is drawn, not only those in view. */
  drawAll: boolean;
  label: string;
  /** A seat to show close up (found in the seat list); a new request each time, even for the same seat. */
  focusRequest: { seatId: string } | null;
}

/**
 * The chart as a zoomable, pannable tree. Boxes are laid out once per change of the chart (d3-hierarchy);
 * only the boxes in view are drawn, and a drag moves one node object, so 500 seats stay smooth.
 */
export function OrgChartCanvas({
  seats,
  teamNames,
  editable,
  selectedId,
  onSelect,
  onReparent,
  drawAll,
  label,
  focusRequest,
}: OrgChartCanvasProps) {
  const flow = useReactFlow();
  const layout = useMemo(() => layoutChart(seats), [seats]);
  const baseNodes = useMemo(
    () =>
      layout.placed.map(({ seat, x, y }): SeatFlowNode => ({
        id: seat.id,
        type: 'seat',
        position: { x, y },
        data: { seat, teamName: seat.teamId ? (teamNames.get(seat.teamId) ?? null) : null },
        width: SEAT_WIDTH,
        height: SEAT_HEIGHT,
        draggable: editable,
      })),
    [layout, teamNames, editable],
  );
  const edges = useMemo(
    (): Edge[] =>
      layout.links.map((link) => ({ id: link.id, source: link.source, target: link.target, type: 'smoothstep' })),
    [layout],
  );
  // The canvas's own copy of the boxes: a drag moves one (and the canvas records each box's measured size); a new
  // layout, a new choice or the end of a drag puts every box back where the layout says.
  const [nodes, setNodes] = useState(baseNodes);
  const [dropped, setDropped] = useState(0);
  const selectedRef = useRef(selectedId);
  selectedRef.current = selectedId;
  useEffect(() => {
    setNodes(baseNodes.map((node) => (node.id === selectedRef.current ? { ...node, selected: true } : node)));
  }, [baseNodes, dropped]);
  // Choosing a seat changes two boxes, not all of them: the others keep their measured size.
  useEffect(() => {
    setNodes((current) =>
      current.map((node) =>
        node.selected === (node.id === selectedId) ? node : { ...node, selected: node.id === selectedId },
      ),
    );
  }, [selectedId]);

  // A seat chosen outside the view (just added, or picked in a list) is brought into it, at the same zoom.
  const paneWidth = useStore((state) => state.width);
  const paneHeight = useStore((state) => state.height);
  useEffect(() => {
    const placed = layout.placed.find((one) => one.seat.id === selectedId);
    if (!placed || paneWidth === 0) return;
    const { x, y, zoom } = flow.getViewport();
    const left = placed.x * zoom + x;
    const top = placed.y * zoom + y;
    const inView =
      left >= 0 && top >= 0 && left + SEAT_WIDTH * zoom <= paneWidth && top + SEAT_HEIGHT * zoom <= paneHeight;
    if (!inView) void flow.setCenter(placed.x + SEAT_WIDTH / 2, placed.y + SEAT_HEIGHT / 2, { zoom });
  }, [selectedId, layout, flow, paneWidth, paneHeight]);

  useEffect(() => {
    const placed = focusRequest && layout.placed.find((one) => one.seat.id === focusRequest.seatId);
    if (!placed) return;
    const zoom = Math.max(flow.getZoom(), FOCUS_ZOOM);
    void flow.setCenter(placed.x + SEAT_WIDTH / 2, placed.y + SEAT_HEIGHT / 2, { zoom });
  }, [focusRequest, layout, flow]);

  const onNodesChange = useCallback(
    (changes: NodeChange<SeatFlowNode>[]) => setNodes((current) => applyNodeChanges(changes, current)),
    [],
  );

  /** Dropped on a seat: it reports to that seat from now on (unless that would make a loop); elsewhere it goes back. */
  const onNodeDragStop: OnNodeDrag<SeatFlowNode> = useCallback(
    (event, node) => {
      setDropped((count) => count + 1);
      const pointer = 'clientX' in event ? event : event.changedTouches[0];
      if (!pointer) return;
      const point = flow.screenToFlowPosition({ x: pointer.clientX, y: pointer.clientY });
      const target = layout.placed.find(
        (placed) =>
          placed.seat.id !== node.id &&
          point.x >= placed.x &&
          point.x <= placed.x + SEAT_WIDTH &&
          point.y >= placed.y &&
          point.y <= placed.y + SEAT_HEIGHT,
      );
      if (!target || target.seat.id === node.data.seat.parentId) return;
      if (!mayReportTo(seats, node.id, target.seat.id)) return;
      onReparent(node.id, target.seat.id);
    },
    [flow, layout, seats, onReparent],
  );

  return (
    <SeatSelectionContext.Provider value={onSelect}>
      <div
        role="region"
        aria-label={label}
        className="h-[65vh] min-h-[420px] w-full rounded-lg border border-slate-200 dark:border-slate-700"
      >
        <ReactFlow<SeatFlowNode>
          nodes={nodes}
          edges={edges}
          nodeTypes={seatNodeTypes}
          onNodesChange={onNodesChange}
          onNodeDragStop={onNodeDragStop}
          onNodeClick={(_event, node) => onSelect(node.id)}
          nodesDraggable={editable}
          nodesConnectable={false}
          nodesFocusable={false}
          edgesFocusable={false}
          elementsSelectable={false}
          onlyRenderVisibleElements={!drawAll}
          fitView
          fitViewOptions={{ maxZoom: 1, padding: 0.1 }}
          minZoom={0.05}
          maxZoom={1.5}
          proOptions={{ hideAttribution: true }}
          colorMode="system"
        />
      </div>
    </SeatSelectionContext.Provider>
  );
}
