/**
 * Which component renders each page of the route table, and optionally its loader. Every
 * component is loaded lazily (its own chunk), so the sign-in route stays small and AG Grid loads
 * only with the screens using it. Pages without an entry show the "coming in a later release"
 * placeholder naming the feature.
 *
 * A later screen registers itself here by path:
 *   '/voucher/daily/list': {
 *     component: lazyRouteComponent(() => import('../features/voucher/voucher-list-page'), 'VoucherListPage'),
 *     loader: ({ context }) => context.queryClient.ensureQueryData(vouchersQueryOptions(sessionStore.getState().accountYearId)),
 *   },
 * Loaders re-run when the company / ledger set / year changes (the shell calls router.invalidate()).
 */
import { lazyRouteComponent, type AsyncRouteComponent } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';

type Screen = AsyncRouteComponent<any>;

export interface ScreenLoaderContext {
  context: { queryClient: QueryClient };
  params: Record<string, string>;
}

export interface ScreenEntry {
  component: Screen;
  loader?: (ctx: ScreenLoaderContext) => unknown;
}

export const placeholderScreen: Screen = lazyRouteComponent(() => import('../features/placeholder/placeholder-page'), 'PlaceholderPage');
export const homeScreen: Screen = lazyRouteComponent(() => import('../features/dashboard/dashboard-page'), 'DashboardPage');

const lazy = (component: Screen): ScreenEntry => ({ component });

/** Screens built so far, by route path. */
export const screens: Record<string, ScreenEntry> = {
  '/retrieval/query': lazy(lazyRouteComponent(() => import('../features/retrieval/conflict-page'), 'ConflictPage')),
  '/businessQuery': lazy(lazyRouteComponent(() => import('../features/business/business-query-page'), 'BusinessQueryPage')),
  '/dashboard/business': lazy(lazyRouteComponent(() => import('../features/dashboard/business-page'), 'BusinessDashboardPage')),
  '/dashboard/manage': lazy(lazyRouteComponent(() => import('../features/dashboard/manage-page'), 'ManageDashboardPage')),
  '/common': lazy(lazyRouteComponent(() => import('../features/common-functions/common-functions-page'), 'CommonFunctionsPage')),
  '/voucher/daily/documentToVoucher': lazy(lazyRouteComponent(() => import('../features/doc-to-voucher/doc-to-voucher-page'), 'DocToVoucherPage')),
  '/userCenter/user': lazy(lazyRouteComponent(() => import('../features/user-center/users-page'), 'UsersPage')),
  '/userCenter/department': lazy(lazyRouteComponent(() => import('../features/staff/departments-page'), 'DepartmentsPage')),
  '/userCenter/employee': lazy(lazyRouteComponent(() => import('../features/staff/employees-page'), 'EmployeesPage')),
  '/userCenter/role': lazy(lazyRouteComponent(() => import('../features/user-center/roles-page'), 'RolesPage')),
  '/userCenter/userCompany': lazy(lazyRouteComponent(() => import('../features/user-center/user-companies-page'), 'UserCompaniesPage')),
  '/system/companyList': lazy(lazyRouteComponent(() => import('../features/system/company-list-page'), 'CompanyListPage')),
  '/system/companyInfor': lazy(lazyRouteComponent(() => import('../features/system/company-info-page'), 'CompanyInfoPage')),
  '/basic/accountList': lazy(lazyRouteComponent(() => import('../features/account/account-list-page'), 'AccountListPage')),
  '/system/settings': lazy(lazyRouteComponent(() => import('../features/finance-settings/system-settings-page'), 'SystemSettingsPage')),
  '/basic/voucherCode': lazy(lazyRouteComponent(() => import('../features/finance-settings/voucher-code-page'), 'VoucherCodePage')),
  '/basic/currencyType': lazy(lazyRouteComponent(() => import('../features/finance-settings/currency-page'), 'CurrencyPage')),
  '/basic/voucherKind': lazy(lazyRouteComponent(() => import('../features/finance-settings/voucher-kind-page'), 'VoucherKindPage')),
  '/basic/subjectList': lazy(lazyRouteComponent(() => import('../features/subject/subject-list-page'), 'SubjectListPage')),
  '/basic/specificSubjectSet': lazy(lazyRouteComponent(() => import('../features/subject/specific-subjects-page'), 'SpecificSubjectsPage')),
  '/basic/subjectRelation': lazy(lazyRouteComponent(() => import('../features/subject/subject-relation-page'), 'SubjectRelationPage')),
  '/basic/subjectCodeRule': lazy(lazyRouteComponent(() => import('../features/subject/subject-code-rule-page'), 'SubjectCodeRulePage')),
  '/basic/bankAccount': lazy(lazyRouteComponent(() => import('../features/cashier-settings/bank-account-page'), 'BankAccountPage')),
  '/basic/income': lazy(lazyRouteComponent(() => import('../features/cashier-settings/cashier-kind-page'), 'IncomeKindPage')),
  '/basic/outcome': lazy(lazyRouteComponent(() => import('../features/cashier-settings/cashier-kind-page'), 'OutcomeKindPage')),
  '/cashier/cashBankJournalEdit': lazy(lazyRouteComponent(() => import('../features/cashier-journal/journal-edit-page'), 'JournalEditPage')),
  '/cashier/cashBankJournalQuery': lazy(lazyRouteComponent(() => import('../features/cashier-journal/journal-query-page'), 'JournalQueryPage')),
  '/cashier/balanceByCashBank': lazy(lazyRouteComponent(() => import('../features/cashier-journal/balance-page'), 'CashBankBalancePage')),
  '/basic/cashBankOpeningBalance': lazy(lazyRouteComponent(() => import('../features/cashier-journal/opening-page'), 'CashOpeningPage')),
  '/customer/list': lazy(lazyRouteComponent(() => import('../features/clients/customer-list-page'), 'CustomerListPage')),
  '/project/list': lazy(lazyRouteComponent(() => import('../features/clients/project-list-page'), 'ProjectListPage')),
  '/budget/catalog': lazy(lazyRouteComponent(() => import('../features/budget/budget-catalog-page'), 'BudgetCatalogPage')),
  '/system/vendor': lazy(lazyRouteComponent(() => import('../features/budget/vendor-list-page'), 'VendorListPage')),
  '/invoice/list': lazy(lazyRouteComponent(() => import('../features/invoice/invoice-list-page'), 'InvoiceListPage')),
  '/voucher/end/periodSettlement': lazy(lazyRouteComponent(() => import('../features/period-end/period-settlement-page'), 'PeriodSettlementPage')),
  '/report/balanceSheet': lazy(lazyRouteComponent(() => import('../features/report/balance-sheet-page'), 'BalanceSheetPage')),
  '/report/incomeStatement': lazy(lazyRouteComponent(() => import('../features/report/income-statement-page'), 'IncomeStatementPage')),
  '/report/comprehensiveStatistical': lazy(lazyRouteComponent(() => import('../features/report/statistics-page'), 'StatisticsPage')),
  '/report/departmentIODetail': lazy(lazyRouteComponent(() => import('../features/report/department-page'), 'DepartmentDetailPage')),
  '/report/departmentRADetail': lazy(lazyRouteComponent(() => import('../features/report/department-ra-page'), 'DepartmentRaPage')),
  '/voucher/daily/list': lazy(lazyRouteComponent(() => import('../features/voucher/voucher-list-page'), 'VoucherListPage')),
  '/newVoucher/$id': lazy(lazyRouteComponent(() => import('../features/voucher/voucher-editor-page'), 'VoucherEditorPage')),
  '/voucher/daily/data': lazy(lazyRouteComponent(() => import('../features/voucher/voucher-data-page'), 'VoucherDataPage')),
  '/voucher/daily/printVoucher': lazy(lazyRouteComponent(() => import('../features/voucher/voucher-print-page'), 'VoucherPrintPage')),
  '/voucher/business/summaryBySubject': lazy(lazyRouteComponent(() => import('../features/ledger/subject-summary-page'), 'SubjectSummaryPage')),
  '/voucher/business/generalLedgerBySubject': lazy(lazyRouteComponent(() => import('../features/ledger/subject-total-page'), 'SubjectTotalPage')),
  '/voucher/business/subLedgerBySubject': lazy(lazyRouteComponent(() => import('../features/ledger/subject-detail-page'), 'SubjectDetailPage')),
  '/voucher/business/balanceBySubject': lazy(lazyRouteComponent(() => import('../features/ledger/subject-balance-page'), 'SubjectBalancePage')),
  '/voucher/business/balanceByAuxiliary': lazy(lazyRouteComponent(() => import('../features/ledger-aux/aux-balance-page'), 'AuxBalancePage')),
  '/voucher/business/generalLedgerByAuxiliary': lazy(lazyRouteComponent(() => import('../features/ledger-aux/aux-total-page'), 'AuxTotalPage')),
  '/voucher/business/subLedgerByAuxiliary': lazy(lazyRouteComponent(() => import('../features/ledger-aux/aux-detail-page'), 'AuxDetailPage')),
  '/budget/summaryByBudgetExecution': lazy(lazyRouteComponent(() => import('../features/ledger-aux/budget-summary-page'), 'BudgetSummaryPage')),
  '/budget/subLedgerByBudgetExecution': lazy(lazyRouteComponent(() => import('../features/ledger-aux/budget-detail-page'), 'BudgetDetailPage')),
  '/basic/subjectOpeningBalance': lazy(lazyRouteComponent(() => import('../features/opening/opening-balance-page'), 'OpeningBalancePage')),
  '/newReimburse/$id': lazy(lazyRouteComponent(() => import('../features/reimburse/reimburse-editor-page'), 'ReimburseEditorPage')),
  '/cashier/reimburseManagement': lazy(lazyRouteComponent(() => import('../features/reimburse/reimburse-list-page'), 'ReimburseListPage')),
  '/cashier/reimburseKind': lazy(lazyRouteComponent(() => import('../features/reimburse/expense-kind-page'), 'ExpenseKindPage')),
  '/basic/accountPeriod': lazy(lazyRouteComponent(() => import('../features/account/periods-page'), 'PeriodsPage')),
};

export const screenFor = (path: string): ScreenEntry => screens[path] ?? { component: placeholderScreen };
