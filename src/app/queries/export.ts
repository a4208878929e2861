/**
 * Background exports (spec 01 §7): start one (answers a task token) and read a task's progress;
 * the export progress bar (features/common/export-progress.tsx) polls with fetchExportTask.
 */
import { call, download } from '../api/typed-client';
import { budgetTransferApi, customerTransferApi, departmentTransferApi, employeeTransferApi, exportApi, invoiceTransferApi, projectTransferApi, vendorTransferApi, bankAccountTransferApi } from '../../contract/heads';
import type { ExportTaskState } from '../../../machines/export-progress.machine';

/** Exports the given subjects of the year (the ticked rows). */
export const startSubjectExport = (accountYearId: number, ids: number[]) => call(exportApi.subjects, { body: { filter: { accountYearId, id: ids } } });

export const fetchExportTask = (token: string): Promise<ExportTaskState> => call(exportApi.progress, { params: { token } });

/** Imports subjects from an .xlsx into the year (all or nothing). */
export const importSubjects = (accountYearId: number, file: File) => {
  const body = new FormData();
  body.append('file', file);
  return call(exportApi.subjectImport, { query: { accountYearId }, body });
};

/** The lists with Excel import / export / template (decision 018), by their API name. */
const transfers = {
  department: departmentTransferApi,
  employee: employeeTransferApi,
  customer: customerTransferApi,
  project: projectTransferApi,
  vendor: vendorTransferApi,
  budget: budgetTransferApi,
  invoice: invoiceTransferApi,
  bankAccount: bankAccountTransferApi,
} as const;
export type TransferKind = keyof typeof transfers;
/** The scope a list's import and export work in: its company, ledger set or account year. */
export type TransferScope = { companyId: number } | { accountId: number } | { accountYearId: number };

/** Exports the given rows of the list (the ticked ones) in the background; answers the task. */
export const startTransferExport = (kind: TransferKind, scope: TransferScope, ids: number[]) =>
  call(transfers[kind].export as typeof departmentTransferApi.export, { body: { filter: { ...scope, id: ids } as never } });

/** Imports an .xlsx into the list's scope (all or nothing). */
export const importTransfer = (kind: TransferKind, scope: TransferScope, file: File) => {
  const body = new FormData();
  body.append('file', file);
  return call(transfers[kind].import as typeof departmentTransferApi.import, { query: scope as never, body });
};

/** Downloads the list's import template (.xlsx). */
export const downloadTemplate = (kind: TransferKind | 'subject') =>
  download(kind === 'subject' ? exportApi.subjectTemplate : transfers[kind].template, `${kind}-template.xlsx`);
