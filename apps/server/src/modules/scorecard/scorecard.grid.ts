import {
  createScorecardWireWriter,
  parseFormula,
  scoreStatusOf,
  shiftPeriod,
  periodAt,
  type MeasurableGroup,
  type ScorecardCalendar,
  type ScorecardFrequency,
  type ScorecardGridWire,
  type ScorecardPeriod,
  type ScorecardView,
  type TotalAggregation,
} from '@keel/contract';
import { todoCompletionByPeriod } from '../todos/index.js';
import { createCellEngine, goalInForce, type CellEngine, type EngineNode } from './scorecard.engine.js';
import * as repository from './scorecard.repository.js';
import { periodGoalsInRange, scoresInRange } from './scorecard.scores.repository.js';

/** The sparkline's length: a quarter of weeks. */
const SPARKLINE_PERIODS = 13;

export type TreeRow = Awaited<ReturnType<typeof repository.rollupTree>>[number];

const nodeOfRow = (row: repository.MeasurableRow, partIds: readonly string[]): EngineNode => ({
  id: row.id,
  kind: row.kind,
  teamId: row.teamId,
  ownerId: row.ownerId,
  goal: repository.goalOf(row),
  formula: row.formula,
  rollupAggregation: row.rollupAggregation,
  todoCompletionScope: row.todoCompletionScope,
  partIds,
});

/** Direct parts by roll-up, from the recursive walk. */
const partsByRollup = (tree: readonly TreeRow[]) => {
  const byRollup = new Map<string, string[]>();
  for (const edge of tree) byRollup.set(edge.rollupId, [...(byRollup.get(edge.rollupId) ?? []), edge.partId]);
  return byRollup;
};

export interface LoadedCells {
  engine: CellEngine;
  partIds: Map<string, string[]>;
  tree: TreeRow[];
}

/**
 * Reads what the cells of `rows` need over `periods` in a fixed number of queries whatever the number
 * of rows: the roll-up walk, the scores and period goals of every measurable involved (the rows, the
 * measurables their formulas use, roll-up parts at any depth), and the to-do counts. `context` holds the
 * other measurables formulas may use (the same team's).
 */
export async function loadCells(
  organizationId: string,
  options: {
    rows: readonly repository.MeasurableRow[];
    context: readonly repository.MeasurableRow[];
    periods: readonly ScorecardPeriod[];
    currentPeriodStart: string;
    timeZone: string;
  },
): Promise<LoadedCells> {
  const all = new Map([...options.context, ...options.rows].map((row) => [row.id, row]));
  const rollupIds = [...all.values()].filter((row) => row.kind === 'rollup').map((row) => row.id);
  const tree = await repository.rollupTree(organizationId, rollupIds);
  const partIds = partsByRollup(tree);
  const nodes = new Map<string, EngineNode>();
  for (const row of all.values()) nodes.set(row.id, nodeOfRow(row, partIds.get(row.id) ?? []));
  for (const edge of tree) {
    if (nodes.has(edge.partId)) continue;
    nodes.set(edge.partId, {
      id: edge.partId,
      kind: edge.kind,
      teamId: edge.teamId,
      ownerId: null,
      goal: repository.goalOf(edge),
      formula: null,
      rollupAggregation: edge.rollupAggregation,
      todoCompletionScope: null,
      partIds: partIds.get(edge.partId) ?? [],
    });
  }
  const needed = neededIds(options.rows, nodes);
  const starts = options.periods.map((period) => period.start);
  const from = starts.reduce((a, b) => (a < b ? a : b), starts[0] ?? '9999-12-31');
  const to = starts.reduce((a, b) => (a > b ? a : b), starts[0] ?? '0001-01-01');
  const ids = [...needed];
  const completers = ids.map((id) => nodes.get(id)!).filter((node) => node.kind === 'todo_completion');
  const [scores, periodGoals, completion] = await Promise.all([
    scoresInRange(organizationId, ids, from, to),
    periodGoalsInRange(organizationId, ids, from, to),
    todoCompletionByPeriod(
      organizationId,
      {
        teamIds: completers.filter((node) => node.todoCompletionScope === 'team').map((node) => node.teamId),
        ownerIds: completers
          .filter((node) => node.todoCompletionScope !== 'team' && node.ownerId)
          .map((node) => node.ownerId!),
      },
      [...new Map(options.periods.map((period) => [period.start, period])).values()].sort((a, b) =>
        a.start.localeCompare(b.start),
      ),
      options.timeZone,
    ),
  ]);
  const engine = createCellEngine({
    nodes,
    periodStarts: [...new Set(starts)],
    scores,
    periodGoals,
    completion,
    currentPeriodStart: options.currentPeriodStart,
  });
  return { engine, partIds, tree };
}

/** The rows and everything their values depend on: formula references and roll-up parts, transitively. */
function neededIds(rows: readonly repository.MeasurableRow[], nodes: ReadonlyMap<string, EngineNode>) {
  const needed = new Set<string>();
  const visit = (id: string) => {
    if (needed.has(id)) return;
    needed.add(id);
    const node = nodes.get(id);
    if (!node) return;
    if (node.kind === 'formula' && node.formula) {
      const parsed = parseFormula(node.formula);
      if (parsed.ok) parsed.references.forEach(visit);
    }
    node.partIds.forEach(visit);
  };
  rows.forEach((row) => visit(row.id));
  return needed;
}

/** The last `SPARKLINE_PERIODS` periods ending with the current one. */
export function sparklinePeriods(
  currentPeriodStart: string,
  frequency: ScorecardFrequency,
  calendar: ScorecardCalendar,
): ScorecardPeriod[] {
  return Array.from({ length: SPARKLINE_PERIODS }, (_, index) =>
    periodAt(shiftPeriod(currentPeriodStart, frequency, index - SPARKLINE_PERIODS + 1, calendar), frequency, calendar),
  );
}

export function totalOf(values: readonly number[], aggregation: TotalAggregation): number | null {
  if (values.length === 0) return null;
  if (aggregation === 'last') return values[values.length - 1]!;
  const sum = values.reduce((total, value) => total + value, 0);
  return aggregation === 'sum' ? sum : sum / values.length;
}

/** Display order: the ungrouped rows first, then each group's, each by position. */
export function inDisplayOrder<T extends { groupId: string | null; position: number; id: string }>(
  rows: readonly T[],
  groups: readonly MeasurableGroup[],
): T[] {
  const groupRank = new Map(groups.map((group, index) => [group.id, index]));
  const rank = (row: T) => (row.groupId === null ? -1 : (groupRank.get(row.groupId) ?? groups.length));
  return [...rows].sort((a, b) => rank(a) - rank(b) || a.position - b.position || a.id.localeCompare(b.id));
}

export interface GridSource {
  teamId: string;
  frequency: ScorecardFrequency;
  view: ScorecardView;
  today: string;
  currentPeriodStart: string;
  calendar: ScorecardCalendar;
  periods: ScorecardPeriod[];
  spark: ScorecardPeriod[];
  groups: MeasurableGroup[];
  rows: repository.MeasurableRow[];
  loaded: LoadedCells;
  canEdit: boolean;
}

type WireWriter = ReturnType<typeof createScorecardWireWriter>;

/** A row's cells in the wire's arrays, written straight from the engine's slots (no cell objects first). */
function wireCellsOf(engine: CellEngine, writer: WireWriter, id: string, slots: readonly number[]) {
  const row = engine.rowOf(id);
  const current = row.node?.goal ?? null;
  const wire = writer.emptyCells();
  slots.forEach((slot, index) => {
    const computed = engine.valueInSlot(row, slot);
    const score = row.scores[slot];
    const inForce = goalInForce(score, computed, current, row.periodGoals?.[slot] ?? null);
    writer.push(wire, index, {
      value: computed.value,
      status: scoreStatusOf(inForce.goal, computed.value),
      source: computed.source,
      version: score?.version ?? 0,
      enteredById: score?.enteredById ?? null,
      enteredAt: score?.enteredAt ?? null,
      note: score?.note ?? '',
      goalSource: inForce.source,
      goal: inForce.differs ? inForce.goal : undefined,
      computeError: computed.computeError,
      missingInputIds: computed.missingInputIds,
    });
  });
  return wire;
}

/** The whole grid in its wire form, computed in memory from what was read: cells, colours, averages, totals, parts. */
export function buildGridWire(source: GridSource): ScorecardGridWire {
  const { engine, partIds, tree } = source.loaded;
  const treeById = new Map(tree.map((edge) => [edge.partId, edge]));
  const writer = createScorecardWireWriter();
  const slotsOf = (periods: readonly ScorecardPeriod[]) => periods.map((period) => engine.slotOf(period.start)!);
  const slots = slotsOf(source.periods);
  const sparkSlots = slotsOf(source.spark);
  const rows = inDisplayOrder(source.rows, source.groups).map((row) => {
    const measurable = repository.toMeasurable(row, partIds.get(row.id) ?? []);
    const cells = wireCellsOf(engine, writer, row.id, slots);
    const present = cells.values.filter((value): value is number => value !== null);
    const average = present.length === 0 ? null : present.reduce((a, b) => a + b, 0) / present.length;
    const engineRow = engine.rowOf(row.id);
    const parts =
      row.kind === 'rollup'
        ? (partIds.get(row.id) ?? []).flatMap((partId) => {
            const edge = treeById.get(partId);
            if (!edge) return [];
            return [
              {
                measurableId: partId,
                title: edge.title,
                teamId: edge.teamId,
                teamName: edge.teamName,
                ownerName: edge.ownerName,
                cells: source.periods.map((period) => {
                  const cell = engine.cellOf(partId, period);
                  return { periodStart: period.start, value: cell.value, status: cell.status };
                }),
              },
            ];
          })
        : undefined;
    return {
      measurable,
      cells,
      average,
      averageStatus: scoreStatusOf(measurable.goal, average),
      total: totalOf(present, row.aggregation),
      sparkline: sparkSlots.map((slot) => engine.valueInSlot(engineRow, slot).value),
      ...(parts ? { parts } : {}),
    };
  });
  return {
    teamId: source.teamId,
    frequency: source.frequency,
    view: source.view,
    today: source.today,
    currentPeriodStart: source.currentPeriodStart,
    weekStartDay: source.calendar.weekStartDay,
    fiscalYearStartMonth: source.calendar.fiscalYearStartMonth,
    periods: source.periods.map((period) => ({
      ...period,
      isCurrent: period.start === source.currentPeriodStart,
    })),
    groups: source.groups,
    rows,
    canEdit: source.canEdit,
    enteredByIds: writer.enteredByIds,
    goals: writer.goals,
  };
}
