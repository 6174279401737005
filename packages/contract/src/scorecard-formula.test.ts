import { describe, expect, it } from 'vitest';
import {
  evaluateFormula,
  findFormulaCycle,
  FORMULA_MAX_LENGTH,
  FORMULA_MAX_REFERENCES,
  formulaFromDisplay,
  formulaToDisplay,
  parseFormula,
  type FormulaNode,
} from './scorecard-formula.js';

const a = '11111111-1111-4111-8111-111111111111';
const b = '22222222-2222-4222-8222-222222222222';
const c = '33333333-3333-4333-8333-333333333333';
const d = '44444444-4444-4444-8444-444444444444';
const idNumbered = (index: number) => `00000000-0000-4000-8000-${String(index).padStart(12, '0')}`;

const parsed = (text: string) => {
  const result = parseFormula(text);
  if (!result.ok) throw new Error(`expected ${text} to parse: ${result.message}`);
  return result;
};
const messageOf = (text: string) => {
  const result = parseFormula(text);
  return result.ok ? null : result.message;
};
const valueOf = (text: string, values: Record<string, number | null> = {}) =>
  evaluateFormula(parsed(text).node, (id) => values[id] ?? null);

describe('parseFormula', () => {
  it('reads numbers, references, unary minus and calls into a tree', () => {
    expect(parsed('42').node).toEqual({ type: 'number', value: 42 });
    expect(parsed(` {${a}} `)).toEqual({ ok: true, node: { type: 'reference', id: a }, references: [a] });
    expect(parsed('-2.5').node).toEqual({ type: 'negate', operand: { type: 'number', value: 2.5 } });
    expect(parsed(`sum({${a}}, 2)`).node).toEqual({
      type: 'call',
      name: 'sum',
      args: [
        { type: 'reference', id: a },
        { type: 'number', value: 2 },
      ],
    });
  });

  it('binds * and / tighter than + and -, left to right', () => {
    const one = { type: 'number', value: 1 } as const;
    const two = { type: 'number', value: 2 } as const;
    const three = { type: 'number', value: 3 } as const;
    expect(parsed('1 + 2 * 3').node).toEqual({
      type: 'binary',
      operator: '+',
      left: one,
      right: { type: 'binary', operator: '*', left: two, right: three },
    } satisfies FormulaNode);
    expect(parsed('1 - 2 - 3').node).toEqual({
      type: 'binary',
      operator: '-',
      left: { type: 'binary', operator: '-', left: one, right: two },
      right: three,
    } satisfies FormulaNode);
  });

  it.each<[string, number]>([
    ['1 + 2 * 3', 7],
    ['(1 + 2) * 3', 9],
    ['10 - 4 - 3', 3],
    ['24 / 4 / 2', 3],
    ['2 * -3', -6],
    ['--3', 3],
    ['-(2 + 3) * 2', -10],
    ['.5 + 0.25', 0.75],
    ['sum(1, 2, 3 * 2)', 9],
    ['average(1, 2, 6)', 3],
    ['SUM(1, average(2, 4))', 4],
    ['((((7))))', 7],
  ])('computes %s = %d', (text, expected) => {
    expect(valueOf(text)).toEqual({ ok: true, value: expected });
  });

  it('lists distinct references in order of first use, lower-cased', () => {
    expect(parsed(`{${b}} + {${a}} * {${b}} + {${c.toUpperCase()}}`).references).toEqual([b, a, c]);
  });

  it('reads a deeply nested formula at the maximum length', () => {
    const depth = (FORMULA_MAX_LENGTH - 1) / 2;
    expect(valueOf(`${'('.repeat(depth)}1${')'.repeat(depth)}`)).toEqual({ ok: true, value: 1 });
  });

  it.each<[string, string]>([
    ['', 'Write a formula'],
    ['   ', 'Write a formula'],
    ['1 + )', 'Unexpected ")" at character 5'],
    ['1 2', 'Unexpected "2" at character 3'],
    ['1 # 2', 'Unexpected "#" at character 3'],
    ['* 2', 'Unexpected "*" at character 1'],
    ['revenue + 1', 'Unexpected "revenue" at character 1'],
    ['sum + 1', 'Unexpected "sum" at character 1'],
    ['1 +', 'The formula ends too early at character 4'],
    ['(1 + 2', 'The "(" at character 1 is never closed: add ")"'],
    ['2 * (1 + (2)', 'The "(" at character 5 is never closed: add ")"'],
    ['sum(1, 2', 'The "(" at character 4 is never closed: add ")"'],
    ['max(1, 2)', 'Unknown function "max" at character 1: use sum(…) or average(…)'],
    ['1 + sum()', 'sum(…) at character 5 needs at least one value'],
    ['{abc}', '"{abc}" at character 1 is not a reference to a measurable'],
    [`1 + {${a}x}`, `"{${a}x}" at character 5 is not a reference to a measurable`],
    [`{${a}`, 'Unclosed "{" at character 1: a reference ends with "}"'],
    ['1+'.repeat(1000) + '1', `A formula must be at most ${FORMULA_MAX_LENGTH} characters`],
  ])('refuses %j: %s', (text, message) => {
    expect(messageOf(text)).toBe(message);
  });

  it('refuses more distinct references than allowed, naming where', () => {
    const references = (count: number) => Array.from({ length: count }, (_, index) => `{${idNumbered(index)}}`);
    expect(parsed(references(FORMULA_MAX_REFERENCES).join('+')).references).toHaveLength(FORMULA_MAX_REFERENCES);
    expect(parsed([...references(FORMULA_MAX_REFERENCES), `{${idNumbered(0)}}`].join('+')).references).toHaveLength(
      FORMULA_MAX_REFERENCES,
    );
    const tooMany = references(FORMULA_MAX_REFERENCES + 1).join('+');
    expect(messageOf(tooMany)).toBe(
      `A formula can use at most ${FORMULA_MAX_REFERENCES} measurables; the one at character ${tooMany.lastIndexOf('{') + 1} is one too many`,
    );
  });

  it('refuses more than 50 values in one call', () => {
    expect(parseFormula(`sum(${Array(50).fill('1').join(',')})`).ok).toBe(true);
    expect(messageOf(`sum(${Array(51).fill('1').join(',')})`)).toBe('sum(…) at character 1 takes at most 50 values');
  });
});

describe('evaluateFormula', () => {
  it('computes with every input present, zero included', () => {
    expect(valueOf(`{${a}} / {${b}} * 100`, { [a]: 1, [b]: 4 })).toEqual({ ok: true, value: 25 });
    expect(valueOf(`{${a}} - {${b}}`, { [a]: 0, [b]: 0 })).toEqual({ ok: true, value: 0 });
    expect(valueOf(`average({${a}}, {${b}})`, { [a]: -3, [b]: 4 })).toEqual({ ok: true, value: 0.5 });
  });

  it('answers missing inputs, listing every missing id once, inside sum and average too', () => {
    expect(valueOf(`{${a}} + {${b}} + {${c}} + {${b}}`, { [a]: 1 })).toEqual({
      ok: false,
      reason: 'missing_inputs',
      missingIds: [b, c],
    });
    expect(valueOf(`sum({${a}}, {${b}})`, { [a]: 1 })).toEqual({
      ok: false,
      reason: 'missing_inputs',
      missingIds: [b],
    });
    expect(valueOf(`average({${a}}, {${b}}) * 2`, { [b]: 1 })).toEqual({
      ok: false,
      reason: 'missing_inputs',
      missingIds: [a],
    });
    expect(valueOf(`{${a}} / 0`, {})).toEqual({ ok: false, reason: 'missing_inputs', missingIds: [a] });
  });

  it('answers division by zero', () => {
    expect(valueOf('1 / 0')).toEqual({ ok: false, reason: 'division_by_zero' });
    expect(valueOf(`{${a}} / ({${b}} - {${b}})`, { [a]: 5, [b]: 2 })).toEqual({
      ok: false,
      reason: 'division_by_zero',
    });
    expect(valueOf(`0 / {${a}}`, { [a]: 2 })).toEqual({ ok: true, value: 0 });
  });

  it('answers out of range beyond the score limit or for a result that is not finite', () => {
    expect(valueOf(`{${a}} * {${a}}`, { [a]: 1e12 })).toEqual({ ok: false, reason: 'out_of_range' });
    expect(valueOf('1000000000000 + 1')).toEqual({ ok: false, reason: 'out_of_range' });
    expect(valueOf('-1000000000000 - 1')).toEqual({ ok: false, reason: 'out_of_range' });
    expect(valueOf('9'.repeat(400))).toEqual({ ok: false, reason: 'out_of_range' });
    expect(valueOf(`{${a}} * {${a}} / {${a}}`, { [a]: 1e12 })).toEqual({ ok: true, value: 1e12 });
  });

  it('never answers negative zero', () => {
    const result = valueOf('-0 * 5');
    expect(result.ok && Object.is(result.value, 0)).toBe(true);
  });
});

describe('findFormulaCycle', () => {
  const formulas = (entries: Record<string, string[]>) => new Map(Object.entries(entries));

  it.each<[string, string[], Record<string, string[]>, string[] | null]>([
    ['self reference', [a], {}, [a, a]],
    ['two steps', [b], { [b]: [a] }, [a, b, a]],
    ['a longer loop', [b], { [b]: [c], [c]: [d], [d]: [a] }, [a, b, c, d, a]],
    ['the second reference closing the loop', [b, c], { [b]: [], [c]: [a] }, [a, c, a]],
    ['its own previous formula being ignored', [b], { [a]: [c], [b]: [a] }, [a, b, a]],
    ['a diamond without a cycle', [b, c], { [b]: [d], [c]: [d], [d]: [] }, null],
    ['a loop among other measurables only', [b], { [b]: [c], [c]: [b] }, null],
    ['no references', [], { [b]: [a] }, null],
  ])('finds %s', (_name, references, entries, expected) => {
    expect(findFormulaCycle(a, references, formulas(entries))).toEqual(expected);
  });
});

describe('display text', () => {
  const titles: Record<string, string> = {
    [a]: 'Revenue (net), USD',
    [b]: 'Cost: marketing & sales',
    [c]: 'Calls / week',
  };
  const titleOf = (id: string) => titles[id];
  const idOf = (title: string) =>
    Object.entries({ ...titles, [d]: 'Calls / Week' })
      .filter(([, candidate]) => candidate.toLocaleLowerCase() === title.toLocaleLowerCase())
      .map(([id]) => id);

  it('shows references as titles in brackets, unknown ones as such', () => {
    expect(formulaToDisplay(`({${a}} - {${b}}) / {${a}} * 100`, titleOf)).toBe(
      '([Revenue (net), USD] - [Cost: marketing & sales]) / [Revenue (net), USD] * 100',
    );
    expect(formulaToDisplay(`sum({${d}}, 1)`, () => undefined)).toBe('sum([unknown measurable], 1)');
  });

  it('round trips stored text through the display text', () => {
    const stored = `average({${a}}, {${b}}) - -{${a}} / 2`;
    expect(formulaFromDisplay(formulaToDisplay(stored, titleOf), idOf)).toEqual({ ok: true, text: stored });
  });

  it('matches titles trimmed and whatever their case, and keeps stored references', () => {
    const seen: string[] = [];
    const converted = formulaFromDisplay(`[ revenue (NET), usd ] * 2 + {${b}}`, (title) => {
      seen.push(title);
      return idOf(title);
    });
    expect(converted).toEqual({ ok: true, text: `{${a}} * 2 + {${b}}` });
    expect(seen).toEqual(['revenue (NET), usd']);
    expect(formulaFromDisplay('[Revenue (net), USD]', () => [a, a])).toEqual({ ok: true, text: `{${a}}` });
  });

  it.each<[string, string]>([
    ['[Revnue] + 1', 'No measurable of this team is called "Revnue"'],
    ['[unknown measurable]', 'No measurable of this team is called "unknown measurable"'],
    ['[Calls / week] * 2', 'Several measurables of this team are called "Calls / week"; rename one first'],
    ['[Revenue (net), USD + 1', 'Unclosed "[" at character 1: a title ends with "]"'],
    ['1 + [ ]', "Write a measurable's title between the brackets at character 5"],
    ['[Revenue (net), USD] [Cost: marketing & sales]', 'Unexpected "[Cost: marketing & sales]" at character 22'],
    ['[Revenue (net), USD] # 2', 'Unexpected "#" at character 22'],
    ['[Revenue (net), USD] +', 'The formula ends too early at character 23'],
    ['([Revenue (net), USD] - 2', 'The "(" at character 1 is never closed: add ")"'],
    ['2 * max([Revenue (net), USD])', 'Unknown function "max" at character 5: use sum(…) or average(…)'],
    ['', 'Write a formula'],
  ])('refuses %j: %s', (text, message) => {
    expect(formulaFromDisplay(text, idOf)).toEqual({ ok: false, message });
  });

  it('points at the reference one too many in the display text', () => {
    const many = Array.from({ length: FORMULA_MAX_REFERENCES + 1 }, (_, index) => `[M${index}]`).join('+');
    const idOfNumbered = (title: string) => [idNumbered(Number(title.slice(1)))];
    expect(formulaFromDisplay(many, idOfNumbered)).toEqual({
      ok: false,
      message: `A formula can use at most ${FORMULA_MAX_REFERENCES} measurables; the one at character ${many.lastIndexOf('[') + 1} is one too many`,
    });
  });

  it('refuses a display text whose stored form is too long', () => {
    const long = Array.from({ length: 60 }, () => '[Revenue (net), USD]').join(' + ');
    expect(long.length).toBeLessThan(FORMULA_MAX_LENGTH);
    expect(formulaFromDisplay(long, idOf)).toEqual({
      ok: false,
      message: `A formula must be at most ${FORMULA_MAX_LENGTH} characters, each measurable counting as 38; shorten this one`,
    });
  });
});
