import { describe, expect, it } from 'vitest';
import { lockReason, optimisticCell, sectionsOf, NO_FILTERS } from './scorecard-model';
import { cell, makeGrid, measurable, ME, revenueRow, WEEKS } from './scorecard-test-data';

describe('which cells take numbers', () => {
  const grid = makeGrid();
  it.each([
    ['a typed row in a past period', measurable({}), WEEKS[0], null],
    ['a formula row (its cells can be overridden)', measurable({ kind: 'formula' }), WEEKS[2], null],
    ['a period not started yet', measurable({}), '2026-11-30', 'This period has not started yet.'],
    [
      'a period before the measurable existed',
      measurable({ startsOn: WEEKS[1] }),
      WEEKS[0],
      'This measurable did not exist yet in this period.',
    ],
    ['a roll-up', measurable({ kind: 'rollup' }), WEEKS[2], expect.stringContaining('roll-up')],
    [
      'an archived measurable',
      measurable({ archivedAt: '2026-11-01T00:00:00.000Z' }),
      WEEKS[2],
      expect.stringContaining('archived'),
    ],
  ])('%s', (_name, item, period, reason) => {
    expect(lockReason(grid, item, period)).toEqual(reason);
  });

  it('nothing for an observer', () => {
    expect(lockReason(makeGrid({ canEdit: false }), measurable({}), WEEKS[2])).toBe(
      'You can read this scorecard but not change it.',
    );
  });
});

describe('the cell shown while a save is under way', () => {
  it('is coloured against the current goal, not the old snapshot, and marked as typed by me', () => {
    const before = cell(WEEKS[0], {
      value: 120,
      status: 'green',
      goal: { operator: '>=', value: 90, valueMax: null, band: null },
      goalSource: 'snapshot',
      version: 3,
    });
    const shown = optimisticCell(revenueRow.measurable, before, 95, undefined, ME);
    // 95 met the old goal (≥ 90) but misses the current one (≥ 100) within its band of 10.
    expect(shown).toMatchObject({
      value: 95,
      status: 'yellow',
      goalSource: 'current',
      source: 'entered',
      enteredById: ME,
      version: 3,
    });
    expect(shown.goal).toBeUndefined();
  });

  it('keeps a goal set for the period, and marks a typed formula value as an override', () => {
    const periodGoal = { operator: '<=' as const, value: 10, valueMax: null, band: null };
    const before = cell(WEEKS[2], { goal: periodGoal, goalSource: 'period' });
    const shown = optimisticCell(measurable({ kind: 'formula' }), before, 12, undefined, ME);
    expect(shown).toMatchObject({ status: 'red', goal: periodGoal, goalSource: 'period', source: 'override' });
  });
});

describe('sections', () => {
  it('lists the ungrouped rows first, then each group, empty groups included', () => {
    const group = {
      id: 'dddddddd-dddd-4ddd-8ddd-dddddddddddd',
      teamId: revenueRow.measurable.teamId,
      name: 'Sales',
      position: 0,
      version: 1,
    };
    const sections = sectionsOf(makeGrid({ groups: [group] }), NO_FILTERS, ME);
    expect(
      sections.map((section) => [section.group?.name ?? null, section.rows.map((row) => row.measurable.title)]),
    ).toEqual([
      [null, ['Revenue', 'Calls', 'Done on time']],
      ['Sales', []],
    ]);
  });
});
