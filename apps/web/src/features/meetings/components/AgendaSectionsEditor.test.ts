import { arrayMove } from '@dnd-kit/sortable';
import { describe, expect, it } from 'vitest';
import { movedBetween } from './AgendaSectionsEditor';

describe('movedBetween', () => {
  const ids = ['a', 'b', 'c', 'd'];
  it.each([
    [0, 2],
    [2, 0],
    [1, 3],
    [3, 1],
    [1, 2],
  ])('finds the one move that redoes a drag from %i to %i', (from, to) => {
    const dropped = arrayMove(ids, from, to);
    const [movedFrom, movedTo] = movedBetween(ids, dropped);
    expect(arrayMove(ids, movedFrom, movedTo)).toEqual(dropped);
  });

  it('finds no move in an unchanged order', () => {
    const [from, to] = movedBetween(ids, [...ids]);
    expect(from).toBe(to);
  });
});
