/**
 * A small fixed subject catalogue for the kit's unit tests (the kit page has its own, localised):
 * two subjects take a department as auxiliary item, one a customer.
 */
import { matchLookup, type LookupOption } from './lookup-match';
import { voucherKitSchema, type VoucherKitCatalog, type VoucherKitOptions, type VoucherKitRow } from './voucher-kit.columns';
import type { SheetSchema } from './sheet-schema';

export type TestAuxKind = 'department' | 'customer';

export const TEST_SUBJECTS: readonly (LookupOption & { aux: TestAuxKind | null })[] = [
  { value: 's1001', code: '1001', name: 'Cash', aux: null },
  { value: 's1002', code: '1002', name: 'Bank', aux: null },
  { value: 's1122', code: '1122', name: 'Receivables', aux: 'customer' },
  { value: 's2221', code: '2221', name: 'Taxes payable', aux: null },
  { value: 's6602', code: '6602', name: 'Admin expenses', aux: 'department' },
  { value: 's6601', code: '6601', name: 'Selling expenses', aux: 'department' },
];

export const TEST_DEPARTMENTS: readonly LookupOption[] = [
  { value: 'd1', code: 'D01', name: 'Finance' },
  { value: 'd2', code: 'D02', name: 'Sales' },
];

export const TEST_CUSTOMERS: readonly LookupOption[] = [
  { value: 'c1', code: 'C01', name: 'East Trading' },
  { value: 'c2', code: 'C02', name: 'North Group' },
];

function auxOptions(subjectId: string | null): readonly LookupOption[] {
  const kind = TEST_SUBJECTS.find((s) => s.value === subjectId)?.aux;
  return kind === 'department' ? TEST_DEPARTMENTS : kind === 'customer' ? TEST_CUSTOMERS : [];
}

export const testCatalog: VoucherKitCatalog = {
  subjectLabel: (id) => {
    const s = TEST_SUBJECTS.find((x) => x.value === id);
    return s ? `${s.code} ${s.name}` : '';
  },
  resolveSubject: (text) => matchLookup(text, TEST_SUBJECTS),
  subjectHasAux: (id) => TEST_SUBJECTS.some((s) => s.value === id && s.aux !== null),
  auxLabel: (subjectId, auxId) => auxOptions(subjectId).find((d) => d.value === auxId)?.name ?? '',
  resolveAux: (subjectId, text) => matchLookup(text, auxOptions(subjectId)),
};

export function testSchema(options: VoucherKitOptions = {}): SheetSchema<VoucherKitRow> {
  return voucherKitSchema(testCatalog, options);
}
