import { describe, expect, it } from 'vitest';
import zhMenu from '../../../locales/zh_CN/menu.json';
import { bootPath, canOpen, findPage, missingScope, pageOf, pages, safeRedirect, scopeReplaced, selectorsFor, titleKeyOf, visibleMenu } from './access';
import { routeTable, type RouteNode } from './route-table';

const admin = { kind: 'ADMIN' as const, rightIds: [] };
// The seeded clerk: home rights, vouchers (daily + finance reports), voucher edit, budget.
const clerk = { kind: 'OTHER' as const, rightIds: [1, 10101, 10102, 102, 103, 2, 201, 20101, 2010101, 12, 202] };

const flatKeys = (nodes: RouteNode[]): string[] => nodes.flatMap((n) => [n.key, ...(n.children ? flatKeys(n.children) : [])]);

describe('route table', () => {
  it('holds every route of spec 01 §2 with its authId and level', () => {
    const byPath = new Map(pages.map((p) => [p.path, p]));
    const expect_ = (path: string, authIds: number[], level: number) => {
      const p = byPath.get(path);
      expect(p, path).toBeDefined();
      expect(p!.authIds, path).toEqual(authIds);
      expect(p!.level, path).toBe(level);
    };
    expect_('/dashboard/manage', [1, 10101], 0);
    expect_('/dashboard/business', [1, 10102], 1);
    expect_('/common', [1, 102], 0);
    expect_('/voucher/daily/list', [2, 201], 3);
    expect_('/voucher/end/periodSettlement', [2, 203], 3);
    expect_('/newVoucher/$id', [2], 3);
    expect_('/newReimburse/$id', [30105], 1);
    expect_('/budget/catalog', [12], 3);
    expect_('/cashier/balanceByCashBank', [3], 2);
    expect_('/cashier/reimburseManagement', [3, 30104], 1);
    expect_('/customer/list', [4], 1);
    expect_('/project/list', [5], 1);
    expect_('/invoice/list', [11], 1);
    expect_('/basic/accountList', [6, 603], 3);
    expect_('/system/companyList', [7], 0);
    expect_('/system/companyInfor', [7], 1);
    expect_('/system/vendor', [7], 2);
    expect_('/userCenter/user', [10], 0);
    expect_('/report/balanceSheet', [8], 3);
    expect(byPath.get('/common')!.affix).toBe(true);
    expect(byPath.get('/report/departmentIODetail')!.hidden).toBe(true);
    expect(byPath.get('/basic/cashFlowOpeningBalance')!.disabled).toBe(true);
    expect(byPath.get('/basic/bankReconciliationOpeningBalance')!.disabled).toBe(true);
  });

  it('paths and keys are unique and every title exists in menu.json', () => {
    const paths = pages.map((p) => p.path);
    expect(new Set(paths).size).toBe(paths.length);
    const keys = flatKeys(routeTable);
    expect(new Set(keys).size).toBe(keys.length);
    const get = (k: string) => k.split('.').reduce<any>((o, part) => o?.[part], zhMenu);
    const walk = (nodes: RouteNode[]) => nodes.forEach((n) => {
      expect(typeof get(titleKeyOf(n)), titleKeyOf(n)).toBe('string');
      if (n.children) walk(n.children);
    });
    walk(routeTable);
  });

  it('account management pages open with less scope than their menu level (setup prompts)', () => {
    expect(findPage('/basic/accountList')!.contentLevel).toBe(1);
    expect(findPage('/basic/accountPeriod')!.contentLevel).toBe(2);
  });
});

describe('findPage', () => {
  it('matches params and a trailing slash, not unknown paths', () => {
    expect(findPage('/newVoucher/12')?.key).toBe('newVoucher');
    expect(findPage('/voucher/daily/list/')?.key).toBe('voucher.daily.list');
    expect(findPage('/voucher/daily')).toBeUndefined();
    expect(findPage('/nope')).toBeUndefined();
  });
});

describe('rights', () => {
  it('admins open everything', () => {
    expect(pages.every((p) => canOpen(p, admin))).toBe(true);
  });
  it('a page needs every right on its way down', () => {
    expect(canOpen(findPage('/voucher/daily/list')!, clerk)).toBe(true);
    expect(canOpen(findPage('/voucher/end/periodSettlement')!, clerk)).toBe(false);
    expect(canOpen(findPage('/userCenter/user')!, clerk)).toBe(false);
    expect(canOpen(findPage('/system/companyList')!, clerk)).toBe(false);
    expect(canOpen(findPage('/voucher/daily/list')!, null)).toBe(false);
  });
  it('the menu drops sections without the right, hidden pages and emptied groups', () => {
    const menu = visibleMenu(clerk);
    const keys = flatKeys(menu);
    expect(keys).toContain('voucher.daily.list');
    expect(keys).toContain('budget.catalog');
    expect(keys).not.toContain('userCenter');
    expect(keys).not.toContain('system');
    expect(keys).not.toContain('voucher.end');
    expect(keys).not.toContain('voucher.daily.printVoucher');
    expect(keys).not.toContain('newVoucher');
    expect(visibleMenu(null)).toEqual([]);
    expect(flatKeys(visibleMenu(admin))).toContain('userCenter.user');
  });
});

describe('levels', () => {
  const none = { companyId: null, accountId: null, accountYearId: null };
  it('reports the outermost missing scope', () => {
    expect(missingScope(0, none)).toBeNull();
    expect(missingScope(1, none)).toBe('company');
    expect(missingScope(3, { ...none, companyId: 1 })).toBe('account');
    expect(missingScope(3, { companyId: 1, accountId: 2, accountYearId: null })).toBe('accountYear');
    expect(missingScope(2, { companyId: 1, accountId: 2, accountYearId: null })).toBeNull();
  });
  it('shows selectors by level', () => {
    expect(selectorsFor(0)).toEqual({ company: false, account: false, accountYear: false });
    expect(selectorsFor(2)).toEqual({ company: true, account: true, accountYear: false });
    expect(selectorsFor(3)).toEqual({ company: true, account: true, accountYear: true });
  });
});

describe('redirects', () => {
  it('keeps only local app paths', () => {
    expect(safeRedirect('/voucher/daily/list?x=1')).toBe('/voucher/daily/list?x=1');
    expect(safeRedirect(undefined)).toBe('/');
    expect(safeRedirect('https://evil.example/')).toBe('/');
    expect(safeRedirect('//evil.example/')).toBe('/');
    expect(safeRedirect('/login?redirect=/x')).toBe('/');
  });
  it('a refresh sends deep paths home and closes tabs, except /login and /common', () => {
    expect(bootPath('/voucher/daily/list', true)).toEqual({ path: '/', closeTabs: true });
    expect(bootPath('/common', true)).toEqual({ path: '/common', closeTabs: false });
    expect(bootPath('/login', true)).toEqual({ path: '/login', closeTabs: false });
    expect(bootPath('/voucher/daily/list', false)).toEqual({ path: '/voucher/daily/list', closeTabs: false });
  });
});

describe('home page', () => {
  it('shows every selector but renders without scope', () => {
    const home = pageOf('/')!;
    expect(home.level).toBe(3);
    expect(home.contentLevel).toBe(0);
    expect(canOpen(home, clerk)).toBe(true);
    expect(pageOf('/voucher/daily/list')?.key).toBe('voucher.daily.list');
  });
});

describe('scopeReplaced', () => {
  const s = (companyId: number | null, accountId: number | null, accountYearId: number | null) => ({ companyId, accountId, accountYearId });
  it('filling in blanks during setup is not a reload', () => {
    expect(scopeReplaced(s(1, null, null), s(1, 5, null))).toBe(false);
    expect(scopeReplaced(s(1, 5, null), s(1, 5, 9))).toBe(false);
  });
  it('changing or clearing a selection is', () => {
    expect(scopeReplaced(s(1, 5, 9), s(2, null, null))).toBe(true);
    expect(scopeReplaced(s(1, 5, 9), s(1, 5, 8))).toBe(true);
    expect(scopeReplaced(s(1, 5, 9), s(1, 6, null))).toBe(true);
    expect(scopeReplaced(s(1, 5, 9), s(1, 5, 9))).toBe(false);
  });
});
