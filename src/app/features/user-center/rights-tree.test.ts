import { describe, expect, it } from 'vitest';
import { flattenRights } from '../../../domain/rights';
import { ancestorsOf, buildRightsTree, checkState, descendantsOf, indexTree, normalizeGranted, sameSet, toggleRight, type CatalogueRow } from './rights-tree';

const rows: CatalogueRow[] = [
  { id: 2, parentId: null, sort: 1, name: 'Vouchers' },
  { id: 1, parentId: null, sort: 0, name: 'Home' },
  { id: 201, parentId: 2, sort: 0, name: 'Daily' },
  { id: 2010102, parentId: 201, sort: 1, name: 'Audit' },
  { id: 2010101, parentId: 201, sort: 0, name: 'Edit' },
  { id: 202, parentId: 2, sort: 1, name: 'Reports' },
  { id: 99, parentId: 12345, sort: 5, name: 'Orphan' },
];
const tree = buildRightsTree(rows);
const index = indexTree(tree);

describe('rights tree', () => {
  it('builds a sorted forest from catalogue rows; orphans become roots', () => {
    expect(tree.map((n) => n.id)).toEqual([1, 2, 99]);
    expect(tree[1].children.map((n) => n.id)).toEqual([201, 202]);
    expect(tree[1].children[0].children.map((n) => n.id)).toEqual([2010101, 2010102]);
  });

  it('builds the whole product catalogue with every right once', () => {
    const all = flattenRights().map((r) => ({ id: r.id, parentId: r.parentId, sort: r.sort, name: r.en }));
    const idx = indexTree(buildRightsTree(all));
    expect(idx.parent.size).toBe(all.length);
    expect(ancestorsOf(idx, 2010101)).toEqual([20101, 201, 2]);
  });

  it('finds descendants and ancestors', () => {
    expect(descendantsOf(index, 2).sort((a, b) => a - b)).toEqual([201, 202, 2010101, 2010102]);
    expect(ancestorsOf(index, 2010102)).toEqual([201, 2]);
    expect(ancestorsOf(index, 1)).toEqual([]);
  });

  it('computes checked, indeterminate and unchecked states', () => {
    const g = new Set([2, 201, 2010101]);
    expect(checkState(index, g, 2010101)).toBe('checked');
    expect(checkState(index, g, 2010102)).toBe('unchecked');
    expect(checkState(index, g, 201)).toBe('indeterminate');
    expect(checkState(index, g, 2)).toBe('indeterminate');
    expect(checkState(index, g, 1)).toBe('unchecked');
    expect(checkState(index, new Set([2, 201, 202, 2010101, 2010102]), 2)).toBe('checked');
    // a parent granted alone (menu without operations) is indeterminate, not unchecked
    expect(checkState(index, new Set([2]), 2)).toBe('indeterminate');
  });

  it('checking a leaf grants its ancestors; checking a parent grants its subtree', () => {
    expect([...toggleRight(index, new Set(), 2010102)].sort((a, b) => a - b)).toEqual([2, 201, 2010102]);
    expect([...toggleRight(index, new Set(), 201)].sort((a, b) => a - b)).toEqual([2, 201, 2010101, 2010102]);
    // an indeterminate node completes its subtree
    expect(checkState(index, toggleRight(index, new Set([2]), 2), 2)).toBe('checked');
  });

  it('unchecking removes the subtree but keeps the ancestors', () => {
    const full = new Set([2, 201, 202, 2010101, 2010102]);
    expect([...toggleRight(index, full, 201)].sort((a, b) => a - b)).toEqual([2, 202]);
    expect([...toggleRight(index, full, 2)]).toEqual([]);
    expect([...toggleRight(index, new Set([1]), 1)]).toEqual([]);
  });

  it('normalizes and compares sets', () => {
    expect(normalizeGranted(index, [202, 2, 2, 777])).toEqual([2, 202]);
    expect(sameSet([1, 2], [2, 1])).toBe(true);
    expect(sameSet([1, 2], [1])).toBe(false);
  });
});
