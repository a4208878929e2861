/** Every declared API route, for the server's registration checks and for tests that walk them all. */
import type { RouteDef } from './route';
import { accountApi } from './account';
import { companyApi } from './company';
import { linkApi, roleApi, sessionApi, userApi } from './idm';
import { subjectApi } from './subject';
import { systemApi } from './system';
import { financeSettingsApi } from './finance-settings';
import { departmentApi, employeeApi, organizationApi } from './staff';
import { customerApi, projectApi } from './clients';
import { exportApi } from './export';
import { budgetApi, vendorApi } from './budget';
import { budgetTransferApi, customerTransferApi, departmentTransferApi, employeeTransferApi, invoiceTransferApi, projectTransferApi, vendorTransferApi } from './transfer';
import { invoiceApi } from './invoice';
import { auxApi } from './aux';
import { voucherApi } from './voucher';
import { subjectRelationApi } from './subject-relation';
import { voucherSyncApi } from './voucher-sync';
import { subjectBalanceApi } from './subject-balance';
import { voucherProcApi } from './voucher-procs';
import { voucherStepApi } from './voucher-step';
import { voucherDocsApi } from './voucher-docs';
import { ledgerApi } from './ledger';
import { ledgerAuxApi } from './ledger-aux';
import { bankAccountApi, bankApi, incomeKindApi, outcomeKindApi } from './cashier-settings';
import { bankAccountTransferApi } from './transfer';
import { openingApi } from './opening';
import { expenseApi } from './expense';
import { periodEndApi } from './period-end';
import { reportApi } from './report';
import { cashJournalApi } from './cashier-journal';



import { docToVoucherApi } from './doc-to-voucher';
import { commonSummaryApi } from './summary';
import { retrievalApi } from './retrieval';
import { businessApi } from './business';
export const apiGroups = { accountApi, companyApi, linkApi, roleApi, sessionApi, userApi, systemApi, financeSettingsApi, subjectApi, departmentApi, employeeApi, organizationApi, customerApi, projectApi, exportApi, budgetApi, vendorApi, departmentTransferApi, employeeTransferApi, customerTransferApi, projectTransferApi, vendorTransferApi, budgetTransferApi, invoiceApi, auxApi, voucherApi, invoiceTransferApi, subjectRelationApi, voucherSyncApi, subjectBalanceApi, voucherProcApi, voucherStepApi, voucherDocsApi, ledgerApi, bankApi, bankAccountApi, incomeKindApi, outcomeKindApi, bankAccountTransferApi, openingApi, expenseApi, periodEndApi, reportApi, cashJournalApi, ledgerAuxApi, docToVoucherApi, commonSummaryApi, retrievalApi, businessApi };

export const allRoutes: RouteDef[] = Object.values(apiGroups).flatMap((group) => Object.values(group) as RouteDef[]);
