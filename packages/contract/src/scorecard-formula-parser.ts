import type { FormulaNode } from './scorecard-formula.js';

// The formula grammar's tokenizer and recursive-descent parser; the public API is scorecard-formula.ts.

const FORMULA_ARGUMENTS_MAX = 50;
const FUNCTION_NAMES = ['sum', 'average'] as const;

/**
 * Where a formula goes wrong (`at`..`end`, 0-based, in the parsed text) and how to say it, given the
 * text found there and its 1-based character: the display form quotes `[Revenue]` where the stored
 * form has `{3f1c…}`.
 */
export interface FormulaProblem {
  at: number;
  end: number;
  describe: (found: string, character: number) => string;
}

export class FormulaSyntaxError extends Error {
  constructor(readonly problem: FormulaProblem) {
    super('formula syntax');
  }
}

const fail = (at: number, end: number, describe: FormulaProblem['describe']): never => {
  throw new FormulaSyntaxError({ at, end, describe });
};
const unexpected = (at: number, end: number) =>
  fail(at, end, (found, character) =>
    found === ''
      ? `The formula ends too early at character ${character}`
      : `Unexpected "${found}" at character ${character}`,
  );

type TokenKind = 'number' | 'reference' | 'name' | 'symbol' | 'end';
interface Token {
  kind: TokenKind;
  text: string;
  at: number;
  end: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NUMBER = /\d+(?:\.\d+)?|\.\d+/y;
const NAME = /[A-Za-z_][A-Za-z0-9_]*/y;
const SYMBOLS = new Set(['+', '-', '*', '/', '(', ')', ',']);

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let index = 0;
  const matchAt = (pattern: RegExp) => {
    pattern.lastIndex = index;
    return pattern.exec(text)?.[0];
  };
  while (index < text.length) {
    const character = text[index]!;
    if (/\s/.test(character)) {
      index += 1;
      continue;
    }
    const word = matchAt(NUMBER) ?? matchAt(NAME);
    if (word !== undefined) {
      tokens.push({ kind: /^[\d.]/.test(word) ? 'number' : 'name', text: word, at: index, end: index + word.length });
      index += word.length;
    } else if (character === '{') {
      const close = text.indexOf('}', index);
      if (close < 0) fail(index, index + 1, (_, at) => `Unclosed "{" at character ${at}: a reference ends with "}"`);
      if (!UUID.test(text.slice(index + 1, close).trim())) {
        fail(index, close + 1, (found, at) => `"${found}" at character ${at} is not a reference to a measurable`);
      }
      tokens.push({ kind: 'reference', text: text.slice(index, close + 1), at: index, end: close + 1 });
      index = close + 1;
    } else if (SYMBOLS.has(character)) {
      tokens.push({ kind: 'symbol', text: character, at: index, end: index + 1 });
      index += 1;
    } else {
      unexpected(index, index + 1);
    }
  }
  tokens.push({ kind: 'end', text: '', at: text.length, end: text.length });
  return tokens;
}

/** Recursive descent over: expression = term (± term)*, term = unary (×÷ unary)*, unary = -unary | primary. */
class FormulaParser {
  private position = 0;
  readonly references: string[] = [];

  constructor(
    private readonly tokens: Token[],
    private readonly maxReferences: number,
  ) {}

  parse(): FormulaNode {
    const node = this.expression();
    const rest = this.peek();
    if (rest.kind !== 'end') unexpected(rest.at, rest.end);
    return node;
  }

  private peek(): Token {
    return this.tokens[this.position]!;
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'end') this.position += 1;
    return token;
  }

  private accept(symbol: string): boolean {
    const token = this.peek();
    if (token.kind !== 'symbol' || token.text !== symbol) return false;
    this.position += 1;
    return true;
  }

  private expression(): FormulaNode {
    let node = this.term();
    for (let token = this.peek(); token.text === '+' || token.text === '-'; token = this.peek()) {
      this.position += 1;
      node = { type: 'binary', operator: token.text, left: node, right: this.term() };
    }
    return node;
  }

  private term(): FormulaNode {
    let node = this.unary();
    for (let token = this.peek(); token.text === '*' || token.text === '/'; token = this.peek()) {
      this.position += 1;
      node = { type: 'binary', operator: token.text, left: node, right: this.unary() };
    }
    return node;
  }

  private unary(): FormulaNode {
    return this.accept('-') ? { type: 'negate', operand: this.unary() } : this.primary();
  }

  private primary(): FormulaNode {
    const token = this.next();
    switch (token.kind) {
      case 'number':
        return { type: 'number', value: Number(token.text) };
      case 'reference':
        return this.reference(token);
      case 'name':
        return this.call(token);
      case 'symbol':
        if (token.text !== '(') return unexpected(token.at, token.end);
        return this.closed(token, this.expression());
      case 'end':
        return unexpected(token.at, token.end);
    }
  }

  private reference(token: Token): FormulaNode {
    const id = token.text.slice(1, -1).trim().toLowerCase();
    if (!this.references.includes(id)) {
      if (this.references.length === this.maxReferences) {
        fail(token.at, token.end, (_, at) => {
          return `A formula can use at most ${this.maxReferences} measurables; the one at character ${at} is one too many`;
        });
      }
      this.references.push(id);
    }
    return { type: 'reference', id };
  }

  private call(token: Token): FormulaNode {
    const name = token.text.toLowerCase();
    const open = this.peek();
    if (!this.accept('(')) return unexpected(token.at, token.end);
    const known = FUNCTION_NAMES.find((candidate) => candidate === name);
    if (!known) {
      return fail(token.at, token.end, (found, at) => {
        return `Unknown function "${found}" at character ${at}: use sum(…) or average(…)`;
      });
    }
    if (this.peek().text === ')') {
      fail(token.at, this.peek().end, (_, at) => `${known}(…) at character ${at} needs at least one value`);
    }
    const args = [this.expression()];
    while (this.accept(',')) {
      if (args.length === FORMULA_ARGUMENTS_MAX) {
        fail(
          token.at,
          token.end,
          (_, at) => `${known}(…) at character ${at} takes at most ${FORMULA_ARGUMENTS_MAX} values`,
        );
      }
      args.push(this.expression());
    }
    return this.closed(open, { type: 'call', name: known, args });
  }

  /** Expects the ")" matching `open`. */
  private closed(open: Token, node: FormulaNode): FormulaNode {
    if (this.accept(')')) return node;
    const token = this.peek();
    if (token.kind !== 'end') return unexpected(token.at, token.end);
    return fail(open.at, open.end, (_, at) => `The "(" at character ${at} is never closed: add ")"`);
  }
}

/** Parses, or throws a FormulaSyntaxError; the text's length is checked by the caller. */
export function parseOrThrow(text: string, maxReferences: number): { node: FormulaNode; references: string[] } {
  if (text.trim() === '') fail(0, 0, () => 'Write a formula');
  const parser = new FormulaParser(tokenize(text), maxReferences);
  const node = parser.parse();
  return { node, references: parser.references };
}
