/**
 * Keyboard navigation of the sidebar tree (WAI-ARIA tree view pattern), as pure functions over
 * the visible menu: which entries are visible given the expanded groups, and what a key command
 * does from the focused entry. The sidebar renders and applies the answer; tests drive it here.
 */
import type { RouteNode } from '../routes/route-table';
import type { ShellCommand } from './key-map';

export interface TreeRow {
  node: RouteNode;
  /** 1-based, as aria-level. */
  level: number;
  parentKey: string | null;
  isGroup: boolean;
  expanded: boolean;
}

/** The entries a user can see and reach with the arrows, in order (children of closed groups left out). */
export function visibleRows(menu: readonly RouteNode[], expanded: ReadonlySet<string>, level = 1, parentKey: string | null = null): TreeRow[] {
  const out: TreeRow[] = [];
  for (const node of menu) {
    const isGroup = !!node.children?.length;
    const open = isGroup && expanded.has(node.key);
    out.push({ node, level, parentKey, isGroup, expanded: open });
    if (open) out.push(...visibleRows(node.children!, expanded, level + 1, node.key));
  }
  return out;
}

/** Keys of the groups that hold a path (opened so the current page is visible). */
export function groupsContaining(menu: readonly RouteNode[], pathname: string): string[] {
  for (const node of menu) {
    if (!node.children) continue;
    if (node.children.some((c) => !c.children && (c.path === pathname || c.href === pathname))) return [node.key];
    const inner = groupsContaining(node.children, pathname);
    if (inner.length) return [node.key, ...inner];
  }
  return [];
}

export type TreeAction =
  | { type: 'focus'; key: string }
  | { type: 'expand'; key: string }
  | { type: 'collapse'; key: string }
  | { type: 'open'; node: RouteNode }
  | { type: 'none' };

/** What a menu command does from the focused entry. */
export function treeAction(command: ShellCommand, rows: readonly TreeRow[], focusedKey: string): TreeAction {
  const i = rows.findIndex((r) => r.node.key === focusedKey);
  if (i < 0) return rows.length ? { type: 'focus', key: rows[0].node.key } : { type: 'none' };
  const row = rows[i];
  switch (command) {
    case 'tree.next':
      return i + 1 < rows.length ? { type: 'focus', key: rows[i + 1].node.key } : { type: 'none' };
    case 'tree.previous':
      return i > 0 ? { type: 'focus', key: rows[i - 1].node.key } : { type: 'none' };
    case 'tree.first':
      return { type: 'focus', key: rows[0].node.key };
    case 'tree.last':
      return { type: 'focus', key: rows[rows.length - 1].node.key };
    case 'tree.expand':
      // Closed group: open it; open group: into its first entry; a page: nothing.
      if (!row.isGroup) return { type: 'none' };
      return row.expanded ? { type: 'focus', key: rows[i + 1].node.key } : { type: 'expand', key: row.node.key };
    case 'tree.collapse':
      // Open group: close it; otherwise to the parent group.
      if (row.isGroup && row.expanded) return { type: 'collapse', key: row.node.key };
      return row.parentKey ? { type: 'focus', key: row.parentKey } : { type: 'none' };
    case 'tree.activate':
      if (row.isGroup) return row.expanded ? { type: 'collapse', key: row.node.key } : { type: 'expand', key: row.node.key };
      return row.node.disabled ? { type: 'none' } : { type: 'open', node: row.node };
    default:
      return { type: 'none' };
  }
}

/** The entry that takes part in Tab order: the current page, else its nearest visible group, else the first entry. */
export function rovingKey(rows: readonly TreeRow[], menu: readonly RouteNode[], pathname: string, preferred: string | null): string | null {
  if (preferred && rows.some((r) => r.node.key === preferred)) return preferred;
  const current = rows.find((r) => !r.isGroup && (r.node.path === pathname || r.node.href === pathname));
  if (current) return current.node.key;
  const groups = groupsContaining(menu, pathname);
  for (let g = groups.length - 1; g >= 0; g--) if (rows.some((r) => r.node.key === groups[g])) return groups[g];
  return rows[0]?.node.key ?? null;
}
