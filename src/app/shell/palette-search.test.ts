import { describe, expect, it } from 'vitest';
import zhMenu from '../../../locales/zh_CN/menu.json';
import enMenu from '../../../locales/en_US/menu.json';
import { RIGHTS } from '../../domain/rights';
import { matchScore, normalise, screenEntries, searchEntries } from './palette-search';

const lookup = (tree: unknown, key: string) => key.split('.').reduce<any>((o, k) => o?.[k], tree) as string | undefined;
const titles = (key: string) => [lookup(zhMenu, key), lookup(enMenu, key)].filter((x): x is string => !!x);
const admin = { kind: 'ADMIN' as const, rightIds: [] };
const screens = screenEntries(admin, titles);
const first = (q: string, list = screens) => searchEntries(q, list)[0]?.href;

describe('palette screens', () => {
  it('offers every enabled menu page the user sees, menu-only links and home; no hidden or disabled page', () => {
    const hrefs = screens.map((s) => s.href);
    expect(hrefs).toContain('/');
    expect(hrefs).toContain('/voucher/daily/list');
    expect(hrefs).toContain('/newReimburse/new');
    expect(hrefs).not.toContain('/voucher/daily/printVoucher');
    expect(hrefs).not.toContain('/basic/cashFlowOpeningBalance');
    expect(hrefs.some((h) => h?.includes('$'))).toBe(false);
  });
  it('offers the named entry points the menu hides: 新建凭证 opens a new voucher, for those who may make one', () => {
    expect(first('新建凭证')).toBe('/newVoucher/new');
    expect(first('xjpz')).toBe('/newVoucher/new');
    expect(first('new voucher')).toBe('/newVoucher/new');
    const viewer = { kind: 'OTHER' as const, rightIds: [RIGHTS.HOME] };
    expect(screenEntries(viewer, titles).map((s) => s.href)).not.toContain('/newVoucher/new');
  });
  it('finds the department reports the menu reaches only from comprehensive statistics, by either name or pinyin', () => {
    expect(first('部门收支')).toBe('/report/departmentIODetail');
    expect(first('bmszmx')).toBe('/report/departmentIODetail');
    expect(first(lookup(enMenu, 'report.departmentIODetail')!)).toBe('/report/departmentIODetail');
    expect(first(lookup(enMenu, 'report.departmentRADetail')!)).toBe('/report/departmentRADetail');
  });
  it('follows the same rights as the sidebar', () => {
    const clerk = { kind: 'OTHER' as const, rightIds: [RIGHTS.VOUCHER, RIGHTS.VOUCHER_DAILY] };
    const hrefs = screenEntries(clerk, titles).map((s) => s.href);
    expect(hrefs).toContain('/voucher/daily/list');
    expect(hrefs).not.toContain('/voucher/end/periodSettlement');
    expect(hrefs).not.toContain('/system/companyList');
    expect(screenEntries(null, titles)).toEqual([]);
  });
});

describe('palette search', () => {
  it('finds a screen by pinyin initials, full pinyin, Chinese and English names', () => {
    expect(first('pzlb')).toBe('/voucher/daily/list');
    expect(first('PZLB')).toBe('/voucher/daily/list');
    expect(first('gslb')).toBe('/system/companyList');
    expect(first('pingzheng')).toBe('/voucher/daily/list');
    expect(first('凭证列表')).toBe('/voucher/daily/list');
    expect(first('公司列')).toBe('/system/companyList');
    expect(first('companies')).toBe('/system/companyList');
    expect(first('Voucher List')).toBe('/voucher/daily/list');
    expect(first('list voucher')).toBe('/voucher/daily/list');
    expect(first('ledger sets')).toBe('/basic/accountList');
    expect(searchEntries('kjkm', screens).map((s) => s.href)).toContain('/basic/subjectList');
  });
  it('ranks exact and prefix matches before substrings', () => {
    // "sub" starts "Subjects" (prefix) and sits inside "Sub ledger by subject" after its first word.
    const hits = searchEntries('subjects', screens).map((s) => s.href);
    expect(hits[0]).toBe('/basic/subjectList');
    expect(searchEntries('voucher', screens)[0].href).toBe('/voucher/daily/list');
    expect(searchEntries('zz', screens).length).toBeLessThan(screens.length);
    expect(matchScore('', screens[0])).toBe(0);
    expect(matchScore('zzzzqqq', screens[0])).toBeNull();
  });
  it('normalises case, width and punctuation', () => {
    expect(normalise(' Ｃompany-List ')).toBe('companylist');
  });
  it('finds page commands by label and keywords', () => {
    const cmd = { id: 'command:new', kind: 'page' as const, names: ['新建凭证', 'New voucher', 'xjpz'], pinyin: [] };
    expect(searchEntries('xjpz', [cmd])).toHaveLength(1);
    expect(searchEntries('new vou', [cmd])).toHaveLength(1);
    expect(searchEntries('delete', [cmd])).toHaveLength(0);
  });
});
