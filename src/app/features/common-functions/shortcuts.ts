/**
 * The model of the common functions page (/common, the fixed tab): which screens a user may keep
 * there, the defaults offered until they choose, and the list operations. Pure, unit-tested; the
 * list itself is kept per user by /system/shortcut.
 *
 * An entry is a screen of the menu the user sees (the palette's own list, so rights, hidden and
 * disabled pages are handled once) plus "New voucher" (the spec's hidden createVoucher route, which
 * opens a new voucher tab). Keys the user may no longer open (rights differ per company) or that no
 * longer exist are kept in the saved list but not shown, so they come back with the right.
 */
import type { RightHolder } from '../../../domain/rights';
import { SHORTCUT_MAX } from '../../../domain/constants';
import { canOpen, pages } from '../../routes/access';
import { MENU_PINYIN } from '../../routes/menu-pinyin';
import { screenEntries, type PaletteEntry } from '../../shell/palette-search';

/** This page's own key: never one of its entries. */
export const COMMON_KEY = 'home.common';
const NEW_VOUCHER_KEY = 'voucher.daily.createVoucher';

/** Offered until the user saves their own list: a clerk's, a cashier's and an accountant's day, 1–9. */
export const DEFAULT_SHORTCUT_KEYS: readonly string[] = [
  NEW_VOUCHER_KEY,
  'voucher.daily.list',
  'voucher.business.subLedgerBySubject',
  'voucher.business.balanceBySubject',
  'cashier.cashBankJournalEdit',
  'cashier.reimburseManagement',
  'report.balanceSheet',
  'report.incomeStatement',
  'voucher.end.periodSettlement',
];

export interface ShortcutEntry extends PaletteEntry {
  /** The menu key (what is saved). */
  key: string;
  href: string;
  titleKey: string;
  trail: string[];
}

type Titles = (key: string) => string[];

/** Every screen the user may keep on the page, in menu order. */
export function shortcutCandidates(user: RightHolder | null | undefined, titles: Titles): ShortcutEntry[] {
  const out: ShortcutEntry[] = [];
  const newVoucher = pages.find((p) => p.key === NEW_VOUCHER_KEY);
  for (const e of screenEntries(user, titles)) {
    const key = e.id.replace(/^screen:/, '');
    if (key === 'root' || key === COMMON_KEY || !e.href || !e.titleKey) continue;
    out.push({ ...e, key, href: e.href, titleKey: e.titleKey, trail: e.trail ?? [] });
    // New voucher sits right after the voucher list.
    if (key === 'voucher.daily.list' && newVoucher && canOpen(newVoucher, user)) {
      out.push({
        ...e, trail: e.trail ?? [], id: `screen:${NEW_VOUCHER_KEY}`, key: NEW_VOUCHER_KEY, href: newVoucher.path, titleKey: NEW_VOUCHER_KEY, names: titles(NEW_VOUCHER_KEY),
        pinyin: MENU_PINYIN[NEW_VOUCHER_KEY] ? [MENU_PINYIN[NEW_VOUCHER_KEY].initials, MENU_PINYIN[NEW_VOUCHER_KEY].full] : [],
      });
    }
  }
  return out;
}

/** The entries shown: the saved keys (or the defaults while nothing is saved) the user may open, in order. */
export function shownShortcuts(saved: { keys: readonly string[]; saved: boolean }, candidates: readonly ShortcutEntry[]): ShortcutEntry[] {
  const byKey = new Map(candidates.map((c) => [c.key, c]));
  const keys = saved.saved ? saved.keys : DEFAULT_SHORTCUT_KEYS;
  return keys.map((k) => byKey.get(k)).filter((e): e is ShortcutEntry => e !== undefined);
}

/** The keys to save after adding one (at the end; at most SHORTCUT_MAX, already there: unchanged). */
export function withAdded(keys: readonly string[], key: string): string[] {
  if (keys.includes(key) || keys.length >= SHORTCUT_MAX) return [...keys];
  return [...keys, key];
}

export function withRemoved(keys: readonly string[], remove: readonly string[]): string[] {
  return keys.filter((k) => !remove.includes(k));
}

/**
 * Moves one entry up (-1) or down (+1) among the entries shown; keys not shown (no right now) keep
 * their places, so moving never reorders what the user cannot see.
 */
export function withMoved(keys: readonly string[], shown: readonly string[], key: string, delta: -1 | 1): string[] {
  const i = shown.indexOf(key);
  const j = i + delta;
  if (i < 0 || j < 0 || j >= shown.length) return [...keys];
  const other = shown[j];
  return keys.map((k) => (k === key ? other : k === other ? key : k));
}
