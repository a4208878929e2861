import { describe, expect, it } from 'vitest';
import { localName, localTypeName } from './names';

describe('names in the reader\'s language', () => {
  const cash = { name: '库存现金', nameEn: 'Cash on hand' };
  it('English when asked for and set, by language code or flag', () => {
    expect(localName('en_US', cash)).toBe('Cash on hand');
    expect(localName(true, cash)).toBe('Cash on hand');
    expect(localName('zh_CN', cash)).toBe('库存现金');
    expect(localName(false, cash)).toBe('库存现金');
  });
  it('falls back to the Chinese name when the English one is missing or blank', () => {
    for (const nameEn of [null, undefined, '', '   ']) expect(localName('en_US', { name: '银行存款', nameEn })).toBe('银行存款');
    expect(localTypeName('en_US', { nameZh: '部门', nameEn: ' ' })).toBe('部门');
    expect(localTypeName('en_US', { nameZh: '部门', nameEn: 'Department' })).toBe('Department');
    expect(localTypeName('zh_CN', { nameZh: '部门', nameEn: 'Department' })).toBe('部门');
  });
});
