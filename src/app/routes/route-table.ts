/**
 * The route table of spec 01 §2 as data: one tree that drives the router (every page route),
 * the sidebar menu (filtered by authId rights), the top-bar selectors (menu level 0–3),
 * breadcrumbs and tab titles. Pure: no React, no imports of screens (router.tsx maps paths to
 * lazily loaded components).
 *
 * A node with children is a menu section or group; a node without children is a page whose
 * `path` is its full URL path (TanStack syntax, `$id` for params). Titles come from
 * locales/<lang>/menu.json under `key` (sections: `key.title`).
 */

import { RIGHTS } from '../../domain/rights';

/** Menu level: 0 needs nothing, 1 a company, 2 an account (ledger set), 3 an account year. */
export type MenuLevel = 0 | 1 | 2 | 3;

export interface RouteNode {
  /** Dotted key into menu.json, unique. */
  key: string;
  /** Pages: full path. Sections: the path prefix shared by their pages (for breadcrumbs only). */
  path?: string;
  /** Right needed to see and open this node (besides every ancestor's): a RIGHTS constant. */
  authId?: number;
  /** Minimum level; inherited by children unless they set their own. */
  level?: MenuLevel;
  /** Scope the page's content needs when lower than `level` (account management is reachable from the setup prompts). */
  contentLevel?: MenuLevel;
  /** Not shown in the menu (editors, print pages), still a route. */
  hidden?: boolean;
  /** Fixed tab: always open, cannot be closed. */
  affix?: boolean;
  /** Shown in the menu but not clickable (spec: two opening-balance screens are marked disabled). */
  disabled?: boolean;
  /** Not kept as a cached tab page (import/export). */
  noCache?: boolean;
  /** Menu-only link target that differs from the route path (new reimbursement opens an editor page). */
  href?: string;
  /**
   * Another page's address under this path (spec 01 §2 lists such hidden routes beside the editors):
   * the router sends it on, `$param`s filled from this route's; it never gets a tab of its own.
   */
  aliasOf?: string;
  /** A hidden page the command palette still finds by name (the menu reaches it from another page only). */
  findable?: boolean;
  /** Tabler icon name for top-level menu entries (see shell/menu-icons.tsx). */
  icon?: string;
  children?: RouteNode[];
}

const page = (key: string, path: string, extra: Partial<RouteNode> = {}): RouteNode => ({ key, path, ...extra });

export const routeTable: RouteNode[] = [
  {
    key: 'home', path: '/', authId: RIGHTS.HOME, level: 0, icon: 'home', children: [
      page('home.manage', '/dashboard/manage', { authId: RIGHTS.DASHBOARD_MANAGE, level: 0 }),
      page('home.business', '/dashboard/business', { authId: RIGHTS.DASHBOARD_BUSINESS, level: 1 }),
      page('home.common', '/common', { authId: RIGHTS.COMMON, level: 0, affix: true }),
      page('home.businessQuery', '/businessQuery', { authId: RIGHTS.BUSINESS_QUERY, level: 1 }),
    ],
  },
  // A single entry: the firm-wide conflict-of-interest query over clients and cases of the company.
  page('retrieval', '/retrieval/query', { authId: RIGHTS.RETRIEVAL, level: 1, icon: 'search' }),
  {
    key: 'voucher', path: '/voucher', authId: RIGHTS.VOUCHER, level: 3, icon: 'voucher', children: [
      {
        key: 'voucher.daily', path: '/voucher/daily', authId: RIGHTS.VOUCHER_DAILY, children: [
          page('voucher.daily.list', '/voucher/daily/list'),
          page('voucher.daily.printVoucher', '/voucher/daily/printVoucher', { hidden: true }),
          page('voucher.daily.documentToVoucher', '/voucher/daily/documentToVoucher'),
          page('voucher.daily.createVoucher', '/voucher/daily/createVoucher', { hidden: true, aliasOf: '/newVoucher/new' }),
          page('voucher.daily.data', '/voucher/daily/data', { noCache: true }),
          // Period end as some links name it, under the daily work: leads to its own page.
          page('voucher.daily.periodSettlement', '/voucher/daily/periodSettlement', { hidden: true, authId: RIGHTS.VOUCHER_PERIOD_END, aliasOf: '/voucher/end/periodSettlement' }),
        ],
      },
      {
        key: 'voucher.business', path: '/voucher/business', authId: RIGHTS.VOUCHER_BOOKS, children: [
          page('voucher.business.summaryBySubject', '/voucher/business/summaryBySubject'),
          page('voucher.business.generalLedgerBySubject', '/voucher/business/generalLedgerBySubject'),
          page('voucher.business.subLedgerBySubject', '/voucher/business/subLedgerBySubject'),
          page('voucher.business.balanceBySubject', '/voucher/business/balanceBySubject'),
          page('voucher.business.generalLedgerByAuxiliary', '/voucher/business/generalLedgerByAuxiliary'),
          page('voucher.business.subLedgerByAuxiliary', '/voucher/business/subLedgerByAuxiliary'),
          page('voucher.business.balanceByAuxiliary', '/voucher/business/balanceByAuxiliary'),
        ],
      },
      {
        key: 'voucher.end', path: '/voucher/end', authId: RIGHTS.VOUCHER_PERIOD_END, children: [
          page('voucher.end.periodSettlement', '/voucher/end/periodSettlement'),
        ],
      },
    ],
  },
  // Editors opened as tabs: $id is the record id, or "new" plus a counter for unsaved documents;
  // the getRandomId search parameter keys a new document's temporary data (its tab state).
  page('newVoucher', '/newVoucher/$id', { authId: RIGHTS.VOUCHER, level: 3, hidden: true }),
  page('newReimburse', '/newReimburse/$id', { authId: RIGHTS.REIMBURSE_EDIT, level: 1, hidden: true }),
  {
    key: 'budget', path: '/budget', authId: RIGHTS.BUDGET, level: 3, icon: 'budget', children: [
      page('budget.catalog', '/budget/catalog'),
      page('budget.summaryByBudgetExecution', '/budget/summaryByBudgetExecution'),
      page('budget.subLedgerByBudgetExecution', '/budget/subLedgerByBudgetExecution'),
    ],
  },
  {
    key: 'cashier', path: '/cashier', authId: RIGHTS.CASHIER, level: 2, icon: 'cashier', children: [
      page('cashier.balanceByCashBank', '/cashier/balanceByCashBank'),
      page('cashier.cashBankJournalEdit', '/cashier/cashBankJournalEdit'),
      page('cashier.cashBankJournalQuery', '/cashier/cashBankJournalQuery'),
      page('cashier.reimburseManagement', '/cashier/reimburseManagement', { authId: RIGHTS.REIMBURSE_MANAGE, level: 1 }),
      // The menu entry opens a new reimbursement editor page instead of a list (spec 01 §2).
      { key: 'cashier.newReimburse', authId: RIGHTS.REIMBURSE_EDIT, level: 1, href: '/newReimburse/new' },
      page('cashier.reimburseEditor', '/cashier/newReimburse/$id', { authId: RIGHTS.REIMBURSE_EDIT, level: 1, hidden: true, aliasOf: '/newReimburse/$id' }),
      page('cashier.reimburseKind', '/cashier/reimburseKind'),
    ],
  },
  page('customer', '/customer/list', { authId: RIGHTS.CUSTOMER, level: 1, icon: 'customer' }),
  page('project', '/project/list', { authId: RIGHTS.PROJECT, level: 1, icon: 'project' }),
  page('invoice', '/invoice/list', { authId: RIGHTS.INVOICE, level: 1, icon: 'invoice' }),
  {
    key: 'basic', path: '/basic', authId: RIGHTS.BASIC, level: 3, icon: 'basic', children: [
      {
        key: 'basic.finance', authId: RIGHTS.BASIC_FINANCE, children: [
          page('basic.finance.subjectCodeRule', '/basic/subjectCodeRule'),
          page('basic.finance.subjectList', '/basic/subjectList'),
          page('basic.finance.specificSubjectSet', '/basic/specificSubjectSet'),
          // Subject mapping to another ledger set, for synchronised vouchers (spec 01 §7 /subject/relation).
          page('basic.finance.subjectRelation', '/basic/subjectRelation'),
          page('basic.finance.voucherCode', '/basic/voucherCode'),
          page('basic.finance.voucherKind', '/basic/voucherKind'),
          page('basic.finance.currencyType', '/basic/currencyType'),
        ],
      },
      {
        key: 'basic.init', authId: RIGHTS.BASIC_INIT, children: [
          page('basic.init.subjectOpeningBalance', '/basic/subjectOpeningBalance'),
          page('basic.init.cashFlowOpeningBalance', '/basic/cashFlowOpeningBalance', { disabled: true }),
          page('basic.init.bankReconciliationOpeningBalance', '/basic/bankReconciliationOpeningBalance', { disabled: true }),
          page('basic.init.cashBankOpeningBalance', '/basic/cashBankOpeningBalance'),
        ],
      },
      {
        key: 'basic.accountManage', authId: RIGHTS.ACCOUNT_MANAGE, children: [
          page('basic.accountManage.accountList', '/basic/accountList', { contentLevel: 1 }),
          page('basic.accountManage.accountPeriod', '/basic/accountPeriod', { contentLevel: 2 }),
        ],
      },
      {
        key: 'basic.cashierSettings', authId: RIGHTS.CASHIER_SETTINGS, children: [
          page('basic.cashierSettings.bankAccount', '/basic/bankAccount'),
          page('basic.cashierSettings.income', '/basic/income'),
          page('basic.cashierSettings.outcome', '/basic/outcome'),
        ],
      },
    ],
  },
  {
    key: 'system', path: '/system', authId: RIGHTS.SYSTEM, level: 0, icon: 'system', children: [
      page('system.companyList', '/system/companyList', { level: 0 }),
      page('system.companyInfor', '/system/companyInfor', { level: 1 }),
      page('system.settings', '/system/settings', { level: 0 }),
      page('system.vendor', '/system/vendor', { level: 2 }),
    ],
  },
  {
    key: 'userCenter', path: '/userCenter', authId: RIGHTS.USER_CENTER, level: 0, icon: 'userCenter', children: [
      page('userCenter.user', '/userCenter/user', { level: 0 }),
      page('userCenter.department', '/userCenter/department', { level: 1 }),
      page('userCenter.employee', '/userCenter/employee', { level: 1 }),
      page('userCenter.role', '/userCenter/role', { level: 1 }),
      page('userCenter.userCompany', '/userCenter/userCompany', { level: 0 }),
    ],
  },
  {
    key: 'report', path: '/report', authId: RIGHTS.REPORT, level: 3, icon: 'report', children: [
      page('report.balanceSheet', '/report/balanceSheet'),
      page('report.incomeStatement', '/report/incomeStatement'),
      page('report.comprehensiveStatistical', '/report/comprehensiveStatistical'),
      page('report.departmentIODetail', '/report/departmentIODetail', { hidden: true, findable: true }),
      page('report.departmentRADetail', '/report/departmentRADetail', { hidden: true, findable: true }),
    ],
  },
];

/** The home page ('/'), outside the menu: the signed-in landing page. */
export const HOME_PATH = '/';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_PATH = '/404';
/** Paths that survive an application refresh (spec 01 §2). */
export const REFRESH_SAFE_PATHS: readonly string[] = [LOGIN_PATH, '/common'];

/** Where an alias page leads: its `aliasOf` with the `$param`s of the visited route filled in. */
export function aliasTarget(aliasOf: string, params: Record<string, string>): string {
  return aliasOf.replace(/\$(\w+)/g, (_, name: string) => encodeURIComponent(params[name] ?? ''));
}
