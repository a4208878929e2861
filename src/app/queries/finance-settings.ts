/**
 * Queries and mutations of the financial settings (/basic/voucherKind, /basic/voucherCode,
 * /basic/currencyType). Kind changes invalidate ['voucherKinds', accountId] (the voucher editor
 * reads the same key), currency changes ['currencies', companyId].
 */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../api/typed-client';
import { financeSettingsApi as api, systemApi } from '../../contract/heads';
import { queryKeys } from './keys';
import { useAdminMutation } from './admin-common';
import type { ListRequest } from '../../../grids/list/list-grid';

export const voucherKindListOptions = (accountId: number | null, req: ListRequest) =>
  queryOptions({
    queryKey: [...queryKeys.voucherKinds(accountId), 'list', req] as const,
    queryFn: ({ signal }) => call(api.voucherKinds, { query: { filter: { accountId: accountId!, ...(req.keyword ? { keyword: req.keyword } : {}) }, index: req.index, size: req.size } }, { signal }),
    enabled: !!accountId,
  });

export interface VoucherKindInput { name: string; nameEn?: string | null; isDefault?: boolean }

export function useCreateVoucherKind() {
  return useAdminMutation({
    saves: true,
    mutationFn: (body: VoucherKindInput & { accountId: number }) => call(api.createVoucherKind, { body }),
    invalidate: (vars) => [queryKeys.voucherKinds(vars.accountId)],
  });
}

export function useUpdateVoucherKind() {
  return useAdminMutation({
    saves: true,
    mutationFn: ({ id, body }: { id: number; accountId: number; body: { name?: string; nameEn?: string | null; isDefault?: true; version?: number } }) => call(api.updateVoucherKind, { params: { id }, body }),
    invalidate: (vars) => [queryKeys.voucherKinds(vars.accountId)],
  });
}

export function useDeleteVoucherKind() {
  return useAdminMutation({
    mutationFn: ({ id }: { id: number; accountId: number }) => call(api.deleteVoucherKind, { params: { id } }),
    invalidate: (vars) => [queryKeys.voucherKinds(vars.accountId)],
  });
}

/** The spec's used-check before a delete. */
export const voucherKindUsed = (id: number) => call(api.voucherKindUsed, { params: { id } });

export const voucherCodeRuleOptions = (accountId: number | null) =>
  queryOptions({
    queryKey: queryKeys.voucherCodeRule(accountId),
    queryFn: ({ signal }) => call(api.voucherCodeRule, { query: { accountId: accountId! } }, { signal }),
    enabled: !!accountId,
  });

export function useUpdateVoucherCodeRule() {
  return useAdminMutation({
    saves: true,
    mutationFn: (body: { accountId: number; length: number; version?: number }) => call(api.updateVoucherCodeRule, { body }),
    invalidate: (vars) => [queryKeys.voucherCodeRule(vars.accountId)],
  });
}

export const currencyListOptions = (companyId: number | null, req: ListRequest) =>
  queryOptions({
    queryKey: [...queryKeys.currencies(companyId), 'list', req] as const,
    queryFn: ({ signal }) => call(api.currencies, { query: { filter: { companyId: companyId ?? undefined, ...(req.keyword ? { keyword: req.keyword } : {}) }, index: req.index, size: req.size } }, { signal }),
    enabled: !!companyId,
  });

export function useCreateCurrency() {
  return useAdminMutation({
    saves: true,
    mutationFn: (body: { companyId: number; code: string; name: string; rate: string | number; disabled?: boolean }) => call(api.createCurrency, { body }),
    invalidate: (vars) => [queryKeys.currencies(vars.companyId)],
  });
}

export function useUpdateCurrency() {
  return useAdminMutation({
    saves: true,
    mutationFn: ({ id, body }: { id: number; companyId: number; body: { code?: string; name?: string; rate?: string | number; disabled?: boolean; version?: number } }) => call(api.updateCurrency, { params: { id }, body }),
    invalidate: (vars) => [queryKeys.currencies(vars.companyId)],
  });
}

export function useDeleteCurrency() {
  return useAdminMutation({
    mutationFn: ({ id }: { id: number; companyId: number }) => call(api.deleteCurrency, { params: { id } }),
    invalidate: (vars) => [queryKeys.currencies(vars.companyId)],
  });
}

/** The system settings page: download base and language switch (admin only on the server). */
export function useUpdateSystemConfig() {
  return useAdminMutation({
    saves: true,
    mutationFn: (body: { downloadBase?: string | null; languageSwitch?: boolean }) => call(systemApi.updateConfig, { body }),
    invalidate: [queryKeys.config()],
  });
}
