import { describe, expect, it } from 'vitest';
import type { OpeningRowDto } from '../../../contract/opening';
import { applyDrafts, auxBodyOf, currentAmount, auxPopupRowsOf, filledAuxRows, liveTrialBalance, rowsToSave, withDraft } from './opening-model';

const row = (o: Partial<OpeningRowDto> & Pick<OpeningRowDto, 'subjectId' | 'code'>): OpeningRowDto => ({
  parentId: null, name: o.code, nameEn: null, level: 1, leaf: true, kind: 'ASSET', direction: true, disabled: false, auxTypeIds: [],
  amountCents: '0', balanceCents: '0', side: 'FLAT', ytdDebitCents: '0', ytdCreditCents: '0', yearStartCents: '0', auxRows: 0, ...o,
});

const chart: OpeningRowDto[] = [
  row({ subjectId: 1, code: '1001', amountCents: '1000' }),
  row({ subjectId: 2, code: '1122', auxTypeIds: [3], amountCents: '500', auxRows: 1 }),
  row({ subjectId: 3, code: '2221', kind: 'DEBT', direction: false, leaf: false }),
  row({ subjectId: 4, code: '222101', kind: 'DEBT', direction: false, parentId: 3, level: 2 }),
  row({ subjectId: 5, code: '3001', kind: 'INTEREST', direction: false, amountCents: '1500' }),
];

describe('opening balance screen model', () => {
  it("a cell's current amount is the last commit, not the row the grid still holds (25000, back to 20000, 25000 again)", () => {
    const saved = new Map([[1, { amountCents: 2_000_000, ytdDebitCents: 0, ytdCreditCents: 0 }]]);
    // The grid still holds the row of the first edit (25000) after the second (back to 20000) removed the draft.
    const stale = applyDrafts(chart, new Map([[1, { amountCents: 2_500_000, ytdDebitCents: 0, ytdCreditCents: 0 }]]))[0];
    expect(stale.amountCents).toBe(2_500_000);
    expect(currentAmount(stale, 'amountCents', new Map(), saved)).toBe(2_000_000);
    expect(currentAmount(stale, 'amountCents', new Map([[1, { amountCents: 700 }]]), saved)).toBe(700);
    expect(currentAmount(stale, 'ytdDebitCents', new Map([[1, { amountCents: 700 }]]), saved)).toBe(0);
    // A parent shows its roll-up from the view.
    const parent = applyDrafts(chart, new Map())[2];
    expect(currentAmount({ ...parent, amountCents: 42 }, 'amountCents', new Map(), saved)).toBe(42);
  });

  it('a figure typed back to the saved one is no change: the leaf leaves the drafts', () => {
    const saved = row({ subjectId: 7, code: '1001', amountCents: '3285000', ytdDebitCents: '0', ytdCreditCents: '0' });
    const typed = withDraft(new Map(), saved, { amountCents: 4000000, ytdDebitCents: 0, ytdCreditCents: 0 });
    expect([...typed.keys()]).toEqual([7]);
    const back = withDraft(typed, saved, { amountCents: 3285000, ytdDebitCents: 0, ytdCreditCents: 0 });
    expect(back.size).toBe(0);
    expect(rowsToSave(applyDrafts([saved], back))).toEqual([]);
    // Another figure still changed keeps it.
    expect(withDraft(typed, saved, { amountCents: 3285000, ytdDebitCents: 100, ytdCreditCents: 0 }).get(7)).toEqual({ amountCents: 3285000, ytdDebitCents: 100, ytdCreditCents: 0 });
  });

  it('applies typed leaves and sums parents on their own side; only changed plain leaves are saved', () => {
    const view = applyDrafts(chart, new Map([[4, { amountCents: 300, ytdDebitCents: 0, ytdCreditCents: 100 }], [5, { amountCents: 1800 }]]));
    const parent = view.find((r) => r.code === '2221')!;
    expect(parent).toMatchObject({ amountCents: 300, balanceCents: -300, ytdCreditCents: 100, dirty: false });
    // Year start of a credit subject: 300 now, 100 credited earlier in the year → 200 at the start.
    expect(view.find((r) => r.code === '222101')).toMatchObject({ yearStartCents: 200, dirty: true });
    expect(rowsToSave(view)).toEqual([
      { subjectId: 4, amountCents: 300, ytdDebitCents: 0, ytdCreditCents: 100 },
      { subjectId: 5, amountCents: 1800, ytdDebitCents: 0, ytdCreditCents: 0 },
    ]);
  });

  it('checks the trial balance of the figures on screen', () => {
    expect(liveTrialBalance(applyDrafts(chart, new Map()))).toMatchObject({ debitCents: 1500, creditCents: 1500, passed: true });
    const off = liveTrialBalance(applyDrafts(chart, new Map([[1, { amountCents: 1001 }]])));
    expect(off).toMatchObject({ debitCents: 1501, passed: false });
    expect(off.problems).toContain('DEBIT_CREDIT_IMBALANCE');
  });

  it('turns stored auxiliary rows into popup rows and the popup entries back, sides included', () => {
    const stored = [
      { departmentId: null, employeeId: null, customerId: 7, vendorId: null, projectId: null, budgetId: null, amountCents: '900', balanceCents: '900', ytdDebitCents: '50', ytdCreditCents: '0' },
      { departmentId: null, employeeId: null, customerId: 8, vendorId: null, projectId: null, budgetId: null, amountCents: '-100', balanceCents: '-100', ytdDebitCents: '0', ytdCreditCents: '0' },
    ];
    const popup = auxPopupRowsOf(stored, true);
    expect(popup.map((r) => [r.aux3, r.direction, r.amount, r.ytdDebit])).toEqual([['7', 'debit', 900, 50], ['8', 'credit', 100, null]]);
    const filled = filledAuxRows(popup, [3]);
    const body = auxBodyOf([{ auxId: '3:7', side: 'debit', amount: 900 }, { auxId: '3:8', side: 'credit', amount: 100 }], filled, true);
    expect(body).toEqual([
      { departmentId: null, employeeId: null, customerId: 7, vendorId: null, projectId: null, budgetId: null, amountCents: 900, ytdDebitCents: 50, ytdCreditCents: 0 },
      { departmentId: null, employeeId: null, customerId: 8, vendorId: null, projectId: null, budgetId: null, amountCents: -100, ytdDebitCents: 0, ytdCreditCents: 0 },
    ]);
    // A credit subject: a credit entry is positive on its own side.
    expect(auxBodyOf([{ auxId: '3:7', side: 'credit', amount: 40 }], [], false)[0].amountCents).toBe(40);
  });
});
