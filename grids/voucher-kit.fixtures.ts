/**
 * A small fixed subject catalogue for the kit's unit tests (the kit page has its own, localised).
 */
import { matchLookup, type LookupOption } from './lookup-match';
import { voucherKitSchema, type VoucherKitCatalog, type VoucherKitOptions, type VoucherKitRow } from './voucher-kit.columns';
import type { SheetSchema } from './sheet-schema';

export const TEST_SUBJECTS: readonly (LookupOption & { aux: boolean })[] = [
  { value: 's1001', code: '1001', name: 'Cash', aux: false },
  { value: 's1002', code: '1002', name: 'Bank', aux: false },
  { value: 's2221', code: '2221', name: 'Taxes payable', aux: false },
  { value: 's6602', code: '6602', name: 'Admin expenses', aux: true },
  { value: 's6601', code: '6601', name: 'Selling expenses', aux: true },
];

export const TEST_DEPARTMENTS: readonly LookupOption[] = [
  { value: 'd1', code: 'D01', name: 'Finance' },
  { value: 'd2', code: 'D02', name: 'Sales' },
];

export const testCatalog: VoucherKitCatalog = {
  subjectLabel: (id) => {
    const s = TEST_SUBJECTS.find((x) => x.value === id);
    return s ? `${s.code} ${s.name}` : '';
  },
  resolveSubject: (text) => matchLookup(text, TEST_SUBJECTS),
  subjectHasAux: (id) => TEST_SUBJECTS.some((s) => s.value === id && s.aux),
  auxLabel: (_subjectId, auxId) => TEST_DEPARTMENTS.find((d) => d.value === auxId)?.name ?? '',
  resolveAux: (_subjectId, text) => matchLookup(text, TEST_DEPARTMENTS),
};

export function testSchema(options: VoucherKitOptions = {}): SheetSchema<VoucherKitRow> {
  return voucherKitSchema(testCatalog, options);
}
