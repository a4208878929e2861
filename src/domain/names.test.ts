import { describe, expect, it } from 'vitest';
import { localName, localTypeName, localVoucherLabel } from './names';

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
  it('labels a voucher by its kind in the reader\'s language, the Chinese kind when it has no English name', () => {
    const general = { name: '记', nameEn: 'General' };
    expect(localVoucherLabel('en_US', general, '0004')).toBe('General-0004');
    expect(localVoucherLabel('zh_CN', general, '0004')).toBe('记-0004');
    expect(localVoucherLabel('en_US', { name: '收', nameEn: ' ' }, '0012')).toBe('收-0012');
  });
});
