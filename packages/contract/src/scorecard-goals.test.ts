import { describe, expect, it } from 'vitest';
import {
  describeBand,
  describeGoal,
  GOAL_BOUNDS_MESSAGE,
  GOAL_MAX_REQUIRED_MESSAGE,
  goalSchema,
  SCORE_VALUE_RANGE_MESSAGE,
  scoreNumberSchema,
  scoreStatusOf,
  type GoalInput,
  type ScoreStatus,
} from './scorecard-goals.js';
import { formatScoreValue } from './scorecard-values.js';

const goal = (input: GoalInput) => goalSchema.parse(input);
const percentBand = (amount: number) => ({ kind: 'percent', amount }) as const;
const absoluteBand = (amount: number) => ({ kind: 'absolute', amount }) as const;
const firstMessage = (input: unknown) => goalSchema.safeParse(input).error?.issues[0]?.message;

type StatusCase = [string, GoalInput, number, ScoreStatus];
const statusCases = (cases: StatusCase[]) => cases;

describe('scoreStatusOf without a band', () => {
  it.each(
    statusCases([
      ['>= 50, at the edge', { operator: '>=', value: 50 }, 50, 'green'],
      ['>= 50, inside', { operator: '>=', value: 50 }, 51, 'green'],
      ['>= 50, outside', { operator: '>=', value: 50 }, 49.99, 'red'],
      ['> 50, at the edge', { operator: '>', value: 50 }, 50, 'red'],
      ['> 50, inside', { operator: '>', value: 50 }, 50.01, 'green'],
      ['> 50, outside', { operator: '>', value: 50 }, 49, 'red'],
      ['<= 50, at the edge', { operator: '<=', value: 50 }, 50, 'green'],
      ['<= 50, inside', { operator: '<=', value: 50 }, -3, 'green'],
      ['<= 50, outside', { operator: '<=', value: 50 }, 50.01, 'red'],
      ['< 50, at the edge', { operator: '<', value: 50 }, 50, 'red'],
      ['< 50, inside', { operator: '<', value: 50 }, 49.99, 'green'],
      ['< 50, outside', { operator: '<', value: 50 }, 51, 'red'],
      ['= 50, on it', { operator: '=', value: 50 }, 50, 'green'],
      ['= 50, above', { operator: '=', value: 50 }, 50.5, 'red'],
      ['= 50, below', { operator: '=', value: 50 }, 49.5, 'red'],
      ['between 10 and 20, at the low edge', { operator: 'between', value: 10, valueMax: 20 }, 10, 'green'],
      ['between 10 and 20, at the high edge', { operator: 'between', value: 10, valueMax: 20 }, 20, 'green'],
      ['between 10 and 20, inside', { operator: 'between', value: 10, valueMax: 20 }, 15, 'green'],
      ['between 10 and 20, below', { operator: 'between', value: 10, valueMax: 20 }, 9.99, 'red'],
      ['between 10 and 20, above', { operator: 'between', value: 10, valueMax: 20 }, 20.01, 'red'],
      ['not between 10 and 20, at the low edge', { operator: 'not_between', value: 10, valueMax: 20 }, 10, 'red'],
      ['not between 10 and 20, at the high edge', { operator: 'not_between', value: 10, valueMax: 20 }, 20, 'red'],
      ['not between 10 and 20, inside', { operator: 'not_between', value: 10, valueMax: 20 }, 15, 'red'],
      ['not between 10 and 20, below', { operator: 'not_between', value: 10, valueMax: 20 }, 9.99, 'green'],
      ['not between 10 and 20, above', { operator: 'not_between', value: 10, valueMax: 20 }, 20.01, 'green'],
      ['a zero band', { operator: '>=', value: 50, band: percentBand(0) }, 49.99, 'red'],
    ]),
  )('%s', (_name, input, value, expected) => {
    expect(scoreStatusOf(goal(input), value)).toBe(expected);
  });
});

describe('scoreStatusOf with a percent band (10% of the nearest edge)', () => {
  const band = percentBand(10);
  it.each(
    statusCases([
      ['>= 50, met', { operator: '>=', value: 50, band }, 50, 'green'],
      ['>= 50, inside the band', { operator: '>=', value: 50, band }, 47, 'yellow'],
      ['>= 50, on the band edge', { operator: '>=', value: 50, band }, 45, 'yellow'],
      ['>= 50, beyond the band', { operator: '>=', value: 50, band }, 44.9, 'red'],
      ['> 50, at the goal itself', { operator: '>', value: 50, band }, 50, 'yellow'],
      ['> 50, on the band edge', { operator: '>', value: 50, band }, 45, 'yellow'],
      ['> 50, beyond the band', { operator: '>', value: 50, band }, 44, 'red'],
      ['<= 50, on the band edge', { operator: '<=', value: 50, band }, 55, 'yellow'],
      ['<= 50, beyond the band', { operator: '<=', value: 50, band }, 55.1, 'red'],
      ['< 50, at the goal itself', { operator: '<', value: 50, band }, 50, 'yellow'],
      ['< 50, on the band edge', { operator: '<', value: 50, band }, 55, 'yellow'],
      ['< 50, beyond the band', { operator: '<', value: 50, band }, 56, 'red'],
      ['= 50, band edge above', { operator: '=', value: 50, band }, 55, 'yellow'],
      ['= 50, band edge below', { operator: '=', value: 50, band }, 45, 'yellow'],
      ['= 50, beyond above', { operator: '=', value: 50, band }, 56, 'red'],
      ['= 50, beyond below', { operator: '=', value: 50, band }, 44, 'red'],
      ['between 10 and 20, low band edge (1)', { operator: 'between', value: 10, valueMax: 20, band }, 9, 'yellow'],
      ['between 10 and 20, beyond low', { operator: 'between', value: 10, valueMax: 20, band }, 8.9, 'red'],
      ['between 10 and 20, high band edge (2)', { operator: 'between', value: 10, valueMax: 20, band }, 22, 'yellow'],
      ['between 10 and 20, beyond high', { operator: 'between', value: 10, valueMax: 20, band }, 22.1, 'red'],
      [
        'not between 10 and 20, at the low edge',
        { operator: 'not_between', value: 10, valueMax: 20, band },
        10,
        'yellow',
      ],
      [
        'not between 10 and 20, low band edge',
        { operator: 'not_between', value: 10, valueMax: 20, band },
        11,
        'yellow',
      ],
      ['not between 10 and 20, deep inside', { operator: 'not_between', value: 10, valueMax: 20, band }, 12, 'red'],
      [
        'not between 10 and 20, high band edge',
        { operator: 'not_between', value: 10, valueMax: 20, band },
        18,
        'yellow',
      ],
      [
        'not between 10 and 20, past high band',
        { operator: 'not_between', value: 10, valueMax: 20, band },
        17.9,
        'red',
      ],
      ['not between 10 and 20, outside', { operator: 'not_between', value: 10, valueMax: 20, band }, 21, 'green'],
      ['>= 0: the band around 0 is empty', { operator: '>=', value: 0, band }, -0.1, 'red'],
      ['<= 0: met at 0', { operator: '<=', value: 0, band }, 0, 'green'],
      ['>= -10, met', { operator: '>=', value: -10, band }, -5, 'green'],
      ['>= -10, on the band edge', { operator: '>=', value: -10, band }, -11, 'yellow'],
      ['>= -10, beyond the band', { operator: '>=', value: -10, band }, -11.5, 'red'],
      ['<= -10, met', { operator: '<=', value: -10, band }, -12, 'green'],
      ['<= -10, on the band edge', { operator: '<=', value: -10, band }, -9, 'yellow'],
      ['<= -10, beyond the band', { operator: '<=', value: -10, band }, -8.5, 'red'],
    ]),
  )('%s', (_name, input, value, expected) => {
    expect(scoreStatusOf(goal(input), value)).toBe(expected);
  });
});

describe('scoreStatusOf with an absolute band', () => {
  it.each(
    statusCases([
      ['>= 50 within 5, on the band edge', { operator: '>=', value: 50, band: absoluteBand(5) }, 45, 'yellow'],
      ['>= 50 within 5, beyond', { operator: '>=', value: 50, band: absoluteBand(5) }, 44.99, 'red'],
      ['<= 50 within 5, inside the band', { operator: '<=', value: 50, band: absoluteBand(5) }, 53, 'yellow'],
      ['<= 50 within 5, beyond', { operator: '<=', value: 50, band: absoluteBand(5) }, 56, 'red'],
      [
        'between 10 and 20 within 2, below',
        { operator: 'between', value: 10, valueMax: 20, band: absoluteBand(2) },
        8,
        'yellow',
      ],
      [
        'between 10 and 20 within 2, far below',
        { operator: 'between', value: 10, valueMax: 20, band: absoluteBand(2) },
        7,
        'red',
      ],
      [
        'between 10 and 20 within 2, above',
        { operator: 'between', value: 10, valueMax: 20, band: absoluteBand(2) },
        22,
        'yellow',
      ],
      [
        'between 10 and 20 within 2, far above',
        { operator: 'between', value: 10, valueMax: 20, band: absoluteBand(2) },
        23,
        'red',
      ],
      ['= 0 within 1, above', { operator: '=', value: 0, band: absoluteBand(1) }, 1, 'yellow'],
      ['= 0 within 1, below', { operator: '=', value: 0, band: absoluteBand(1) }, -1, 'yellow'],
      ['= 0 within 1, beyond', { operator: '=', value: 0, band: absoluteBand(1) }, 1.5, 'red'],
      ['>= -10 within 3', { operator: '>=', value: -10, band: absoluteBand(3) }, -13, 'yellow'],
      ['>= -10 within 3, beyond', { operator: '>=', value: -10, band: absoluteBand(3) }, -13.5, 'red'],
    ]),
  )('%s', (_name, input, value, expected) => {
    expect(scoreStatusOf(goal(input), value)).toBe(expected);
  });

  it('answers missing without a value and no_goal without a goal', () => {
    expect(scoreStatusOf(goal({ operator: '>=', value: 50 }), null)).toBe('missing');
    expect(scoreStatusOf(null, null)).toBe('missing');
    expect(scoreStatusOf(null, 12)).toBe('no_goal');
  });
});

describe('goalSchema', () => {
  it('fills the defaults and drops valueMax of single-value operators', () => {
    expect(goal({ operator: '>=', value: 50 })).toEqual({ operator: '>=', value: 50, valueMax: null, band: null });
    expect(goal({ operator: '<', value: 5, valueMax: 10 })).toEqual({
      operator: '<',
      value: 5,
      valueMax: null,
      band: null,
    });
    expect(goal({ operator: 'between', value: 5, valueMax: 5 })).toMatchObject({ value: 5, valueMax: 5 });
  });

  it('refuses a range with its bounds reversed or without an upper bound', () => {
    expect(firstMessage({ operator: 'between', value: 60, valueMax: 50 })).toBe(GOAL_BOUNDS_MESSAGE);
    expect(firstMessage({ operator: 'not_between', value: 60, valueMax: 50 })).toBe(GOAL_BOUNDS_MESSAGE);
    expect(firstMessage({ operator: 'between', value: 60 })).toBe(GOAL_MAX_REQUIRED_MESSAGE);
    expect(firstMessage({ operator: 'not_between', value: 60, valueMax: null })).toBe(GOAL_MAX_REQUIRED_MESSAGE);
    expect(goalSchema.safeParse({ operator: 'between', value: 60 }).error?.issues[0]?.path).toEqual(['valueMax']);
  });

  it.each([1e308, -1e308, Infinity, -Infinity, 1e12 + 1])('refuses %d with the range message', (value) => {
    expect(firstMessage({ operator: '>=', value })).toBe(SCORE_VALUE_RANGE_MESSAGE);
    expect(scoreNumberSchema.safeParse(value).error?.issues[0]?.message).toBe(SCORE_VALUE_RANGE_MESSAGE);
  });

  it('accepts the limit itself and refuses other shapes', () => {
    expect(scoreNumberSchema.parse(1e12)).toBe(1e12);
    expect(scoreNumberSchema.parse(-1e12)).toBe(-1e12);
    expect(firstMessage({ operator: '>=', value: 5, band: { kind: 'percent', amount: -1 } })).toBe(
      'The yellow band cannot be negative',
    );
    expect(goalSchema.safeParse({ operator: '≥', value: 5 }).success).toBe(false);
    expect(goalSchema.safeParse({ operator: '>=', value: 5, note: 'x' }).success).toBe(false);
  });
});

describe('describeGoal and describeBand', () => {
  const plain = (value: number) => String(value);
  const percent = (value: number) => formatScoreValue(value, { unit: 'percent', currencyCode: null, decimals: 0 });
  const dollars = (value: number) => formatScoreValue(value, { unit: 'currency', currencyCode: 'USD', decimals: 0 });
  const minutes = (value: number) => formatScoreValue(value, { unit: 'time', currencyCode: null, decimals: 0 });

  it.each<[GoalInput | null, (value: number) => string, string]>([
    [{ operator: '>=', value: 50 }, percent, '≥ 50%'],
    [{ operator: '>', value: 1000 }, dollars, '> $1,000'],
    [{ operator: '<=', value: 90 }, minutes, '≤ 1:30'],
    [{ operator: '<', value: 3 }, plain, '< 3'],
    [{ operator: '=', value: 1 }, plain, '= 1'],
    [{ operator: 'between', value: 10, valueMax: 20 }, percent, 'between 10% and 20%'],
    [{ operator: 'not_between', value: 5, valueMax: 10 }, plain, 'not between 5 and 10'],
    [null, plain, 'No goal'],
  ])('writes %o as %j', (input, format, text) => {
    expect(describeGoal(input ? goal(input) : null, format)).toBe(text);
  });

  it('writes the band as a person reads it, or nothing when there is none', () => {
    expect(describeBand(percentBand(10), dollars)).toBe('yellow within 10%');
    expect(describeBand(absoluteBand(5), dollars)).toBe('yellow within $5');
    expect(describeBand(absoluteBand(0), dollars)).toBeNull();
    expect(describeBand(null, dollars)).toBeNull();
  });
});

describe('scoreNumberSchema', () => {
  it.each([NaN, '5', null])('refuses %j as not a number', (value) => {
    expect(scoreNumberSchema.safeParse(value).error?.issues[0]?.message).toBe('Must be a number');
  });
});
