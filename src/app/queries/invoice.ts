/** Queries and mutations of invoices (/invoice/list, the project view's invoice card, the invoice popup). */
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { call } from '../api/typed-client';
import { invoiceApi, projectApi } from '../../contract/heads';
import { PICKER_MAX_RECORDS } from '../../domain/constants';
import type { invoiceCreateBody, invoiceFilter, invoiceUpdateBody } from '../../contract/invoice';
import { useAdminMutation } from './admin-common';
import type { ListRequest } from '../../../grids/list/list-grid';

export type InvoiceCreateInput = z.input<typeof invoiceCreateBody>;
export type InvoiceUpdateInput = z.input<typeof invoiceUpdateBody>;
export type InvoiceFilterInput = Omit<z.input<typeof invoiceFilter>, 'companyId' | 'keyword'>;

/** Invoices of a project in the project view: all of them (spec 02 §9: 9999), date descending. */
export const PROJECT_INVOICES_LIMIT = 1000;

export const invoiceKeys = {
  all: (companyId: number | null) => ['invoices', companyId] as const,
  list: (companyId: number | null, params: unknown) => ['invoices', companyId, 'list', params] as const,
  ofProject: (companyId: number | null, projectId: number) => ['invoices', companyId, 'project', projectId] as const,
};

const sortOf = (req: ListRequest) => (Object.keys(req.sort).length ? req.sort : undefined);

export const invoiceListOptions = (companyId: number, req: ListRequest, filter: InvoiceFilterInput) =>
  queryOptions({
    queryKey: invoiceKeys.list(companyId, { req, filter }),
    queryFn: ({ signal }) => call(invoiceApi.list, { query: { filter: { companyId, ...filter, ...(req.keyword ? { keyword: req.keyword } : {}) }, index: req.index, size: req.size, sort: sortOf(req) } }, { signal }),
  });

export const projectInvoicesOptions = (companyId: number, projectId: number, enabled = true) =>
  queryOptions({
    queryKey: invoiceKeys.ofProject(companyId, projectId),
    queryFn: ({ signal }) => call(invoiceApi.list, { query: { filter: { companyId, projectId }, index: 0, size: PROJECT_INVOICES_LIMIT, sort: { date: 'desc' } } }, { signal }),
    enabled,
  });

const invalidate = (companyId: number | null) => [invoiceKeys.all(companyId), ['projects', companyId]];

export function useSaveInvoice(companyId: number | null) {
  return useAdminMutation({
    saves: true,
    mutationFn: (v: { id: number; body: InvoiceUpdateInput } | { id: null; body: InvoiceCreateInput }) =>
      v.id === null ? call(invoiceApi.create, { body: v.body }) : call(invoiceApi.update, { params: { id: v.id }, body: v.body }),
    invalidate: invalidate(companyId),
    // The dialog reports the whole save (fields and uploads) itself.
    notify: false,
  });
}
export function useDeleteInvoice(companyId: number | null) {
  return useAdminMutation({ mutationFn: (id: number) => call(invoiceApi.remove, { params: { id } }), invalidate: invalidate(companyId) });
}
export function useDeleteAttachment(companyId: number | null) {
  return useAdminMutation({
    mutationFn: (v: { id: number; attachmentId: number }) => call(invoiceApi.removeAttachment, { params: { id: v.id, attachmentId: v.attachmentId } }),
    invalidate: invalidate(companyId),
  });
}

/** Uploads one PDF; resolves to the invoice with its attachments, rejects with the server's message. */
export function uploadAttachment(id: number, file: File) {
  const body = new FormData();
  body.append('file', file, file.name);
  return call(invoiceApi.upload, { params: { id }, body });
}

/** Marks the invoice opened (viewing it; spec 02 §4). */
export const openInvoice = (id: number) => call(invoiceApi.open, { params: { id } });

/** Projects for the invoice's project picker: by keyword, at most 100 (spec 02 §6). */
export const invoiceProjectPickerOptions = (companyId: number | null, keyword: string) =>
  queryOptions({
    queryKey: ['projects', companyId, 'list', { invoicePicker: keyword }],
    queryFn: ({ signal }) => call(projectApi.list, { query: { filter: { companyId: companyId!, ...(keyword ? { keyword } : {}) }, index: 0, size: PICKER_MAX_RECORDS } }, { signal }),
    enabled: !!companyId,
  });
