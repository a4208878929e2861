/**
 * Ledger sets (accounts) of a company with their account years, and the periods of a year,
 * for the top bar, the company setup flow and the home page.
 */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/typed-client';
import { accountApi } from '../../contract/heads';
import type { AccountDto, AccountYearDto } from '../../contract/account';
import { MAX_PAGE_LIMIT } from '../../domain/constants';
import { queryKeys } from './keys';

export const accountsQueryOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: [...queryKeys.accounts(companyId), 'withYears'] as const,
    queryFn: async ({ signal }) => {
      const page = await call(accountApi.list, { query: { filter: { companyId: companyId!, deleted: false }, expand: 'accountYears', limit: MAX_PAGE_LIMIT } }, { signal });
      return page.content;
    },
    enabled: companyId !== null,
  });

export const periodsQueryOptions = (accountYearId: number | null) =>
  queryOptions({
    queryKey: queryKeys.periods(accountYearId),
    queryFn: async ({ signal }) => (await call(accountApi.periods, { query: { accountYearId: accountYearId! } }, { signal })).content,
    enabled: accountYearId !== null,
  });

/** The account to select: the remembered one when still there, else the main one, else the first. */
export function pickAccount(accounts: readonly AccountDto[], current: number | null): AccountDto | undefined {
  return accounts.find((a) => a.id === current) ?? accounts.find((a) => a.main === 1) ?? accounts[0];
}

/** The year to select: the remembered one when still there, else the last one. */
export function pickAccountYear(years: readonly AccountYearDto[], current: number | null): AccountYearDto | undefined {
  return years.find((y) => y.id === current) ?? [...years].sort((a, b) => a.year - b.year).at(-1);
}
