import { describe, expect, it } from 'vitest';
import { buildTree, descendantIds, disabledOnWire, isIdCardNumber, isLeafDepartment, isPersonName, wouldCycle } from './staff';

describe('person names', () => {
  it('take 2 to 18 characters, trimmed, counted as characters', () => {
    expect(isPersonName('王')).toBe(false);
    expect(isPersonName(' 王五 ')).toBe(true);
    expect(isPersonName('a'.repeat(18))).toBe(true);
    expect(isPersonName('a'.repeat(19))).toBe(false);
    expect(isPersonName('𠀋𠀋')).toBe(true);
  });
});

describe('ID-card numbers', () => {
  it('are 15 digits or 18 with a final digit or X', () => {
    expect(isIdCardNumber('110105198001011234')).toBe(true);
    expect(isIdCardNumber('11010519800101123X')).toBe(true);
    expect(isIdCardNumber('11010519800101123x')).toBe(true);
    expect(isIdCardNumber('110105800101123')).toBe(true);
    expect(isIdCardNumber('11010580010112X')).toBe(false);
    expect(isIdCardNumber('1101051980010112')).toBe(false);
    expect(isIdCardNumber('1101051980010112345')).toBe(false);
  });
});

describe('department tree', () => {
  const rows = [
    { id: 1, parentId: null },
    { id: 2, parentId: 1 },
    { id: 3, parentId: 1 },
    { id: 4, parentId: 3 },
    { id: 5, parentId: null },
  ];
  it('nests children under subItems', () => {
    const t = buildTree(rows);
    expect(t.map((n) => n.item.id)).toEqual([1, 5]);
    expect(t[0].subItems.map((n) => n.item.id)).toEqual([2, 3]);
    expect(t[0].subItems[1].subItems.map((n) => n.item.id)).toEqual([4]);
  });
  it('finds descendants and leaves', () => {
    expect(descendantIds(rows, 1).sort()).toEqual([1, 2, 3, 4]);
    expect(isLeafDepartment(rows, 2)).toBe(true);
    expect(isLeafDepartment(rows, 3)).toBe(false);
  });
  it('refuses a parent below the department itself', () => {
    expect(wouldCycle(rows, 1, 4)).toBe(true);
    expect(wouldCycle(rows, 1, 1)).toBe(true);
    expect(wouldCycle(rows, 4, 5)).toBe(false);
    expect(wouldCycle(rows, 4, null)).toBe(false);
  });
});

describe('disabled on the wire', () => {
  it('sends false as null', () => {
    expect(disabledOnWire(false)).toBeNull();
    expect(disabledOnWire(true)).toBe(true);
  });
});
