/**
 * What the command palette offers and how it matches a query: every screen the user may open
 * (the sidebar's own rights check, visibleMenu) plus the commands the current page registered,
 * found by part of the name in either language, by pinyin initials (`pzlb` → 凭证列表) or by
 * full pinyin. Pure, so the ranking is unit-tested.
 */
import type { RightHolder } from '../../domain/rights';
import { canOpen, pages, titleKeyOf, visibleMenu } from '../routes/access';
import { MENU_PINYIN } from '../routes/menu-pinyin';
import { HOME_PATH, type RouteNode } from '../routes/route-table';

export interface PaletteEntry {
  id: string;
  kind: 'screen' | 'page';
  /** Names the entry is found by: its title in every language, extra keywords. */
  names: string[];
  /** Pinyin readings of the Chinese title: initials and full syllables. */
  pinyin: string[];
  /** Screens: where it goes. */
  href?: string;
  /** Screens: menu key of the title; its sections' keys (shown as the description). */
  titleKey?: string;
  trail?: string[];
  /** Screens: icon name of the top-level menu entry (menu-icons.tsx). */
  icon?: string;
}

type Titles = (key: string) => string[];

/** The screens a user may open from the palette: the enabled pages of the menu they see, and home. */
export function screenEntries(user: RightHolder | null | undefined, titles: Titles): PaletteEntry[] {
  const out: PaletteEntry[] = [];
  const entry = (key: string, titleKey: string, href: string, trail: string[], icon?: string): PaletteEntry => ({
    id: `screen:${key}`,
    kind: 'screen',
    names: titles(titleKey),
    pinyin: MENU_PINYIN[titleKey] ? [MENU_PINYIN[titleKey].initials, MENU_PINYIN[titleKey].full] : [],
    href,
    titleKey,
    trail,
    icon,
  });
  if (!user) return out;
  out.push(entry('root', 'root', HOME_PATH, [], 'home'));
  const walk = (nodes: RouteNode[], trail: string[], icon: string | undefined) => {
    for (const n of nodes) {
      if (n.children) walk(n.children, [...trail, titleKeyOf(n)], icon ?? n.icon);
      else if (!n.disabled && (n.href ?? n.path)) out.push(entry(n.key, titleKeyOf(n), n.href ?? n.path!, trail, icon ?? n.icon));
    }
  };
  walk(visibleMenu(user), [], undefined);
  // Named entry points the menu keeps hidden (新建凭证 → /newVoucher/new): a clerk finds "new voucher"
  // by name too. Only those without parameters, and only with the rights their page needs.
  // Hidden pages reached from another page (the department reports, from comprehensive statistics) by name too.
  for (const p of pages) {
    const href = p.aliasOf ?? (p.findable ? p.path : undefined);
    if (!p.hidden || !href || href.includes('$') || !canOpen(p, user)) continue;
    if (out.some((e) => e.href === href)) continue;
    out.push(entry(p.key, p.key, href, p.trail.map((k) => `${k}.title`), undefined));
  }
  return out;
}

/** Lower case, no spaces or punctuation, full-width letters folded: "Company list" ≈ "companylist". */
export function normalise(text: string): string {
  return text.normalize('NFKC').toLowerCase().replace(/[\s\p{P}\p{S}]+/gu, '');
}

/** How well an entry matches (lower is better), or null when it does not. */
export function matchScore(query: string, entry: PaletteEntry): number | null {
  const q = normalise(query);
  if (!q) return 0;
  let best: number | null = null;
  const consider = (score: number) => {
    if (best === null || score < best) best = score;
  };
  entry.names.forEach((name) => {
    const n = normalise(name);
    if (n === q) consider(0);
    else if (n.startsWith(q)) consider(1);
    else if (n.includes(q)) consider(3);
    // Every word of a multi-word query somewhere in the name ("list comp").
    else if (/\s/.test(query.trim()) && query.trim().split(/\s+/).every((w) => n.includes(normalise(w)))) consider(4);
  });
  entry.pinyin.forEach((p, i) => {
    const initials = i % 2 === 0;
    if (p === q) consider(initials ? 0 : 1);
    else if (p.startsWith(q)) consider(2);
    else if (p.includes(q) && q.length >= 2) consider(initials ? 3 : 5);
  });
  return best;
}

/** The entries matching a query, best first; ties keep the menu order. */
export function searchEntries(query: string, entries: readonly PaletteEntry[]): PaletteEntry[] {
  return entries
    .map((entry, order) => ({ entry, order, score: matchScore(query, entry) }))
    .filter((x): x is { entry: PaletteEntry; order: number; score: number } => x.score !== null)
    .sort((a, b) => a.score - b.score || a.order - b.order)
    .map((x) => x.entry);
}
