import { describe, expect, it } from 'vitest';
import { localVoucherCode, sourceHref } from './voucher-sources';

const kinds = [{ name: '记', nameEn: 'General' }, { name: '收', nameEn: null }];

describe('voucher codes in the UI language', () => {
  it('names the kind as the voucher kinds do, as the voucher list shows it', () => {
    expect(localVoucherCode('记-0012', kinds, 'en_US')).toBe('General-0012');
    expect(localVoucherCode('记-0012', kinds, 'zh_CN')).toBe('记-0012');
    // No English name, an unknown kind, nothing: as it is.
    expect(localVoucherCode('收-0003', kinds, 'en_US')).toBe('收-0003');
    expect(localVoucherCode('转-0001', kinds, 'en_US')).toBe('转-0001');
    expect(localVoucherCode(null, kinds, 'en_US')).toBe('');
  });
});

describe('where a source document opens', () => {
  const doc = { id: 7, code: '2026110013', date: '2026-11-05', summary: '', kindNames: '', kindIds: [], party: '', amountCents: '0', audited: true, voucherId: 3, voucherCode: '记-0012' };
  it('a reimbursement in its editor, a journal line in the sheet of its account and month', () => {
    expect(sourceHref({ ...doc, source: 'EXPENSE' })).toBe('/newReimburse/7');
    expect(sourceHref({ ...doc, source: 'JOURNAL', bankAccountId: 2 })).toBe('/cashier/cashBankJournalEdit?bankAccountId=2&month=2026-11');
    expect(sourceHref({ ...doc, source: 'JOURNAL', bankAccountId: null })).toBeNull();
  });
});
