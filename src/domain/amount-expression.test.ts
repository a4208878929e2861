import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_COST_CENTS } from './constants';
import { amountInputRefusal, evaluateAmountExpression, evaluateAmountInput, isAmountExpression, isAmountInputPrefix } from './amount-expression';
import { formatCentsForEdit } from './money';

describe('evaluateAmountExpression', () => {
  it.each([
    ['1200*3+45.5', 364550],
    ['1200 * 3 + 45.5', 364550],
    ['0.1+0.2', 30],
    ['0.1*3', 30],
    ['100-20.01', 7999],
    ['(100-20)/3', 2667],
    ['1/3', 33],
    ['2/3', 67],
    ['-2/3', -67],
    ['0.005*1', 1],
    ['0.004*1', 0],
    ['1.125*2', 225],
    ['100.5+0.125*2', 10075],
    ['(1.005+2)*3', 902],
    ['1000*(1+0.065)', 106500],
    ['1000*0.0325', 3250],
    ['1/3*3', 100],
    ['10/4', 250],
    ['1000/1.13*0.13', 11504],
    ['-(5+5)', -1000],
    ['--5', 500],
    ['+5', 500],
    ['2*(3+(4-1))', 1200],
    ['.5+.5', 100],
    ['12.', 1200],
    ['99999999999.99', 9_999_999_999_999],
  ])('%s = %i cents', (text, cents) => {
    expect(evaluateAmountExpression(text)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'AMOUNT_EMPTY'],
    ['1+', 'EXPR_SYNTAX'],
    ['*2', 'EXPR_SYNTAX'],
    ['(1+2', 'EXPR_SYNTAX'],
    ['1+2)', 'EXPR_SYNTAX'],
    ['1..2', 'EXPR_SYNTAX'],
    ['()', 'EXPR_SYNTAX'],
    ['1 2', 'EXPR_SYNTAX'],
    ['1/0', 'EXPR_DIVISION_BY_ZERO'],
    ['1/(2-2)', 'EXPR_DIVISION_BY_ZERO'],
    ['1+a', 'AMOUNT_INVALID_CHARACTER'],
    ['123456789012+1', 'EXPR_NUMBER_TOO_LARGE'],
    ['1.1234567*2', 'EXPR_TOO_MANY_DECIMALS'],
    ['-0.005', 'EXPR_AMOUNT_TOO_MANY_DECIMALS'],
    ['0.004', 'EXPR_AMOUNT_TOO_MANY_DECIMALS'],
    ['100.125+1', 'EXPR_AMOUNT_TOO_MANY_DECIMALS'],
    ['1-0.001', 'EXPR_AMOUNT_TOO_MANY_DECIMALS'],
    ['(100.125)', 'EXPR_AMOUNT_TOO_MANY_DECIMALS'],
    ['-(2.5+0.125)', 'EXPR_AMOUNT_TOO_MANY_DECIMALS'],
    ['2*3+0.125', 'EXPR_AMOUNT_TOO_MANY_DECIMALS'],
    ['99999999999*10', 'EXPR_OUT_OF_RANGE'],
    ['1+'.repeat(40) + '1', 'EXPR_TOO_LONG'],
    ['-'.repeat(20) + '1', 'EXPR_SYNTAX'],
  ])('%j fails with %s', (text, code) => {
    expect(evaluateAmountExpression(text)).toEqual({ ok: false, code });
  });

  it('applies the amount limits to the result', () => {
    expect(evaluateAmountExpression('10000000*2.1', { maxAbsCents: MAX_COST_CENTS })).toEqual({ ok: true, cents: MAX_COST_CENTS });
    expect(evaluateAmountExpression('10000000*2.1+0.01', { maxAbsCents: MAX_COST_CENTS })).toEqual({ ok: false, code: 'AMOUNT_ABOVE_MAXIMUM' });
    expect(evaluateAmountExpression('1-2', { allowNegative: false })).toEqual({ ok: false, code: 'AMOUNT_NEGATIVE_NOT_ALLOWED' });
  });

  const amount = fc.integer({ min: -99_999_999_999, max: 99_999_999_999 });

  it('never rounds a sum of amounts: amounts keep 2 decimals, only * and / can end between two cents', () => {
    // A number with 0–3 decimals, and its value in thousandths of a yuan.
    const literal = fc.tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 3 }), fc.integer({ min: 0, max: 999 })).map(([i, places, f]) => {
      const frac = String(f).padStart(3, '0').slice(0, places);
      return { text: places === 0 ? String(i) : `${i}.${frac}`, places, milli: i * 1000 + Number(frac.padEnd(3, '0')) };
    });
    fc.assert(
      fc.property(fc.array(literal, { minLength: 1, maxLength: 4 }), (xs) => {
        const sum = xs.map((x) => x.text).join('+');
        const milli = xs.reduce((acc, x) => acc + x.milli, 0);
        const amountsOk = xs.every((x) => x.places <= 2);
        for (const text of [sum, `(${sum})`, `-(${sum})`]) {
          const result = evaluateAmountExpression(text);
          if (amountsOk) expect(result).toEqual({ ok: true, cents: (text.startsWith('-') ? -1 : 1) * (milli / 10) || 0 });
          else expect(result).toEqual({ ok: false, code: 'EXPR_AMOUNT_TOO_MANY_DECIMALS' });
        }
        // The same numbers as a factor are taken, and the product rounded once, half away from zero.
        const rounded = Math.floor(milli / 10) + (milli % 10 >= 5 ? 1 : 0);
        expect(evaluateAmountExpression(`(${sum})*1`)).toEqual({ ok: true, cents: rounded });
      }),
    );
  });

  it('adds and subtracts exactly', () => {
    fc.assert(
      fc.property(amount, amount, (a, b) => {
        const text = `${formatCentsForEdit(a)}+(${formatCentsForEdit(b)})`;
        expect(evaluateAmountExpression(text)).toEqual({ ok: true, cents: a + b });
        expect(evaluateAmountExpression(`${formatCentsForEdit(a)}-(${formatCentsForEdit(b)})`)).toEqual({ ok: true, cents: a - b });
      }),
    );
  });

  it('divides with half-away-from-zero rounding to the cent', () => {
    fc.assert(
      fc.property(fc.integer({ min: -10_000_000, max: 10_000_000 }), fc.integer({ min: 1, max: 9999 }), (x, y) => {
        // x / y yuan in cents = 100x / y, rounded half away from zero
        const num = BigInt(x) * 100n;
        const q = (num < 0n ? -num : num) / BigInt(y);
        const r = (num < 0n ? -num : num) % BigInt(y);
        const mag = r * 2n >= BigInt(y) ? q + 1n : q;
        const expected = Number(num < 0n ? -mag : mag);
        expect(evaluateAmountExpression(`${x}/${y}`)).toEqual({ ok: true, cents: expected === 0 ? 0 : expected });
      }),
    );
  });

  it('multiplies an amount by a whole number exactly', () => {
    fc.assert(
      fc.property(fc.integer({ min: -9_999_999_999, max: 9_999_999_999 }), fc.integer({ min: 0, max: 999 }), (a, k) => {
        const expected = a * k;
        const result = evaluateAmountExpression(`${formatCentsForEdit(a)}*${k}`);
        if (Math.abs(expected) < 10 ** 13) expect(result).toEqual({ ok: true, cents: expected === 0 ? 0 : expected });
        else expect(result).toEqual({ ok: false, code: 'EXPR_OUT_OF_RANGE' });
      }),
    );
  });
});

describe('amount input (plain or arithmetic)', () => {
  it('treats a leading minus as a sign and anything else as arithmetic', () => {
    expect(isAmountExpression('-12.5')).toBe(false);
    expect(isAmountExpression('12.5')).toBe(false);
    expect(isAmountExpression('12-5')).toBe(true);
    expect(isAmountExpression('(12)')).toBe(true);
    expect(isAmountExpression('3*4')).toBe(true);
  });

  it('keeps the plain-amount errors for plain text', () => {
    expect(evaluateAmountInput('1.234')).toEqual({ ok: false, code: 'AMOUNT_TOO_MANY_DECIMALS' });
    expect(evaluateAmountInput('-')).toEqual({ ok: false, code: 'AMOUNT_NO_DIGITS' });
    expect(evaluateAmountInput('1.5*2')).toEqual({ ok: true, cents: 300 });
  });

  it.each(['', '-', '1', '12.34', '1200*', '1200*3+45.5', '(100-20)/3', '0.065*1000', '-(', '1.123456*2', '12.345', '100.125'])('key filter lets %j be typed', (t) => {
    expect(isAmountInputPrefix(t)).toBe(true);
  });
  it.each(['a', '1+a', '1.1.1+2', '123456789012+1', '1.1234567*2', '1=2', '1 + 2'.repeat(20), '12.3456789', '123456789012'])('key filter stops %j', (t) => {
    expect(isAmountInputPrefix(t)).toBe(false);
  });

  it('a third decimal is kept in the editor and refused on commit, never truncated', () => {
    // The filter lets the digit stand (it could still become a factor: 100.125*2)…
    expect(amountInputRefusal('100.125')).toBeNull();
    expect(evaluateAmountInput('100.125*2')).toEqual({ ok: true, cents: 20025 });
    // …and as an amount it is refused with the message ENTRY-KIT.md promises, not read as 100.12.
    expect(evaluateAmountInput('100.125')).toEqual({ ok: false, code: 'AMOUNT_TOO_MANY_DECIMALS' });
    expect(evaluateAmountInput('-100.125')).toEqual({ ok: false, code: 'AMOUNT_TOO_MANY_DECIMALS' });
    expect(evaluateAmountInput('100.125+1')).toEqual({ ok: false, code: 'EXPR_AMOUNT_TOO_MANY_DECIMALS' });
  });

  it.each<[string, string]>([
    ['12.3456789', 'AMOUNT_TOO_MANY_DECIMALS'],
    ['1.1234567*2', 'EXPR_TOO_MANY_DECIMALS'],
    ['123456789012', 'AMOUNT_TOO_MANY_INTEGER_DIGITS'],
    ['123456789012+1', 'EXPR_NUMBER_TOO_LARGE'],
    ['1.2.', 'AMOUNT_MULTIPLE_DOTS'],
    ['1.1.1+2', 'AMOUNT_MULTIPLE_DOTS'],
    ['12a', 'EXPR_INVALID_CHARACTER'],
    ['1=2', 'EXPR_INVALID_CHARACTER'],
    ['1+2'.repeat(21), 'EXPR_TOO_LONG'],
  ])('the key filter says why it stops %j: %s', (t, code) => {
    expect(amountInputRefusal(t)).toBe(code);
  });

  it('reads full-width and IME text as its ASCII form', () => {
    expect(evaluateAmountInput('１２３．４５')).toEqual({ ok: true, cents: 12345 });
    expect(evaluateAmountInput('１２３。４５')).toEqual({ ok: true, cents: 12345 });
    expect(evaluateAmountInput('１０００、４')).toEqual({ ok: true, cents: 25000 });
    expect(evaluateAmountInput('（１００－２０）＊３')).toEqual({ ok: true, cents: 24000 });
  });

  it('refuses an amount over the column limit with the limit code', () => {
    expect(evaluateAmountInput('1000000000', { maxAbsCents: 99_999_999_999 })).toEqual({ ok: false, code: 'AMOUNT_ABOVE_MAXIMUM' });
    expect(evaluateAmountInput('999999999.99', { maxAbsCents: 99_999_999_999 })).toEqual({ ok: true, cents: 99_999_999_999 });
    expect(evaluateAmountInput('500000000*2', { maxAbsCents: 99_999_999_999 })).toEqual({ ok: false, code: 'AMOUNT_ABOVE_MAXIMUM' });
  });
});
