/**
 * Roll-up over a catalogue tree by parent id (departments, budget items): each node's level and
 * leaf flag, the tree's pre-order (siblings by code), and a node's own figures added to itself and
 * to every node above it, so a parent's row is the sum of its subtree. A parent id that is not
 * among the nodes makes the node a root; a cycle (which the catalogues refuse) is cut at its first
 * node by code, so nothing loops and every node counts once per chain.
 */

export interface TreeNode {
  id: number;
  parentId: number | null;
  code: string;
}

export interface TreeLayout {
  /** Every node in pre-order: a parent, then its children (by code, then id) and their subtrees. */
  order: number[];
  /** 1 for a root. */
  level: Map<number, number>;
  /** Without children. */
  leaf: Map<number, boolean>;
  /** The node itself, then its parent, up to its root. */
  chain: Map<number, number[]>;
}

export function treeLayout(nodes: readonly TreeNode[]): TreeLayout {
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const children = new Map<number | null, TreeNode[]>();
  for (const n of nodes) {
    const p = n.parentId !== null && n.parentId !== n.id && byId.has(n.parentId) ? n.parentId : null;
    const list = children.get(p);
    if (list) list.push(n);
    else children.set(p, [n]);
  }
  const byCode = (a: TreeNode, b: TreeNode) => (a.code < b.code ? -1 : a.code > b.code ? 1 : a.id - b.id);
  for (const list of children.values()) list.sort(byCode);
  const order: number[] = [];
  const level = new Map<number, number>();
  const leaf = new Map<number, boolean>();
  const visit = (n: TreeNode, depth: number) => {
    if (level.has(n.id)) return;
    order.push(n.id);
    level.set(n.id, depth);
    const kids = children.get(n.id) ?? [];
    leaf.set(n.id, kids.length === 0);
    for (const k of kids) visit(k, depth + 1);
  };
  for (const r of children.get(null) ?? []) visit(r, 1);
  // Whatever a cycle kept out of reach of a root (defensive): from its first node by code, as a root.
  for (const n of [...nodes].sort(byCode)) visit(n, 1);
  // The chain follows the layout: up through parents one level higher each step (a cut cycle stops there).
  const chain = new Map<number, number[]>();
  for (const n of nodes) {
    const up: number[] = [n.id];
    for (let at = n; at.parentId !== null && level.get(at.parentId) === level.get(at.id)! - 1; at = byId.get(at.parentId)!) up.push(at.parentId);
    chain.set(n.id, up);
  }
  return { order, level, leaf, chain };
}

/**
 * Each node's subtree sum: `own` (figures of the nodes themselves) added into the node and every
 * node above it. Nodes without figures in their subtree are absent from the answer.
 */
export function rollUp<V>(layout: TreeLayout, own: ReadonlyMap<number, V>, zero: () => V, add: (target: V, a: V) => void): Map<number, V> {
  const out = new Map<number, V>();
  for (const [id, v] of own) {
    for (const at of layout.chain.get(id) ?? [id]) {
      let t = out.get(at);
      if (t === undefined) out.set(at, (t = zero()));
      add(t, v);
    }
  }
  return out;
}

/** The nodes named and everything below them (all nodes when none is named). */
export function subtreeOf(layout: TreeLayout, named: ReadonlySet<number> | undefined): Set<number> {
  if (!named) return new Set(layout.order);
  return new Set(layout.order.filter((id) => (layout.chain.get(id) ?? [id]).some((a) => named.has(a))));
}
