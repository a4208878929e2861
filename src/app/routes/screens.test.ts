import { describe, expect, it } from 'vitest';
import { aliasTarget, routeTable, type RouteNode } from './route-table';
import { screens } from './screens';
import { findPage } from './access';

const pagesOf = (nodes: RouteNode[]): RouteNode[] => nodes.flatMap((n) => (n.children ? pagesOf(n.children) : [n]));

/** Pages that may still show the "coming in a later release" placeholder: none any more (a menu entry without a screen leads nowhere). */
const LATER: string[] = [];

describe('every page of the route table has its screen', () => {
  const all = pagesOf(routeTable);
  it('no page but the later ones falls back to the placeholder (aliases and disabled entries have none)', () => {
    const pages = all.filter((p) => p.path && !p.disabled && !p.aliasOf);
    expect(pages.filter((p) => !screens[p.path!]).map((p) => p.key).sort()).toEqual([...LATER].sort());
  });
  it('every alias leads to a page that has its screen', () => {
    const aliases = all.filter((p) => p.aliasOf);
    expect(aliases.map((p) => p.path).sort()).toEqual(['/cashier/newReimburse/$id', '/voucher/daily/createVoucher', '/voucher/daily/periodSettlement']);
    for (const a of aliases) expect(screens[findPage(aliasTarget(a.aliasOf!, { id: '7' }))?.path ?? ''], a.key).toBeDefined();
    expect(aliasTarget('/newVoucher/new', {})).toBe('/newVoucher/new');
    expect(aliasTarget('/newReimburse/$id', { id: '12' })).toBe('/newReimburse/12');
  });
  it('every screen belongs to a page of the table', () => {
    const paths = new Set(all.map((p) => p.path));
    expect(Object.keys(screens).filter((p) => !paths.has(p))).toEqual([]);
  });
});
