import { describe, expect, it } from 'vitest';
import { bulkTodoRequestSchema, todoCompletionRateOf, todoDateSchema } from './todos.js';

describe('to-do contract', () => {
  it('accepts real dates up to the year 9999 and explains the rest', () => {
    expect(todoDateSchema.safeParse('2026-02-28').success).toBe(true);
    expect(todoDateSchema.safeParse('9999-12-31').success).toBe(true);
    const far = todoDateSchema.safeParse('30000-01-01');
    expect(far.success).toBe(false);
    expect(far.error?.issues[0]?.message).toBe('The date must be in or before the year 9999');
    expect(todoDateSchema.safeParse('2026-02-30').error?.issues[0]?.message).toBe('This date does not exist');
    expect(todoDateSchema.safeParse('tomorrow').success).toBe(false);
  });

  it('needs a team for a bulk move only', () => {
    const id = '11111111-1111-4111-8111-111111111111';
    expect(bulkTodoRequestSchema.safeParse({ action: 'move', ids: [id] }).success).toBe(false);
    expect(bulkTodoRequestSchema.safeParse({ action: 'move', ids: [id], teamId: id }).success).toBe(true);
    expect(bulkTodoRequestSchema.safeParse({ action: 'complete', ids: [id], teamId: id }).success).toBe(false);
  });

  it('rounds the completion rate to a whole percent, none when nothing was due', () => {
    expect(todoCompletionRateOf(3, 1)).toBe(33);
    expect(todoCompletionRateOf(0, 0)).toBeNull();
  });
});
