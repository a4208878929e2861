import { describe, expect, it } from 'vitest';
import { sideOfBalance, toDebitPositive, trialBalance, yearStartBalance, type TrialBalanceInput } from './opening-balance';

const row = (root: string, kind: TrialBalanceInput['kind'], balanceCents: number, ytdDebitCents = 0, ytdCreditCents = 0): TrialBalanceInput => ({ root, kind, balanceCents, ytdDebitCents, ytdCreditCents });

describe('opening balance rules', () => {
  it('turns the amount typed on the subject own side into a debit-positive balance and back', () => {
    expect(toDebitPositive(true, 500)).toBe(500);
    expect(toDebitPositive(false, 500)).toBe(-500);
    expect(toDebitPositive(false, -500)).toBe(500);
    expect(Object.is(toDebitPositive(false, 0), 0)).toBe(true);
    expect([sideOfBalance(1), sideOfBalance(-1), sideOfBalance(0)]).toEqual(['DEBIT', 'CREDIT', 'FLAT']);
    // Opening 1,000 after 300 debits and 100 credits earlier in the year: the year began at 800.
    expect(yearStartBalance(1000, 300, 100)).toBe(800);
  });

  it('passes when debit = credit, ytd debit = ytd credit and assets = liabilities + equity', () => {
    const tb = trialBalance([row('1001', 'ASSET', 1000, 50, 20), row('4001', 'COST', 200), row('2202', 'DEBT', -300, 10, 40), row('3001', 'INTEREST', -900)]);
    expect(tb).toMatchObject({ debitCents: 1200, creditCents: 1200, ytdDebitCents: 60, ytdCreditCents: 60, assetsCents: 1200, liabilitiesCents: 300, equityCents: 900, profitLossCents: 0, problems: [], passed: true });
  });

  it('sums first-level subjects: a customer in credit under a debit subject nets within it', () => {
    const tb = trialBalance([row('1122', 'ASSET', 500), row('1122', 'ASSET', -100), row('3001', 'INTEREST', -400)]);
    expect(tb).toMatchObject({ debitCents: 400, creditCents: 400, passed: true });
  });

  it('names each imbalance', () => {
    expect(trialBalance([row('1001', 'ASSET', 100), row('3001', 'INTEREST', -90)]).problems).toEqual(['DEBIT_CREDIT_IMBALANCE', 'BALANCE_SHEET_IMBALANCE']);
    expect(trialBalance([row('1001', 'ASSET', 100, 5), row('3001', 'INTEREST', -100)]).problems).toEqual(['YTD_IMBALANCE']);
    // A profit and loss subject with a balance: debit = credit, the balance sheet does not balance.
    const pl = trialBalance([row('1001', 'ASSET', 100), row('5602', 'PROFIT', 10), row('3001', 'INTEREST', -110)]);
    expect(pl).toMatchObject({ problems: ['BALANCE_SHEET_IMBALANCE'], profitLossCents: -10, passed: false });
    expect(trialBalance([]).passed).toBe(true);
  });
});
