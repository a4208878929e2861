import { describe, expect, it } from 'vitest';
import { resolveRef } from './docs-sheet';

describe('a voucher import cell naming a record', () => {
  const records = [
    { id: 1, code: 'C001', name: '华夏科技' },
    { id: 2, code: 'c002', name: 'Blue River' },
    { id: 3, code: null, name: '未编码' },
    { id: 4, code: 'C004', name: '华夏科技' },
  ];

  it('finds it by its code whatever the case of the letters, by a unique name, or by "code name"', () => {
    expect(resolveRef(records, 'C001')).toBe(1);
    expect(resolveRef(records, 'c001')).toBe(1);
    expect(resolveRef(records, ' C002 ')).toBe(2);
    expect(resolveRef(records, 'Blue River')).toBe(2);
    expect(resolveRef(records, '未编码')).toBe(3);
    expect(resolveRef(records, 'c004 华夏科技')).toBe(4);
  });

  it('finds nothing for a name two records share, or an unknown code', () => {
    expect(resolveRef(records, '华夏科技')).toBeNull();
    expect(resolveRef(records, 'C999')).toBeNull();
  });
});
