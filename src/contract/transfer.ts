/**
 * Excel import, export and template of the master-data lists (spec 02 §2, §4, §5; spec 01 §7):
 * for each resource `POST <path>/export` (the list's filter, an id list for the ticked rows; answers
 * a background task like the subject export), `POST <path>/import` (multipart: the file; the scope
 * id and failFast in the query; all or nothing) and `GET <path>/template` (an .xlsx attachment with
 * the bilingual header row, an example row and a notes sheet). Export reads like the list (its
 * visibility rule included); import needs the resource's operation right (its create route's).
 * Adding a resource is one call of `transferRoutes` here plus one sheet definition on the server.
 */
import { z } from 'zod';
import { RIGHTS } from '../domain/rights';
import { idSchema } from './common';
import { defineRoute, type Scope } from './route';
import { exportTaskDto, importResultDto } from './export';
import { departmentFilter, employeeFilter } from './staff';
import { customerFilter, projectFilter } from './clients';
import { budgetFilter, vendorFilter } from './budget';
import { invoiceFilter } from './invoice';
import { bankAccountExportFilter } from './cashier-settings';

const flag = z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]);
/** Report only the first wrong row (default: every wrong row); nothing is imported either way. */
const failFast = flag.optional();
export const companyImportQuery = z.object({ companyId: idSchema, failFast });
export const accountImportQuery = z.object({ accountId: idSchema, failFast });
export const accountYearImportQuery = z.object({ accountYearId: idSchema, failFast });

function transferRoutes<P extends string, F extends z.ZodType, Q extends z.ZodType>(path: P, o: { filter: F; importQuery: Q; scope: Exclude<Scope, 'none' | 'self' | 'period'>; importRight: number; exportRight?: number; tag: string }) {
  const tags = [o.tag, 'export'];
  return {
    /** Starts exporting the matching rows (the list's filter and visibility) to .xlsx; NO_DATA_TO_EXPORT when none match. */
    export: defineRoute({ method: 'POST', path: `${path}/export` as `${P}/export`, body: z.object({ filter: o.filter }), answer: exportTaskDto, access: { right: o.exportRight ?? null, scope: o.scope }, tags }),
    /** Imports an .xlsx in the export's layout: all rows or none, through the form's rules; wrong rows in appendix.errors with an error workbook. */
    import: defineRoute({ method: 'POST', path: `${path}/import` as `${P}/import`, multipart: true, query: o.importQuery, answer: importResultDto, access: { right: o.importRight, scope: o.scope }, tags: [o.tag, 'import'] }),
    /** The import template (.xlsx attachment). */
    template: defineRoute({ method: 'GET', path: `${path}/template` as `${P}/template`, answer: z.unknown(), access: { right: o.importRight, scope: 'none' }, tags: [o.tag, 'import'] }),
  };
}

export const departmentTransferApi = transferRoutes('/aux/department', { filter: departmentFilter, importQuery: companyImportQuery, scope: 'company', importRight: RIGHTS.USER_CENTER, tag: 'staff' });
export const employeeTransferApi = transferRoutes('/aux/employee', { filter: employeeFilter, importQuery: companyImportQuery, scope: 'company', importRight: RIGHTS.USER_CENTER, tag: 'staff' });
export const customerTransferApi = transferRoutes('/aux/customer', { filter: customerFilter, importQuery: companyImportQuery, scope: 'company', importRight: RIGHTS.CUSTOMER_OPERATE, tag: 'clients' });
export const projectTransferApi = transferRoutes('/aux/project', { filter: projectFilter, importQuery: companyImportQuery, scope: 'company', importRight: RIGHTS.PROJECT_OPERATE, tag: 'clients' });
export const vendorTransferApi = transferRoutes('/aux/vendor', { filter: vendorFilter, importQuery: accountImportQuery, scope: 'account', importRight: RIGHTS.SYSTEM, tag: 'vendor' });
export const budgetTransferApi = transferRoutes('/aux/budget', { filter: budgetFilter, importQuery: accountYearImportQuery, scope: 'accountYear', importRight: RIGHTS.BUDGET, tag: 'budget' });
/** Invoices: export reads like the list (menu 11 and the project visibility rule); import and template need the invoice operation right (1102). */
export const invoiceTransferApi = transferRoutes('/invoice', { filter: invoiceFilter, importQuery: companyImportQuery, scope: 'company', importRight: RIGHTS.INVOICE_OPERATE, exportRight: RIGHTS.INVOICE, tag: 'invoice' });
/** Bank accounts (per ledger set): the sheet names subjects by code in the given account year; import and template need the cashier settings right (604). */
export const bankAccountTransferApi = transferRoutes('/common/bankAccount', { filter: bankAccountExportFilter, importQuery: accountYearImportQuery, scope: 'accountYear', importRight: RIGHTS.CASHIER_SETTINGS, tag: 'cashier-settings' });
