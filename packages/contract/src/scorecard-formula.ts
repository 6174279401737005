import { SCORE_VALUE_LIMIT } from './scorecard-goals.js';
import { FormulaSyntaxError, parseOrThrow } from './scorecard-formula-parser.js';

/**
 * Formula measurables: a value computed from other measurables of the same team for the same
 * period. Stored text refers to measurables by id in braces: `{3f1c…} / {9ab2…} * 100`,
 * `sum({a}, {b}, {c})`, `average({a}, {b})`. People read and type them with titles in square
 * brackets: `[Revenue] - [Costs]` (see `formulaToDisplay` / `formulaFromDisplay`).
 * Grammar: numbers, references, + - * /, unary minus, parentheses, sum(…) and average(…) with
 * one to 50 arguments (each any expression). At most FORMULA_MAX_LENGTH characters and
 * FORMULA_MAX_REFERENCES distinct references.
 */
export const FORMULA_MAX_LENGTH = 2000;
export const FORMULA_MAX_REFERENCES = 50;

export type FormulaNode =
  | { type: 'number'; value: number }
  | { type: 'reference'; id: string }
  | { type: 'negate'; operand: FormulaNode }
  | { type: 'binary'; operator: '+' | '-' | '*' | '/'; left: FormulaNode; right: FormulaNode }
  | { type: 'call'; name: 'sum' | 'average'; args: FormulaNode[] };

export type ParsedFormula = { ok: true; node: FormulaNode; references: string[] } | { ok: false; message: string };

const TOO_LONG_MESSAGE = `A formula must be at most ${FORMULA_MAX_LENGTH} characters`;

/** Parses stored text (references as `{uuid}`). Messages say where: "Unexpected ")" at character 12". */
export function parseFormula(text: string): ParsedFormula {
  if (text.length > FORMULA_MAX_LENGTH) return { ok: false, message: TOO_LONG_MESSAGE };
  try {
    return { ok: true, ...parseOrThrow(text, FORMULA_MAX_REFERENCES) };
  } catch (error) {
    if (!(error instanceof FormulaSyntaxError)) throw error;
    const { at, end, describe } = error.problem;
    return { ok: false, message: describe(text.slice(at, end), at + 1) };
  }
}

/** A computed cell's value, or why it has none. */
export type FormulaResult =
  | { ok: true; value: number }
  | { ok: false; reason: 'missing_inputs'; missingIds: string[] }
  | { ok: false; reason: 'division_by_zero' }
  | { ok: false; reason: 'out_of_range' };

class DivisionByZero extends Error {}

function referencedIds(node: FormulaNode, into: Set<string>): Set<string> {
  switch (node.type) {
    case 'number':
      break;
    case 'reference':
      into.add(node.id);
      break;
    case 'negate':
      referencedIds(node.operand, into);
      break;
    case 'binary':
      referencedIds(node.left, into);
      referencedIds(node.right, into);
      break;
    case 'call':
      for (const arg of node.args) referencedIds(arg, into);
  }
  return into;
}

function compute(node: FormulaNode, values: ReadonlyMap<string, number>): number {
  switch (node.type) {
    case 'number':
      return node.value;
    case 'reference':
      return values.get(node.id) ?? Number.NaN;
    case 'negate':
      return -compute(node.operand, values);
    case 'binary': {
      const left = compute(node.left, values);
      const right = compute(node.right, values);
      if (node.operator === '+') return left + right;
      if (node.operator === '-') return left - right;
      if (node.operator === '*') return left * right;
      if (right === 0) throw new DivisionByZero();
      return left / right;
    }
    case 'call': {
      const total = node.args.reduce((sum, arg) => sum + compute(arg, values), 0);
      return node.name === 'sum' ? total : total / node.args.length;
    }
  }
}

/**
 * Evaluates a parsed formula. Any missing input makes the result missing (a number that has not
 * arrived yet is not zero), inside sum and average too, and all missing ids are listed; a zero
 * divisor answers division_by_zero; a result that is not finite or beyond ±SCORE_VALUE_LIMIT
 * answers out_of_range.
 */
export function evaluateFormula(node: FormulaNode, valueOf: (id: string) => number | null): FormulaResult {
  const values = new Map<string, number>();
  const missingIds: string[] = [];
  for (const id of referencedIds(node, new Set())) {
    const value = valueOf(id);
    if (value === null) missingIds.push(id);
    else values.set(id, value);
  }
  if (missingIds.length > 0) return { ok: false, reason: 'missing_inputs', missingIds };
  let value: number;
  try {
    value = compute(node, values);
  } catch (error) {
    if (error instanceof DivisionByZero) return { ok: false, reason: 'division_by_zero' };
    throw error;
  }
  if (!Number.isFinite(value) || Math.abs(value) > SCORE_VALUE_LIMIT) return { ok: false, reason: 'out_of_range' };
  return { ok: true, value: value || 0 };
}

/**
 * The first cycle created if measurable `id` used `references`, given every other formula of the
 * team (`formulas`: id → referenced ids). Answers the cycle as ids from `id` back to `id`
 * (e.g. [a, b, a]), or null. A formula referring to itself is the cycle [id, id].
 */
export function findFormulaCycle(
  id: string,
  references: readonly string[],
  formulas: ReadonlyMap<string, readonly string[]>,
): string[] | null {
  const visited = new Set<string>();
  // Depth-first from each reference; a node already explored cannot lead back to `id`.
  const pathBack = (from: string, path: string[]): string[] | null => {
    if (from === id) return [...path, id];
    if (visited.has(from)) return null;
    visited.add(from);
    for (const next of formulas.get(from) ?? []) {
      const found = pathBack(next, [...path, from]);
      if (found) return found;
    }
    return null;
  };
  for (const reference of references) {
    const found = pathBack(reference, [id]);
    if (found) return found;
  }
  return null;
}

const STORED_REFERENCE = /\{([^{}]*)\}/g;

/** Stored text → display text with `[Title]` (unknown ids shown as `[unknown measurable]`). */
export function formulaToDisplay(text: string, titleOf: (id: string) => string | undefined): string {
  return text.replace(
    STORED_REFERENCE,
    (_, id: string) => `[${titleOf(id.trim().toLowerCase()) ?? 'unknown measurable'}]`,
  );
}

/** A stretch of stored text and the display text it came from. */
interface Segment {
  storedAt: number;
  displayAt: number;
  displayEnd: number;
  literal: boolean;
}

const displayIndexOf = (segments: Segment[], storedIndex: number, displayLength: number) => {
  const segment = segments.findLast((candidate) => candidate.storedAt <= storedIndex);
  if (!segment) return storedIndex;
  if (!segment.literal) return segment.displayAt;
  return Math.min(segment.displayAt + storedIndex - segment.storedAt, displayLength);
};

/**
 * Display text → stored text. `[Title]` matches a title case-insensitively (trimmed); an unknown or
 * ambiguous title answers a message naming it: `No measurable of this team is called "Revnue"`.
 */
export function formulaFromDisplay(
  text: string,
  idOf: (title: string) => string[],
): { ok: true; text: string } | { ok: false; message: string } {
  let stored = '';
  const segments: Segment[] = [];
  for (let index = 0; index < text.length;) {
    const open = text.indexOf('[', index);
    const literalEnd = open < 0 ? text.length : open;
    if (literalEnd > index) {
      segments.push({ storedAt: stored.length, displayAt: index, displayEnd: literalEnd, literal: true });
      stored += text.slice(index, literalEnd);
    }
    if (open < 0) break;
    const close = text.indexOf(']', open);
    if (close < 0) return { ok: false, message: `Unclosed "[" at character ${open + 1}: a title ends with "]"` };
    const title = text.slice(open + 1, close).trim();
    if (title === '') {
      return { ok: false, message: `Write a measurable's title between the brackets at character ${open + 1}` };
    }
    const ids = [...new Set(idOf(title))];
    if (ids.length === 0) return { ok: false, message: `No measurable of this team is called "${title}"` };
    if (ids.length > 1) {
      return { ok: false, message: `Several measurables of this team are called "${title}"; rename one first` };
    }
    segments.push({ storedAt: stored.length, displayAt: open, displayEnd: close + 1, literal: false });
    stored += `{${ids[0]}}`;
    index = close + 1;
  }
  if (stored.length > FORMULA_MAX_LENGTH) {
    const referenceLength = `{${'0'.repeat(36)}}`.length;
    return {
      ok: false,
      message: `${TOO_LONG_MESSAGE}, each measurable counting as ${referenceLength}; shorten this one`,
    };
  }
  // Checked here too so that a mistake is pointed out in the text the person typed, not the stored one.
  try {
    parseOrThrow(stored, FORMULA_MAX_REFERENCES);
  } catch (error) {
    if (!(error instanceof FormulaSyntaxError)) throw error;
    const { at, end, describe } = error.problem;
    const displayAt = displayIndexOf(segments, at, text.length);
    const endSegment = segments.findLast((candidate) => candidate.storedAt < end);
    const displayEnd =
      endSegment && !endSegment.literal ? endSegment.displayEnd : displayIndexOf(segments, end, text.length);
    return { ok: false, message: describe(text.slice(displayAt, Math.max(displayAt, displayEnd)), displayAt + 1) };
  }
  return { ok: true, text: stored };
}
