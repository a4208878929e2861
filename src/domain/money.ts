/**
 * Money in integer cents (spec 01 §3, §5, §9; spec 02 §5, §9): parsing typed or pasted amounts,
 * the amount key filter, display formatting, overflow-safe sums and the amount in Chinese
 * financial uppercase (人民币大写).
 *
 * Cents travel as JavaScript numbers (every amount the product accepts has at most 11 integer
 * digits, i.e. at most 10^13 cents, far inside Number.MAX_SAFE_INTEGER). Arithmetic goes through
 * dinero.js on bigint amounts, so a sum can never drift or silently overflow: a result outside
 * the safe-integer range throws a RangeError instead of losing cents.
 */
import { add, CNY, dinero, subtract, toDecimal, toSnapshot, type Dinero } from 'dinero.js/bigint';
import { UPPERCASE_LIMIT_CENTS } from './constants';

/** Amount input limits of the spec: at most 11 integer digits, 2 decimals, 15 characters. */
export const AMOUNT_MAX_INTEGER_DIGITS = 11;
export const AMOUNT_MAX_DECIMALS = 2;
export const AMOUNT_MAX_LENGTH = 15;

export type AmountErrorCode =
  | 'AMOUNT_EMPTY'
  | 'AMOUNT_INVALID_CHARACTER'
  | 'AMOUNT_MISPLACED_MINUS'
  | 'AMOUNT_MULTIPLE_DOTS'
  | 'AMOUNT_NO_DIGITS'
  | 'AMOUNT_TOO_LONG'
  | 'AMOUNT_TOO_MANY_INTEGER_DIGITS'
  | 'AMOUNT_TOO_MANY_DECIMALS'
  | 'AMOUNT_NEGATIVE_NOT_ALLOWED'
  | 'AMOUNT_ABOVE_MAXIMUM'
  /** Pasted text that is none of the forms spreadsheets and banks export (`parsePastedAmount`). */
  | 'AMOUNT_NOT_RECOGNISED';

export type AmountResult = { ok: true; cents: number } | { ok: false; code: AmountErrorCode };

export interface AmountLimits {
  /** Largest accepted absolute value in cents (e.g. MAX_COST_CENTS); no limit when omitted. */
  maxAbsCents?: number;
  /** false refuses negative amounts; default true. */
  allowNegative?: boolean;
}

const AMOUNT_CHARS = /^[0-9.-]*$/;

/**
 * Parses an amount as typed: digits, at most one dot, at most one minus and only in front.
 * Surrounding white space is ignored. "12." and ".5" are accepted (12.00 and 0.50); "-0" is 0.
 */
export function parseAmount(text: string, limits: AmountLimits = {}): AmountResult {
  const s = text.trim();
  if (s === '') return { ok: false, code: 'AMOUNT_EMPTY' };
  if (!AMOUNT_CHARS.test(s)) return { ok: false, code: 'AMOUNT_INVALID_CHARACTER' };
  if (s.lastIndexOf('-') > 0) return { ok: false, code: 'AMOUNT_MISPLACED_MINUS' };
  const negative = s.startsWith('-');
  const body = negative ? s.slice(1) : s;
  const dot = body.indexOf('.');
  if (dot !== body.lastIndexOf('.')) return { ok: false, code: 'AMOUNT_MULTIPLE_DOTS' };
  const intPart = dot < 0 ? body : body.slice(0, dot);
  const fracPart = dot < 0 ? '' : body.slice(dot + 1);
  if (intPart === '' && fracPart === '') return { ok: false, code: 'AMOUNT_NO_DIGITS' };
  if (s.length > AMOUNT_MAX_LENGTH) return { ok: false, code: 'AMOUNT_TOO_LONG' };
  if (intPart.length > AMOUNT_MAX_INTEGER_DIGITS) return { ok: false, code: 'AMOUNT_TOO_MANY_INTEGER_DIGITS' };
  if (fracPart.length > AMOUNT_MAX_DECIMALS) return { ok: false, code: 'AMOUNT_TOO_MANY_DECIMALS' };
  const magnitude = Number(intPart || '0') * 100 + Number(fracPart.padEnd(2, '0'));
  return checkLimits(negative && magnitude !== 0 ? -magnitude : magnitude, limits);
}

/**
 * Amount text as a Chinese keyboard or input method types it, in the ASCII the amount rules read:
 * full-width digits and signs (`１２３．４５`, `－`, `（`, `＊`, `／`, `￥`, `，`) become their ASCII
 * forms (Unicode NFKC), the IME's `。` is a dot and `、` a slash (pinyin mode types them for `.`
 * and `/`), `×` `÷` and the minus sign `−` are `*` `/` `-`.
 */
export function normaliseAmountText(text: string): string {
  return text.normalize('NFKC').replace(/[。｡]/g, '.').replace(/[、÷]/g, '/').replace(/×/g, '*').replace(/−/g, '-');
}

const GROUPED_DIGITS = /^\d{1,3}(,\d{3})+(\.\d*)?$/;
const PLAIN_DIGITS = /^\d*(\.\d*)?$/;

/**
 * Reads an amount pasted from a spreadsheet or a bank's export, in the forms they write:
 * `1,000.00`, `¥1,000.00` / `￥1,000.00`, `-1,000.00`, `-¥1,000.00`, `(1,000.00)` and
 * `（1,000.00）` as negative (accounting format), full-width digits `１２３．４５`, a trailing `元`,
 * spaces around the signs. Thousands separators must group by three (`1,00` is not read as 100). Text in
 * none of these forms is refused with AMOUNT_NOT_RECOGNISED — never read as zero; a form that
 * reads goes through the typed-amount rules (2 decimals, 11 integer digits, the limits).
 */
export function parsePastedAmount(text: string, limits: AmountLimits = {}): AmountResult {
  // Spaces may stand around the signs (`¥ 1,000.00`, `( 1.00 )`, `100 元`), never between digits.
  let body = normaliseAmountText(text).trim().replace(/\s*([()¥元-])\s*/g, '$1');
  if (body === '') return { ok: false, code: 'AMOUNT_EMPTY' };
  const paren = /^\((.*)\)$/.exec(body);
  if (paren) body = paren[1];
  if (body.endsWith('元')) body = body.slice(0, -1);
  let minus = false;
  if (body.startsWith('-')) {
    minus = true;
    body = body.slice(1);
  }
  if (body.startsWith('¥')) body = body.slice(1);
  if (!minus && body.startsWith('-')) {
    minus = true;
    body = body.slice(1);
  }
  // `(-1.00)` is no form anybody writes: a sign too many is a typo, not a double negative.
  if (paren && minus) return { ok: false, code: 'AMOUNT_NOT_RECOGNISED' };
  if (body.includes(',')) {
    if (!GROUPED_DIGITS.test(body)) return { ok: false, code: 'AMOUNT_NOT_RECOGNISED' };
    body = body.replace(/,/g, '');
  }
  if (body === '') return { ok: false, code: 'AMOUNT_NO_DIGITS' };
  if (!PLAIN_DIGITS.test(body) && !/^\d*(\.\d*){2,}$/.test(body)) return { ok: false, code: 'AMOUNT_NOT_RECOGNISED' };
  return parseAmount(`${paren || minus ? '-' : ''}${body}`, limits);
}

/** Applies sign and maximum limits to an amount already in cents. */
export function checkLimits(cents: number, limits: AmountLimits = {}): AmountResult {
  if (cents < 0 && limits.allowNegative === false) return { ok: false, code: 'AMOUNT_NEGATIVE_NOT_ALLOWED' };
  if (limits.maxAbsCents !== undefined && Math.abs(cents) > limits.maxAbsCents) return { ok: false, code: 'AMOUNT_ABOVE_MAXIMUM' };
  return { ok: true, cents: cents === 0 ? 0 : cents };
}

const AMOUNT_PREFIX = /^-?\d*(\.\d*)?$/;

/**
 * True when `text` can still grow into a valid amount (the key filter while typing): only digits,
 * one dot and a leading minus, within 11 integer digits, 2 decimals and 15 characters.
 */
export function isAmountPrefix(text: string): boolean {
  if (text.length > AMOUNT_MAX_LENGTH || !AMOUNT_PREFIX.test(text)) return false;
  const body = text.startsWith('-') ? text.slice(1) : text;
  const [intPart, fracPart = ''] = body.split('.');
  return intPart.length <= AMOUNT_MAX_INTEGER_DIGITS && fracPart.length <= AMOUNT_MAX_DECIMALS;
}

/**
 * The amount key filter: the text after typing `key` over the selection [start, end) of `text`,
 * or null when the key may not be typed there.
 */
export function applyAmountKey(text: string, key: string, start: number, end: number): string | null {
  if (key.length !== 1) return null;
  const next = text.slice(0, start) + key + text.slice(end);
  return isAmountPrefix(next) ? next : null;
}

function money(cents: number | bigint): Dinero<bigint> {
  return dinero({ amount: toBigIntCents(cents), currency: CNY });
}

function toBigIntCents(cents: number | bigint): bigint {
  if (typeof cents === 'bigint') return cents;
  if (!Number.isSafeInteger(cents)) throw new RangeError(`not a whole number of cents: ${cents}`);
  return BigInt(cents);
}

function toSafeNumber(amount: bigint): number {
  if (amount > BigInt(Number.MAX_SAFE_INTEGER) || amount < BigInt(Number.MIN_SAFE_INTEGER)) {
    throw new RangeError(`amount out of the safe range: ${amount} cents`);
  }
  const n = Number(amount);
  return n === 0 ? 0 : n;
}

function amountOf(d: Dinero<bigint>): bigint {
  return toSnapshot(d).amount;
}

/**
 * Sum of amounts in cents; null/undefined count as zero. Throws RangeError rather than drift.
 *
 * Totals are summed on every edit of an entry grid, so whole-number cents are added as plain
 * numbers while the running total stays a safe integer — integer addition is exact there — and
 * the sum goes through dinero.js on bigints as soon as it would leave that range (an intermediate
 * total may, as long as the result comes back into it).
 */
export function sumCents(values: Iterable<number | bigint | null | undefined>): number {
  const list = Array.isArray(values) ? (values as readonly (number | bigint | null | undefined)[]) : [...values];
  let fast = 0;
  let exact = true;
  for (const v of list) {
    if (v === null || v === undefined) continue;
    if (typeof v !== 'number' || !Number.isSafeInteger(v)) {
      exact = false;
      break;
    }
    fast += v;
    if (!Number.isSafeInteger(fast)) {
      exact = false;
      break;
    }
  }
  if (exact) return fast === 0 ? 0 : fast;
  let total = money(0n);
  for (const v of list) if (v !== null && v !== undefined) total = add(total, money(v));
  return toSafeNumber(amountOf(total));
}

export function addCents(a: number, b: number): number {
  return toSafeNumber(amountOf(add(money(a), money(b))));
}

export function subtractCents(a: number, b: number): number {
  return toSafeNumber(amountOf(subtract(money(a), money(b))));
}

/** The opposite amount; never yields -0. */
export function negateCents(cents: number): number {
  return cents === 0 ? 0 : -cents;
}

function groupThousands(intDigits: string): string {
  return intDigits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
}

/**
 * Orders two amounts in cents by value: integer strings as the API sends them (compared as text,
 * '9' would sort after '10' and '-5' before '-50'), numbers or bigints; blank or missing as zero.
 */
export function compareCents(a: unknown, b: unknown): number {
  const big = (v: unknown): bigint => {
    if (typeof v === 'bigint') return v;
    if (typeof v === 'number' && Number.isInteger(v)) return BigInt(v);
    if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return BigInt(v.trim());
    return 0n;
  };
  const x = big(a);
  const y = big(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** "1,234,567.80", "-0.05", "0.00": thousands separators, two decimals, a leading minus. */
export function formatCents(cents: number | bigint): string {
  const decimal = toDecimal(money(cents));
  const negative = decimal.startsWith('-');
  const [intPart, fracPart] = (negative ? decimal.slice(1) : decimal).split('.');
  return `${negative ? '-' : ''}${groupThousands(intPart)}.${fracPart}`;
}

/** The amount as an editor shows it: no separators, no trailing zero decimals ("1234.5", "-12", "0.05"). */
export function formatCentsForEdit(cents: number | bigint): string {
  const decimal = toDecimal(money(cents));
  return decimal.includes('.') ? decimal.replace(/\.?0+$/, '') : decimal;
}

const UPPER_DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UPPER_SMALL_UNITS = ['', '拾', '佰', '仟'];
const UPPER_GROUP_UNITS = ['', '万', '亿'];

/**
 * Chinese financial uppercase of the integer yuan part (> 0), read in sections of four digits
 * (亿, 万, units) the way the number is read aloud: a run of zeros inside a section or opening a
 * section is written as one 零 (壹仟零壹万, 壹亿零壹元, 壹佰万零壹佰); zeros closing a section or
 * the number are not written; every digit is written with its unit, so a ten is always 壹拾.
 */
function integerUppercase(yuan: bigint): string {
  const groups: number[] = [];
  for (let rest = yuan; rest > 0n; rest /= 10000n) groups.push(Number(rest % 10000n));
  let out = '';
  let started = false;
  let zeroPending = false;
  for (let g = groups.length - 1; g >= 0; g--) {
    const group = groups[g];
    if (group === 0) {
      if (started) zeroPending = true;
      continue;
    }
    for (let p = 3; p >= 0; p--) {
      const digit = Math.floor(group / 10 ** p) % 10;
      if (digit === 0) {
        if (started) zeroPending = true;
        continue;
      }
      if (zeroPending) out += '零';
      zeroPending = false;
      out += UPPER_DIGITS[digit] + UPPER_SMALL_UNITS[p];
      started = true;
    }
    out += UPPER_GROUP_UNITS[g];
    // Zeros closing a section (before 万 or 亿) are not written: 壹拾万柒仟, 壹仟万壹仟.
    zeroPending = false;
  }
  return out;
}

/**
 * The amount in Chinese financial uppercase (人民币大写) following the rules for writing amounts
 * on bills and settlement documents:
 * - 零壹贰叁肆伍陆柒捌玖 with 拾佰仟万亿 and 元角分; 负 in front of a negative amount;
 * - zeros inside the amount are written as a single 零 (壹仟肆佰零玖元, 陆仟零柒元); where the rules
 *   allow either form, the first form of the rules' examples is used: no 零 for zeros closing the
 *   万 or 亿 section, 零 after 元 when the 元 digit is 0 (¥107,000.53 → 壹拾万柒仟元零伍角叁分);
 * - a ten is written 壹拾 (壹拾元整, 壹拾万元整);
 * - 元零…分 when the jiao is zero and the fen is not (壹万陆仟肆佰零玖元零贰分);
 * - 整 when there are no fen (壹元整, 壹元伍角整); nothing after 分;
 * - a zero in the 元 place before a non-zero jiao is written as 零 after 元 — the first of the two
 *   forms 《支付结算办法》附一 allows (¥1,680.32 → 壹仟陆佰捌拾元零叁角贰分, ¥107,000.53 →
 *   壹拾万柒仟元零伍角叁分); amounts under one yuan start at the jiao or fen (伍角整, 伍分);
 * - zero is 零元整.
 * Range ±999,999,999,999.99; anything else (or a fraction of a cent) throws a RangeError.
 */
export function toChineseUppercase(cents: number | bigint): string {
  const value = toBigIntCents(cents);
  if (value > UPPERCASE_LIMIT_CENTS || value < -UPPERCASE_LIMIT_CENTS) {
    throw new RangeError(`amount out of the uppercase range: ${value} cents`);
  }
  if (value === 0n) return '零元整';
  const negative = value < 0n;
  const abs = negative ? -value : value;
  const yuan = abs / 100n;
  const jiao = Number((abs / 10n) % 10n);
  const fen = Number(abs % 10n);
  let out = negative ? '负' : '';
  if (yuan > 0n) {
    out += `${integerUppercase(yuan)}元`;
    // 元零: the 元 digit is 0 before a jiao (壹拾元零伍角), or the jiao is 0 before a fen (壹元零伍分).
    const yuanDigitZero = yuan % 10n === 0n;
    if ((jiao > 0 && yuanDigitZero) || (jiao === 0 && fen > 0)) out += '零';
  }
  if (jiao > 0) out += `${UPPER_DIGITS[jiao]}角`;
  out += fen > 0 ? `${UPPER_DIGITS[fen]}分` : '整';
  return out;
}
