/**
 * Queries and mutations of account management (/basic/accountList, /basic/accountPeriod):
 * ledger sets, account years and periods. Ledger-set changes invalidate ['accounts', companyId],
 * year and period changes ['accountYears', …], so the shell's top-bar selectors refresh.
 */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/typed-client';
import { accountApi } from '../../contract/heads';
import { queryKeys } from './keys';
import { useAdminMutation } from './admin-common';
import type { ListRequest } from '../../../grids/list/list-grid';

export const accountListOptions = (companyId: number | null, req: ListRequest) =>
  queryOptions({
    queryKey: queryKeys.accountList(companyId, req),
    queryFn: ({ signal }) =>
      call(
        accountApi.list,
        { query: { filter: { companyId: companyId ?? undefined, ...(req.keyword ? { keyword: req.keyword } : {}) }, index: req.index, size: req.size, sort: Object.keys(req.sort).length ? req.sort : undefined, expand: 'accountYears' } },
        { signal },
      ),
    enabled: !!companyId,
  });

/** All ledger sets of a company (periods page selector). */
export const companyAccountsOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: queryKeys.accountList(companyId, 'all'),
    queryFn: ({ signal }) => call(accountApi.list, { query: { filter: { companyId: companyId ?? undefined }, index: 0, size: 1000 } }, { signal }),
    enabled: !!companyId,
  });

export const accountYearsOptions = (accountId: number | null) =>
  queryOptions({
    queryKey: [...queryKeys.accountYears(accountId), 'withPeriods'] as const,
    queryFn: ({ signal }) => call(accountApi.years, { query: { accountId: accountId!, expand: 'periods' } }, { signal }),
    enabled: !!accountId,
  });

export const periodListOptions = (accountYearId: number | null) =>
  queryOptions({
    // Under the shell's periods key (same invalidation), but a distinct leaf: this one keeps the {content,total} answer.
    queryKey: [...queryKeys.periods(accountYearId), 'list'] as const,
    queryFn: ({ signal }) => call(accountApi.periods, { query: { accountYearId: accountYearId! } }, { signal }),
    enabled: !!accountYearId,
  });

export function useCreateAccount() {
  return useAdminMutation({
    saves: true,
    mutationFn: (body: { companyId: number; name: string; main?: boolean; year?: number }) => call(accountApi.create, { body }),
    invalidate: (vars) => [queryKeys.accounts(vars.companyId), ['accountYears']],
  });
}

export function useRenameAccount() {
  return useAdminMutation({
    saves: true,
    mutationFn: ({ id, name, version }: { id: number; name: string; companyId: number; version?: number }) => call(accountApi.update, { params: { id }, body: { name, version } }),
    invalidate: (vars) => [queryKeys.accounts(vars.companyId)],
  });
}

export function useSetMainAccount() {
  return useAdminMutation({
    mutationFn: ({ id }: { id: number; companyId: number }) => call(accountApi.setMain, { params: { id } }),
    invalidate: (vars) => [queryKeys.accounts(vars.companyId)],
  });
}

export function useDeleteAccount() {
  return useAdminMutation({
    mutationFn: ({ id }: { id: number; companyId: number }) => call(accountApi.remove, { params: { id } }),
    invalidate: (vars) => [queryKeys.accounts(vars.companyId), ['accountYears']],
  });
}

export function useCreateAccountYear() {
  return useAdminMutation({
    saves: true,
    mutationFn: (body: { accountId: number; year: number; startAt?: string; companyId: number }) =>
      call(accountApi.createYear, { body: { accountId: body.accountId, year: body.year, ...(body.startAt ? { startAt: body.startAt } : {}) } }),
    invalidate: (vars) => [['accountYears'], queryKeys.accounts(vars.companyId)],
  });
}

/** Deletes the last account year of a ledger set (with its periods) while nothing uses it. */
export function useDeleteAccountYear() {
  return useAdminMutation({
    mutationFn: ({ id }: { id: number; companyId: number }) => call(accountApi.deleteYear, { params: { id } }),
    invalidate: (vars) => [['accountYears'], queryKeys.accounts(vars.companyId)],
  });
}

/** Moves a period's boundaries; the server shifts the neighbours and answers the year's periods. */
export function useUpdatePeriod() {
  return useAdminMutation({
    saves: true,
    mutationFn: ({ id, startAt, endAt, version }: { id: number; startAt: string; endAt: string; version?: number }) => call(accountApi.updatePeriod, { params: { id }, body: { startAt, endAt, version } }),
    invalidate: [['accountYears']],
  });
}
