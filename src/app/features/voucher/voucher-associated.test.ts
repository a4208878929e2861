import { describe, expect, it } from 'vitest';
import type { VoucherDto } from '../../../contract/voucher';
import { associatedOf } from './voucher-associated';

const voucher = (o: Partial<VoucherDto>): VoucherDto => ({
  id: 10, companyId: 1, accountId: 1, accountYearId: 11, periodId: 1, kindId: 1, kindName: '记', code: 3, codeText: '0003', markTime: '2026-03-15', billCount: 0,
  state: 'NORMAL', source: 'MANUAL', originId: null, lifecycle: 'draft', debitCents: '100', creditCents: '100', items: [], auditAt: null, auditBy: null, auditByName: null,
  auditPass: null, auditNote: null, bookKeepAt: null, bookKeepBy: null, bookKeepByName: null, cashierAt: null, cashierBy: null, cashierByName: null, createdBy: 1,
  createdByName: null, createdAt: '2026-03-15T00:00:00.000Z', voucherRelationInfos: [], version: 0, ...o,
});
const link = (kind: 'SYNC' | 'REVERSAL', targetId: number, accountId = 1) => ({ kind, voucherId: 10, targetId, accountId, accountName: accountId === 1 ? 'Main' : 'Mgmt', accountYearId: accountId === 1 ? 11 : 21, targetLabel: `记-000${targetId}` });

describe('associated vouchers', () => {
  it('names each link from this voucher’s side', () => {
    const original = voucher({ voucherRelationInfos: [link('SYNC', 7, 2), link('REVERSAL', 8)] });
    expect(associatedOf(original, null).map((a) => [a.kind, a.id, a.accountId, a.accountYearId])).toEqual([['syncTo', 7, 2, 21], ['reversedBy', 8, 1, 11]]);
    const copy = voucher({ id: 7, accountId: 2, source: 'SYNC', originId: 10, voucherRelationInfos: [{ ...link('SYNC', 10), voucherId: 7 }] });
    expect(associatedOf(copy, null).map((a) => [a.kind, a.id, a.label])).toEqual([['syncFrom', 10, '记-00010']]);
    const red = voucher({ id: 8, source: 'REVERSAL', originId: 10, voucherRelationInfos: [{ ...link('REVERSAL', 10), voucherId: 8 }] });
    expect(associatedOf(red, null).map((a) => a.kind)).toEqual(['reverses']);
  });

  it('adds the origin of a plain copy once it is known', () => {
    const origin = voucher({ id: 4, code: 4, codeText: '0004' });
    const copy = voucher({ id: 12, source: 'COPY', originId: 4 });
    expect(associatedOf(copy, null)).toEqual([]);
    expect(associatedOf(copy, origin)).toEqual([{ key: 'COPY:4', kind: 'copiedFrom', id: 4, label: '记-0004', accountId: 1, accountYearId: 11, accountName: '' }]);
  });

  it('labels each voucher in the reader\'s language with the kinds of its own ledger set (the server writes 记-0003)', () => {
    const kinds = new Map([
      [1, [{ id: 1, name: '记', nameEn: 'General' }]],
      [2, [{ id: 5, name: '记', nameEn: 'Journal' }, { id: 6, name: '收', nameEn: 'Receipt' }]],
    ]);
    const words = (language: string) => ({ language, kindsOf: (accountId: number) => kinds.get(accountId) ?? [] });
    const original = voucher({ source: 'COPY', originId: 4, voucherRelationInfos: [link('SYNC', 7, 2), { ...link('REVERSAL', 8), targetLabel: '收-0008' }, link('SYNC', 9, 3)] });
    const origin = voucher({ id: 4, code: 4, codeText: '0004' });
    expect(associatedOf(original, origin, words('en_US')).map((a) => a.label)).toEqual([
      // The synchronised copy in the management ledger: its own kinds' English name.
      'Journal-0007',
      // A kind this ledger set does not name keeps the server's word; so does a ledger set whose kinds are not read.
      '收-0008',
      '记-0009',
      'General-0004',
    ]);
    expect(associatedOf(original, origin, words('zh_CN')).map((a) => a.label)).toEqual(['记-0007', '收-0008', '记-0009', '记-0004']);
  });
});
