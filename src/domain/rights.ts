/**
 * The rights catalogue (spec 01 §2 route authIds and §6 operation rights) as one tree.
 * Menu entries are visible when the user holds their authId; operation rights gate buttons
 * in the app and, decisively, routes on the server. ADMIN users hold every right.
 */
export interface RightNode {
  id: number;
  zh: string;
  en: string;
  children?: RightNode[];
}

export const RIGHTS = {
  HOME: 1,
  DASHBOARD_MANAGE: 10101,
  DASHBOARD_BUSINESS: 10102,
  COMMON: 102,
  BUSINESS_QUERY: 103,
  VOUCHER: 2,
  VOUCHER_DAILY: 201,
  VOUCHER_OPERATE: 20101,
  VOUCHER_BOOKS: 202,
  VOUCHER_PERIOD_END: 203,
  VOUCHER_EDIT: 2010101,
  VOUCHER_AUDIT: 2010102,
  VOUCHER_BOOKKEEP: 2010103,
  VOUCHER_CASHIER: 2010104,
  VOUCHER_INVALIDATE: 2010105,
  CASHIER: 3,
  REIMBURSE_MANAGE: 30104,
  REIMBURSE_EDIT: 30105,
  CUSTOMER: 4,
  CUSTOMER_VIEW_ALL: 401,
  CUSTOMER_OPERATE: 402,
  PROJECT: 5,
  PROJECT_VIEW_ALL: 501,
  PROJECT_OPERATE: 502,
  BASIC: 6,
  BASIC_FINANCE: 601,
  BASIC_INIT: 602,
  ACCOUNT_MANAGE: 603,
  CASHIER_SETTINGS: 604,
  SETTLE_ACCOUNT: 6030101,
  SYSTEM: 7,
  REPORT: 8,
  RETRIEVAL: 9,
  USER_CENTER: 10,
  INVOICE: 11,
  INVOICE_VIEW_ALL: 1101,
  INVOICE_OPERATE: 1102,
  BUDGET: 12,
} as const;

export type RightId = number;

export const rightsTree: RightNode[] = [
  {
    id: 1, zh: '首页', en: 'Home', children: [
      { id: 10101, zh: '管理驾驶舱', en: 'Management dashboard' },
      { id: 10102, zh: '业务驾驶舱', en: 'Business dashboard' },
      { id: 102, zh: '常用功能', en: 'Common functions' },
      { id: 103, zh: '业务查询', en: 'Business query' },
    ],
  },
  { id: 9, zh: '利益冲突检索', en: 'Conflict-of-interest query' },
  {
    id: 2, zh: '凭证', en: 'Vouchers', children: [
      {
        id: 201, zh: '日常凭证', en: 'Daily vouchers', children: [
          {
            id: 20101, zh: '凭证操作', en: 'Voucher operations', children: [
              { id: 2010101, zh: '编辑凭证', en: 'Edit voucher' },
              { id: 2010102, zh: '审核', en: 'Audit' },
              { id: 2010103, zh: '记账', en: 'Bookkeep' },
              { id: 2010104, zh: '出纳签字', en: 'Cashier sign' },
              { id: 2010105, zh: '作废', en: 'Invalidate' },
            ],
          },
        ],
      },
      { id: 202, zh: '财务报表', en: 'Finance reports' },
      { id: 203, zh: '期末处理', en: 'Period end' },
    ],
  },
  { id: 12, zh: '预算', en: 'Budget' },
  {
    id: 3, zh: '出纳', en: 'Cashier', children: [
      { id: 30104, zh: '报销管理', en: 'Manage reimbursement' },
      { id: 30105, zh: '编辑报销单', en: 'Edit reimbursement' },
    ],
  },
  {
    id: 4, zh: '客户', en: 'Customers', children: [
      { id: 401, zh: '查看全部客户', en: 'View all customers' },
      { id: 402, zh: '客户操作', en: 'Customer operation' },
    ],
  },
  {
    id: 5, zh: '项目(案件)', en: 'Projects (cases)', children: [
      { id: 501, zh: '查看全部项目', en: 'View all projects' },
      { id: 502, zh: '项目操作', en: 'Project operation' },
    ],
  },
  {
    id: 11, zh: '发票', en: 'Invoices', children: [
      { id: 1101, zh: '查看全部发票', en: 'View all invoices' },
      { id: 1102, zh: '发票操作', en: 'Invoice operation' },
    ],
  },
  {
    id: 6, zh: '基础设置', en: 'Basic settings', children: [
      { id: 601, zh: '财务信息', en: 'Finance information' },
      { id: 602, zh: '初始化', en: 'Initialization' },
      {
        id: 603, zh: '账套管理', en: 'Account management', children: [
          { id: 6030101, zh: '结账', en: 'Settle account' },
        ],
      },
      { id: 604, zh: '出纳设置', en: 'Cashier settings' },
    ],
  },
  { id: 7, zh: '系统管理', en: 'System management' },
  { id: 8, zh: '报表', en: 'Reports' },
  { id: 10, zh: '用户中心', en: 'User centre' },
];

function flatten(nodes: RightNode[], parentId: number | null, out: Array<{ id: number; parentId: number | null; zh: string; en: string; sort: number }>): void {
  nodes.forEach((n, i) => {
    out.push({ id: n.id, parentId, zh: n.zh, en: n.en, sort: i });
    if (n.children) flatten(n.children, n.id, out);
  });
}

/** The catalogue as rows (id, parentId, names, sort), in tree order. */
export function flattenRights(): Array<{ id: number; parentId: number | null; zh: string; en: string; sort: number }> {
  const out: Array<{ id: number; parentId: number | null; zh: string; en: string; sort: number }> = [];
  flatten(rightsTree, null, out);
  return out;
}

export const ALL_RIGHT_IDS: readonly number[] = flattenRights().map((r) => r.id);

export interface RightHolder {
  kind: 'ADMIN' | 'OTHER';
  rightIds: ReadonlySet<number> | readonly number[];
}

/** Does the user hold a right? Admins hold all; a right may be given as alternatives (any of). */
export function hasRight(user: RightHolder, right: number | readonly number[]): boolean {
  if (user.kind === 'ADMIN') return true;
  const ids = user.rightIds instanceof Set ? user.rightIds : new Set(user.rightIds as readonly number[]);
  const wanted = Array.isArray(right) ? right : [right as number];
  return wanted.some((r) => ids.has(r));
}

const parentOf: ReadonlyMap<number, number | null> = new Map(flattenRights().map((r) => [r.id, r.parentId]));

/**
 * A set of rights with every ancestor added: an operation right implies the menus above it
 * (2010101 edit voucher → 20101, 201, 2), so a role never holds a right it cannot reach.
 */
export function withAncestorRights(rightIds: Iterable<number>): number[] {
  const out = new Set<number>();
  for (const id of rightIds) {
    let cur: number | null | undefined = id;
    while (cur !== null && cur !== undefined && !out.has(cur)) {
      out.add(cur);
      cur = parentOf.get(cur);
    }
  }
  return [...out].sort((a, b) => a - b);
}

/**
 * Whether a holder may hand out these rights (in a role): admins may give anything, everyone else
 * only rights they hold themselves, menus above them included. The app greys out roles it would
 * refuse; the server refuses them.
 */
export function canGrant(holder: RightHolder, rightIds: Iterable<number>): boolean {
  if (holder.kind === 'ADMIN') return true;
  const held = holder.rightIds instanceof Set ? holder.rightIds : new Set(holder.rightIds as readonly number[]);
  return withAncestorRights(rightIds).every((r) => held.has(r));
}
