/**
 * The settle checks that still stand in the way of the settle as the page would send it: a period
 * whose balance table does not match its vouchers (PERIOD_UNBALANCED) is repaired by the settle
 * itself when "recompute balances before settling" is ticked (the server recomputes, then checks),
 * so that blocker alone must not keep the Settle button disabled — else nothing on the page could
 * ever settle such a period.
 */
export function standingBlockers<C extends { code: string; level: string }>(checks: readonly C[], rewriteBalance: boolean): C[] {
  return checks.filter((c) => c.level === 'BLOCKER' && !(rewriteBalance && c.code === 'PERIOD_UNBALANCED'));
}
