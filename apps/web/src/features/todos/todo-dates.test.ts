import { describe, expect, it } from 'vitest';
import { dueState, localToday, weekStartOf } from './todo-dates';

describe('todo dates', () => {
  it('tells overdue, today and upcoming apart', () => {
    expect(dueState('2026-11-20', '2026-11-22')).toBe('overdue');
    expect(dueState('2026-11-22', '2026-11-22')).toBe('today');
    expect(dueState('2026-11-23', '2026-11-22')).toBe('upcoming');
  });

  it('finds the start of the week for Monday and Sunday starts', () => {
    // 2026-11-22 is a Sunday.
    expect(weekStartOf('2026-11-22', 1)).toBe('2026-11-16');
    expect(weekStartOf('2026-11-22', 0)).toBe('2026-11-22');
    expect(weekStartOf('2026-11-23', 1)).toBe('2026-11-23');
  });

  it('reads today in local time', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 30))).toBe('2026-01-05');
  });
});
