import { describe, expect, it } from 'vitest';
import { ALL_RIGHT_IDS, flattenRights, canGrant, hasRight, RIGHTS, withAncestorRights } from './rights';

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

describe('withAncestorRights', () => {
  it('adds every menu above an operation right, once, sorted', () => {
    expect(withAncestorRights([RIGHTS.VOUCHER_EDIT])).toEqual([2, 201, 20101, 2010101]);
    expect(withAncestorRights([RIGHTS.SETTLE_ACCOUNT, RIGHTS.PROJECT_OPERATE, 6])).toEqual([5, 6, 502, 603, 6030101]);
  });
  it('is idempotent and keeps top-level rights as they are', () => {
    const once = withAncestorRights([2010104, 30105, 1102, 10101]);
    expect(withAncestorRights(once)).toEqual(once);
    expect(withAncestorRights([7, 10])).toEqual([7, 10]);
    expect(withAncestorRights([])).toEqual([]);
  });
});

describe('canGrant', () => {
  const manager = { kind: 'OTHER' as const, rightIds: [10, 1, 2, 201, 20101, 2010101] };
  it('admins may give anything', () => {
    expect(canGrant({ kind: 'ADMIN', rightIds: [] }, [2010102, 7])).toBe(true);
  });
  it('others only what they hold, the menus above included', () => {
    expect(canGrant(manager, [2010101])).toBe(true);
    expect(canGrant(manager, [10, 1])).toBe(true);
    expect(canGrant(manager, [2010102])).toBe(false);
    expect(canGrant({ kind: 'OTHER', rightIds: [2010101] }, [2010101])).toBe(false);
    expect(canGrant(manager, [])).toBe(true);
  });
});
