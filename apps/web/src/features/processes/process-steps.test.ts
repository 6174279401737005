import { describe, expect, it } from 'vitest';
import type { ProcessStep } from '@keel/contract';
import { compareProcessVersions, moveItem, nothingChanged, reorderByIds } from './process-steps';

const step = (id: string, title: string, body = '<p>x</p>', subSteps: ProcessStep['subSteps'] = []): ProcessStep => ({
  id,
  title,
  body,
  subSteps,
});

describe('moveItem', () => {
  it('moves one place up or down and leaves the ends alone', () => {
    expect(moveItem(['a', 'b', 'c'], 1, -1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 1, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'b', 'c']);
  });
});

describe('reorderByIds', () => {
  it('follows the dropped order and ignores unknown ids', () => {
    const items = [step('a', 'A'), step('b', 'B'), step('c', 'C')];
    expect(reorderByIds(items, ['c', 'a', 'x', 'b']).map((item) => item.id)).toEqual(['c', 'a', 'b']);
  });
});

describe('compareProcessVersions', () => {
  it('names the steps added, removed, changed and moved, and a changed title and purpose', () => {
    const older = {
      title: 'Ship an order',
      purpose: 'Fast',
      steps: [step('1', 'Pick'), step('2', 'Pack'), step('3', 'Label'), step('4', 'Weigh')],
    };
    const newer = {
      title: 'Ship an order well',
      purpose: 'Fast',
      steps: [
        step('2', 'Pack'),
        step('1', 'Pick'),
        step('3', 'Label', '<p>Print two labels</p>'),
        step('5', 'Hand to the courier'),
      ],
    };
    const comparison = compareProcessVersions(older, newer);
    expect(comparison).toEqual({
      titleChanged: true,
      purposeChanged: false,
      added: ['Hand to the courier'],
      removed: ['Weigh'],
      changed: ['Label'],
      moved: ['Pack', 'Pick'],
    });
    expect(nothingChanged(comparison)).toBe(false);
  });

  it('sees a changed sub-step as a changed step, and nothing when only the status moved', () => {
    const before = { title: 'T', purpose: '', steps: [step('1', 'Pick', '', [{ id: 's', title: 'Scan', body: '' }])] };
    const after = { ...before, steps: [step('1', 'Pick', '', [{ id: 's', title: 'Scan twice', body: '' }])] };
    expect(compareProcessVersions(before, after).changed).toEqual(['Pick']);
    expect(nothingChanged(compareProcessVersions(before, before))).toBe(true);
  });
});
