/**
 * Simple arithmetic typed into an amount cell ("1200*3+45.5", "(100-20)/3"), evaluated exactly:
 * every number is held as a fraction of bigints, so nothing is ever lost to binary floating point.
 * dinero.js has no division and no exact rational type, which is why this tiny recursive-descent
 * evaluator exists.
 *
 * Decimals and rounding (what a clerk can rely on):
 * - a number that is an amount — a term of a sum or difference, or the whole input — has at most
 *   2 decimals, like a typed amount (`100.125+1` → EXPR_AMOUNT_TOO_MANY_DECIMALS). Sums and
 *   differences of amounts are therefore exact in cents and never rounded;
 * - a number inside a product or quotient (a rate, a quantity, a divisor: `1000*0.065`,
 *   `1000/1.13*0.13`, `1000*(1+0.065)`) may have up to 6 decimals (EXPR_TOO_MANY_DECIMALS beyond);
 * - only `*` and `/` can give fractions of a cent: the result is rounded once, at the end, to the
 *   cent, half away from zero (the usual "half-up" of money: 1/3 → 0.33, 2/3 → 0.67, -2/3 → -0.67).
 *
 * Grammar: expr = term {("+"|"-") term}; term = factor {("*"|"/") factor};
 * factor = ("+"|"-") factor | number | "(" expr ")"; number = digits ["." digits] | "." digits.
 */
import { AMOUNT_MAX_DECIMALS, AMOUNT_MAX_INTEGER_DIGITS, checkLimits, normaliseAmountText, parseAmount, type AmountErrorCode, type AmountLimits } from './money';

export const EXPRESSION_MAX_LENGTH = 60;
/** Decimals allowed in a number inside a product or quotient (rates such as 0.065 or 1.13). */
export const EXPRESSION_MAX_DECIMALS = 6;
/** Decimals allowed in a number that is an amount (a term of a sum): the same 2 as a typed amount. */
export const EXPRESSION_AMOUNT_MAX_DECIMALS = AMOUNT_MAX_DECIMALS;
const MAX_DEPTH = 16;

export type ExpressionErrorCode =
  | 'EXPR_SYNTAX'
  | 'EXPR_DIVISION_BY_ZERO'
  | 'EXPR_TOO_LONG'
  | 'EXPR_NUMBER_TOO_LARGE'
  | 'EXPR_TOO_MANY_DECIMALS'
  | 'EXPR_AMOUNT_TOO_MANY_DECIMALS'
  | 'EXPR_OUT_OF_RANGE'
  /** A key the amount editor does not take (a letter): it takes digits, `.`, `-`, `+ * / ( )`. */
  | 'EXPR_INVALID_CHARACTER';

export type AmountInputErrorCode = AmountErrorCode | ExpressionErrorCode;
export type AmountInputResult = { ok: true; cents: number } | { ok: false; code: AmountInputErrorCode };

interface Fraction {
  n: bigint;
  d: bigint;
}

class ExpressionError extends Error {
  constructor(readonly code: ExpressionErrorCode) {
    super(code);
  }
}

const EXPRESSION_CHARS = /^[0-9.+\-*/()\s]*$/;

/** True when the text holds an operator other than a leading minus, i.e. it is arithmetic. */
export function isAmountExpression(text: string): boolean {
  return /[+*/()]/.test(text) || text.trim().lastIndexOf('-') > 0;
}

function gcd(a: bigint, b: bigint): bigint {
  let x = a < 0n ? -a : a;
  let y = b < 0n ? -b : b;
  while (y !== 0n) [x, y] = [y, x % y];
  return x;
}

function normalise(n: bigint, d: bigint): Fraction {
  if (d < 0n) {
    n = -n;
    d = -d;
  }
  const g = gcd(n, d);
  return g > 1n ? { n: n / g, d: d / g } : { n, d };
}

/**
 * A parsed sub-expression: its exact value, and the most decimals of a number in it that stands as
 * an amount (not inside a product or quotient) — checked against 2 once the whole input is read.
 */
interface Node {
  value: Fraction;
  amountDecimals: number;
}

class Parser {
  private pos = 0;
  private depth = 0;
  constructor(private readonly s: string) {}

  parse(): Fraction {
    const node = this.expr();
    this.skipSpace();
    if (this.pos !== this.s.length) throw new ExpressionError('EXPR_SYNTAX');
    if (node.amountDecimals > EXPRESSION_AMOUNT_MAX_DECIMALS) throw new ExpressionError('EXPR_AMOUNT_TOO_MANY_DECIMALS');
    return node.value;
  }

  private skipSpace() {
    while (this.s[this.pos] === ' ' || this.s[this.pos] === '\t') this.pos++;
  }

  private peek(): string | undefined {
    this.skipSpace();
    return this.s[this.pos];
  }

  private expr(): Node {
    let { value: left, amountDecimals } = this.term();
    for (let op = this.peek(); op === '+' || op === '-'; op = this.peek()) {
      this.pos++;
      const right = this.term();
      const r = right.value;
      left = normalise(op === '+' ? left.n * r.d + r.n * left.d : left.n * r.d - r.n * left.d, left.d * r.d);
      amountDecimals = Math.max(amountDecimals, right.amountDecimals);
    }
    return { value: left, amountDecimals };
  }

  private term(): Node {
    const first = this.factor();
    let left = first.value;
    let product = false;
    for (let op = this.peek(); op === '*' || op === '/'; op = this.peek()) {
      this.pos++;
      product = true;
      const right = this.factor().value;
      if (op === '*') left = normalise(left.n * right.n, left.d * right.d);
      else {
        if (right.n === 0n) throw new ExpressionError('EXPR_DIVISION_BY_ZERO');
        left = normalise(left.n * right.d, left.d * right.n);
      }
    }
    // Every number of a product or quotient is a factor (a rate, a quantity): 6 decimals were allowed.
    return { value: left, amountDecimals: product ? 0 : first.amountDecimals };
  }

  private factor(): Node {
    const c = this.peek();
    if (c === '-' || c === '+') {
      this.pos++;
      const inner = this.nested(() => this.factor());
      return c === '-' ? { ...inner, value: { n: -inner.value.n, d: inner.value.d } } : inner;
    }
    if (c === '(') {
      this.pos++;
      const inner = this.nested(() => this.expr());
      if (this.peek() !== ')') throw new ExpressionError('EXPR_SYNTAX');
      this.pos++;
      return inner;
    }
    return this.number();
  }

  private nested(fn: () => Node): Node {
    if (++this.depth > MAX_DEPTH) throw new ExpressionError('EXPR_SYNTAX');
    try {
      return fn();
    } finally {
      this.depth--;
    }
  }

  private number(): Node {
    this.skipSpace();
    const m = /^(\d*)(?:\.(\d*))?/.exec(this.s.slice(this.pos));
    const intDigits = m?.[1] ?? '';
    const fracDigits = m?.[2] ?? '';
    if (!m || (intDigits === '' && fracDigits === '')) throw new ExpressionError('EXPR_SYNTAX');
    if (intDigits.replace(/^0+(?=\d)/, '').length > AMOUNT_MAX_INTEGER_DIGITS) throw new ExpressionError('EXPR_NUMBER_TOO_LARGE');
    if (fracDigits.length > EXPRESSION_MAX_DECIMALS) throw new ExpressionError('EXPR_TOO_MANY_DECIMALS');
    this.pos += m[0].length;
    return { value: normalise(BigInt((intDigits || '0') + fracDigits), 10n ** BigInt(fracDigits.length)), amountDecimals: fracDigits.length };
  }
}

/** Rounds a fraction of yuan to whole cents, half away from zero. */
function toCentsHalfUp(value: Fraction): bigint {
  const scaled = value.n * 100n;
  const negative = scaled < 0n;
  const abs = negative ? -scaled : scaled;
  const q = abs / value.d;
  const rounded = (abs % value.d) * 2n >= value.d ? q + 1n : q;
  return negative ? -rounded : rounded;
}

/**
 * Evaluates an arithmetic amount exactly; a product or quotient that ends between two cents is
 * rounded once to the cent, half away from zero (see the module comment for the decimals rules).
 */
export function evaluateAmountExpression(text: string, limits: AmountLimits = {}): AmountInputResult {
  const s = text.trim();
  if (s === '') return { ok: false, code: 'AMOUNT_EMPTY' };
  if (s.length > EXPRESSION_MAX_LENGTH) return { ok: false, code: 'EXPR_TOO_LONG' };
  if (!EXPRESSION_CHARS.test(s)) return { ok: false, code: 'AMOUNT_INVALID_CHARACTER' };
  let cents: bigint;
  try {
    cents = toCentsHalfUp(new Parser(s).parse());
  } catch (e) {
    if (e instanceof ExpressionError) return { ok: false, code: e.code };
    throw e;
  }
  const limit = 10n ** BigInt(AMOUNT_MAX_INTEGER_DIGITS + 2);
  if (cents >= limit || cents <= -limit) return { ok: false, code: 'EXPR_OUT_OF_RANGE' };
  return checkLimits(Number(cents), limits);
}

/**
 * What an amount cell accepts on commit: a plain amount, or arithmetic evaluated exactly.
 * Full-width and IME text (`１２３．４５`, `100、3`) reads as its ASCII form.
 */
export function evaluateAmountInput(text: string, limits: AmountLimits = {}): AmountInputResult {
  const s = normaliseAmountText(text);
  return isAmountExpression(s) ? evaluateAmountExpression(s, limits) : parseAmount(s, limits);
}

const PLAIN_PREFIX = /^-?\d*(\.\d*)?$/;

/**
 * Why the amount editor's key filter refuses `text`, or null when the text can still become an
 * amount or a calculation. The filter keeps out only what can never read — a character that is
 * not part of an amount, a second dot in a number, a 12th integer digit, a 7th decimal, a 61st
 * character — and the editor says which. A third decimal passes: `100.125` may still become a
 * factor (`100.125*2`); as an amount it is refused on commit with AMOUNT_TOO_MANY_DECIMALS, so the
 * typed digit is never dropped silently.
 */
export function amountInputRefusal(text: string): AmountInputErrorCode | null {
  if (text.length > EXPRESSION_MAX_LENGTH) return 'EXPR_TOO_LONG';
  const expression = isAmountExpression(text);
  if (!expression && !PLAIN_PREFIX.test(text)) return /^[0-9.-]*$/.test(text) ? 'AMOUNT_MULTIPLE_DOTS' : 'EXPR_INVALID_CHARACTER';
  if (!EXPRESSION_CHARS.test(text)) return 'EXPR_INVALID_CHARACTER';
  for (const literal of text.split(/[^0-9.]+/)) {
    if (literal === '') continue;
    const [intPart, fracPart = '', extra] = literal.split('.');
    if (extra !== undefined) return 'AMOUNT_MULTIPLE_DOTS';
    if (intPart.replace(/^0+(?=\d)/, '').length > AMOUNT_MAX_INTEGER_DIGITS) return expression ? 'EXPR_NUMBER_TOO_LARGE' : 'AMOUNT_TOO_MANY_INTEGER_DIGITS';
    if (fracPart.length > EXPRESSION_MAX_DECIMALS) return expression ? 'EXPR_TOO_MANY_DECIMALS' : 'AMOUNT_TOO_MANY_DECIMALS';
  }
  return null;
}

/**
 * The key filter of an amount editor that also takes arithmetic: digits, dots, `+ - * / ( )`, up
 * to 60 characters, numbers of at most 11 integer digits and 6 decimals (see `amountInputRefusal`;
 * an amount with more than 2 decimals is refused on commit, with its message).
 */
export function isAmountInputPrefix(text: string): boolean {
  return amountInputRefusal(text) === null;
}
