/**
 * Every resource with an Excel import / export / template: its routes (src/contract/transfer.ts or
 * export.ts) and its sheet definition. Adding one (invoices) = a sheet file + a line here + a
 * transferRoutes line in the contract.
 */
import { budgetTransferApi, customerTransferApi, departmentTransferApi, employeeTransferApi, invoiceTransferApi, projectTransferApi, vendorTransferApi, bankAccountTransferApi } from '../../../../contract/transfer';
import { RIGHTS } from '../../../../domain/rights';
import type { AnySheetDef } from '../sheet';
import { budgetSheet, vendorSheet } from './budget';
import { customerSheet, projectSheet } from './clients';
import { departmentSheet, employeeSheet } from './staff';
import { invoiceSheet } from './invoice';
import { bankAccountSheet } from './cashier-settings';

export { subjectSheet } from './subject';

type TransferApi = typeof departmentTransferApi | typeof employeeTransferApi | typeof customerTransferApi | typeof projectTransferApi | typeof vendorTransferApi | typeof budgetTransferApi | typeof invoiceTransferApi | typeof bankAccountTransferApi;

/** menuRight: a right the import also needs in the company, besides the route's (the invoice menu, as the invoice form's writes). */
export const transfers: ReadonlyArray<{ api: TransferApi; sheet: AnySheetDef; menuRight?: number }> = [
  { api: departmentTransferApi, sheet: departmentSheet },
  { api: employeeTransferApi, sheet: employeeSheet },
  { api: customerTransferApi, sheet: customerSheet },
  { api: projectTransferApi, sheet: projectSheet },
  { api: vendorTransferApi, sheet: vendorSheet },
  { api: budgetTransferApi, sheet: budgetSheet },
  { api: invoiceTransferApi, sheet: invoiceSheet, menuRight: RIGHTS.INVOICE },
  { api: bankAccountTransferApi, sheet: bankAccountSheet },
];
