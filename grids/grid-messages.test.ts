import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { MAX_COST_CENTS, VOUCHER_LINE_MAX_CENTS } from '../src/domain/constants';
import { cellErrorText, copyRefusalText, inputNotSavedText, lockedText } from './grid-messages';
import { copyFromRowValue, createSheetState, reduceSheet } from './sheet';
import { findDataColumn, type DataColumn } from './sheet-schema';
import type { VoucherKitRow } from './voucher-kit.columns';
import { testSchema } from './voucher-kit.fixtures';

const grid = (lang: string) => JSON.parse(readFileSync(join(import.meta.dirname, '..', 'locales', lang, 'grid.json'), 'utf8'));
const i18n = i18next.createInstance();

beforeAll(async () => {
  await i18n.init({ lng: 'en_US', resources: { en_US: { grid: grid('en_US') }, zh_CN: { grid: grid('zh_CN') } }, interpolation: { escapeValue: false } });
});

describe('amount messages name the column’s own maximum', () => {
  const schema = testSchema();
  const debit = findDataColumn(schema, 'debit') as DataColumn<VoucherKitRow>;

  it('the maximum cost by default', () => {
    expect(cellErrorText(i18n.t, 'AMOUNT_ABOVE_MAXIMUM', { ...debit, limits: undefined })).toBe('The amount cannot exceed 21,000,000.00');
    expect(MAX_COST_CENTS).toBe(2_100_000_000);
  });

  it('a column with limits.maxAbsCents says its own limit', () => {
    const popupAmount: DataColumn<VoucherKitRow> = { ...debit, limits: { maxAbsCents: 99_999_99 } };
    expect(cellErrorText(i18n.t, 'AMOUNT_ABOVE_MAXIMUM', popupAmount)).toBe('The amount cannot exceed 99,999.99');
    expect(cellErrorText(i18n.getFixedT('zh_CN'), 'AMOUNT_ABOVE_MAXIMUM', popupAmount)).toBe('金额不能超过 99,999.99');
  });

  it('other codes read the same whatever the column', () => {
    expect(cellErrorText(i18n.t, 'EXPR_DIVISION_BY_ZERO', debit)).toBe('Division by zero');
    expect(cellErrorText(i18n.t, 'LOOKUP_NOT_FOUND', undefined)).toBe('Nothing matches');
  });
});

describe('input that could not be saved, copies that do not fit', () => {
  it('says where, what and why', () => {
    expect(inputNotSavedText(i18n.getFixedT('zh_CN'), 2, '借方金额', '5/0', '除数不能为零')).toBe('第 3 行「借方金额」的输入未保存：除数不能为零（5/0）');
  });

  it('names the row and the value `//` would have copied', () => {
    const schema = testSchema();
    const set = (row: number, field: keyof VoucherKitRow, value: string) => ({ type: 'sheet.setCell' as const, rowId: `voucher-kit-${row}`, field, value });
    const s = [set(1, 'subjectId', 's6602'), set(1, 'auxId', 'd1'), set(2, 'subjectId', 's1122')].reduce((st, e) => reduceSheet(schema, st, e), createSheetState(schema));
    const refused = copyFromRowValue(schema, s.rows, 'voucher-kit-2', 'auxId', 'first');
    expect(copyRefusalText(i18n.getFixedT('zh_CN'), refused)).toBe('第 1 行的「Finance」不适用于本行的科目，未复制');
    expect(copyRefusalText(i18n.t, copyFromRowValue(schema, s.rows, 'voucher-kit-1', 'summary', 'first'))).toBe('There is no row to copy from');
    expect(copyRefusalText(i18n.t, copyFromRowValue(schema, s.rows, 'voucher-kit-2', 'summary', 'first'))).toBeNull();
  });
});

describe('a locked sheet says why', () => {
  it('names the reason the screen passed, or says the document is locked', () => {
    expect(lockedText(i18n.getFixedT('zh_CN'), '凭证已审核')).toBe('单据已锁定，不能修改：凭证已审核');
    expect(lockedText(i18n.t, 'the voucher has been audited')).toBe('The document is locked and cannot be changed: the voucher has been audited');
    expect(lockedText(i18n.getFixedT('zh_CN'), undefined)).toBe('单据已锁定，不能修改');
    expect(lockedText(i18n.t, '  ')).toBe('The document is locked and cannot be changed');
  });
});

describe('the voucher line limit', () => {
  it('a voucher column refuses over 999,999,999.99 — what its 11 digit columns draw', () => {
    const debit = findDataColumn(testSchema(), 'debit') as DataColumn<VoucherKitRow>;
    expect(debit.limits?.maxAbsCents).toBe(VOUCHER_LINE_MAX_CENTS);
    expect(cellErrorText(i18n.getFixedT('zh_CN'), 'AMOUNT_ABOVE_MAXIMUM', debit)).toBe('金额不能超过 999,999,999.99');
  });

  it('pasted text that is no amount is refused with the forms that are', () => {
    expect(cellErrorText(i18n.getFixedT('zh_CN'), 'AMOUNT_NOT_RECOGNISED', undefined)).toContain('无法识别为金额');
  });
});
