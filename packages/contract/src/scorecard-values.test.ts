import { describe, expect, it } from 'vitest';
import { SCORE_VALUE_RANGE_MESSAGE } from './scorecard-goals.js';
import {
  formatScoreForCopy,
  formatScoreValue,
  parseGoalText,
  parsePastedBlock,
  parseScoreInput,
  type ValueFormat,
} from './scorecard-values.js';

const number = (decimals = 2): ValueFormat => ({ unit: 'number', currencyCode: null, decimals });
const currency = (currencyCode: string | null, decimals = 0): ValueFormat => ({
  unit: 'currency',
  currencyCode,
  decimals,
});
const percent = (decimals = 1): ValueFormat => ({ unit: 'percent', currencyCode: null, decimals });
const yesNo: ValueFormat = { unit: 'yes_no', currencyCode: null, decimals: 0 };
const time: ValueFormat = { unit: 'time', currencyCode: null, decimals: 0 };

const valueOf = (text: string, format: ValueFormat) => parseScoreInput(text, format);

describe('parseScoreInput', () => {
  it.each<[string, ValueFormat, number]>([
    ['1,234.5', number(), 1234.5],
    ['-3', number(), -3],
    [' 42 ', number(), 42],
    ['1 234', number(), 1234],
    ['1\u00a0234\u2009567.25', number(), 1234567.25],
    ['1\u2009234', number(), 1234],
    ['−7.5', number(), -7.5],
    ['.5', number(), 0.5],
    ['0', number(), 0],
    ['$1,250', currency('USD'), 1250],
    ['1250 USD', currency('USD'), 1250],
    ['1250 usd', currency('USD'), 1250],
    ['USD 1,250.75', currency('USD', 2), 1250.75],
    ['-$1,250', currency('USD'), -1250],
    ['$-5', currency('USD'), -5],
    ['€12', currency('EUR'), 12],
    ['1 234 €', currency('EUR'), 1234],
    ['CA$10', currency('CAD'), 10],
    ['$10', currency('CAD'), 10],
    ['1250', currency('GBP'), 1250],
    ['1,250', currency(null), 1250],
    ['50', percent(), 50],
    ['50%', percent(), 50],
    ['12.5 %', percent(), 12.5],
    ['-4%', percent(), -4],
    ['yes', yesNo, 1],
    ['No', yesNo, 0],
    ['Y', yesNo, 1],
    ['n', yesNo, 0],
    ['TRUE', yesNo, 1],
    ['false', yesNo, 0],
    ['1', yesNo, 1],
    ['0', yesNo, 0],
    ['✓', yesNo, 1],
    ['✗', yesNo, 0],
    ['1:30', time, 90],
    ['0:05', time, 5],
    ['12:00', time, 720],
    ['90', time, 90],
    ['1.5h', time, 90],
    ['2 hours', time, 120],
    ['45 min', time, 45],
  ])('reads %j as %d', (text, format, expected) => {
    expect(valueOf(text, format)).toEqual({ ok: true, value: expected });
  });

  it.each([number(), currency('USD'), percent(), yesNo, time])('clears the cell for blank text (%o)', (format) => {
    expect(valueOf('', format)).toEqual({ ok: true, value: null });
    expect(valueOf('   \t', format)).toEqual({ ok: true, value: null });
  });

  it.each<[string, ValueFormat, string]>([
    ['abc', number(), 'Type a number, such as 1,250.5'],
    ['(12)', number(), 'Type a number, such as 1,250.5'],
    ['1,23', number(), 'Type a number, such as 1,250.5'],
    ['1,234 567', number(), 'Type a number, such as 1,250.5'],
    ['1e308', number(), 'Type a number, such as 1,250.5'],
    ['12%', number(), 'Type a number, such as 1,250.5'],
    ['abc', currency('USD'), 'Type an amount in USD, such as $1,250'],
    ['€12', currency('USD'), 'Type an amount in USD, such as $1,250'],
    ['$12', currency('EUR', 2), 'Type an amount in EUR, such as €1,250.00'],
    ['--5', currency('USD'), 'Type an amount in USD, such as $1,250'],
    ['abc', percent(), 'Type a percentage, such as 12.5 or 12.5%'],
    ['50%%', percent(), 'Type a percentage, such as 12.5 or 12.5%'],
    ['abc', yesNo, 'Type yes or no'],
    ['2', yesNo, 'Type yes or no'],
    ['abc', time, 'Type a time as hours:minutes, such as 1:30, or as minutes, such as 90'],
    ['1:75', time, 'Type a time as hours:minutes, such as 1:30, or as minutes, such as 90'],
    ['-5', time, 'Type a time as hours:minutes, such as 1:30, or as minutes, such as 90'],
  ])('refuses %j with a message naming what to type', (text, format, message) => {
    expect(valueOf(text, format)).toEqual({ ok: false, message });
  });

  it('refuses numbers beyond the score limit with the range message', () => {
    expect(valueOf('1,000,000,000,001', number())).toEqual({ ok: false, message: SCORE_VALUE_RANGE_MESSAGE });
    expect(valueOf('-2000000000000', number())).toEqual({ ok: false, message: SCORE_VALUE_RANGE_MESSAGE });
    expect(valueOf('9'.repeat(400), number())).toEqual({ ok: false, message: SCORE_VALUE_RANGE_MESSAGE });
    expect(valueOf('1,000,000,000,000', number())).toEqual({ ok: true, value: 1e12 });
  });

  it('rounds to the measurable decimals, halves away from zero', () => {
    expect(valueOf('1.005', number(2))).toEqual({ ok: true, value: 1.01 });
    expect(valueOf('-1.005', number(2))).toEqual({ ok: true, value: -1.01 });
    expect(valueOf('2.5', number(0))).toEqual({ ok: true, value: 3 });
    expect(valueOf('-0.4', number(0))).toEqual({ ok: true, value: 0 });
    expect(valueOf('12.3456789', percent(4))).toEqual({ ok: true, value: 12.3457 });
    expect(valueOf('$1,250.499', currency('USD', 2))).toEqual({ ok: true, value: 1250.5 });
    expect(valueOf('1:30', { ...time, decimals: 2 })).toEqual({ ok: true, value: 90 });
    expect(valueOf('1.51h', time)).toEqual({ ok: true, value: 91 });
  });
});

describe('formatScoreValue', () => {
  it.each<[number | null, ValueFormat, string]>([
    [1250.5, number(1), '1,250.5'],
    [1250.5, number(0), '1,251'],
    [-3, number(2), '-3.00'],
    [-0.001, number(2), '0.00'],
    [1250, currency('USD'), '$1,250'],
    [12.5, currency('EUR', 2), '€12.50'],
    [-1250, currency('USD'), '-$1,250'],
    [1250, currency('CAD'), 'CA$1,250'],
    [1250, currency(null), '1,250'],
    [50, percent(0), '50%'],
    [12.25, percent(1), '12.3%'],
    [1, yesNo, 'Yes'],
    [0, yesNo, 'No'],
    [90, time, '1:30'],
    [5, time, '0:05'],
    [1500, time, '25:00'],
    [-90, time, '-1:30'],
    [null, number(), ''],
    [null, yesNo, ''],
  ])('shows %d as %j', (value, format, expected) => {
    expect(formatScoreValue(value, format)).toBe(expected);
  });
});

describe('formatScoreForCopy', () => {
  it.each<[number, ValueFormat, string]>([
    [1250.5, number(2), '1250.5'],
    [-1234567.25, number(2), '-1234567.25'],
    [1250, currency('USD', 2), '1250'],
    [50, percent(0), '50%'],
    [12.5, percent(1), '12.5%'],
    [1, yesNo, 'Yes'],
    [0, yesNo, 'No'],
    [90, time, '1:30'],
    [1e12, number(0), '1000000000000'],
  ])('copies %d as %j and reads it back as the same value', (value, format, expected) => {
    expect(formatScoreForCopy(value, format)).toBe(expected);
    expect(parseScoreInput(expected, format)).toEqual({ ok: true, value });
  });

  it('copies an empty cell as empty text', () => {
    expect(formatScoreForCopy(null, number())).toBe('');
    expect(parseScoreInput('', number())).toEqual({ ok: true, value: null });
  });

  it('reads back what formatScoreValue shows', () => {
    const samples: [number, ValueFormat][] = [
      [1250.5, number(1)],
      [-1250, currency('USD')],
      [12.5, currency('EUR', 2)],
      [33.3, percent(1)],
      [1, yesNo],
      [605, time],
    ];
    for (const [value, format] of samples) {
      expect(parseScoreInput(formatScoreValue(value, format), format)).toEqual({ ok: true, value });
    }
  });
});

describe('parsePastedBlock', () => {
  const limits = { maxCells: 6, maxChars: 100 };

  it.each<[string, string, string[][]]>([
    ['a column', '1\n2\n3', [['1'], ['2'], ['3']]],
    [
      'a block',
      '1\t2\n3\t4',
      [
        ['1', '2'],
        ['3', '4'],
      ],
    ],
    [
      'Windows line endings',
      '1\t2\r\n3\t4\r\n',
      [
        ['1', '2'],
        ['3', '4'],
      ],
    ],
    ['a trailing newline', '1\n2\n', [['1'], ['2']]],
    ['one cell', '42', [['42']]],
    ['empty cells', '1\t\t3', [['1', '', '3']]],
    ['a blank line in the middle', '1\n\n3', [['1'], [''], ['3']]],
    ['doubled quotes', '"a""b"\t2', [['a"b', '2']]],
    ['a newline and a tab inside quotes', '"line 1\nline 2"\t"x\ty"\n3', [['line 1\nline 2', 'x\ty'], ['3']]],
    ['a quote inside an unquoted cell', 'say "hi"\t2', [['say "hi"', '2']]],
    ['an unclosed quote, read literally', '"open\t2\n3', [['"open', '2'], ['3']]],
    ['an empty quoted cell', '""\t1', [['', '1']]],
    ['nothing', '', []],
  ])('reads %s', (_name, text, rows) => {
    expect(parsePastedBlock(text, limits)).toEqual({ ok: true, rows });
  });

  it('refuses more cells than allowed, saying the limits', () => {
    expect(parsePastedBlock('1\t2\t3\n4\t5\t6\n', limits)).toMatchObject({ ok: true });
    expect(parsePastedBlock('1\t2\t3\n4\t5\t6\n7', limits)).toEqual({
      ok: false,
      message: 'Paste at most 6 cells and 100 characters at once; this paste has more than 6 cells',
    });
  });

  it('refuses more characters than allowed before reading them, saying the limits', () => {
    expect(parsePastedBlock('1'.repeat(101), limits)).toEqual({
      ok: false,
      message: 'Paste at most 6 cells and 100 characters at once; this paste has 101 characters',
    });
    expect(parsePastedBlock('9'.repeat(200_001), { maxCells: 2000, maxChars: 200_000 })).toEqual({
      ok: false,
      message: 'Paste at most 2,000 cells and 200,000 characters at once; this paste has 200,001 characters',
    });
  });
});

describe('parseGoalText', () => {
  it.each<[string, ValueFormat, object]>([
    ['>= 50%', percent(), { operator: '>=', value: 50 }],
    ['≥ 90%', percent(), { operator: '>=', value: 90 }],
    ['=> 90', percent(), { operator: '>=', value: 90 }],
    ['<= 3', number(), { operator: '<=', value: 3 }],
    ['≤3', number(), { operator: '<=', value: 3 }],
    ['= 100', number(), { operator: '=', value: 100 }],
    ['> $1,000', currency('USD'), { operator: '>', value: 1000 }],
    ['< -5', number(), { operator: '<', value: -5 }],
    ['>= 12.345', number(0), { operator: '>=', value: 12.345 }],
    ['<= 1:30', time, { operator: '<=', value: 90 }],
    ['50 - 60', number(), { operator: 'between', value: 50, valueMax: 60 }],
    ['50-60%', percent(), { operator: 'between', value: 50, valueMax: 60 }],
    ['-10 - -5', number(), { operator: 'between', value: -10, valueMax: -5 }],
    ['60 – 50', number(), { operator: 'between', value: 50, valueMax: 60 }],
    ['$1,000 to $2,000', currency('USD'), { operator: 'between', value: 1000, valueMax: 2000 }],
    ['between 50 and 60', number(), { operator: 'between', value: 50, valueMax: 60 }],
    ['Between 50% and 60%', percent(), { operator: 'between', value: 50, valueMax: 60 }],
    ['not between 5 and 10', number(), { operator: 'not_between', value: 5, valueMax: 10 }],
    ['= Yes', yesNo, { operator: '=', value: 1 }],
    ['= 1', yesNo, { operator: '=', value: 1 }],
    ['Yes', yesNo, { operator: '=', value: 1 }],
    ['no', yesNo, { operator: '=', value: 0 }],
  ])('reads %j', (text, format, goal) => {
    expect(parseGoalText(text, format)).toEqual(goal);
  });

  it.each<[string, ValueFormat]>([
    ['', number()],
    ['soon', number()],
    ['50', number()],
    ['>= lots', number()],
    ['>= 50%%', percent()],
    ['between 5 and', number()],
    ['between x and 10', number()],
    ['!= 5', number()],
    ['>= 1e308', number()],
    ['= maybe', yesNo],
  ])('answers null for %j', (text, format) => {
    expect(parseGoalText(text, format)).toBeNull();
  });
});
