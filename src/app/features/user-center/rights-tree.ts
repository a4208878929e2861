/**
 * The rights-tree editor's pure core. The catalogue arrives as rows {id, parentId, sort}; the
 * tree is built from them. Every node is a right of its own (a menu authId or an operation), so
 * checking is not leaf-driven:
 * - checking a node grants it, all its descendants and its ancestors (a child right is useless
 *   without the menus above it);
 * - unchecking a node removes it and its descendants, never its ancestors;
 * - a node shows checked when it and all its descendants are granted, indeterminate when some
 *   of them are, unchecked when none are.
 */
export interface CatalogueRow {
  id: number;
  parentId: number | null;
  sort: number;
  name: string;
}

export interface RightTreeNode {
  id: number;
  name: string;
  children: RightTreeNode[];
}

export type CheckState = 'checked' | 'indeterminate' | 'unchecked';

/** Rows → forest, children ordered by sort then id; rows whose parent is unknown become roots. */
export function buildRightsTree(rows: readonly CatalogueRow[]): RightTreeNode[] {
  const nodes = new Map<number, RightTreeNode & { sort: number }>();
  for (const r of rows) nodes.set(r.id, { id: r.id, name: r.name, sort: r.sort, children: [] });
  const roots: Array<RightTreeNode & { sort: number }> = [];
  for (const r of rows) {
    const node = nodes.get(r.id)!;
    const parent = r.parentId !== null && r.parentId !== r.id ? nodes.get(r.parentId) : undefined;
    if (parent) parent.children.push(node);
    else roots.push(node);
  }
  const order = (a: { sort: number; id: number }, b: { sort: number; id: number }) => a.sort - b.sort || a.id - b.id;
  const strip = (list: Array<RightTreeNode & { sort: number }>): RightTreeNode[] =>
    list.sort(order).map((n) => ({ id: n.id, name: n.name, children: strip(n.children as Array<RightTreeNode & { sort: number }>) }));
  return strip(roots);
}

export interface TreeIndex {
  parent: Map<number, number | null>;
  children: Map<number, number[]>;
}

export function indexTree(tree: readonly RightTreeNode[]): TreeIndex {
  const parent = new Map<number, number | null>();
  const children = new Map<number, number[]>();
  const walk = (nodes: readonly RightTreeNode[], p: number | null) => {
    for (const n of nodes) {
      parent.set(n.id, p);
      children.set(n.id, n.children.map((c) => c.id));
      walk(n.children, n.id);
    }
  };
  walk(tree, null);
  return { parent, children };
}

export function descendantsOf(index: TreeIndex, id: number): number[] {
  const out: number[] = [];
  const stack = [...(index.children.get(id) ?? [])];
  while (stack.length) {
    const c = stack.pop()!;
    out.push(c);
    stack.push(...(index.children.get(c) ?? []));
  }
  return out;
}

export function ancestorsOf(index: TreeIndex, id: number): number[] {
  const out: number[] = [];
  let p = index.parent.get(id) ?? null;
  while (p !== null && !out.includes(p)) {
    out.push(p);
    p = index.parent.get(p) ?? null;
  }
  return out;
}

export function checkState(index: TreeIndex, granted: ReadonlySet<number>, id: number): CheckState {
  const all = [id, ...descendantsOf(index, id)];
  const n = all.filter((x) => granted.has(x)).length;
  if (n === 0) return 'unchecked';
  return n === all.length ? 'checked' : 'indeterminate';
}

/** The click on a node: a fully checked node is removed with its subtree; otherwise the subtree and ancestors are granted. */
export function toggleRight(index: TreeIndex, granted: ReadonlySet<number>, id: number): Set<number> {
  const next = new Set(granted);
  const subtree = [id, ...descendantsOf(index, id)];
  if (checkState(index, granted, id) === 'checked') subtree.forEach((x) => next.delete(x));
  else [...subtree, ...ancestorsOf(index, id)].forEach((x) => next.add(x));
  return next;
}

/** Rights that are not in the catalogue are dropped; the answer is sorted for a stable request. */
export function normalizeGranted(index: TreeIndex, ids: Iterable<number>): number[] {
  return [...new Set(ids)].filter((x) => index.parent.has(x)).sort((a, b) => a - b);
}

export function sameSet(a: Iterable<number>, b: Iterable<number>): boolean {
  const sa = new Set(a);
  const sb = new Set(b);
  return sa.size === sb.size && [...sa].every((x) => sb.has(x));
}
