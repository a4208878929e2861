/**
 * Why a balance sheet does not balance, when the books can tell: profit still standing on the
 * profit and loss subjects (the period's profit transfer to 本年利润 not made yet) accounts for
 * the difference exactly when assets − (liabilities + equity) equals it in both columns.
 */
export interface BalanceSheetTotals {
  assetsClosing: number;
  assetsOpening: number;
  liabilitiesEquityClosing: number;
  liabilitiesEquityOpening: number;
}

export interface SheetDifference {
  closing: number;
  opening: number;
  /** The whole difference is profit not yet carried to 本年利润 (the profit transfer will balance it). */
  unclosedProfitExplains: boolean;
}

export function sheetDifference(t: BalanceSheetTotals, unclosed: { closing: number; opening: number }): SheetDifference {
  const closing = t.assetsClosing - t.liabilitiesEquityClosing;
  const opening = t.assetsOpening - t.liabilitiesEquityOpening;
  const some = closing !== 0 || opening !== 0;
  return { closing, opening, unclosedProfitExplains: some && closing === unclosed.closing && opening === unclosed.opening };
}

/** The totals as the API answers them (cents as strings) in numbers. */
export const numericTotals = (t: { assetsClosing: string; assetsOpening: string; liabilitiesEquityClosing: string; liabilitiesEquityOpening: string }): BalanceSheetTotals => ({
  assetsClosing: Number(t.assetsClosing), assetsOpening: Number(t.assetsOpening),
  liabilitiesEquityClosing: Number(t.liabilitiesEquityClosing), liabilitiesEquityOpening: Number(t.liabilitiesEquityOpening),
});
