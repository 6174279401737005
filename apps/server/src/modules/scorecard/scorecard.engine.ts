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
  scores: readonly ScoreRow[];
  periodGoals: readonly PeriodGoalRow[];
  completion: CompletionByPeriod;
  /** Periods starting after this one have not begun: nothing is computed for them. */
  currentPeriodStart: string;
}

interface Computed {
  value: number | null;
  source: ScoreCell['source'];
  computeError?: NonNullable<ScoreCell['computeError']>;
  missingInputIds?: string[];
}

const key = (id: string, periodStart: string) => `${id}|${periodStart}`;

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

/** A stored cell as the API shows it, given the goal in force (`goalOf` its snapshot when it has a value). */
export function toCell(
  periodStart: string,
  score: ScoreRow | undefined,
  computed: Computed,
  goals: { current: Goal | null; period: Goal | null },
): ScoreCell {
  const typed = score !== undefined && score.value !== null && computed.source !== 'computed';
  let inForce = goals.current;
  let goalSource: ScoreCell['goalSource'] = 'current';
  if (goals.period) {
    inForce = goals.period;
    goalSource = 'period';
  } else if (typed && !snapshotIs(score, goals.current)) {
    inForce = goalOf(score);
    goalSource = 'snapshot';
  }
  // One object shape for every cell, optional fields added only when present: the grid builds thousands.
  const cell: ScoreCell = {
    periodStart,
    value: computed.value,
    note: score?.note ?? '',
    status: scoreStatusOf(inForce, computed.value),
    goalSource,
    source: computed.source,
    enteredById: score?.enteredById ?? null,
    enteredAt: score?.enteredAt ?? null,
    version: score?.version ?? 0,
  };
  if (goalSource !== 'current' && !sameGoal(inForce, goals.current)) cell.goal = inForce;
  if (computed.computeError) cell.computeError = computed.computeError;
  if (computed.missingInputIds) cell.missingInputIds = computed.missingInputIds;
  return cell;
}

/**
 * Values and cells of any measurable for any period, computed in memory from what the loader read:
 * formulas in dependency order (each cell once, memoised; a loop reads as missing), roll-ups from their
 * parts across teams, to-do completion from the counts.
 */
export function createCellEngine(input: EngineInput) {
  const scores = new Map(input.scores.map((row) => [key(row.measurableId, row.periodStart), row]));
  const periodGoals = new Map(input.periodGoals.map((row) => [key(row.measurableId, row.periodStart), goalOf(row)]));
  const parsed = new Map<string, FormulaNode | null>();
  const memo = new Map<string, Computed>();
  const visiting = new Set<string>();

  const formulaOf = (node: EngineNode): FormulaNode | null => {
    if (!parsed.has(node.id)) {
      const result = node.formula ? parseFormula(node.formula) : null;
      parsed.set(node.id, result?.ok ? result.node : null);
    }
    return parsed.get(node.id) ?? null;
  };

  const computeFormula = (node: EngineNode, periodStart: string): Computed => {
    const formula = formulaOf(node);
    if (!formula) return { value: null, source: 'computed' };
    const result = evaluateFormula(formula, (id) => valueAt(id, periodStart).value);
    if (result.ok) return { value: result.value, source: 'computed' };
    if (result.reason === 'missing_inputs') {
      return { value: null, source: 'computed', computeError: 'missing_inputs', missingInputIds: result.missingIds };
    }
    return { value: null, source: 'computed', computeError: result.reason };
  };

  const computeRollup = (node: EngineNode, periodStart: string): Computed => {
    if (node.partIds.length === 0) return { value: null, source: 'computed' };
    const values = node.partIds.map((id) => ({ id, value: valueAt(id, periodStart).value }));
    const missing = values.filter((part) => part.value === null).map((part) => part.id);
    if (missing.length > 0) {
      return { value: null, source: 'computed', computeError: 'missing_inputs', missingInputIds: missing };
    }
    const sum = values.reduce((total, part) => total + (part.value ?? 0), 0);
    return { value: node.rollupAggregation === 'average' ? sum / values.length : sum, source: 'computed' };
  };

  const computeCompletion = (node: EngineNode, periodStart: string): Computed => {
    const counts =
      node.todoCompletionScope === 'team'
        ? input.completion.teams.get(node.teamId)
        : node.ownerId
          ? input.completion.owners.get(node.ownerId)
          : undefined;
    const count = counts?.get(periodStart);
    return { value: count ? todoCompletionRateOf(count.due, count.doneOnTime) : null, source: 'computed' };
  };

  function valueAt(id: string, periodStart: string, cellKey = key(id, periodStart)): Computed {
    const node = input.nodes.get(id);
    const score = scores.get(cellKey);
    // Typed cells need no memo: they are read as they are.
    if (node?.kind === 'manual') {
      const value = score?.value ?? null;
      return value === null ? NONE : { value, source: 'entered' };
    }
    const known = memo.get(cellKey);
    if (known) return known;
    if (!node || visiting.has(cellKey)) return NONE;
    visiting.add(cellKey);
    let computed: Computed;
    const future = periodStart > input.currentPeriodStart;
    if (score?.isOverride && score.value !== null) {
      computed = { value: score.value, source: 'override' };
    } else if (future) {
      computed = { value: null, source: 'none' };
    } else if (node.kind === 'formula') {
      computed = computeFormula(node, periodStart);
    } else if (node.kind === 'rollup') {
      computed = computeRollup(node, periodStart);
    } else {
      computed = computeCompletion(node, periodStart);
    }
    visiting.delete(cellKey);
    memo.set(cellKey, computed);
    return computed;
  }

  const cellOf = (id: string, period: ScorecardPeriod): ScoreCell => {
    const cellKey = key(id, period.start);
    return toCell(period.start, scores.get(cellKey), valueAt(id, period.start, cellKey), {
      current: input.nodes.get(id)?.goal ?? null,
      period: periodGoals.get(cellKey) ?? null,
    });
  };

  return { valueAt, cellOf };
}
export type CellEngine = ReturnType<typeof createCellEngine>;
