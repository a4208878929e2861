import { describe, expect, it } from 'vitest';
import { visibleMenu } from '../routes/access';
import { groupsContaining, rovingKey, treeAction, visibleRows } from './menu-tree';

const admin = { kind: 'ADMIN' as const, rightIds: [] };
const menu = visibleMenu(admin);
const keys = (expanded: string[]) => visibleRows(menu, new Set(expanded)).map((r) => r.node.key);

describe('visible rows', () => {
  it('lists top-level entries, and the children of open groups only, with their levels', () => {
    const closed = keys([]);
    expect(closed).toContain('system');
    expect(closed).not.toContain('system.companyList');
    const rows = visibleRows(menu, new Set(['basic', 'basic.accountManage']));
    const list = rows.find((r) => r.node.key === 'basic.accountManage.accountList')!;
    expect(list.level).toBe(3);
    expect(list.parentKey).toBe('basic.accountManage');
    expect(rows.find((r) => r.node.key === 'basic.finance')!.expanded).toBe(false);
  });
  it('finds the groups holding a page, outermost first', () => {
    expect(groupsContaining(menu, '/basic/accountList')).toEqual(['basic', 'basic.accountManage']);
    expect(groupsContaining(menu, '/newReimburse/new')).toEqual(['cashier']);
    expect(groupsContaining(menu, '/customer/list')).toEqual([]);
  });
});

describe('tree keys', () => {
  const rows = (expanded: string[]) => visibleRows(menu, new Set(expanded));
  it('Down/Up move between visible entries, stopping at the ends; Home/End jump', () => {
    const r = rows([]);
    expect(treeAction('tree.next', r, 'home')).toEqual({ type: 'focus', key: 'retrieval' });
    expect(treeAction('tree.previous', r, 'home')).toEqual({ type: 'none' });
    expect(treeAction('tree.last', r, 'home')).toEqual({ type: 'focus', key: r.at(-1)!.node.key });
    expect(treeAction('tree.first', r, 'system')).toEqual({ type: 'focus', key: 'home' });
    expect(treeAction('tree.next', r, r.at(-1)!.node.key)).toEqual({ type: 'none' });
  });
  it('Right opens a closed group, then moves into it; on a page it does nothing', () => {
    expect(treeAction('tree.expand', rows([]), 'system')).toEqual({ type: 'expand', key: 'system' });
    expect(treeAction('tree.expand', rows(['system']), 'system')).toEqual({ type: 'focus', key: 'system.companyList' });
    expect(treeAction('tree.expand', rows(['system']), 'system.companyList')).toEqual({ type: 'none' });
  });
  it('Left/Esc close an open group, else go to the parent', () => {
    expect(treeAction('tree.collapse', rows(['system']), 'system')).toEqual({ type: 'collapse', key: 'system' });
    expect(treeAction('tree.collapse', rows(['system']), 'system.settings')).toEqual({ type: 'focus', key: 'system' });
    expect(treeAction('tree.collapse', rows(['basic', 'basic.init']), 'basic.init')).toEqual({ type: 'collapse', key: 'basic.init' });
    expect(treeAction('tree.collapse', rows([]), 'customer')).toEqual({ type: 'none' });
  });
  it('Enter opens a page, toggles a group, and refuses a disabled page', () => {
    const r = rows(['system', 'basic', 'basic.init']);
    expect(treeAction('tree.activate', r, 'system.companyList')).toMatchObject({ type: 'open', node: { path: '/system/companyList' } });
    expect(treeAction('tree.activate', r, 'system')).toEqual({ type: 'collapse', key: 'system' });
    expect(treeAction('tree.activate', rows([]), 'system')).toEqual({ type: 'expand', key: 'system' });
    expect(treeAction('tree.activate', r, 'basic.init.cashFlowOpeningBalance')).toEqual({ type: 'none' });
  });
  it('a focused key that is no longer visible falls back to the first entry', () => {
    expect(treeAction('tree.next', rows([]), 'system.companyList')).toEqual({ type: 'focus', key: 'home' });
  });
});

describe('roving tabindex', () => {
  it('Tab enters at the current page, else its nearest visible group, else the first entry', () => {
    expect(rovingKey(visibleRows(menu, new Set(['system'])), menu, '/system/settings', null)).toBe('system.settings');
    expect(rovingKey(visibleRows(menu, new Set()), menu, '/system/settings', null)).toBe('system');
    expect(rovingKey(visibleRows(menu, new Set()), menu, '/', null)).toBe('home');
    expect(rovingKey(visibleRows(menu, new Set()), menu, '/', 'report')).toBe('report');
  });
});
