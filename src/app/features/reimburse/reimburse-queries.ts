/** Reimbursements and expense kinds for the editor and the lists. Keys: ['expenses', companyId, …]. */
import { queryOptions } from '@tanstack/react-query';
import { call, download } from '../../api/typed-client';
import { expenseApi } from '../../../contract/heads';
import type { ExpenseCreateBody, ExpenseDto, ExpenseFilter, ExpenseUpdateBody } from '../../../contract/expense';
import { MAX_PAGE_LIMIT } from '../../../domain/constants';
import type { ListRequest } from '../../../../grids/list/list-grid';

export const expenseKeys = {
  all: (companyId: number | null) => ['expenses', companyId] as const,
  one: (companyId: number | null, id: number) => ['expenses', companyId, 'one', id] as const,
  list: (companyId: number | null, filter: unknown) => ['expenses', companyId, 'list', filter] as const,
  kinds: (companyId: number | null) => ['expenseKinds', companyId] as const,
};

export const expenseKindsOptions = (companyId: number | null) =>
  queryOptions({
    queryKey: expenseKeys.kinds(companyId),
    queryFn: async ({ signal }) => (await call(expenseApi.kinds, { query: { filter: { companyId: companyId! }, limit: MAX_PAGE_LIMIT } }, { signal })).content,
    enabled: !!companyId,
  });

export const expenseOptions = (companyId: number | null, id: number | null) =>
  queryOptions({
    queryKey: expenseKeys.one(companyId, id ?? 0),
    queryFn: ({ signal }) => call(expenseApi.get, { params: { id: id! } }, { signal }),
    enabled: !!companyId && id !== null,
  });

export const expenseListOptions = (companyId: number | null, filter: Omit<ExpenseFilter, 'companyId'>) =>
  queryOptions({
    queryKey: expenseKeys.list(companyId, filter),
    queryFn: ({ signal }) => call(expenseApi.list, { query: { filter: { ...filter, companyId: companyId! }, limit: MAX_PAGE_LIMIT } }, { signal }),
    enabled: !!companyId,
  });

export function saveExpense(id: number | null, body: ExpenseCreateBody, version?: number): Promise<ExpenseDto> {
  if (id === null) return call(expenseApi.create, { body });
  const { companyId: _company, ...rest } = body;
  const update: ExpenseUpdateBody = { ...rest, version };
  return call(expenseApi.update, { params: { id }, body: update });
}

export const lockExpenses = (lock: boolean, ids: number[]) => call(expenseApi.lock, { body: { lock, ids } });
export const deleteExpense = (id: number) => call(expenseApi.remove, { params: { id } });
export const checkInvoiceNo = (companyId: number, no: string, id?: number) => call(expenseApi.check, { query: { companyId, no, ...(id ? { id } : {}) } });

const sortOf = (req: ListRequest) => (Object.keys(req.sort).length ? req.sort : undefined);

/** The documents the management list shows: the filter's fields plus the keyword searched, as a code (the list and its export ask the same). */
export const shownExpenseFilter = (filter: Omit<ExpenseFilter, 'companyId'>, keyword: string): Omit<ExpenseFilter, 'companyId'> =>
  (keyword.trim() ? { ...filter, code: keyword.trim() } : filter);

/** One page of the management list (shownExpenseFilter). */
export const expensePageOptions = (companyId: number | null, filter: Omit<ExpenseFilter, 'companyId'>, req: ListRequest) =>
  queryOptions({
    queryKey: [...expenseKeys.list(companyId, filter), req] as const,
    queryFn: ({ signal }) =>
      call(expenseApi.list, { query: { filter: { ...shownExpenseFilter(filter, req.keyword), companyId: companyId! }, index: req.index, size: req.size, sort: sortOf(req) } }, { signal }),
    enabled: !!companyId,
  });

export const expenseKindPageOptions = (companyId: number | null, req: ListRequest) =>
  queryOptions({
    queryKey: [...expenseKeys.kinds(companyId), 'page', req] as const,
    queryFn: ({ signal }) => call(expenseApi.kinds, { query: { filter: { companyId: companyId!, ...(req.keyword.trim() ? { keyword: req.keyword.trim() } : {}) }, index: req.index, size: req.size, sort: sortOf(req) } }, { signal }),
    enabled: !!companyId,
  });

export const createExpenseKind = (companyId: number, name: string) => call(expenseApi.createKind, { body: { companyId, name } });
export const updateExpenseKind = (id: number, body: { name?: string; disabled?: boolean | null; version?: number }) => call(expenseApi.updateKind, { params: { id }, body });

/** The matching documents (or the selected ones) as .xlsx. */
/** Starts the background export of the documents matching the filter (decision 043); answers the task to follow. */
export const exportExpenses = (companyId: number, filter: Omit<ExpenseFilter, 'companyId'>) =>
  call(expenseApi.exportTask, { body: { filter: { ...filter, companyId } as ExpenseFilter } });
export const downloadExpenseTemplate = () => download(expenseApi.template, 'expenses-template.xlsx');
export function importExpenses(companyId: number, file: File) {
  const body = new FormData();
  body.append('file', file);
  return call(expenseApi.importXls, { query: { companyId }, body });
}
