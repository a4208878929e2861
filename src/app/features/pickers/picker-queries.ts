/** Query options of the pickers: employees (all pages in the background, keyword search), enabled clients, projects, vendors, budgets. */
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/typed-client';
import { budgetApi, customerApi, employeeApi, projectApi, vendorApi } from '../../../contract/heads';
import type { ListRequest } from '../../../../grids/list/list-grid';
import { budgetKeys } from '../../queries/budgets';
import { clientKeys } from '../../queries/clients';
import { staffKeys } from '../../queries/staff';
import { loadAllPages } from '../../api/all-pages';

const sortOf = (req: ListRequest) => (Object.keys(req.sort).length ? req.sort : undefined);
const kw = (req: ListRequest) => (req.keyword ? { keyword: req.keyword } : {});
const disabledOf = (disabled: false | undefined) => (disabled === false ? { disabled: false } : {});

/** Every employee of the company, page after page until the total (spec 02 §4). */
export const employeesAllOptions = (companyId: number | null, disabled: false | undefined) =>
  queryOptions({
    queryKey: staffKeys.employeeList(companyId, { pickerAll: true, disabled }),
    queryFn: ({ signal }) =>
      loadAllPages((index, size) => call(employeeApi.list, { query: { filter: { companyId: companyId!, ...disabledOf(disabled) }, index, size } }, { signal })),
    enabled: !!companyId,
  });

/** A typed keyword (only a non-empty one reaches the server). */
export const employeeSearchOptions = (companyId: number | null, keyword: string | null, disabled: false | undefined) =>
  queryOptions({
    queryKey: staffKeys.employeeList(companyId, { pickerSearch: keyword, disabled }),
    queryFn: ({ signal }) => call(employeeApi.list, { query: { filter: { companyId: companyId!, keyword: keyword!, ...disabledOf(disabled) }, index: 0, size: 15 } }, { signal }),
    enabled: !!companyId && !!keyword,
  });

export const employeePageOptions = (companyId: number, req: ListRequest, departmentId: number | null, disabled: false | undefined) =>
  queryOptions({
    queryKey: staffKeys.employeeList(companyId, { picker: req, departmentId, disabled }),
    queryFn: ({ signal }) =>
      call(employeeApi.list, {
        query: { filter: { companyId, ...kw(req), ...(departmentId ? { parentDepartmentId: departmentId } : {}), ...disabledOf(disabled) }, index: req.index, size: req.size, sort: sortOf(req) },
      }, { signal }),
  });

export const customerPageOptions = (companyId: number, req: ListRequest) =>
  queryOptions({
    queryKey: clientKeys.customerList(companyId, { picker: req }),
    queryFn: ({ signal }) => call(customerApi.list, { query: { filter: { companyId, disabled: false, ...kw(req) }, index: req.index, size: req.size, sort: sortOf(req) } }, { signal }),
  });

export const projectPageOptions = (companyId: number, req: ListRequest) =>
  queryOptions({
    queryKey: clientKeys.projectList(companyId, { picker: req }),
    queryFn: ({ signal }) => call(projectApi.list, { query: { filter: { companyId, disabled: false, ...kw(req) }, index: req.index, size: req.size, sort: sortOf(req) } }, { signal }),
  });

export const vendorPageOptions = (accountId: number, req: ListRequest) =>
  queryOptions({
    queryKey: budgetKeys.vendorList(accountId, { picker: req }),
    queryFn: ({ signal }) => call(vendorApi.list, { query: { filter: { accountId, disabled: false, ...kw(req) }, index: req.index, size: req.size, sort: sortOf(req) } }, { signal }),
  });

/** Budgets in code order (tree order: a parent's code prefixes its children's). */
export const budgetPageOptions = (accountYearId: number, req: ListRequest) =>
  queryOptions({
    queryKey: budgetKeys.list(accountYearId, { picker: req }),
    queryFn: ({ signal }) => call(budgetApi.list, { query: { filter: { accountYearId, disabled: false, ...kw(req) }, index: req.index, size: req.size, sort: { code: 'asc' } } }, { signal }),
  });
