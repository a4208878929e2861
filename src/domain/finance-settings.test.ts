import { describe, expect, it } from 'vitest';
import { DEFAULT_VOUCHER_KINDS, normalizeCurrencyCode, normalizeRate, padVoucherCode } from './finance-settings';

describe('finance settings rules', () => {
  it('seeds 记/收/付/转 with exactly one default', () => {
    expect(DEFAULT_VOUCHER_KINDS.map((k) => k.name)).toEqual(['记', '收', '付', '转']);
    expect(DEFAULT_VOUCHER_KINDS.filter((k) => k.isDefault)).toHaveLength(1);
  });
  it('normalizes currency codes', () => {
    expect(normalizeCurrencyCode(' usd ')).toBe('USD');
    expect(normalizeCurrencyCode('US')).toBeNull();
    expect(normalizeCurrencyCode('U$D')).toBeNull();
  });
  it('normalizes rates and refuses zero, negatives and too many decimals', () => {
    expect(normalizeRate('6.500000')).toBe('6.5');
    expect(normalizeRate('007.10')).toBe('7.1');
    expect(normalizeRate(1)).toBe('1');
    expect(normalizeRate('0.000001')).toBe('0.000001');
    expect(normalizeRate('0')).toBeNull();
    expect(normalizeRate('0.0')).toBeNull();
    expect(normalizeRate('-1')).toBeNull();
    expect(normalizeRate('1.0000001')).toBeNull();
    expect(normalizeRate('1e3')).toBeNull();
  });
  it('pads voucher codes', () => {
    expect(padVoucherCode(7, 4)).toBe('0007');
    expect(padVoucherCode('12345', 4)).toBe('12345');
  });
});
