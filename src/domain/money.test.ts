import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_COST_CENTS, REIMBURSE_LINE_MAX_CENTS, UPPERCASE_LIMIT_CENTS, VOUCHER_LINE_MAX_CENTS } from './constants';
import {
  addCents,
  compareCents,
  applyAmountKey,
  checkLimits,
  formatCents,
  formatCentsForEdit,
  isAmountPrefix,
  negateCents,
  normaliseAmountText,
  parseAmount,
  parsePastedAmount,
  subtractCents,
  sumCents,
  toChineseUppercase,
} from './money';

const LIMIT = Number(UPPERCASE_LIMIT_CENTS);
/** Every amount with at most 11 integer digits. */
const INPUT_LIMIT = 10 ** 13 - 1;

describe('parseAmount', () => {
  it.each([
    ['0', 0],
    ['1', 100],
    ['12.3', 1230],
    ['12.34', 1234],
    ['12.', 1200],
    ['.5', 50],
    ['-0', 0],
    ['-0.05', -5],
    ['-1234.5', -123450],
    ['  42 ', 4200],
    ['007', 700],
    ['99999999999.99', 9_999_999_999_999],
    ['-99999999999.99', -9_999_999_999_999],
  ])('reads %j as %i cents', (text, cents) => {
    expect(parseAmount(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'AMOUNT_EMPTY'],
    ['   ', 'AMOUNT_EMPTY'],
    ['12a', 'AMOUNT_INVALID_CHARACTER'],
    ['1,234.00', 'AMOUNT_INVALID_CHARACTER'],
    ['+5', 'AMOUNT_INVALID_CHARACTER'],
    ['1e5', 'AMOUNT_INVALID_CHARACTER'],
    ['１２', 'AMOUNT_INVALID_CHARACTER'],
    ['5-', 'AMOUNT_MISPLACED_MINUS'],
    ['--5', 'AMOUNT_MISPLACED_MINUS'],
    ['1.2.3', 'AMOUNT_MULTIPLE_DOTS'],
    ['-', 'AMOUNT_NO_DIGITS'],
    ['.', 'AMOUNT_NO_DIGITS'],
    ['-.', 'AMOUNT_NO_DIGITS'],
    ['123456789012', 'AMOUNT_TOO_MANY_INTEGER_DIGITS'],
    ['1.234', 'AMOUNT_TOO_MANY_DECIMALS'],
    ['1234567890123456', 'AMOUNT_TOO_LONG'],
    ['-000000000001.00', 'AMOUNT_TOO_LONG'],
  ])('refuses %j with %s', (text, code) => {
    expect(parseAmount(text)).toEqual({ ok: false, code });
  });

  it('applies the maximum cost and the sign rule when asked', () => {
    expect(parseAmount('21000000', { maxAbsCents: MAX_COST_CENTS })).toEqual({ ok: true, cents: MAX_COST_CENTS });
    expect(parseAmount('21000000.01', { maxAbsCents: MAX_COST_CENTS })).toEqual({ ok: false, code: 'AMOUNT_ABOVE_MAXIMUM' });
    expect(parseAmount('-21000000.01', { maxAbsCents: MAX_COST_CENTS })).toEqual({ ok: false, code: 'AMOUNT_ABOVE_MAXIMUM' });
    expect(parseAmount('-1', { allowNegative: false })).toEqual({ ok: false, code: 'AMOUNT_NEGATIVE_NOT_ALLOWED' });
    expect(checkLimits(-0)).toEqual({ ok: true, cents: 0 });
    expect(Object.is((checkLimits(-0) as { cents: number }).cents, 0)).toBe(true);
  });
});

describe('pasted amounts (Excel and Chinese bank exports)', () => {
  it.each<[string, number]>([
    ['1,000.00', 100000],
    ['¥1,000.00', 100000],
    ['￥1,000.00', 100000],
    ['¥ 1,000.00', 100000],
    ['-1,000.00', -100000],
    ['-¥1,000.00', -100000],
    ['¥-1,000.00', -100000],
    ['(1,000.00)', -100000],
    ['（1,000.00）', -100000],
    ['(¥1,000.00)', -100000],
    ['１２３．４５', 12345],
    ['１，２３４．５０', 123450],
    ['100元', 10000],
    ['1,000.00 元', 100000],
    ['￥１，０００．００元', 100000],
    [' 12 ', 1200],
    ['1234.5', 123450],
    ['-12,345,678', -1234567800],
    ['.5', 50],
    ['0', 0],
  ])('%j → %d cents', (text, cents) => {
    expect(parsePastedAmount(text)).toEqual({ ok: true, cents });
  });

  it.each<[string, string]>([
    ['abc', 'AMOUNT_NOT_RECOGNISED'],
    ['1,00', 'AMOUNT_NOT_RECOGNISED'],
    ['12,34.5', 'AMOUNT_NOT_RECOGNISED'],
    ['12 34', 'AMOUNT_NOT_RECOGNISED'],
    ['(-1.00)', 'AMOUNT_NOT_RECOGNISED'],
    ['(1.00', 'AMOUNT_NOT_RECOGNISED'],
    ['$1.00', 'AMOUNT_NOT_RECOGNISED'],
    ['1.00 USD', 'AMOUNT_NOT_RECOGNISED'],
    ['1+2', 'AMOUNT_NOT_RECOGNISED'],
    ['1,000.005', 'AMOUNT_TOO_MANY_DECIMALS'],
    ['1.2.3', 'AMOUNT_MULTIPLE_DOTS'],
    ['¥', 'AMOUNT_NO_DIGITS'],
    ['()', 'AMOUNT_NO_DIGITS'],
    ['', 'AMOUNT_EMPTY'],
  ])('%j is refused: %s (never read as zero)', (text, code) => {
    expect(parsePastedAmount(text)).toEqual({ ok: false, code });
  });

  it('applies the column limits', () => {
    expect(parsePastedAmount('¥21,000,000.01', { maxAbsCents: REIMBURSE_LINE_MAX_CENTS })).toEqual({ ok: false, code: 'AMOUNT_ABOVE_MAXIMUM' });
    expect(parsePastedAmount('¥999,999,999.99', { maxAbsCents: VOUCHER_LINE_MAX_CENTS })).toEqual({ ok: true, cents: VOUCHER_LINE_MAX_CENTS });
    expect(parsePastedAmount('(1.00)', { allowNegative: false })).toEqual({ ok: false, code: 'AMOUNT_NEGATIVE_NOT_ALLOWED' });
  });

  it('reads every amount it formats, and its accounting form', () => {
    fc.assert(
      fc.property(fc.integer({ min: -VOUCHER_LINE_MAX_CENTS, max: VOUCHER_LINE_MAX_CENTS }), (cents) => {
        expect(parsePastedAmount(formatCents(cents))).toEqual({ ok: true, cents });
        expect(parsePastedAmount(`¥${formatCents(cents)}`)).toEqual({ ok: true, cents });
        if (cents > 0) expect(parsePastedAmount(`(${formatCents(cents)})`)).toEqual({ ok: true, cents: -cents });
      }),
    );
  });
});

describe('amount text from a Chinese keyboard', () => {
  it.each([
    ['１２３．４５', '123.45'],
    ['12。5', '12.5'],
    ['100、3', '100/3'],
    ['（１＋２）×３÷４', '(1+2)*3/4'],
    ['－５', '-5'],
    ['−5', '-5'],
    ['￥１，０００', '¥1,000'],
  ])('%j → %j', (a, b) => expect(normaliseAmountText(a)).toBe(b));
});

describe('voucher and reimbursement line limits', () => {
  it('a voucher line holds what the 11 digit columns (亿 … 分) draw; a reimbursement line the maximum cost', () => {
    expect(String(VOUCHER_LINE_MAX_CENTS)).toHaveLength(11);
    expect(String(VOUCHER_LINE_MAX_CENTS + 1)).toHaveLength(12);
    expect(REIMBURSE_LINE_MAX_CENTS).toBe(MAX_COST_CENTS);
    expect(formatCents(VOUCHER_LINE_MAX_CENTS)).toBe('999,999,999.99');
  });
});

describe('amount key filter', () => {
  it.each(['', '-', '.', '-.', '1', '12.', '12.3', '12.34', '-99999999999.99', '99999999999'])('lets %j be typed', (t) => {
    expect(isAmountPrefix(t)).toBe(true);
  });
  it.each(['a', '1a', '1-', '--', '1.2.', '12.345', '123456789012', '+', ' 1', '1,000'])('stops %j', (t) => {
    expect(isAmountPrefix(t)).toBe(false);
  });
  it('applies a key over the selection', () => {
    expect(applyAmountKey('12', '3', 2, 2)).toBe('123');
    expect(applyAmountKey('12.34', '5', 5, 5)).toBeNull();
    expect(applyAmountKey('12.34', '5', 4, 5)).toBe('12.35');
    expect(applyAmountKey('12', '-', 0, 0)).toBe('-12');
    expect(applyAmountKey('12', '-', 1, 1)).toBeNull();
    expect(applyAmountKey('1.2', '.', 3, 3)).toBeNull();
    expect(applyAmountKey('abc', '1', 0, 3)).toBe('1');
    expect(applyAmountKey('1', 'Enter', 1, 1)).toBeNull();
  });
  it('accepts every prefix of every valid amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: -INPUT_LIMIT, max: INPUT_LIMIT }), (c) => {
        const text = (c < 0 ? '-' : '') + formatCents(Math.abs(c)).replace(/,/g, '');
        for (let i = 0; i <= text.length; i++) expect(isAmountPrefix(text.slice(0, i))).toBe(true);
      }),
    );
  });
});

describe('formatting', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [100, '1.00'],
    [123456, '1,234.56'],
    [-123456789, '-1,234,567.89'],
    [100000000, '1,000,000.00'],
    [MAX_COST_CENTS, '21,000,000.00'],
    [9_999_999_999_999, '99,999,999,999.99'],
  ])('formatCents(%i) = %s', (c, text) => expect(formatCents(c)).toBe(text));

  it.each([
    [0, '0'],
    [5, '0.05'],
    [50, '0.5'],
    [100, '1'],
    [-123450, '-1234.5'],
    [123456, '1234.56'],
  ])('formatCentsForEdit(%i) = %s', (c, text) => expect(formatCentsForEdit(c)).toBe(text));

  it('accepts bigint cents', () => expect(formatCents(123n)).toBe('1.23'));
  it('refuses fractions of a cent', () => expect(() => formatCents(1.5)).toThrow(RangeError));

  it('round-trips parse ∘ format over every amount of 11 integer digits', () => {
    fc.assert(
      fc.property(fc.integer({ min: -INPUT_LIMIT, max: INPUT_LIMIT }), (c) => {
        expect(parseAmount(formatCentsForEdit(c))).toEqual({ ok: true, cents: c });
        expect(parseAmount(formatCents(c).replace(/,/g, ''))).toEqual({ ok: true, cents: c });
      }),
      { numRuns: 2000 },
    );
  });

  it('groups digits in threes', () => {
    fc.assert(
      fc.property(fc.integer({ min: -INPUT_LIMIT, max: INPUT_LIMIT }), (c) => {
        expect(formatCents(c)).toMatch(/^-?\d{1,3}(,\d{3})*\.\d{2}$/);
      }),
    );
  });
});

describe('sums', () => {
  const cents = fc.integer({ min: -INPUT_LIMIT, max: INPUT_LIMIT });

  it('adds exactly where floating point drifts', () => {
    expect(sumCents([10, 20])).toBe(30);
    expect(sumCents(Array.from({ length: 1000 }, () => 1))).toBe(1000);
    expect(sumCents([null, undefined, 5, -5])).toBe(0);
    expect(Object.is(sumCents([5, -5]), 0)).toBe(true);
    expect(sumCents([])).toBe(0);
    expect(addCents(1, 2)).toBe(3);
    expect(subtractCents(1, 2)).toBe(-1);
    expect(negateCents(0)).toBe(0);
    expect(Object.is(negateCents(0), -0)).toBe(false);
    expect(negateCents(-7)).toBe(7);
  });

  it('equals the exact bigint sum, in any order and any grouping', () => {
    fc.assert(
      fc.property(fc.array(cents, { maxLength: 60 }), (xs) => {
        const exact = xs.reduce((a, b) => a + BigInt(b), 0n);
        expect(BigInt(sumCents(xs))).toBe(exact);
        expect(sumCents([...xs].reverse())).toBe(sumCents(xs));
        const mid = Math.floor(xs.length / 2);
        expect(sumCents([sumCents(xs.slice(0, mid)), sumCents(xs.slice(mid))])).toBe(sumCents(xs));
      }),
    );
  });

  it('stays exact when a running total passes the safe-integer range and comes back', () => {
    const big = fc.integer({ min: -Number.MAX_SAFE_INTEGER, max: Number.MAX_SAFE_INTEGER });
    fc.assert(
      fc.property(fc.array(big, { maxLength: 8 }), (xs) => {
        const exact = xs.reduce((a, b) => a + BigInt(b), 0n);
        if (exact > BigInt(Number.MAX_SAFE_INTEGER) || exact < BigInt(Number.MIN_SAFE_INTEGER)) expect(() => sumCents(xs)).toThrow(RangeError);
        else expect(BigInt(sumCents(xs))).toBe(exact);
      }),
    );
  });

  it('is associative', () => {
    fc.assert(
      fc.property(cents, cents, cents, (a, b, c) => {
        expect(addCents(addCents(a, b), c)).toBe(addCents(a, addCents(b, c)));
      }),
    );
  });

  it('throws rather than overflow', () => {
    expect(() => sumCents([Number.MAX_SAFE_INTEGER, 1])).toThrow(RangeError);
    expect(() => addCents(Number.MIN_SAFE_INTEGER, -1)).toThrow(RangeError);
    expect(() => sumCents([0.1, 0.2])).toThrow(RangeError);
    expect(sumCents([Number.MAX_SAFE_INTEGER, 1, -1])).toBe(Number.MAX_SAFE_INTEGER);
  });
});

/** Cases built from the rules for writing amounts on bills and settlement documents. */
const UPPERCASE_TABLE: Array<[number, string]> = [
  [0, '零元整'],
  [1, '壹分'],
  [5, '伍分'],
  [10, '壹角整'],
  [15, '壹角伍分'],
  [100, '壹元整'],
  [105, '壹元零伍分'],
  [150, '壹元伍角整'],
  [1000, '壹拾元整'],
  [1100, '壹拾壹元整'],
  [1500, '壹拾伍元整'],
  [2000, '贰拾元整'],
  [10000, '壹佰元整'],
  [10005, '壹佰元零伍分'],
  [10100, '壹佰零壹元整'],
  [11000, '壹佰壹拾元整'],
  [32504, '叁佰贰拾伍元零肆分'],
  [140950, '壹仟肆佰零玖元伍角整'],
  [168032, '壹仟陆佰捌拾元零叁角贰分'], // 《支付结算办法》附一: the first form
  [1050, '壹拾元零伍角整'],
  [1055, '壹拾元零伍角伍分'],
  [10007, '壹佰元零柒分'],
  [100050, '壹仟元零伍角整'],
  [600714, '陆仟零柒元壹角肆分'],
  [100005, '壹仟元零伍分'],
  [1000000, '壹万元整'],
  [1000550, '壹万零伍元伍角整'],
  [1640902, '壹万陆仟肆佰零玖元零贰分'],
  [2000000, '贰万元整'],
  [10000000, '壹拾万元整'],
  [10010000, '壹拾万零壹佰元整'],
  [10700053, '壹拾万柒仟元零伍角叁分'], // 《支付结算办法》附一: the first form
  [100010000, '壹佰万零壹佰元整'],
  [100100000, '壹佰万壹仟元整'],
  [1000100000, '壹仟万壹仟元整'],
  [1001000000, '壹仟零壹万元整'],
  [1010101010, '壹仟零壹拾万壹仟零壹拾元零壹角整'],
  [8007000000, '捌仟零柒万元整'],
  [MAX_COST_CENTS, '贰仟壹佰万元整'],
  [10000000000, '壹亿元整'],
  [10000000100, '壹亿零壹元整'],
  [10000100000, '壹亿零壹仟元整'],
  [10001000000, '壹亿零壹万元整'],
  [11000000000, '壹亿壹仟万元整'],
  [100000000000, '壹拾亿元整'],
  [123456789012, '壹拾贰亿叁仟肆佰伍拾陆万柒仟捌佰玖拾元零壹角贰分'],
  [10000000050, '壹亿元零伍角整'],
  [1000000000000, '壹佰亿元整'],
  [10000000000000, '壹仟亿元整'],
  [10000000000001, '壹仟亿元零壹分'],
  [99999999999999, '玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
  [-1, '负壹分'],
  [-10005, '负壹佰元零伍分'],
  [-1000, '负壹拾元整'],
  [-168032, '负壹仟陆佰捌拾元零叁角贰分'],
  [-99999999999999, '负玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元玖角玖分'],
];

const UPPER_DIGIT_VALUE: Record<string, bigint> = { 零: 0n, 壹: 1n, 贰: 2n, 叁: 3n, 肆: 4n, 伍: 5n, 陆: 6n, 柒: 7n, 捌: 8n, 玖: 9n };
const UPPER_UNIT_VALUE: Record<string, bigint> = { 拾: 10n, 佰: 100n, 仟: 1000n };

/** Reads an uppercase amount back into cents: an independent check of the writer. */
function readUppercase(text: string): bigint {
  const negative = text.startsWith('负');
  let s = negative ? text.slice(1) : text;
  let yuan = 0n;
  const yuanAt = s.indexOf('元');
  if (yuanAt >= 0) {
    let total = 0n;
    let section = 0n;
    let digit = 0n;
    for (const ch of s.slice(0, yuanAt)) {
      if (ch in UPPER_DIGIT_VALUE) digit = UPPER_DIGIT_VALUE[ch];
      else if (ch in UPPER_UNIT_VALUE) {
        section += digit * UPPER_UNIT_VALUE[ch];
        digit = 0n;
      } else if (ch === '万') {
        total += (section + digit) * 10000n;
        section = digit = 0n;
      } else if (ch === '亿') {
        total = (total + section + digit) * 100000000n;
        section = digit = 0n;
      } else throw new Error(`unexpected ${ch} in ${text}`);
    }
    yuan = total + section + digit;
    s = s.slice(yuanAt + 1);
  }
  // After 元: an optional 零, then 角 and 分 digits, then 整 — nothing else may follow.
  const tail = /^(零)?(?:([壹贰叁肆伍陆柒捌玖])角)?(?:([壹贰叁肆伍陆柒捌玖])分)?(整)?$/.exec(s);
  if (!tail) throw new Error(`unreadable jiao/fen part ${s} in ${text}`);
  const [, zero, jiao, fen, whole] = tail;
  const jiaoValue = jiao ? UPPER_DIGIT_VALUE[jiao] : 0n;
  const fenValue = fen ? UPPER_DIGIT_VALUE[fen] : 0n;
  if (zero) {
    // 元零 only where the rules put it: a 0 元 digit before a jiao, or a 0 jiao before a fen.
    const yuanDigitZero = yuan % 10n === 0n;
    if (yuanAt < 0 || !((jiaoValue > 0n && yuanDigitZero) || (jiaoValue === 0n && fenValue > 0n))) throw new Error(`misplaced 零 in ${text}`);
  }
  if (Boolean(whole) === fenValue > 0n) throw new Error(`整 must close exactly the amounts without fen: ${text}`);
  const cents = yuan * 100n + jiaoValue * 10n + fenValue;
  return negative ? -cents : cents;
}

describe('toChineseUppercase', () => {
  it.each(UPPERCASE_TABLE)('%i cents → %s', (cents, text) => {
    expect(toChineseUppercase(cents)).toBe(text);
    expect(toChineseUppercase(BigInt(cents))).toBe(text);
  });

  it('refuses amounts outside ±999,999,999,999.99 and fractions of a cent', () => {
    expect(() => toChineseUppercase(LIMIT + 1)).toThrow(RangeError);
    expect(() => toChineseUppercase(-LIMIT - 1)).toThrow(RangeError);
    expect(() => toChineseUppercase(UPPERCASE_LIMIT_CENTS + 1n)).toThrow(RangeError);
    expect(() => toChineseUppercase(0.5)).toThrow(RangeError);
    expect(() => toChineseUppercase(Number.NaN)).toThrow(RangeError);
  });

  const inRange = fc.oneof(
    fc.integer({ min: -LIMIT, max: LIMIT }),
    fc.integer({ min: -100000, max: 100000 }),
    // amounts with many zeros, where the rules about 零 matter
    fc.array(fc.constantFrom(0, 0, 0, 1, 5, 9), { minLength: 1, maxLength: 14 }).map((ds) => Number(ds.join(''))),
  );

  it('reads back as the same amount', () => {
    fc.assert(
      fc.property(inRange, (c) => {
        expect(readUppercase(toChineseUppercase(c))).toBe(BigInt(c));
      }),
      { numRuns: 3000 },
    );
  });

  it('never writes 零零, 零 before a unit, a leading or closing 零, or 亿万', () => {
    fc.assert(
      fc.property(inRange, (c) => {
        const text = toChineseUppercase(c);
        expect(text).toMatch(/^负?[零壹贰叁肆伍陆柒捌玖拾佰仟万亿元角分整]+$/);
        expect(text).not.toContain('零零');
        if (c !== 0) expect(text).not.toMatch(/零[拾佰仟万亿元角分整]/);
        expect(text).not.toContain('亿万');
        expect(text).not.toMatch(/零$/);
        if (c !== 0) expect(text).not.toMatch(/^负?零/);
      }),
      { numRuns: 3000 },
    );
  });

  it('writes 负 for negatives, 整 exactly when there are no fen, 壹拾 for every ten, 元零 exactly where the rules put it', () => {
    fc.assert(
      fc.property(inRange, (c) => {
        const text = toChineseUppercase(c);
        expect(text.startsWith('负')).toBe(c < 0);
        expect(text.endsWith('整')).toBe(c % 10 === 0);
        expect(text.endsWith('分')).toBe(c % 10 !== 0);
        expect(text).not.toMatch(/(^|[^零壹贰叁肆伍陆柒捌玖])拾/);
        expect(text.includes('元')).toBe(c === 0 || Math.abs(c) >= 100);
        const abs = Math.abs(c);
        const yuanDigit = Math.floor(abs / 100) % 10;
        const jiao = Math.floor(abs / 10) % 10;
        const fen = abs % 10;
        // 元零 when the 元 digit is 0 before a jiao (壹拾元零伍角) or the jiao is 0 before a fen (壹元零伍分).
        const yuanZero = abs >= 100 && ((yuanDigit === 0 && jiao !== 0) || (jiao === 0 && fen !== 0));
        expect(text.includes('元零')).toBe(yuanZero);
      }),
      { numRuns: 3000 },
    );
  });

  it('is symmetric in the sign', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: LIMIT }), (c) => {
        expect(toChineseUppercase(-c)).toBe(`负${toChineseUppercase(c)}`);
      }),
    );
  });
});

describe('compareCents', () => {
  it('orders cents strings by value, not as text', () => {
    const sorted = ['9', '10', '-5', '-50', '0', '123456789012345678', ''].sort(compareCents);
    expect(sorted).toEqual(['-50', '-5', '0', '', '9', '10', '123456789012345678']);
    expect(compareCents(10, '9')).toBe(1);
    expect(compareCents(null, 0n)).toBe(0);
  });
});
