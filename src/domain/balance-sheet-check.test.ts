import { describe, expect, it } from 'vitest';
import { differenceOfAnswer, sheetDifference } from './balance-sheet-check';

const totals = (ac: number, lc: number, ao = 0, lo = 0) => ({ assetsClosing: ac, liabilitiesEquityClosing: lc, assetsOpening: ao, liabilitiesEquityOpening: lo });

describe('sheetDifference', () => {
  it('names the untransferred profit when it is the whole difference, in both columns', () => {
    expect(sheetDifference(totals(10_501_544, 10_295_000), { closing: 206_544, opening: 0 })).toEqual({ closing: 206_544, opening: 0, unclosedProfitExplains: true });
    // A loss: liabilities and equity exceed the assets by it.
    expect(sheetDifference(totals(900, 1_000), { closing: -100, opening: 0 }).unclosedProfitExplains).toBe(true);
  });

  it('does not when something else is out too', () => {
    expect(sheetDifference(totals(10_501_544, 10_295_000), { closing: 206_000, opening: 0 }).unclosedProfitExplains).toBe(false);
    expect(sheetDifference(totals(1_000, 900, 50, 0), { closing: 100, opening: 0 }).unclosedProfitExplains).toBe(false);
  });

  it('a balanced sheet needs no reason', () => {
    expect(sheetDifference(totals(500, 500), { closing: 0, opening: 0 })).toEqual({ closing: 0, opening: 0, unclosedProfitExplains: false });
  });

  it('reads the API answer (cents as strings) the same way', () => {
    const answer = { totals: { assetsClosing: '10501544', assetsOpening: '0', liabilitiesEquityClosing: '10295000', liabilitiesEquityOpening: '0' }, unclosedProfit: { closing: '206544', opening: '0' } };
    expect(differenceOfAnswer(answer)).toEqual({ closing: 206_544, opening: 0, unclosedProfitExplains: true });
  });
});
