import { describe, expect, it } from 'vitest';
import { ALL_RIGHT_IDS, flattenRights, hasRight, RIGHTS } from './rights';

describe('rights catalogue', () => {
  it('holds every right id the spec names, once', () => {
    for (const id of [1, 10101, 10102, 102, 103, 9, 2, 2010101, 2010102, 2010103, 2010104, 2010105, 12, 3, 30104, 30105, 4, 401, 402, 5, 501, 502, 11, 1101, 1102, 6, 603, 6030101, 7, 8, 10]) {
      expect(ALL_RIGHT_IDS).toContain(id);
    }
    expect(new Set(ALL_RIGHT_IDS).size).toBe(ALL_RIGHT_IDS.length);
  });
  it('names every node in both languages and links children to existing parents', () => {
    const rows = flattenRights();
    const ids = new Set(rows.map((r) => r.id));
    for (const r of rows) {
      expect(r.zh.length).toBeGreaterThan(0);
      expect(r.en.length).toBeGreaterThan(0);
      if (r.parentId !== null) expect(ids.has(r.parentId)).toBe(true);
    }
  });
  it('admins hold everything; others only what they were given', () => {
    expect(hasRight({ kind: 'ADMIN', rightIds: [] }, RIGHTS.VOUCHER_AUDIT)).toBe(true);
    expect(hasRight({ kind: 'OTHER', rightIds: [RIGHTS.VOUCHER_EDIT] }, RIGHTS.VOUCHER_AUDIT)).toBe(false);
    expect(hasRight({ kind: 'OTHER', rightIds: new Set([402]) }, [4, 402])).toBe(true);
  });
});
