import { describe, expect, it } from 'vitest';
import { RIGHTS } from '../../../domain/rights';
import { SHORTCUT_MAX } from '../../../domain/constants';
import { bothTitles } from '../../routes/menu-titles';
import { searchEntries } from '../../shell/palette-search';
import { DEFAULT_SHORTCUT_KEYS, shortcutCandidates, shownShortcuts, withAdded, withMoved, withRemoved } from './shortcuts';

const admin = { kind: 'ADMIN' as const, rightIds: [] };
const clerk = { kind: 'OTHER' as const, rightIds: [RIGHTS.HOME, RIGHTS.COMMON, RIGHTS.VOUCHER, RIGHTS.VOUCHER_DAILY] };

describe('common functions', () => {
  const all = shortcutCandidates(admin, bothTitles);
  it('offers every screen of the menu the user sees and New voucher, never home, itself, hidden or disabled pages', () => {
    const keys = all.map((c) => c.key);
    expect(keys.slice(keys.indexOf('voucher.daily.list'), keys.indexOf('voucher.daily.list') + 2)).toEqual(['voucher.daily.list', 'voucher.daily.createVoucher']);
    expect(keys).toContain('cashier.newReimburse');
    expect(keys).not.toContain('root');
    expect(keys).not.toContain('home.common');
    expect(keys).not.toContain('voucher.daily.printVoucher');
    expect(keys).not.toContain('basic.init.cashFlowOpeningBalance');
    expect(all.find((c) => c.key === 'voucher.daily.createVoucher')).toMatchObject({ href: '/voucher/daily/createVoucher', names: ['新建凭证', 'New voucher'] });
    expect(all.every((c) => !c.href.includes('$') && c.names.length === 2)).toBe(true);
    // Found by pinyin initials like the palette.
    expect(searchEntries('xjpz', all)[0].id).toBe('screen:voucher.daily.createVoucher');
  });

  it('shows the defaults until the user saves a list, and only what the user may open', () => {
    expect(shownShortcuts({ keys: [], saved: false }, all).map((e) => e.key)).toEqual(DEFAULT_SHORTCUT_KEYS);
    expect(DEFAULT_SHORTCUT_KEYS).toHaveLength(9);
    const mine = shortcutCandidates(clerk, bothTitles);
    expect(shownShortcuts({ keys: [], saved: false }, mine).map((e) => e.key)).toEqual(['voucher.daily.createVoucher', 'voucher.daily.list']);
    expect(shownShortcuts({ keys: ['report.balanceSheet', 'gone.page', 'voucher.daily.list'], saved: true }, mine).map((e) => e.key)).toEqual(['voucher.daily.list']);
    expect(shownShortcuts({ keys: [], saved: true }, all)).toEqual([]);
  });

  it('adds at the end once, up to the limit; removes; moves among the shown entries only', () => {
    expect(withAdded(['a'], 'b')).toEqual(['a', 'b']);
    expect(withAdded(['a', 'b'], 'a')).toEqual(['a', 'b']);
    const full = Array.from({ length: SHORTCUT_MAX }, (_, i) => `k${i}`);
    expect(withAdded(full, 'x')).toEqual(full);
    expect(withRemoved(['a', 'b', 'c'], ['a', 'c'])).toEqual(['b']);
    // 'x' is saved but not shown (no right): it keeps its place.
    expect(withMoved(['a', 'x', 'b', 'c'], ['a', 'b', 'c'], 'b', -1)).toEqual(['b', 'x', 'a', 'c']);
    expect(withMoved(['a', 'x', 'b', 'c'], ['a', 'b', 'c'], 'b', 1)).toEqual(['a', 'x', 'c', 'b']);
    expect(withMoved(['a', 'b'], ['a', 'b'], 'a', -1)).toEqual(['a', 'b']);
    expect(withMoved(['a', 'b'], ['a', 'b'], 'b', 1)).toEqual(['a', 'b']);
  });
});
