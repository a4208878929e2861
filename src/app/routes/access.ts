/**
 * Pure rules over the route table (spec 01 §2 access rules, §6 menu visibility): which pages a
 * user may open, which menu entries they see, what scope a level lacks, where a boot or a
 * sign-in lands. No React and no storage, so they are unit-tested in node.
 */
import { hasRight, type RightHolder } from '../../domain/rights';
import { HOME_PATH, LOGIN_PATH, REFRESH_SAFE_PATHS, routeTable, type MenuLevel, type RouteNode } from './route-table';

/** A page of the table with what it inherits from its sections. */
export interface PageRoute {
  key: string;
  path: string;
  /** Every right on the way down (section, group, page); all are needed. */
  authIds: number[];
  level: MenuLevel;
  contentLevel: MenuLevel;
  hidden: boolean;
  affix: boolean;
  disabled: boolean;
  noCache: boolean;
  /** Another page's address (route-table `aliasOf`): sent on, never a tab. */
  aliasOf?: string;
  /** Hidden, but found by name in the command palette (route-table `findable`). */
  findable?: boolean;
  /** Keys of the sections above, outermost first (breadcrumbs). */
  trail: string[];
}

export function titleKeyOf(node: Pick<RouteNode, 'key' | 'children'>): string {
  return node.children ? `${node.key}.title` : node.key;
}

export function flattenPages(nodes: RouteNode[] = routeTable, parent?: { authIds: number[]; level: MenuLevel; trail: string[] }): PageRoute[] {
  const out: PageRoute[] = [];
  for (const n of nodes) {
    const authIds = [...(parent?.authIds ?? []), ...(n.authId !== undefined ? [n.authId] : [])];
    const level = n.level ?? parent?.level ?? 0;
    if (n.children) {
      out.push(...flattenPages(n.children, { authIds, level, trail: [...(parent?.trail ?? []), n.key] }));
    } else if (n.path) {
      out.push({
        key: n.key, path: n.path, authIds, level, contentLevel: n.contentLevel ?? level,
        hidden: !!n.hidden, affix: !!n.affix, disabled: !!n.disabled, noCache: !!n.noCache, trail: parent?.trail ?? [],
        ...(n.aliasOf ? { aliasOf: n.aliasOf } : {}),
        ...(n.findable ? { findable: true } : {}),
      });
    }
  }
  return out;
}

export const pages: PageRoute[] = flattenPages();

/** Turns a route path with `$params` into a matcher. */
function matcher(path: string): RegExp {
  const src = path.split('/').map((seg) => (seg.startsWith('$') ? '[^/]+' : seg.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))).join('/');
  return new RegExp(`^${src}/?$`);
}
const matchers = pages.map((p) => ({ page: p, re: matcher(p.path) }));

/** The page a pathname belongs to (params matched), or undefined. */
export function findPage(pathname: string): PageRoute | undefined {
  return matchers.find((m) => m.re.test(pathname))?.page;
}

export function canOpen(page: Pick<PageRoute, 'authIds'>, user: RightHolder | null | undefined): boolean {
  if (!user) return false;
  return page.authIds.every((id) => hasRight(user, id));
}

/** The menu tree the user sees: nodes without the right and hidden pages dropped, empty sections too. */
export function visibleMenu(user: RightHolder | null | undefined, nodes: RouteNode[] = routeTable): RouteNode[] {
  if (!user) return [];
  const out: RouteNode[] = [];
  for (const n of nodes) {
    if (n.hidden) continue;
    if (n.authId !== undefined && !hasRight(user, n.authId)) continue;
    if (n.children) {
      const children = visibleMenu(user, n.children);
      if (children.length) out.push({ ...n, children });
    } else out.push(n);
  }
  return out;
}

export interface ScopeLike {
  companyId: number | null;
  accountId: number | null;
  accountYearId: number | null;
}

/** What a level needs and the scope lacks, outermost first; null when the scope suffices. */
export function missingScope(level: MenuLevel, scope: ScopeLike): 'company' | 'account' | 'accountYear' | null {
  if (level >= 1 && scope.companyId == null) return 'company';
  if (level >= 2 && scope.accountId == null) return 'account';
  if (level >= 3 && scope.accountYearId == null) return 'accountYear';
  return null;
}

/** Which selectors the top bar shows at a level (spec: ≥1 company, ≥2 account, ≥3 year). */
export function selectorsFor(level: MenuLevel): { company: boolean; account: boolean; accountYear: boolean } {
  return { company: level >= 1, account: level >= 2, accountYear: level >= 3 };
}

/**
 * Where to go after signing in: the redirect parameter when it is a local path of the app
 * (never another origin, never back to /login), else home.
 */
export function safeRedirect(redirect: unknown): string {
  if (typeof redirect !== 'string' || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return HOME_PATH;
  const pathname = redirect.split(/[?#]/)[0];
  if (pathname === LOGIN_PATH) return HOME_PATH;
  return redirect;
}

/**
 * The path the app starts on. After an application refresh (a reload of a tab that was already
 * running) every path but /login and /common goes home and the tabs close (spec 01 §2); a first
 * visit or a deep link keeps its path.
 */
export function bootPath(pathname: string, isRefresh: boolean): { path: string; closeTabs: boolean } {
  if (!isRefresh || REFRESH_SAFE_PATHS.includes(pathname)) return { path: pathname, closeTabs: false };
  return { path: HOME_PATH, closeTabs: true };
}

/**
 * Home ('/'): not a menu entry; shows every selector (level 3) so the scope can be set from the
 * landing page, but needs no scope to render.
 */
export const homePage: PageRoute = {
  key: 'root', path: HOME_PATH, authIds: [], level: 3, contentLevel: 0, hidden: true, affix: true, disabled: false, noCache: false, trail: [],
};

/** The page of a pathname, home included. */
export function pageOf(pathname: string): PageRoute | undefined {
  return pathname === HOME_PATH ? homePage : findPage(pathname);
}

/**
 * Whether a scope change replaces a selection the page may have used (company, ledger set or year
 * changed from one value to another or was cleared), as opposed to the setup flow filling in a
 * blank. Only replacements close dialogs and reload the page; filling in merely lets a page that
 * waited for its scope render.
 */
export function scopeReplaced(prev: ScopeLike, next: ScopeLike): boolean {
  const replaced = (a: number | null, b: number | null) => a !== null && a !== b;
  return replaced(prev.companyId, next.companyId) || replaced(prev.accountId, next.accountId) || replaced(prev.accountYearId, next.accountYearId);
}
