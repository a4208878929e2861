/** Queries and mutations of departments and employees (/userCenter/department, /userCenter/employee, pickers). */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../api/typed-client';
import { departmentApi, employeeApi } from '../../contract/heads';
import type { departmentCreateBody, departmentUpdateBody, employeeCreateBody, employeeUpdateBody } from '../../contract/staff';
import { useAdminMutation } from './admin-common';
import type { ListRequest } from '../../../grids/list/list-grid';

export type DepartmentCreateInput = z.input<typeof departmentCreateBody>;
export type DepartmentUpdateInput = z.input<typeof departmentUpdateBody>;
export type EmployeeCreateInput = z.input<typeof employeeCreateBody>;
export type EmployeeUpdateInput = z.input<typeof employeeUpdateBody>;

export const staffKeys = {
  departments: (companyId: number | null) => ['departments', companyId] as const,
  departmentList: (companyId: number | null, params: unknown) => ['departments', companyId, 'list', params] as const,
  employees: (companyId: number | null) => ['employees', companyId] as const,
  employeeList: (companyId: number | null, params: unknown) => ['employees', companyId, 'list', params] as const,
};

const sortOf = (req: ListRequest) => (Object.keys(req.sort).length ? req.sort : undefined);

/** Every department of the company (one firm's tree is small), for the tree panels and pickers. */
export const allDepartmentsOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: staffKeys.departmentList(companyId, 'all'),
    queryFn: ({ signal }) => call(departmentApi.list, { query: { filter: { companyId: companyId! }, index: 0, size: 1000 } }, { signal }),
    enabled: !!companyId,
  });

export const departmentListOptions = (companyId: number, req: ListRequest, parentId: number | null) =>
  queryOptions({
    queryKey: staffKeys.departmentList(companyId, { ...req, parentId }),
    queryFn: ({ signal }) =>
      call(departmentApi.list, { query: { filter: { companyId, ...(req.keyword ? { keyword: req.keyword } : {}), ...(parentId ? { parentId } : {}) }, index: req.index, size: req.size, sort: sortOf(req) } }, { signal }),
  });

export interface EmployeeListFilter {
  parentDepartmentId?: number | null;
  disabled?: boolean | null;
}

export const employeeListOptions = (companyId: number, req: ListRequest, f: EmployeeListFilter) =>
  queryOptions({
    queryKey: staffKeys.employeeList(companyId, { ...req, ...f }),
    queryFn: ({ signal }) =>
      call(employeeApi.list, {
        query: {
          filter: {
            companyId,
            ...(req.keyword ? { keyword: req.keyword } : {}),
            ...(f.parentDepartmentId ? { parentDepartmentId: f.parentDepartmentId } : {}),
            ...(f.disabled !== null && f.disabled !== undefined ? { disabled: f.disabled } : {}),
          },
          index: req.index,
          size: req.size,
          sort: sortOf(req),
        },
      }, { signal }),
  });

/** Enabled employees of the company for pickers (disabled ones hidden, spec 02 §6). */
export const employeePickerOptions = (companyId: number | null, keyword: string) =>
  queryOptions({
    queryKey: staffKeys.employeeList(companyId, { picker: keyword }),
    queryFn: ({ signal }) => call(employeeApi.list, { query: { filter: { companyId: companyId!, disabled: false, ...(keyword ? { keyword } : {}) }, index: 0, size: keyword ? 15 : 1000 } }, { signal }),
    enabled: !!companyId,
  });

const invalidateStaff = (companyId: number | null) => [staffKeys.departments(companyId), staffKeys.employees(companyId), ['currentUser']];

export function useSaveDepartment(companyId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: (v: { id: number; body: DepartmentUpdateInput } | { id: null; body: DepartmentCreateInput }) =>
      v.id === null ? call(departmentApi.create, { body: v.body }) : call(departmentApi.update, { params: { id: v.id }, body: v.body }),
    invalidate: invalidateStaff(companyId),
  });
}

export function useDeleteDepartment(companyId: number | null) {
  return useAdminMutation({ mutationFn: (id: number) => call(departmentApi.remove, { params: { id } }), invalidate: invalidateStaff(companyId) });
}

export function useSaveEmployee(companyId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: (v: { id: number; body: EmployeeUpdateInput } | { id: null; body: EmployeeCreateInput }) =>
      v.id === null ? call(employeeApi.create, { body: v.body }) : call(employeeApi.update, { params: { id: v.id }, body: v.body }),
    invalidate: invalidateStaff(companyId),
  });
}

export function useDeleteEmployee(companyId: number | null) {
  return useAdminMutation({ mutationFn: (id: number) => call(employeeApi.remove, { params: { id } }), invalidate: invalidateStaff(companyId) });
}

export function useBindUser(companyId: number | null) {
  return useAdminMutation({
    mutationFn: (v: { id: number; userId: number; version: number }) => call(employeeApi.bindUser, { params: { id: v.id }, body: { userId: v.userId, version: v.version } }),
    invalidate: invalidateStaff(companyId),
  });
}

export function useUnbindUser(companyId: number | null) {
  return useAdminMutation({
    mutationFn: (v: { id: number; version: number }) => call(employeeApi.unbindUser, { params: { id: v.id }, body: { version: v.version } }),
    invalidate: invalidateStaff(companyId),
  });
}

/** The spec's used-check before a delete: true means in use. A failed check throws (never "not used"). */
export const departmentUsed = (id: number) => call(departmentApi.used, { params: { id } });
export const employeeUsed = (id: number) => call(employeeApi.used, { params: { id } });
