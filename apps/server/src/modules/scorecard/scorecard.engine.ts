import {
  evaluateFormula,
  parseFormula,
  scoreStatusOf,
  todoCompletionRateOf,
  type FormulaNode,
  type Goal,
  type ScoreCell,
  type ScorecardPeriod,
} from '@keel/contract';
import type { CompletionByPeriod } from '../todos/index.js';
import { goalOf } from './scorecard.repository.js';
import type { PeriodGoalRow, ScoreRow } from './scorecard.scores.repository.js';

/** What the engine needs of a measurable: its own row on this scorecard, or a roll-up part of another team. */
export interface EngineNode {
  id: string;
  kind: 'manual' | 'formula' | 'rollup' | 'todo_completion';
  teamId: string;
  ownerId: string | null;
  goal: Goal | null;
  formula: string | null;
  rollupAggregation: 'sum' | 'average' | null;
  todoCompletionScope: 'owner' | 'team' | null;
  /** Roll-up parts in order. */
  partIds: readonly string[];
}

export interface EngineInput {
  nodes: ReadonlyMap<string, EngineNode>;
  /** Every period start the engine may be asked about; others read as empty. */
  periodStarts: readonly string[];
  scores: readonly ScoreRow[];
  periodGoals: readonly PeriodGoalRow[];
  completion: CompletionByPeriod;
  /** Periods starting after this one have not begun: nothing is computed for them. */
  currentPeriodStart: string;
}

export interface Computed {
  value: number | null;
  source: ScoreCell['source'];
  computeError?: NonNullable<ScoreCell['computeError']>;
  missingInputIds?: string[];
}

const NONE: Computed = { value: null, source: 'none' };

/** Equal goals (both normalised: no upper bound unless ranged, no band amount without a band). */
const sameGoal = (a: Goal | null, b: Goal | null): boolean =>
  a === b ||
  (a !== null &&
    b !== null &&
    a.operator === b.operator &&
    a.value === b.value &&
    a.valueMax === b.valueMax &&
    (a.band?.kind ?? null) === (b.band?.kind ?? null) &&
    (a.band?.amount ?? null) === (b.band?.amount ?? null));

/** Whether a score's snapshot columns hold `goal`, read without building the snapshot (the grid's hot path). */
const snapshotIs = (score: ScoreRow, goal: Goal | null): boolean => {
  if (goal === null || score.goalOperator === null) return goal === null && score.goalOperator === null;
  const ranged = goal.operator === 'between' || goal.operator === 'not_between';
  return (
    score.goalOperator === goal.operator &&
    score.goalValue === goal.value &&
    (!ranged || score.goalValueMax === goal.valueMax) &&
    (score.bandKind ?? null) === (goal.band?.kind ?? null) &&
    (score.bandKind === null || score.bandAmount === goal.band?.amount)
  );
};

export interface GoalInForce {
  goal: Goal | null;
  source: ScoreCell['goalSource'];
  /** The goal differs from the measurable's current one (the cell must say which it is). */
  differs: boolean;
}

const CURRENT: Omit<GoalInForce, 'goal'> = { source: 'current', differs: false };

/**
 * The goal a cell is coloured against: the period's own goal, else the snapshot kept with a typed value
 * when it differs from the current goal, else the current goal.
 */
export function goalInForce(
  score: ScoreRow | undefined,
  computed: Computed,
  current: Goal | null,
  periodGoal: Goal | null,
): GoalInForce {
  if (periodGoal) return { goal: periodGoal, source: 'period', differs: !sameGoal(periodGoal, current) };
  const typed = score !== undefined && score.value !== null && computed.source !== 'computed';
  if (typed && !snapshotIs(score, current)) {
    const snapshot = goalOf(score);
    return { goal: snapshot, source: 'snapshot', differs: !sameGoal(snapshot, current) };
  }
  return { goal: current, ...CURRENT };
}

/** A stored cell as the API shows it, given the goal in force. */
export function toCell(
  periodStart: string,
  score: ScoreRow | undefined,
  computed: Computed,
  goals: { current: Goal | null; period: Goal | null },
): ScoreCell {
  const inForce = goalInForce(score, computed, goals.current, goals.period);
  const cell: ScoreCell = {
    periodStart,
    value: computed.value,
    note: score?.note ?? '',
    status: scoreStatusOf(inForce.goal, computed.value),
    goalSource: inForce.source,
    source: computed.source,
    enteredById: score?.enteredById ?? null,
    enteredAt: score?.enteredAt == null ? null : new Date(score.enteredAt).toISOString(),
    version: score?.version ?? 0,
  };
  if (inForce.differs) cell.goal = inForce.goal;
  if (computed.computeError) cell.computeError = computed.computeError;
  if (computed.missingInputIds) cell.missingInputIds = computed.missingInputIds;
  return cell;
}

/** One measurable's cells by period slot (the index of its start in `periodStarts`). */
export interface EngineRow {
  node: EngineNode | undefined;
  scores: (ScoreRow | undefined)[];
  periodGoals: (Goal | null)[] | undefined;
  memo: (Computed | undefined)[] | undefined;
  visiting: Uint8Array | undefined;
}

/**
 * Values and cells of any measurable for any loaded period, computed in memory from what the loader read:
 * formulas in dependency order (each cell once, memoised; a loop reads as missing), roll-ups from their
 * parts across teams, to-do completion from the counts. Cells are kept per measurable in arrays by period
 * slot, so the grid's thousands of lookups are array reads, not string keys.
 */
export function createCellEngine(input: EngineInput) {
  const { periodStarts } = input;
  const slotOfStart = new Map(periodStarts.map((start, slot) => [start, slot]));
  const future = periodStarts.map((start) => start > input.currentPeriodStart);
  const rows = new Map<string, EngineRow>();
  const rowOf = (id: string): EngineRow => {
    let row = rows.get(id);
    if (!row) {
      row = { node: input.nodes.get(id), scores: [], periodGoals: undefined, memo: undefined, visiting: undefined };
      rows.set(id, row);
    }
    return row;
  };
  for (const score of input.scores) {
    const slot = slotOfStart.get(score.periodStart);
    if (slot !== undefined) rowOf(score.measurableId).scores[slot] = score;
  }
  for (const periodGoal of input.periodGoals) {
    const slot = slotOfStart.get(periodGoal.periodStart);
    if (slot === undefined) continue;
    const row = rowOf(periodGoal.measurableId);
    row.periodGoals ??= [];
    row.periodGoals[slot] = goalOf(periodGoal);
  }
  const parsed = new Map<string, FormulaNode | null>();

  const formulaOf = (node: EngineNode): FormulaNode | null => {
    if (!parsed.has(node.id)) {
      const result = node.formula ? parseFormula(node.formula) : null;
      parsed.set(node.id, result?.ok ? result.node : null);
    }
    return parsed.get(node.id) ?? null;
  };

  const computeFormula = (node: EngineNode, slot: number): Computed => {
    const formula = formulaOf(node);
    if (!formula) return { value: null, source: 'computed' };
    const result = evaluateFormula(formula, (id) => valueInSlot(rowOf(id), slot).value);
    if (result.ok) return { value: result.value, source: 'computed' };
    if (result.reason === 'missing_inputs') {
      return { value: null, source: 'computed', computeError: 'missing_inputs', missingInputIds: result.missingIds };
    }
    return { value: null, source: 'computed', computeError: result.reason };
  };

  const computeRollup = (node: EngineNode, slot: number): Computed => {
    if (node.partIds.length === 0) return { value: null, source: 'computed' };
    const values = node.partIds.map((id) => ({ id, value: valueInSlot(rowOf(id), slot).value }));
    const missing = values.filter((part) => part.value === null).map((part) => part.id);
    if (missing.length > 0) {
      return { value: null, source: 'computed', computeError: 'missing_inputs', missingInputIds: missing };
    }
    const sum = values.reduce((total, part) => total + (part.value ?? 0), 0);
    return { value: node.rollupAggregation === 'average' ? sum / values.length : sum, source: 'computed' };
  };

  const computeCompletion = (node: EngineNode, slot: number): Computed => {
    const counts =
      node.todoCompletionScope === 'team'
        ? input.completion.teams.get(node.teamId)
        : node.ownerId
          ? input.completion.owners.get(node.ownerId)
          : undefined;
    const count = counts?.get(periodStarts[slot]!);
    return { value: count ? todoCompletionRateOf(count.due, count.doneOnTime) : null, source: 'computed' };
  };

  function valueInSlot(row: EngineRow, slot: number): Computed {
    const { node } = row;
    const score = row.scores[slot];
    // Typed cells need no memo: they are read as they are.
    if (node?.kind === 'manual') {
      const value = score?.value ?? null;
      return value === null ? NONE : { value, source: 'entered' };
    }
    const known = row.memo?.[slot];
    if (known) return known;
    row.visiting ??= new Uint8Array(periodStarts.length);
    if (!node || row.visiting[slot]) return NONE;
    row.visiting[slot] = 1;
    let computed: Computed;
    if (score?.isOverride && score.value !== null) {
      computed = { value: score.value, source: 'override' };
    } else if (future[slot]) {
      computed = NONE;
    } else if (node.kind === 'formula') {
      computed = computeFormula(node, slot);
    } else if (node.kind === 'rollup') {
      computed = computeRollup(node, slot);
    } else {
      computed = computeCompletion(node, slot);
    }
    row.visiting[slot] = 0;
    (row.memo ??= [])[slot] = computed;
    return computed;
  }

  return {
    slotOf: (periodStart: string) => slotOfStart.get(periodStart),
    rowOf,
    valueInSlot,
    valueAt(id: string, periodStart: string): Computed {
      const slot = slotOfStart.get(periodStart);
      return slot === undefined ? NONE : valueInSlot(rowOf(id), slot);
    },
    cellOf(id: string, period: ScorecardPeriod): ScoreCell {
      const slot = slotOfStart.get(period.start);
      if (slot === undefined) {
        return toCell(period.start, undefined, NONE, { current: input.nodes.get(id)?.goal ?? null, period: null });
      }
      const row = rowOf(id);
      return toCell(period.start, row.scores[slot], valueInSlot(row, slot), {
        current: row.node?.goal ?? null,
        period: row.periodGoals?.[slot] ?? null,
      });
    },
  };
}
export type CellEngine = ReturnType<typeof createCellEngine>;
