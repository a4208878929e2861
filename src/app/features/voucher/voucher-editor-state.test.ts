import { describe, expect, it } from 'vitest';
import { reduceSheet } from '../../../../grids/sheet';
import { voucherKitSchema } from '../../../../grids/voucher-kit.columns';
import { createVoucherCatalog } from './voucher-catalog';
import { newEditorState, reduceEditor } from './voucher-editor-state';

const catalog = createVoucherCatalog([{ id: 7, code: '1122', name: '应收账款', abbr: null, initials: 'yszk', auxTypeIds: [3] }], { 3: [{ id: 9, code: 'C', name: '华夏' }] });
const schema = voucherKitSchema(catalog);

describe('voucher editor state', () => {
  it('moving the date into another year clears subjects and auxiliary values, keeps summaries and amounts, drops the undo history', () => {
    let s = newEditorState(schema, { accountYearId: 1, kindId: 1, code: '', markDate: '2026-01-05', billCount: 0 });
    const first = s.sheet.rows[0].id;
    const set = (field: string, value: string | number) => {
      s = { ...s, sheet: reduceSheet(schema, s.sheet, { type: 'sheet.setCell', rowId: first, field, value }) };
    };
    set('summary', '收款');
    set('subjectId', '7');
    set('auxId', '3:9');
    set('debit', 12_000);
    const moved = reduceEditor(schema, s, { type: 'movedToYear', accountYearId: 2, markDate: '2025-12-30' });
    expect(moved.header).toMatchObject({ accountYearId: 2, markDate: '2025-12-30', kindId: 1 });
    expect(moved.sheet.rows[0]).toMatchObject({ id: first, summary: '收款', subjectId: null, auxId: null, debit: 12_000 });
    expect(moved.sheet.rows).toHaveLength(s.sheet.rows.length);
    expect(moved.sheet.history.past).toHaveLength(0);
    expect(moved.dirty).toBe(true);
  });
});
