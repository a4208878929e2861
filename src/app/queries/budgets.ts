/**
 * Queries and mutations of budgets (/budget/catalog: per account year) and vendors (/system/vendor:
 * per ledger set). Keys: ['budgets', accountYearId, …] and ['vendors', accountId, …]; every budget
 * change invalidates the year's budgets (list, totals, profit summary).
 */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../api/typed-client';
import { budgetApi, vendorApi } from '../../contract/heads';
import type { BudgetDto, budgetCreateBody, budgetUpdateBody, vendorCreateBody, vendorUpdateBody } from '../../contract/budget';
import { useAdminMutation } from './admin-common';
import type { ListRequest } from '../../../grids/list/list-grid';

export type BudgetCreateInput = z.input<typeof budgetCreateBody>;
export type BudgetUpdateInput = z.input<typeof budgetUpdateBody>;
export type VendorCreateInput = z.input<typeof vendorCreateBody>;
export type VendorUpdateInput = z.input<typeof vendorUpdateBody>;

export const budgetKeys = {
  year: (accountYearId: number | null) => ['budgets', accountYearId] as const,
  list: (accountYearId: number | null, req: unknown) => ['budgets', accountYearId, 'list', req] as const,
  summary: (accountYearId: number | null) => ['budgets', accountYearId, 'summary'] as const,
  vendors: (accountId: number | null) => ['vendors', accountId] as const,
  vendorList: (accountId: number | null, req: unknown) => ['vendors', accountId, 'list', req] as const,
};

const sortOf = (req: ListRequest) => (Object.keys(req.sort).length ? req.sort : undefined);

/** The year's budgets (sorted kind then code), each mapped to the screen's row. */
export const budgetListOptions = <T>(accountYearId: number | null, req: ListRequest, toRow: (b: BudgetDto) => T) =>
  queryOptions({
    queryKey: budgetKeys.list(accountYearId, req),
    queryFn: async ({ signal }) => {
      const answer = await call(budgetApi.list, { query: { filter: { accountYearId: accountYearId!, ...(req.keyword ? { keyword: req.keyword } : {}) }, index: req.index, size: req.size, sort: sortOf(req) } }, { signal });
      return { total: answer.total, content: answer.content.map(toRow) };
    },
    enabled: !!accountYearId,
  });

export const budgetSummaryOptions = (accountYearId: number | null) =>
  queryOptions({
    queryKey: budgetKeys.summary(accountYearId),
    queryFn: ({ signal }) => call(budgetApi.summary, { query: { accountYearId: accountYearId! } }, { signal }),
    enabled: !!accountYearId,
  });

export function useCreateBudget(accountYearId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: (body: BudgetCreateInput) => call(budgetApi.create, { body }),
    invalidate: [budgetKeys.year(accountYearId)],
  });
}

export function useUpdateBudget(accountYearId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: ({ id, body }: { id: number; body: BudgetUpdateInput }) => call(budgetApi.update, { params: { id }, body }),
    invalidate: [budgetKeys.year(accountYearId)],
  });
}

export function useDeleteBudget(accountYearId: number | null) {
  return useAdminMutation({
    mutationFn: (id: number) => call(budgetApi.remove, { params: { id } }),
    invalidate: [budgetKeys.year(accountYearId)],
  });
}

export const budgetUsed = (id: number) => call(budgetApi.used, { params: { id } });

export const vendorListOptions = (accountId: number | null, req: ListRequest) =>
  queryOptions({
    queryKey: budgetKeys.vendorList(accountId, req),
    queryFn: ({ signal }) =>
      call(vendorApi.list, { query: { filter: { accountId: accountId!, ...(req.keyword ? { keyword: req.keyword } : {}) }, index: req.index, size: req.size, sort: sortOf(req) } }, { signal }),
    enabled: !!accountId,
  });

export function useCreateVendor(accountId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: (body: VendorCreateInput) => call(vendorApi.create, { body }),
    invalidate: [budgetKeys.vendors(accountId)],
  });
}

export function useUpdateVendor(accountId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: ({ id, body }: { id: number; body: VendorUpdateInput }) => call(vendorApi.update, { params: { id }, body }),
    invalidate: [budgetKeys.vendors(accountId)],
  });
}

export function useDeleteVendor(accountId: number | null) {
  return useAdminMutation({
    mutationFn: (id: number) => call(vendorApi.remove, { params: { id } }),
    invalidate: [budgetKeys.vendors(accountId)],
  });
}

export const vendorUsed = (id: number) => call(vendorApi.used, { params: { id } });
