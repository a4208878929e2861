/** Queries and mutations of the company list and company info screens (/system). */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../api/typed-client';
import { companyApi } from '../../contract/heads';
import type { companyCreateBody, companyUpdateBody } from '../../contract/company';
import { queryKeys } from './keys';
import { useAdminMutation } from './admin-common';
import type { ListRequest } from '../../../grids/list/list-grid';

export type CompanyCreateInput = z.input<typeof companyCreateBody>;
export type CompanyUpdateInput = z.input<typeof companyUpdateBody>;

export const companyListOptions = (req: ListRequest) =>
  queryOptions({
    queryKey: queryKeys.companyList(req),
    queryFn: ({ signal }) =>
      call(companyApi.list, { query: { filter: req.keyword ? { keyword: req.keyword } : undefined, index: req.index, size: req.size, sort: Object.keys(req.sort).length ? req.sort : undefined } }, { signal }),
  });

/** Every company visible to the caller, for pickers. */
export const companyPickerOptions = () =>
  queryOptions({
    queryKey: queryKeys.companyList('picker'),
    queryFn: ({ signal }) => call(companyApi.list, { query: { index: 0, size: 1000, sort: { id: 'asc' } } }, { signal }),
  });

export const companyOptions = (id: number | null) =>
  queryOptions({
    queryKey: queryKeys.company(id ?? 0),
    queryFn: ({ signal }) => call(companyApi.get, { params: { id: id! } }, { signal }),
    enabled: !!id,
  });

// Every company change invalidates ['companies'] so the shell's company selector refreshes too.
export function useCreateCompany() {
  return useAdminMutation({
    saves: true,
    mutationFn: (body: CompanyCreateInput) => call(companyApi.create, { body }),
    invalidate: [queryKeys.companies()],
  });
}

export function useUpdateCompany() {
  return useAdminMutation({
    saves: true,
    mutationFn: ({ id, body }: { id: number; body: CompanyUpdateInput }) => call(companyApi.update, { params: { id }, body }),
    invalidate: [queryKeys.companies()],
  });
}

export function useDeleteCompanies() {
  return useAdminMutation({
    mutationFn: async (ids: number[]) => {
      for (const id of ids) await call(companyApi.remove, { params: { id } });
    },
    invalidate: [queryKeys.companies(), ['userCompanies']],
  });
}
