/**
 * Queries and mutations of the cashier settings (decision 028): banks (per company), bank accounts
 * and income/outcome kinds (per ledger set). Keys: ['banks', companyId, …], ['bankAccounts',
 * accountId, …], ['cashierKinds', direction, accountId, …].
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../api/typed-client';
import { bankAccountApi, bankApi, incomeKindApi, outcomeKindApi } from '../../contract/heads';
import type { bankAccountCreateBody, bankAccountUpdateBody, bankCreateBody, bankUpdateBody, cashierKindCreateBody, cashierKindUpdateBody } from '../../contract/cashier-settings';
import { useAdminMutation } from './admin-common';
import type { ListRequest } from '../../../grids/list/list-grid';

export type Direction = 'INCOME' | 'OUTCOME';
export type BankAccountCreateInput = z.input<typeof bankAccountCreateBody>;
export type BankAccountUpdateInput = z.input<typeof bankAccountUpdateBody>;
export type CashierKindCreateInput = z.input<typeof cashierKindCreateBody>;
export type CashierKindUpdateInput = z.input<typeof cashierKindUpdateBody>;

export const cashierKeys = {
  banks: (companyId: number | null) => ['banks', companyId] as const,
  accounts: (accountId: number | null) => ['bankAccounts', accountId] as const,
  accountList: (accountId: number | null, req: unknown) => ['bankAccounts', accountId, 'list', req] as const,
  kinds: (direction: Direction, accountId: number | null) => ['cashierKinds', direction, accountId] as const,
  kindList: (direction: Direction, accountId: number | null, req: unknown) => ['cashierKinds', direction, accountId, 'list', req] as const,
};

const sortOf = (req: ListRequest) => (Object.keys(req.sort).length ? req.sort : undefined);
const kindApi = (d: Direction) => (d === 'INCOME' ? incomeKindApi : outcomeKindApi);

/** Every bank of the company (the bank select; a company keeps a handful). */
export const bankOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: cashierKeys.banks(companyId),
    queryFn: ({ signal }) => call(bankApi.list, { query: { filter: { companyId: companyId! }, size: 500 } }, { signal }),
    enabled: !!companyId,
  });

export function useCreateBank(companyId: number | null) {
  return useAdminMutation({ saves: true, mutationFn: (body: z.input<typeof bankCreateBody>) => call(bankApi.create, { body }), invalidate: [cashierKeys.banks(companyId)] });
}

export const bankAccountListOptions = (accountId: number | null, req: ListRequest) =>
  queryOptions({
    queryKey: cashierKeys.accountList(accountId, req),
    queryFn: ({ signal }) =>
      call(bankAccountApi.list, { query: { filter: { accountId: accountId!, ...(req.keyword ? { keyword: req.keyword } : {}) }, index: req.index, size: req.size, sort: sortOf(req) } }, { signal }),
    enabled: !!accountId,
  });

export function useCreateBankAccount(accountId: number | null) {
  return useAdminMutation({ saves: true, mutationFn: (body: BankAccountCreateInput) => call(bankAccountApi.create, { body }), invalidate: [cashierKeys.accounts(accountId)] });
}
export function useUpdateBankAccount(accountId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: ({ id, body }: { id: number; body: BankAccountUpdateInput }) => call(bankAccountApi.update, { params: { id }, body }),
    invalidate: [cashierKeys.accounts(accountId)],
  });
}
export function useDeleteBankAccount(accountId: number | null) {
  return useAdminMutation({ mutationFn: (id: number) => call(bankAccountApi.remove, { params: { id } }), invalidate: [cashierKeys.accounts(accountId)] });
}
export const bankAccountUsed = (id: number) => call(bankAccountApi.used, { params: { id } });

export const cashierKindListOptions = (direction: Direction, accountId: number | null, req: ListRequest) =>
  queryOptions({
    queryKey: cashierKeys.kindList(direction, accountId, req),
    queryFn: ({ signal }) =>
      call(kindApi(direction).list as typeof incomeKindApi.list, { query: { filter: { accountId: accountId!, ...(req.keyword ? { keyword: req.keyword } : {}) }, index: req.index, size: req.size, sort: sortOf(req) } }, { signal }),
    enabled: !!accountId,
  });

export function useCreateCashierKind(direction: Direction, accountId: number | null) {
  return useAdminMutation({ saves: true, mutationFn: (body: CashierKindCreateInput) => call(kindApi(direction).create as typeof incomeKindApi.create, { body }), invalidate: [cashierKeys.kinds(direction, accountId)] });
}
export function useUpdateCashierKind(direction: Direction, accountId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: ({ id, body }: { id: number; body: CashierKindUpdateInput }) => call(kindApi(direction).update as typeof incomeKindApi.update, { params: { id }, body }),
    invalidate: [cashierKeys.kinds(direction, accountId)],
  });
}
export function useDeleteCashierKind(direction: Direction, accountId: number | null) {
  return useAdminMutation({ mutationFn: (id: number) => call(kindApi(direction).remove as typeof incomeKindApi.remove, { params: { id } }), invalidate: [cashierKeys.kinds(direction, accountId)] });
}
export const cashierKindUsed = (direction: Direction, id: number) => call(kindApi(direction).used as typeof incomeKindApi.used, { params: { id } });

export function useUpdateBank(companyId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: ({ id, body }: { id: number; body: z.input<typeof bankUpdateBody> }) => call(bankApi.update, { params: { id }, body }),
    invalidate: [cashierKeys.banks(companyId), ['bankAccounts']],
  });
}
export function useDeleteBank(companyId: number | null) {
  return useAdminMutation({ mutationFn: (id: number) => call(bankApi.remove, { params: { id } }), invalidate: [cashierKeys.banks(companyId)] });
}
export const bankUsed = (id: number) => call(bankApi.used, { params: { id } });
