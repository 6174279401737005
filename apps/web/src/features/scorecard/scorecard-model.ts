import {
  type Goal,
  type Measurable,
  type MeasurableGroup,
  type ScoreCell,
  type ScorecardGrid,
  type ScorecardRow,
  scoreStatusOf,
  type ValueFormat,
} from '@keel/contract';

/** What the grid shows and in which order: the period columns, the rows, and the groups between them. */

export type GridPeriod = ScorecardGrid['periods'][number];

export const valueFormatOf = (measurable: Measurable): ValueFormat => ({
  unit: measurable.unit,
  currencyCode: measurable.currencyCode,
  decimals: measurable.decimals,
});

/** The goal that colours a cell: its own (snapshot or period goal) when it differs from the measurable's. */
export const goalInForce = (measurable: Measurable, cell: ScoreCell): Goal | null =>
  cell.goal !== undefined ? cell.goal : measurable.goal;

export const isMine = (measurable: Measurable, userId: string | null) =>
  userId !== null && (measurable.ownerId === userId || measurable.dataEntryUserId === userId);

/** Newest first when the person prefers right-to-left order (scorecard_rtl). */
export const displayPeriods = (periods: GridPeriod[], rtl: boolean) => (rtl ? [...periods].reverse() : periods);

export interface RowFilters {
  ownerId: string | null;
  /** A group's id, 'none' for the ungrouped rows, null for all. */
  groupId: string | null;
  mineFirst: boolean;
}

export const NO_FILTERS: RowFilters = { ownerId: null, groupId: null, mineFirst: false };

export const filtersActive = (filters: RowFilters) =>
  filters.ownerId !== null || filters.groupId !== null || filters.mineFirst;

export type GridSection = { group: MeasurableGroup | null; rows: ScorecardRow[] };

/**
 * The rows by section: the ungrouped ones first, then each group in order (the server's order). With
 * "my numbers first" the person's own rows lead within each section, so groups keep their meaning.
 */
export function sectionsOf(grid: ScorecardGrid, filters: RowFilters, userId: string | null): GridSection[] {
  const kept = grid.rows.filter(
    (row) =>
      (filters.ownerId === null || row.measurable.ownerId === filters.ownerId) &&
      (filters.groupId === null ||
        (filters.groupId === 'none' ? row.measurable.groupId === null : row.measurable.groupId === filters.groupId)),
  );
  const order = (rows: ScorecardRow[]) =>
    filters.mineFirst
      ? [
          ...rows.filter((row) => isMine(row.measurable, userId)),
          ...rows.filter((row) => !isMine(row.measurable, userId)),
        ]
      : rows;
  const groupIds = new Set(grid.groups.map((group) => group.id));
  const sections: GridSection[] = [
    {
      group: null,
      rows: order(kept.filter((row) => !row.measurable.groupId || !groupIds.has(row.measurable.groupId))),
    },
  ];
  for (const group of grid.groups) {
    if (filters.groupId !== null && filters.groupId !== group.id) continue;
    sections.push({ group, rows: order(kept.filter((row) => row.measurable.groupId === group.id)) });
  }
  return sections;
}

/** The rows the keyboard moves through: every shown row, minus those of collapsed groups. */
export const navigableRows = (sections: GridSection[], collapsed: ReadonlySet<string>) =>
  sections.flatMap((section) => (section.group && collapsed.has(section.group.id) ? [] : section.rows));

const COMPUTED_REASONS: Partial<Record<Measurable['kind'], string>> = {
  rollup: 'Computed from other teams’ numbers (a roll-up); change them on their own scorecards.',
  todo_completion: 'Computed from the to-dos; it cannot be typed.',
};

/** Why a cell cannot be typed into, or null when it can. */
export function lockReason(grid: ScorecardGrid, measurable: Measurable, periodStart: string): string | null {
  if (!grid.canEdit) return 'You can read this scorecard but not change it.';
  const computed = COMPUTED_REASONS[measurable.kind];
  if (computed) return computed;
  if (measurable.archivedAt) return 'This measurable is archived; restore it to enter numbers.';
  if (periodStart > grid.currentPeriodStart) return 'This period has not started yet.';
  if (periodStart < measurable.startsOn) return 'This measurable did not exist yet in this period.';
  return null;
}

/** The cell as it will look once saved, shown while the save is under way. */
export function optimisticCell(
  measurable: Measurable,
  cell: ScoreCell,
  value: number | null,
  note: string | undefined,
  userId: string | null,
): ScoreCell {
  const periodGoal = cell.goalSource === 'period';
  const goal = periodGoal ? goalInForce(measurable, cell) : measurable.goal;
  const computed = measurable.kind === 'formula';
  return {
    ...cell,
    value,
    note: note ?? cell.note,
    status: scoreStatusOf(goal, value),
    goal: periodGoal ? goal : undefined,
    goalSource: periodGoal ? 'period' : 'current',
    source: computed ? (value === null ? 'computed' : 'override') : value === null ? 'none' : 'entered',
    enteredById: userId,
    enteredAt: new Date().toISOString(),
  };
}

export const cellOf = (row: ScorecardRow, periodStart: string): ScoreCell | undefined =>
  row.cells.find((cell) => cell.periodStart === periodStart);

/** A cell that the server has not sent (no value ever) reads as an empty, never-written one. */
export const emptyCell = (measurable: Measurable, periodStart: string): ScoreCell => ({
  periodStart,
  value: null,
  note: '',
  status: scoreStatusOf(measurable.goal, null),
  goalSource: 'current',
  source: 'none',
  enteredById: null,
  enteredAt: null,
  version: 0,
});
