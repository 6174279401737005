import type { Measurable, MyNumber, ScoreCell } from '@keel/contract';
import { ORG_ID } from '../../test-utils/fixtures';
import { cell, measurable } from './scorecard-test-data';

/** Measurables, cells and my-numbers answers for the scorecard dialogs' tests. */

export const MEASURABLE_ID = '44444444-4444-4444-8444-444444444444';
export const OTHER_MEASURABLE_ID = '55555555-5555-4555-8555-555555555555';
export const measurablesPath = `/organizations/${ORG_ID}/measurables`;

/** The dialogs' measurable: the grid tests' one with a plain ≥ 50 goal, its own id and a later version. */
export const makeMeasurable = (overrides: Partial<Measurable> = {}): Measurable =>
  measurable({
    id: MEASURABLE_ID,
    goal: { operator: '>=', value: 50, valueMax: null, band: null },
    createdAt: '2026-01-05T09:00:00.000Z',
    updatedAt: '2026-01-05T09:00:00.000Z',
    version: 3,
    ...overrides,
  });

export const makeCell = cell;

export function makeMyNumber(measurable: Measurable, cell: Partial<ScoreCell> = {}): MyNumber {
  return {
    measurable,
    teamName: 'Operations',
    periodStart: '2026-11-23',
    periodEnd: '2026-11-29',
    cell: makeCell('2026-11-23', cell),
  };
}

export const myNumbersReply = (numbers: MyNumber[]) => ({
  body: { data: numbers, missing: numbers.filter((number) => number.cell.value === null).length },
});

/**
 * happy-dom has no `select.size` (browsers answer 0), which makes react-hook-form take every select
 * for one the person already changed and skip its default value. Gives selects the browser's answer.
 */
export function emulateSelectSize() {
  if ('size' in HTMLSelectElement.prototype) return;
  Object.defineProperty(HTMLSelectElement.prototype, 'size', {
    configurable: true,
    get(this: HTMLSelectElement) {
      return Number(this.getAttribute('size') ?? 0);
    },
  });
}
