import { describe, expect, it } from 'vitest';
import { arrowDownTarget, entryColumns, firstEntryColId, nextEntryTarget, previousEntryCell, rowEdgeCell, sheetEdgeCell, tabTarget, type GridCell } from './entry-order';
import { createSheetState, reduceSheet, type SheetEvent } from './sheet';
import type { SheetSchema } from './sheet-schema';
import type { VoucherKitRow } from './voucher-kit.columns';
import { testSchema } from './voucher-kit.fixtures';

const schema = testSchema({ initialRows: 3 });
const id = (n: number) => `voucher-kit-${n}`;

function rowsAfter(events: SheetEvent<VoucherKitRow>[]) {
  return events.reduce((s, e) => reduceSheet(schema, s, e), createSheetState(schema)).rows;
}

/** Presses Enter from `from` until `count` stops were visited. */
function enterPath(rows: readonly VoucherKitRow[], from: GridCell, count: number): string[] {
  const out: string[] = [];
  let at = from;
  for (let i = 0; i < count; i++) {
    const t = nextEntryTarget(schema, rows, at);
    if (t.kind === 'append') {
      out.push(`append:${t.colId}`);
      break;
    }
    out.push(`${t.cell.rowIndex}:${t.cell.colId}`);
    at = t.cell;
  }
  return out;
}

describe('Enter order', () => {
  it('is summary → subject → debit → credit → next row for a subject without auxiliary types', () => {
    const rows = rowsAfter([{ type: 'sheet.setCell', rowId: id(1), field: 'subjectId', value: 's1001' }]);
    expect(enterPath(rows, { rowIndex: 0, colId: 'summary' }, 5)).toEqual(['0:subjectId', '0:debit', '0:credit', '1:summary', '1:subjectId']);
  });

  it('stops at the auxiliary cell only when the subject has auxiliary types', () => {
    const rows = rowsAfter([{ type: 'sheet.setCell', rowId: id(1), field: 'subjectId', value: 's6602' }]);
    expect(enterPath(rows, { rowIndex: 0, colId: 'subjectId' }, 3)).toEqual(['0:auxId', '0:debit', '0:credit']);
  });

  it('skips the credit when the debit is filled', () => {
    const rows = rowsAfter([{ type: 'sheet.setCell', rowId: id(1), field: 'debit', value: 100 }]);
    expect(enterPath(rows, { rowIndex: 0, colId: 'debit' }, 1)).toEqual(['1:summary']);
    expect(enterPath(rows, { rowIndex: 0, colId: 'subjectId' }, 2)).toEqual(['0:debit', '1:summary']);
  });

  it('asks for a new row past the last one', () => {
    const rows = rowsAfter([]);
    expect(nextEntryTarget(schema, rows, { rowIndex: 2, colId: 'credit' })).toEqual({ kind: 'append', colId: 'summary' });
    expect(enterPath(rows, { rowIndex: 2, colId: 'summary' }, 5)).toEqual(['2:subjectId', '2:debit', '2:credit', 'append:summary']);
  });

  it('goes from the index column to the row’s first entry cell', () => {
    expect(nextEntryTarget(schema, rowsAfter([]), { rowIndex: 1, colId: 'index' })).toEqual({ kind: 'cell', cell: { rowIndex: 1, colId: 'summary' } });
  });

  it('Shift+Enter walks the same order backwards', () => {
    const rows = rowsAfter([
      { type: 'sheet.setCell', rowId: id(1), field: 'subjectId', value: 's6602' },
      { type: 'sheet.setCell', rowId: id(1), field: 'debit', value: 100 },
    ]);
    expect(previousEntryCell(schema, rows, { rowIndex: 1, colId: 'summary' })).toEqual({ rowIndex: 0, colId: 'debit' });
    expect(previousEntryCell(schema, rows, { rowIndex: 0, colId: 'debit' })).toEqual({ rowIndex: 0, colId: 'auxId' });
    expect(previousEntryCell(schema, rows, { rowIndex: 0, colId: 'summary' })).toBeNull();
  });

  it('follows a screen’s own entry order', () => {
    const reordered: SheetSchema<VoucherKitRow> = { ...schema, entryOrder: ['subjectId', 'summary', 'debit', 'credit'] };
    expect(entryColumns(reordered).map((c) => c.field)).toEqual(['subjectId', 'summary', 'debit', 'credit']);
    expect(firstEntryColId(reordered)).toBe('subjectId');
    expect(nextEntryTarget(reordered, rowsAfter([]), { rowIndex: 0, colId: 'subjectId' })).toEqual({ kind: 'cell', cell: { rowIndex: 0, colId: 'summary' } });
  });
});

describe('Tab, Home and End', () => {
  const rows = rowsAfter([
    { type: 'sheet.setCell', rowId: id(2), field: 'subjectId', value: 's6602' },
    { type: 'sheet.setCell', rowId: id(1), field: 'debit', value: 100 },
  ]);

  it('Tab visits every cell that can hold a value, wrapping rows, and leaves the grid at the end', () => {
    const stops: string[] = [];
    let at: GridCell | null = { rowIndex: 0, colId: 'index' };
    while ((at = tabTarget(schema, rows, at, false))) stops.push(`${at.rowIndex}:${at.colId}`);
    expect(stops).toEqual([
      '0:summary', '0:subjectId', '0:debit', '0:credit',
      '1:summary', '1:subjectId', '1:auxId', '1:debit', '1:credit',
      '2:summary', '2:subjectId', '2:debit', '2:credit',
    ]);
  });

  it('Shift+Tab goes back the same way', () => {
    expect(tabTarget(schema, rows, { rowIndex: 2, colId: 'summary' }, true)).toEqual({ rowIndex: 1, colId: 'credit' });
    expect(tabTarget(schema, rows, { rowIndex: 1, colId: 'debit' }, true)).toEqual({ rowIndex: 1, colId: 'auxId' });
    expect(tabTarget(schema, rows, { rowIndex: 0, colId: 'summary' }, true)).toBeNull();
  });

  it('Home and End go to the row’s first and last cell; with Ctrl to the first and last row', () => {
    expect(rowEdgeCell(schema, rows, 1, false)).toEqual({ rowIndex: 1, colId: 'summary' });
    expect(rowEdgeCell(schema, rows, 1, true)).toEqual({ rowIndex: 1, colId: 'credit' });
    expect(rowEdgeCell(schema, rows, 9, true)).toBeNull();
    expect(sheetEdgeCell(schema, rows, 'debit', true)).toEqual({ rowIndex: 2, colId: 'debit' });
    expect(sheetEdgeCell(schema, rows, 'auxId', false)).toEqual({ rowIndex: 0, colId: 'summary' });
    expect(sheetEdgeCell(schema, rows, 'index', false)).toEqual({ rowIndex: 0, colId: 'index' });
  });
});

describe('arrow-down', () => {
  const rows = rowsAfter([]);

  it('moves one row down in the same column, and stays on the last row of an ordinary sheet', () => {
    expect(arrowDownTarget(schema, rows, { rowIndex: 0, colId: 'debit' })).toEqual({ kind: 'cell', cell: { rowIndex: 1, colId: 'debit' } });
    expect(arrowDownTarget(schema, rows, { rowIndex: 2, colId: 'debit' })).toBeNull();
  });

  it('adds a row at the end of a sheet that grows by arrow-down (auxiliary-rows popup, spec 02 §2.9)', () => {
    const popup: SheetSchema<VoucherKitRow> = { ...schema, appendOnArrowDown: true, rowStep: 1 };
    expect(arrowDownTarget(popup, rows, { rowIndex: 1, colId: 'summary' })).toEqual({ kind: 'cell', cell: { rowIndex: 2, colId: 'summary' } });
    const target = arrowDownTarget(popup, rows, { rowIndex: 2, colId: 'debit' });
    expect(target).toEqual({ kind: 'append', colId: 'debit' });
    // What the grid does with it: one row at the end, the caret in the same column of the new row.
    const grown = reduceSheet(popup, createSheetState(popup), { type: 'sheet.appendRows', count: 1 });
    expect(grown.rows).toHaveLength(4);
    expect(grown.rows[3].id).toBe(id(4));
  });
});
