import { describe, expect, it } from 'vitest';
import { createSheetState, reduceSheet } from '../../../../grids/sheet';
import { voucherKitSchema, type VoucherKitRow } from '../../../../grids/voucher-kit.columns';
import type { VoucherDto } from '../../../contract/voucher';
import { auxEntryEvents, auxRefusalCell, checkAuxPopup, popupRowOfLine, readSide, type AuxPopupRow } from './voucher-aux';
import { createVoucherCatalog, decodeAux, encodeAux, type CatalogSubject } from './voucher-catalog';
import { auxLabelsOfVoucher, checkVoucherRows, flaggedCells, padCode, rowsOfVoucher, voucherLabelOf } from './voucher-mapping';

const subjects: CatalogSubject[] = [
  { id: 11, code: '1001', name: '库存现金', abbr: null, initials: 'kcxj', auxTypeIds: [] },
  { id: 12, code: '100201', name: '工商银行', abbr: null, initials: 'gsyx', auxTypeIds: [] },
  { id: 13, code: '1122', name: '应收账款', abbr: 'YSZK', initials: 'yszk', auxTypeIds: [3] },
  { id: 14, code: '660201', name: '办公费', abbr: null, initials: 'bgf', auxTypeIds: [1, 2] },
];
const aux = {
  1: [{ id: 5, code: 'D01', name: '会计组', path: ['财务部'] }],
  2: [{ id: 7, code: 'E01', name: '张三' }],
  3: [{ id: 9, code: 'C01', name: '华夏科技' }, { id: 10, code: 'C02', name: '东方贸易' }],
};
const catalog = createVoucherCatalog(subjects, aux);
const schema = voucherKitSchema(catalog);
const row = (id: string, p: Partial<VoucherKitRow>): VoucherKitRow => ({ id, summary: '', subjectId: null, auxId: null, debit: null, credit: null, ...p });

describe('auxiliary values in one cell', () => {
  it('encodes by type and reads back, ignoring junk', () => {
    expect(encodeAux({ 2: 7, 1: 5 })).toBe('1:5;2:7');
    expect(encodeAux({})).toBeNull();
    expect(decodeAux('1:5;2:7')).toEqual({ 1: 5, 2: 7 });
    expect(decodeAux('9:1;x;1:0')).toEqual({});
  });
});

describe('subject search', () => {
  it('finds by code prefix, name, mnemonic and pinyin initials, 10 at most, leaf list only', () => {
    expect(catalog.searchSubjects('1002').map((o) => o.code)).toEqual(['100201']);
    expect(catalog.searchSubjects('yszk').map((o) => o.code)).toEqual(['1122']);
    expect(catalog.searchSubjects('银行').map((o) => o.code)).toEqual(['100201']);
    expect(catalog.searchSubjects('').length).toBe(4);
    const many = createVoucherCatalog(Array.from({ length: 30 }, (_, i) => ({ id: i + 1, code: `5${String(i).padStart(3, '0')}`, name: `s${i}`, abbr: null, initials: null, auxTypeIds: [] })), {});
    expect(many.searchSubjects('5').length).toBe(10);
  });
  it('names subjects in the reader\'s language (the Chinese name when no English one is set) and finds them by either name', () => {
    const named = [{ ...subjects[0]!, nameEn: 'Cash on hand' }, { ...subjects[2]!, nameEn: '  ' }];
    const en = createVoucherCatalog(named, aux, { language: 'en_US' });
    expect(en.subjectLabel('11')).toBe('1001 Cash on hand');
    expect(en.subjectLabel('13')).toBe('1122 应收账款');
    expect(en.searchSubjects('cash').map((o) => [o.code, o.name])).toEqual([['1001', 'Cash on hand']]);
    expect(en.searchSubjects('现金').map((o) => o.code)).toEqual(['1001']);
    expect(en.resolveSubject('Cash on hand')).toEqual({ ok: true, value: '11' });
    const zh = createVoucherCatalog(named, aux, { language: 'zh_CN' });
    expect(zh.subjectLabel('11')).toBe('1001 库存现金');
    expect(zh.searchSubjects('cash').map((o) => [o.code, o.name])).toEqual([['1001', '库存现金']]);
  });
  it('resolves typed initials to the one subject', () => {
    expect(catalog.resolveSubject('kcxj')).toEqual({ ok: true, value: '11' });
    expect(catalog.resolveSubject('1001')).toEqual({ ok: true, value: '11' });
  });
  it('labels auxiliary values with the department chain, in the subject’s type order', () => {
    expect(catalog.auxLabel('14', '2:7;1:5')).toBe('财务部/会计组 | 张三');
    expect(catalog.resolveAux('13', '华夏')).toEqual({ ok: true, value: '3:9' });
    // Two types cannot be typed as one value: the popup opens instead.
    expect(catalog.resolveAux('14', '张三').ok).toBe(false);
  });
});

describe('grid rows ↔ voucher items', () => {
  const item = (id: number, lineNo: number, p: Partial<VoucherDto['items'][number]>): VoucherDto['items'][number] => ({
    id, lineNo, summary: 's', subjectId: 11, subjectCode: '1001', subjectName: '库存现金', subjectFullName: '1001 库存现金', direction: true, amount: '100', auxes: [], ...p,
  });
  it('reads stored items as rows in line order, amounts on their side', () => {
    const rows = rowsOfVoucher([
      item(2, 2, { direction: false, amount: '12345', subjectId: 13, auxes: [{ auxTypeId: 3, auxType: 'CUSTOMER', auxId: 9, auxData: { code: 'C01', name: '华夏科技' } }] }),
      item(1, 1, { amount: '12345' }),
    ]);
    expect(rows.map((r) => [r.subjectId, r.auxId, r.debit, r.credit])).toEqual([
      ['11', null, 12345, null],
      ['13', '3:9', null, 12345],
    ]);
  });
  it('remembers stored auxiliary labels with their ancestor chain', () => {
    const labels = auxLabelsOfVoucher([item(1, 1, { auxes: [{ auxTypeId: 1, auxType: 'DEPARTMENT', auxId: 99, auxData: { code: null, name: '出纳组', path: [{ id: 1, name: '财务部' }] } }] })]);
    expect(labels.get('1:99')).toBe('财务部/出纳组');
  });
  it('turns complete rows into body items (cents as strings, only the subject’s aux types), blank rows skipped', () => {
    const r = checkVoucherRows(
      [
        row('a', { summary: '收货款', subjectId: '12', debit: 50000 }),
        row('b', {}),
        row('c', { summary: '收货款', subjectId: '13', auxId: '3:9', credit: 50000 }),
      ],
      catalog.auxTypesOf,
    );
    expect(r).toEqual({
      ok: true,
      debitCentsTotal: 50000,
      creditCentsTotal: 50000,
      items: [
        { summary: '收货款', subjectId: 12, direction: true, amount: '50000', auxes: [] },
        { summary: '收货款', subjectId: 13, direction: false, amount: '50000', auxes: [{ auxTypeId: 3, auxId: 9 }] },
      ],
    });
  });
  it('refuses with row-indexed codes: missing aux, zero line, imbalance', () => {
    const r = checkVoucherRows(
      [row('a', { summary: 'x', subjectId: '13', debit: 100 }), row('b', { summary: 'y', subjectId: '11' }), row('c', { summary: 'z', subjectId: '11', credit: 50 })],
      catalog.auxTypesOf,
    );
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors.map((e) => [e.code, e.row])).toEqual([
      ['VOUCHER_ROW_INCOMPLETE', 0],
      ['VOUCHER_ZERO_LINE', 1],
      ['DEBIT_CREDIT_IMBALANCE', null],
    ]);
  });
  it('flags the cells a refused save is about, row by row in entry order', () => {
    const cells = flaggedCells(
      [
        row('a', { summary: 'x', subjectId: '13', debit: 100 }),
        row('b', {}),
        row('c', { summary: 'y', subjectId: '11' }),
        row('d', { summary: '', subjectId: null, credit: 50 }),
        row('e', { summary: 'z', subjectId: '11', debit: 5, credit: 5 }),
      ],
      catalog.auxTypesOf,
    );
    expect(cells.map((c) => [c.rowId, c.row, c.field, c.code])).toEqual([
      ['a', 0, 'auxId', 'VOUCHER_ROW_INCOMPLETE'],
      ['c', 2, 'debit', 'VOUCHER_ZERO_LINE'],
      ['d', 3, 'summary', 'VOUCHER_ROW_INCOMPLETE'],
      ['d', 3, 'subjectId', 'VOUCHER_ROW_INCOMPLETE'],
      ['e', 4, 'debit', 'VOUCHER_DEBIT_AND_CREDIT'],
      ['e', 4, 'credit', 'VOUCHER_DEBIT_AND_CREDIT'],
    ]);
    expect(flaggedCells([row('a', { summary: 'x', subjectId: '11', debit: 100 }), row('b', { summary: 'x', subjectId: '11', credit: 100 })], catalog.auxTypesOf)).toEqual([]);
  });
  it('pads codes to the rule length for display', () => {
    expect(padCode('7', 4)).toBe('0007');
    expect(padCode('00012', 4)).toBe('0012');
    expect(padCode('12345', 4)).toBe('12345');
  });
});

describe('auxiliary popup', () => {
  const popupRow = (p: Partial<AuxPopupRow>): AuxPopupRow => ({ id: 'p', aux1: null, aux2: null, aux3: null, aux4: null, aux5: null, aux6: null, direction: null, amount: null, ...p });
  it('starts from the line and checks that each filled row names every type and an amount', () => {
    expect(popupRowOfLine(row('a', { subjectId: '14', auxId: '1:5;2:7', credit: 300 }))).toMatchObject({ aux1: '5', aux2: '7', direction: 'credit', amount: 300 });
    expect(checkAuxPopup([popupRow({ aux1: '5', amount: 100 })], [1, 2])).toEqual({ ok: false, row: 0, missingType: 2 });
    expect(checkAuxPopup([popupRow({ aux1: '5', aux2: '7' })], [1, 2])).toEqual({ ok: false, row: 0, missingType: null });
    expect(checkAuxPopup([popupRow({}), popupRow({ aux3: '9', amount: 100 }), popupRow({ aux3: '10', direction: 'debit', amount: 200 })], [3], 'credit')).toEqual({
      ok: true,
      entries: [{ auxId: '3:9', amount: 100, side: 'credit' }, { auxId: '3:10', amount: 200, side: 'debit' }],
    });
    expect(['借', 'J', 'dr', '贷', 'd', 'Credit', 'x'].map(readSide)).toEqual(['debit', 'debit', 'debit', 'credit', 'credit', 'credit', null]);
  });
  it('names the cell of a refused confirm: the missing value, or the amount', () => {
    const rows = [popupRow({}), popupRow({ aux1: '5', amount: 100 }), popupRow({ aux1: '5', aux2: '7' })];
    expect(auxRefusalCell(rows, { ok: false, row: 1, missingType: 2 })).toEqual({ rowId: rows[1].id, field: 'aux2' });
    expect(auxRefusalCell(rows, { ok: false, row: 2, missingType: null })).toEqual({ rowId: rows[2].id, field: 'amount' });
    expect(auxRefusalCell(rows, { ok: false, row: 7, missingType: null })).toBeNull();
  });
  it('writes the first entry into the line and the others into copies right below it, in order', () => {
    let state = createSheetState(schema, [row('l1', { summary: '收款', subjectId: '13', credit: 1 }), row('l2', { summary: 'next' })]);
    const events = auxEntryEvents(schema, state, 'l1', [{ auxId: '3:9', amount: 100, side: 'credit' }, { auxId: '3:10', amount: 200, side: 'debit' }, { auxId: '3:9', amount: 300, side: 'credit' }]);
    for (const e of events) state = reduceSheet(schema, state, e);
    expect(state.rows.slice(0, 4).map((r) => [r.summary, r.subjectId, r.auxId, r.debit, r.credit])).toEqual([
      ['收款', '13', '3:9', null, 100],
      ['收款', '13', '3:10', 200, null],
      ['收款', '13', '3:9', null, 300],
      ['next', null, null, null, null],
    ]);
  });
});

describe("a voucher's label in the reader's language", () => {
  const kinds = [{ id: 1, name: '记', nameEn: 'General' }, { id: 2, name: '收', nameEn: null }, { id: 3, name: '转', nameEn: '  ' }];
  it('names the kind in English by its id (else by the server\'s name); a kind without an English name, or not in the list, keeps the Chinese', () => {
    expect(voucherLabelOf({ kindId: 1, kindName: '记', codeText: '0007' }, kinds, 'en_US')).toBe('General-0007');
    expect(voucherLabelOf({ kindId: 1, kindName: '记', codeText: '0007' }, kinds, 'zh_CN')).toBe('记-0007');
    // Another ledger set's voucher (its kind id unknown here): by the name.
    expect(voucherLabelOf({ kindId: 99, kindName: '记', codeText: '0002' }, kinds, 'en_US')).toBe('General-0002');
    expect(voucherLabelOf({ kindId: 2, kindName: '收', codeText: '0003' }, kinds, 'en_US')).toBe('收-0003');
    expect(voucherLabelOf({ kindId: 3, kindName: '转', codeText: '0004' }, kinds, 'en_US')).toBe('转-0004');
    expect(voucherLabelOf({ kindId: 9, kindName: '付', codeText: '0005' }, kinds, true)).toBe('付-0005');
  });
});
