/** Queries and mutations of clients (customers) and projects (/customer/list, /project/list, pickers). */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../api/typed-client';
import { customerApi, projectApi } from '../../contract/heads';
import type { customerCreateBody, customerUpdateBody, projectCreateBody, projectUpdateBody } from '../../contract/clients';
import { PICKER_MAX_RECORDS } from '../../domain/constants';
import { useAdminMutation } from './admin-common';
import type { ListRequest } from '../../../grids/list/list-grid';

export type CustomerCreateInput = z.input<typeof customerCreateBody>;
export type CustomerUpdateInput = z.input<typeof customerUpdateBody>;
export type ProjectCreateInput = z.input<typeof projectCreateBody>;
export type ProjectUpdateInput = z.input<typeof projectUpdateBody>;

export const clientKeys = {
  customers: (companyId: number | null) => ['customers', companyId] as const,
  customerList: (companyId: number | null, params: unknown) => ['customers', companyId, 'list', params] as const,
  projects: (companyId: number | null) => ['projects', companyId] as const,
  projectList: (companyId: number | null, params: unknown) => ['projects', companyId, 'list', params] as const,
};

const sortOf = (req: ListRequest) => (Object.keys(req.sort).length ? req.sort : undefined);

export const customerListOptions = (companyId: number, req: ListRequest) =>
  queryOptions({
    queryKey: clientKeys.customerList(companyId, req),
    queryFn: ({ signal }) => call(customerApi.list, { query: { filter: { companyId, ...(req.keyword ? { keyword: req.keyword } : {}) }, index: req.index, size: req.size, sort: sortOf(req) } }, { signal }),
  });

/** Given clients by id (a project's client card), as far as the visibility rule lets the user see them. */
export const customersByIdOptions = (companyId: number, ids: readonly number[]) =>
  queryOptions({
    queryKey: clientKeys.customerList(companyId, { ids }),
    queryFn: ({ signal }) => call(customerApi.list, { query: { filter: { companyId, id: [...ids] }, index: 0, size: Math.max(ids.length, 1) } }, { signal }),
    enabled: ids.length > 0,
  });

/** Clients for pickers: newest first, at most 100 per keyword (spec 02 §6). */
export const customerPickerOptions = (companyId: number | null, keyword: string) =>
  queryOptions({
    queryKey: clientKeys.customerList(companyId, { picker: keyword }),
    queryFn: ({ signal }) => call(customerApi.list, { query: { filter: { companyId: companyId!, ...(keyword ? { keyword } : {}) }, index: 0, size: PICKER_MAX_RECORDS, sort: { createdAt: 'desc' } } }, { signal }),
    enabled: !!companyId,
  });

export const projectListOptions = (companyId: number, req: ListRequest) =>
  queryOptions({
    queryKey: clientKeys.projectList(companyId, req),
    queryFn: ({ signal }) => call(projectApi.list, { query: { filter: { companyId, ...(req.keyword ? { keyword: req.keyword } : {}) }, index: req.index, size: req.size, sort: sortOf(req) } }, { signal }),
  });

const invalidate = (companyId: number | null) => [clientKeys.customers(companyId), clientKeys.projects(companyId), ['employees', companyId]];

export function useSaveCustomer(companyId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: (v: { id: number; body: CustomerUpdateInput } | { id: null; body: CustomerCreateInput }) =>
      v.id === null ? call(customerApi.create, { body: v.body }) : call(customerApi.update, { params: { id: v.id }, body: v.body }),
    invalidate: invalidate(companyId),
  });
}
export function useDeleteCustomer(companyId: number | null) {
  return useAdminMutation({ mutationFn: (id: number) => call(customerApi.remove, { params: { id } }), invalidate: invalidate(companyId) });
}
export function useSaveProject(companyId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: (v: { id: number; body: ProjectUpdateInput } | { id: null; body: ProjectCreateInput }) =>
      v.id === null ? call(projectApi.create, { body: v.body }) : call(projectApi.update, { params: { id: v.id }, body: v.body }),
    invalidate: invalidate(companyId),
  });
}
export function useDeleteProject(companyId: number | null) {
  return useAdminMutation({ mutationFn: (id: number) => call(projectApi.remove, { params: { id } }), invalidate: invalidate(companyId) });
}

/** The spec's used-check before a delete: true means in use. A failed check throws (never "not used"). */
export const customerUsed = (id: number) => call(customerApi.used, { params: { id } });
export const projectUsed = (id: number) => call(projectApi.used, { params: { id } });
