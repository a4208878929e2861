/**
 * Queries and mutations of the period end screen. Settling or reopening a period changes what every
 * voucher screen may do, so they invalidate the periods, the account years and the vouchers. A
 * settle may open the next account year (at the year end): the ledger sets' lists of years (the top
 * bar's and the reports' year selectors) are refreshed too.
 */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/typed-client';
import { periodEndApi } from '../../../contract/heads';
import { useAdminMutation } from '../../queries/admin-common';

export const periodEndKeys = {
  rollInfo: (accountId: number | null, lang: string) => ['periodEnd', 'rollInfo', accountId, lang] as const,
};

export const rollInfoOptions = (accountId: number | null, lang: string) =>
  queryOptions({
    queryKey: periodEndKeys.rollInfo(accountId, lang),
    queryFn: ({ signal }) => call(periodEndApi.rollInfo, { params: { id: accountId! } }, { signal }),
    enabled: !!accountId,
  });

// The reports (['report', …]) read the balances a transfer moves and a settle may recompute.
const afterPeriodEnd = (accountId: number) => [['periodEnd'], ['accountYears'], ['vouchers', accountId], ['ledger'], ['report']];
/** After a settle: also the ledger sets with their account years (queryKeys.accounts), for the year it may have opened. */
const afterRoll = (accountId: number) => [...afterPeriodEnd(accountId), ['accounts']];

export function useProfitTransfer() {
  return useAdminMutation({
    mutationFn: (v: { accountId: number; periodId: number; includeUnbooked: boolean; preview: boolean; close?: 'PROFIT_LOSS' | 'YEAR_PROFIT' }) =>
      call(periodEndApi.profitTransfer, { body: { periodId: v.periodId, includeUnbooked: v.includeUnbooked, preview: v.preview, close: v.close ?? 'PROFIT_LOSS' } }),
    invalidate: (v) => (v.preview ? [] : afterPeriodEnd(v.accountId)),
    notify: false,
  });
}

export function useRoll() {
  return useAdminMutation({
    mutationFn: (v: { accountId: number; rewriteBalance: boolean }) => call(periodEndApi.roll, { params: { id: v.accountId }, body: { rewriteBalance: v.rewriteBalance } }),
    invalidate: (v) => afterRoll(v.accountId),
    notify: false,
  });
}

export function useReverseRoll() {
  return useAdminMutation({
    mutationFn: (v: { accountId: number; periodId: number }) => call(periodEndApi.reverseRoll, { params: { id: v.accountId }, body: { periodId: v.periodId } }),
    invalidate: (v) => afterPeriodEnd(v.accountId),
    notify: false,
  });
}
