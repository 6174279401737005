import { describe, expect, it } from 'vitest';
import {
  createIssueRequestSchema,
  rankIssueRequestSchema,
  reorderIssuesRequestSchema,
  solveIssueRequestSchema,
} from './issues.js';

const ID = '11111111-1111-4111-8111-111111111111';

describe('issue schemas', () => {
  it('defaults a new issue to the short-term list and trims its title', () => {
    expect(createIssueRequestSchema.parse({ teamId: ID, title: '  Churn  ' })).toEqual({
      teamId: ID,
      title: 'Churn',
      horizon: 'short_term',
    });
  });

  it('allows ranks 1 to 3 or none', () => {
    expect(rankIssueRequestSchema.safeParse({ version: 1, rank: null }).success).toBe(true);
    expect(rankIssueRequestSchema.safeParse({ version: 1, rank: 3 }).success).toBe(true);
    expect(rankIssueRequestSchema.safeParse({ version: 1, rank: 0 }).success).toBe(false);
    expect(rankIssueRequestSchema.safeParse({ version: 1, rank: 4 }).success).toBe(false);
  });

  it('refuses a reorder naming an issue twice', () => {
    expect(reorderIssuesRequestSchema.safeParse({ teamId: ID, horizon: 'long_term', ids: [ID, ID] }).success).toBe(
      false,
    );
  });

  it('solves with no to-dos by default and refuses a to-do due in the year 30000', () => {
    expect(solveIssueRequestSchema.parse({ version: 2 })).toEqual({ version: 2, resolution: '', todos: [] });
    const far = solveIssueRequestSchema.safeParse({
      version: 2,
      todos: [{ title: 'x', ownerIds: [ID], dueDate: '30000-01-01' }],
    });
    expect(far.success).toBe(false);
    expect(far.error?.issues[0]?.message).toBe('The date must be in or before the year 9999');
  });
});
