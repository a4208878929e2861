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

/** Cents as the API writes them (strings). */
type Text<T> = { [K in keyof T]: string };

/** The same from a balance sheet as the API answers it (its totals and untransferred profit in cents as strings). */
export function differenceOfAnswer(a: { totals: Text<BalanceSheetTotals>; unclosedProfit: { closing: string; opening: string } }): SheetDifference {
  return sheetDifference(
    {
      assetsClosing: Number(a.totals.assetsClosing), assetsOpening: Number(a.totals.assetsOpening),
      liabilitiesEquityClosing: Number(a.totals.liabilitiesEquityClosing), liabilitiesEquityOpening: Number(a.totals.liabilitiesEquityOpening),
    },
    { closing: Number(a.unclosedProfit.closing), opening: Number(a.unclosedProfit.opening) },
  );
}
