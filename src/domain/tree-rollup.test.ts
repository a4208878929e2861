import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { rollUp, subtreeOf, treeLayout, type TreeNode } from './tree-rollup';

// 01 业务部 over 0101, 0102 (0102 over 010201); 02 管理部 over 0201; 03 alone. Ids out of code order.
const nodes: TreeNode[] = [
  { id: 5, parentId: 1, code: '0102' },
  { id: 1, parentId: null, code: '01' },
  { id: 2, parentId: 1, code: '0101' },
  { id: 7, parentId: 5, code: '010201' },
  { id: 3, parentId: null, code: '02' },
  { id: 4, parentId: 3, code: '0201' },
  { id: 6, parentId: null, code: '03' },
];
const add = (t: { cents: number }, a: { cents: number }) => { t.cents += a.cents; };
const zero = () => ({ cents: 0 });

describe('tree roll-up', () => {
  it('lays the tree out in pre-order by code with levels and leaves', () => {
    const l = treeLayout(nodes);
    expect(l.order).toEqual([1, 2, 5, 7, 3, 4, 6]);
    expect(l.order.map((id) => l.level.get(id))).toEqual([1, 2, 2, 3, 1, 2, 1]);
    expect(l.order.map((id) => l.leaf.get(id))).toEqual([false, true, false, true, false, true, true]);
    expect(l.chain.get(7)).toEqual([7, 5, 1]);
    expect(l.chain.get(6)).toEqual([6]);
  });

  it('a parent holds its own figures plus its whole subtree, to the cent', () => {
    const own = new Map([[2, { cents: 10_001 }], [7, { cents: 250 }], [5, { cents: -99 }], [1, { cents: 3 }], [4, { cents: 7 }]]);
    const sums = rollUp(treeLayout(nodes), own, zero, add);
    expect(sums.get(1)).toEqual({ cents: 10_001 + 250 - 99 + 3 });
    expect(sums.get(5)).toEqual({ cents: 250 - 99 });
    expect(sums.get(7)).toEqual({ cents: 250 });
    expect(sums.get(3)).toEqual({ cents: 7 });
    expect(sums.has(6)).toBe(false);
    // The roots together hold everything once.
    expect([1, 3, 6].reduce((n, id) => n + (sums.get(id)?.cents ?? 0), 0)).toBe([...own.values()].reduce((n, v) => n + v.cents, 0));
  });

  it('subtrees of the nodes named; every node when none is', () => {
    const l = treeLayout(nodes);
    expect([...subtreeOf(l, new Set([5]))].sort()).toEqual([5, 7]);
    expect([...subtreeOf(l, new Set([1, 7]))].sort()).toEqual([1, 2, 5, 7]);
    expect(subtreeOf(l, undefined).size).toBe(7);
  });

  it('a missing parent makes a root; a cycle neither loops nor counts twice', () => {
    const l = treeLayout([{ id: 1, parentId: 99, code: 'A' }, { id: 2, parentId: 3, code: 'B' }, { id: 3, parentId: 2, code: 'C' }]);
    expect(l.order).toEqual([1, 2, 3]);
    expect(l.level.get(1)).toBe(1);
    const sums = rollUp(l, new Map([[2, { cents: 1 }], [3, { cents: 10 }]]), zero, add);
    expect(sums.get(2)).toEqual({ cents: 11 });
    expect(sums.get(3)).toEqual({ cents: 10 });
  });

  it('property: every node sums exactly the own figures of the nodes whose parent path reaches it', () => {
    const forest = fc.array(fc.tuple(fc.nat(30), fc.integer({ min: -1_000_000, max: 1_000_000 })), { minLength: 1, maxLength: 30 });
    fc.assert(fc.property(forest, (spec) => {
      // Node i's parent is an earlier node (a forest, no cycle) or none.
      const ns: TreeNode[] = spec.map(([p], i) => ({ id: i + 1, parentId: i === 0 || p % (i + 1) === 0 ? null : (p % i) + 1, code: String(1000 + ((i * 7) % 31)) }));
      const own = new Map(spec.map(([, c], i) => [i + 1, { cents: c }]));
      const l = treeLayout(ns);
      const sums = rollUp(l, own, zero, add);
      const above = (id: number, target: number): boolean => {
        for (let at: number | null = id; at !== null; at = ns[at - 1].parentId) if (at === target) return true;
        return false;
      };
      for (const n of ns) {
        const naive = ns.filter((m) => above(m.id, n.id)).reduce((s, m) => s + own.get(m.id)!.cents, 0);
        expect(sums.get(n.id)?.cents ?? 0).toBe(naive);
      }
      expect(l.order).toHaveLength(ns.length);
      // Pre-order: a node comes after its parent, one level deeper.
      for (const n of ns) if (n.parentId !== null) {
        expect(l.order.indexOf(n.id)).toBeGreaterThan(l.order.indexOf(n.parentId));
        expect(l.level.get(n.id)).toBe(l.level.get(n.parentId)! + 1);
      }
    }));
  });
});
