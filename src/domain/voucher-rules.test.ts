import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { VOUCHER_LINE_MAX_CENTS } from './constants';
import { padVoucherCode } from './finance-settings';
import { toChineseUppercase } from './money';
import { monthlyPeriods } from './periods';
import { isVoucherLocked, nextVoucherState, voucherActions, type VoucherActionContext, type VoucherLifecycleState } from './voucher-lifecycle';
import {
  copyVoucher,
  fitSummary,
  lineAmounts,
  markDateChangesYear,
  normalizeVoucherCode,
  resolveMarkDate,
  syncCopyVoucher,
  validateVoucherHeader,
  validateVoucherLines,
  type VoucherLine,
  type VoucherLineInput,
  type VoucherRecord,
  type YearWithPeriods,
} from './voucher-rules';

const blank: VoucherLineInput = { summary: '', subjectId: null, requiredAuxTypeIds: [], chosenAuxTypeIds: [], debitCents: null, creditCents: null };
const debit = (cents: number, over: Partial<VoucherLineInput> = {}): VoucherLineInput => ({ ...blank, summary: '收到货款', subjectId: 11, debitCents: cents, ...over });
const credit = (cents: number, over: Partial<VoucherLineInput> = {}): VoucherLineInput => ({ ...blank, summary: '收到货款', subjectId: 22, creditCents: cents, ...over });

describe('voucher line rules', () => {
  it('saves balanced complete rows, skipping blank rows, with direction true for debit', () => {
    const r = validateVoucherLines([debit(10_000), blank, credit(6_000), credit(4_000), blank]);
    expect(r).toEqual({
      ok: true,
      debitCentsTotal: 10_000,
      creditCentsTotal: 10_000,
      lines: [
        { row: 0, summary: '收到货款', subjectId: 11, direction: true, amountCents: 10_000 },
        { row: 2, summary: '收到货款', subjectId: 22, direction: false, amountCents: 6_000 },
        { row: 3, summary: '收到货款', subjectId: 22, direction: false, amountCents: 4_000 },
      ],
    });
    if (r.ok) expect(r.lines.map(lineAmounts)).toEqual([{ debitCents: 10_000, creditCents: null }, { debitCents: null, creditCents: 6_000 }, { debitCents: null, creditCents: 4_000 }]);
  });

  it('refuses incomplete rows: summary without subject, subject without summary, a required auxiliary missing', () => {
    const r = validateVoucherLines([
      debit(100, { subjectId: null }),
      credit(100, { summary: '   ' }),
      debit(100, { requiredAuxTypeIds: [1, 3], chosenAuxTypeIds: [1] }),
      credit(100, { requiredAuxTypeIds: [1, 3], chosenAuxTypeIds: [3, 1] }),
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => [e.row, e.code, e.params.row])).toEqual([[0, 'VOUCHER_ROW_INCOMPLETE', 1], [1, 'VOUCHER_ROW_INCOMPLETE', 2], [2, 'VOUCHER_ROW_INCOMPLETE', 3]]);
    // What is missing in each, for the editor to flag and put the caret on.
    if (!r.ok) expect(r.errors.map((e) => e.fields)).toEqual([['subject'], ['summary'], ['aux']]);
  });

  it('names the part of the row each refusal is about', () => {
    const r = validateVoucherLines([
      debit(100, { summary: '', subjectId: null }),
      debit(0),
      debit(500, { creditCents: 500 }),
      debit(1, { summary: '摘'.repeat(51) }),
      credit(VOUCHER_LINE_MAX_CENTS + 1),
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.filter((e) => e.row !== null).map((e) => [e.row, e.fields])).toEqual([[0, ['summary', 'subject']], [1, ['amount']], [2, ['amount']], [3, ['summary']], [4, ['amount']]]);
  });

  it('refuses zero lines, lines with both sides, too long summaries and amounts beyond the grid', () => {
    const r = validateVoucherLines([
      debit(0),
      debit(500, { creditCents: 500 }),
      debit(1, { summary: '摘'.repeat(51) }),
      debit(VOUCHER_LINE_MAX_CENTS + 1),
      credit(VOUCHER_LINE_MAX_CENTS),
      debit(VOUCHER_LINE_MAX_CENTS, { summary: '摘'.repeat(50) }),
    ]);
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(r.errors.map((e) => [e.row, e.code])).toEqual([[0, 'VOUCHER_ZERO_LINE'], [1, 'VOUCHER_DEBIT_AND_CREDIT'], [2, 'VOUCHER_SUMMARY_TOO_LONG'], [3, 'VOUCHER_AMOUNT_TOO_LARGE'], [null, 'DEBIT_CREDIT_IMBALANCE']]);
      expect(r.errors[3].params).toEqual({ row: 4, max: '999,999,999.99' });
    }
  });

  it('needs at least one complete row', () => {
    expect(validateVoucherLines([blank, blank])).toMatchObject({ ok: false, errors: [{ row: null, code: 'VOUCHER_NO_COMPLETE_ROW' }] });
    expect(validateVoucherLines([])).toMatchObject({ ok: false, errors: [{ row: null, code: 'VOUCHER_NO_COMPLETE_ROW' }] });
  });

  it('refuses an imbalance with both totals, and accepts red-ink (negative) lines that balance', () => {
    const r = validateVoucherLines([debit(10_000), credit(9_999)]);
    expect(r).toMatchObject({ ok: false, errors: [{ row: null, code: 'DEBIT_CREDIT_IMBALANCE', params: { debit: '100.00', credit: '99.99' } }] });
    expect(validateVoucherLines([debit(-5_000), credit(-5_000)])).toMatchObject({ ok: true, debitCentsTotal: -5_000, creditCentsTotal: -5_000 });
  });

  it('the balance rule agrees with a straightforward sum (fast-check)', () => {
    const arbLine = fc.oneof(
      fc.integer({ min: -VOUCHER_LINE_MAX_CENTS, max: VOUCHER_LINE_MAX_CENTS }).filter((n) => n !== 0).map((n) => debit(n)),
      fc.integer({ min: -VOUCHER_LINE_MAX_CENTS, max: VOUCHER_LINE_MAX_CENTS }).filter((n) => n !== 0).map((n) => credit(n)),
      fc.constant(blank),
    );
    fc.assert(
      fc.property(fc.array(arbLine, { maxLength: 40 }), (rows) => {
        let d = 0n;
        let c = 0n;
        for (const l of rows) {
          d += BigInt(l.debitCents ?? 0);
          c += BigInt(l.creditCents ?? 0);
        }
        const r = validateVoucherLines(rows);
        expect(BigInt(r.debitCentsTotal)).toBe(d);
        expect(BigInt(r.creditCentsTotal)).toBe(c);
        const complete = rows.some((l) => l.subjectId !== null);
        expect(r.ok).toBe(d === c && complete);
        if (!r.ok) expect(r.errors.some((e) => e.code === 'DEBIT_CREDIT_IMBALANCE')).toBe(d !== c);
      }),
      { numRuns: 300 },
    );
    // Balanced by construction: every debit matched by a credit split in two.
    fc.assert(
      fc.property(fc.array(fc.integer({ min: 2, max: VOUCHER_LINE_MAX_CENTS }), { minLength: 1, maxLength: 20 }), (amounts) => {
        const rows = amounts.flatMap((a) => [debit(a), credit(Math.floor(a / 2)), credit(a - Math.floor(a / 2))]);
        expect(validateVoucherLines(rows).ok).toBe(true);
      }),
    );
  });

  it('the voucher total in uppercase comes from the one money function', () => {
    const r = validateVoucherLines([debit(1_680_32), credit(1_680_32)]);
    expect(toChineseUppercase(r.debitCentsTotal)).toBe('壹仟陆佰捌拾元零叁角贰分');
  });
});

describe('voucher header and code rule', () => {
  it('saves the code without its padding zeros, within the code rule length', () => {
    expect(normalizeVoucherCode('0012')).toEqual({ ok: true, code: 12 });
    expect(normalizeVoucherCode(' 10 ')).toEqual({ ok: true, code: 10 });
    expect(normalizeVoucherCode('1000')).toEqual({ ok: true, code: 1000 });
    expect(normalizeVoucherCode('00012')).toEqual({ ok: true, code: 12 });
    expect(normalizeVoucherCode('12345')).toEqual({ ok: false, code: 'VOUCHER_CODE_INVALID', params: { length: 4 } });
    expect(normalizeVoucherCode('123456', 6)).toEqual({ ok: true, code: 123456 });
    for (const bad of ['0000', '', '12a', '-1', '1.0', '１２']) expect(normalizeVoucherCode(bad).ok, bad).toBe(false);
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 9999 }), (n) => {
        expect(normalizeVoucherCode(padVoucherCode(n, 4))).toEqual({ ok: true, code: n });
      }),
    );
  });

  it('requires kind, code, mark date and bill count 0 to 9999', () => {
    expect(validateVoucherHeader({ kindId: 1, code: '0001', markDate: '2026-03-05', billCount: 0 })).toEqual([]);
    expect(validateVoucherHeader({ kindId: null, code: ' ', markDate: '', billCount: null }).map((e) => e.params.field)).toEqual(['kind', 'code', 'markDate', 'billCount']);
    expect(validateVoucherHeader({ kindId: 1, code: '1', markDate: '2026-02-30', billCount: 10_000 }).map((e) => e.code)).toEqual(['INVALID_INPUT', 'VOUCHER_BILL_COUNT_INVALID']);
    expect(validateVoucherHeader({ kindId: 1, code: '1', markDate: '2026-02-28', billCount: 1.5 }).map((e) => e.code)).toEqual(['VOUCHER_BILL_COUNT_INVALID']);
    expect(validateVoucherHeader({ kindId: 1, code: '12345', markDate: '2026-02-28', billCount: 9999 }, 4).map((e) => e.code)).toEqual(['VOUCHER_CODE_INVALID']);
  });
});

describe('mark date → period', () => {
  const year = (id: number, y: number, firstPeriodId: number): YearWithPeriods => ({
    id,
    startAt: `${y}-01-01`,
    endAt: `${y}-12-31`,
    periods: monthlyPeriods(y).map((p, i) => ({ ...p, id: firstPeriodId + i })),
  });
  const years = [year(1, 2025, 100), year(2, 2026, 200)];

  it('finds the period containing the date, in the right year', () => {
    expect(resolveMarkDate('2026-03-31', years)).toEqual({ ok: true, accountYearId: 2, periodId: 202 });
    expect(resolveMarkDate('2025-01-01', years)).toEqual({ ok: true, accountYearId: 1, periodId: 100 });
  });

  it('uses the last period when no period contains the date', () => {
    // Periods that stop before the year ends (the year was set longer than its periods).
    const short: YearWithPeriods = { id: 3, startAt: '2027-01-01', endAt: '2027-12-31', periods: [{ id: 301, startAt: '2027-01-01', endAt: '2027-01-31' }, { id: 302, startAt: '2027-02-01', endAt: '2027-02-28' }] };
    expect(resolveMarkDate('2027-07-15', [...years, short])).toEqual({ ok: true, accountYearId: 3, periodId: 302 });
  });

  it('refuses dates before the first account year or after the last', () => {
    expect(resolveMarkDate('2024-12-31', years)).toEqual({ ok: false, code: 'MARK_DATE_OUT_OF_RANGE', params: { from: '2025-01-01', to: '2026-12-31' } });
    expect(resolveMarkDate('2027-01-01', years)).toMatchObject({ ok: false, code: 'MARK_DATE_OUT_OF_RANGE' });
    expect(resolveMarkDate('2026-13-01', years)).toMatchObject({ ok: false, code: 'INVALID_INPUT' });
    expect(resolveMarkDate('2026-01-01', [])).toMatchObject({ ok: false, code: 'MISSING_ACCOUNT_OR_PERIOD' });
  });

  it('tells when a new date moves the voucher into another account year', () => {
    expect(markDateChangesYear('2026-03-01', '2026-12-31', years)).toBe(false);
    expect(markDateChangesYear('2026-01-01', '2025-12-31', years)).toBe(true);
  });
});

describe('copy and synchronised copy', () => {
  const source: VoucherRecord<{ id: number | null; summary: string; amount: string }> = {
    id: 9,
    periodId: 203,
    kindId: 1,
    markTime: '2026-04-08',
    code: 12,
    billCount: 3,
    items: [{ id: 91, summary: '付房租', amount: '500000' }, { id: 92, summary: '付房租', amount: '500000' }],
    state: 'INVALID',
    auditAt: '2026-04-09 10:00:00',
    auditBy: 2,
    auditByName: '李四',
    auditPass: true,
    bookKeepAt: '2026-04-10 10:00:00',
    bookKeepBy: 3,
    bookKeepByName: '王五',
    cashierAt: '2026-04-09 11:00:00',
    cashierBy: 4,
    cashierByName: '赵六',
    createdBy: 1,
    createdByName: '张三',
    voucherRelationInfos: [{ targetId: 77, voucherId: 9, accountId: 2, accountName: '分账套' }],
  };
  const cleared = { auditAt: null, auditBy: null, auditByName: null, auditPass: null, bookKeepAt: null, bookKeepBy: null, bookKeepByName: null, cashierAt: null, cashierBy: null, cashierByName: null };

  it('copy clears id, code, mark date, period, relations, audit, bookkeeping and cashier; bill count 0', () => {
    expect(copyVoucher(source)).toEqual({
      ...cleared,
      id: null, periodId: null, kindId: 1, markTime: null, code: null, billCount: 0, state: 'NORMAL', createdBy: null, createdByName: null, voucherRelationInfos: [],
      items: [{ id: null, summary: '付房租', amount: '500000' }, { id: null, summary: '付房租', amount: '500000' }],
    });
    expect(source.items[0].id).toBe(91);
  });

  it('synchronised copy is NORMAL without relations, id, code and period; keeps date and bill count', () => {
    expect(syncCopyVoucher(source)).toEqual({
      ...cleared,
      id: null, periodId: null, kindId: 1, markTime: '2026-04-08', code: null, billCount: 3, state: 'NORMAL', createdBy: null, createdByName: null, voucherRelationInfos: [],
      items: [{ id: null, summary: '付房租', amount: '500000' }, { id: null, summary: '付房租', amount: '500000' }],
    });
  });
});

describe('save gate property (fast-check)', () => {
  const ctx: VoucherActionContext = { user: { id: 2, kind: 'ADMIN', rightIds: [] }, makerId: 1, periodSettled: false, cashierSignRequired: false };
  // Half of the edits balance, half are off by a cent.
  const arbLines = fc.tuple(fc.integer({ min: 1, max: 1_000_000 }), fc.integer({ min: 1, max: 1_000_000 }), fc.boolean()).map(([a, b, balanced]) => [debit(a), debit(b), credit(a + b + (balanced ? 0 : 1))]);
  const arbStep = fc.oneof(fc.constantFrom(...voucherActions).map((a) => ({ action: a, lines: null })), arbLines.map((lines) => ({ action: 'save' as const, lines })));

  it('a voucher only ever holds balanced lines, and a locked voucher’s lines never change', () => {
    let writes = 0;
    fc.assert(
      fc.property(fc.array(arbStep, { minLength: 5, maxLength: 60 }), (steps) => {
        let state: VoucherLifecycleState = 'new';
        let saved: VoucherLine[] = [];
        for (const { action, lines } of steps) {
          const before = saved;
          const r = nextVoucherState(state, action, ctx);
          if (!r.ok) continue;
          if (action === 'save' && lines) {
            const v = validateVoucherLines(lines);
            if (!v.ok) continue; // the gate refuses; nothing is written
            saved = v.lines;
            writes++;
          }
          if (isVoucherLocked(state)) expect(saved).toBe(before);
          state = r.next;
          const sum = (dir: boolean) => saved.filter((l) => l.direction === dir).reduce((t, l) => t + l.amountCents, 0);
          expect(sum(true)).toBe(sum(false));
        }
      }),
      { numRuns: 300 },
    );
    expect(writes).toBeGreaterThan(50);
  });
});

describe('fitSummary', () => {
  it('cuts a written summary to 50 characters, counting a CJK or astral character once', () => {
    expect(fitSummary('冲销记-0002号凭证：付房租')).toBe('冲销记-0002号凭证：付房租');
    expect([...fitSummary(`${'收'.repeat(49)}😀款`)].length).toBe(50);
    expect(fitSummary(`${'a'.repeat(49)} b`)).toBe('a'.repeat(49));
  });
});
