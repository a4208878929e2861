import { describe, expect, it } from 'vitest';
import { listAfterSave, prunedAfterSave, savedFilterKind } from './saved-filters-model';

describe('saved filters', () => {
  it('names the kind by query id and scope', () => {
    expect(savedFilterKind('customer.list', 'c7')).toBe('filter:customer.list@c7');
  });
  it('prunes another row of the saved name and everything past the newest', () => {
    const rows = [1, 2, 3, 4, 5].map((id) => ({ id, subKind: `n${id}` }));
    expect(prunedAfterSave(rows, 9, 'new', 3)).toEqual([3, 4, 5]);
    expect(prunedAfterSave([...rows, { id: 6, subKind: 'n1' }], 1, 'n1', 10)).toEqual([6]);
    expect(prunedAfterSave(rows, 2, 'n2', 10)).toEqual([]);
  });
});

describe('listAfterSave', () => {
  const row = (id: number, subKind: string) => ({ id, subKind });
  it('puts the answered row first and leaves out the rows the save pruned', () => {
    const rows = [row(3, '本月'), row(2, '客户A'), row(1, '旧')];
    expect(listAfterSave(rows, row(9, '新'), [1])).toEqual([row(9, '新'), row(3, '本月'), row(2, '客户A')]);
  });
  it('moves a saved-over or renamed row to the front with its new name, once', () => {
    const rows = [row(3, '本月'), row(2, '客户A')];
    expect(listAfterSave(rows, row(2, '客户B'), [])).toEqual([row(2, '客户B'), row(3, '本月')]);
  });
});
