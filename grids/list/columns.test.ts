import { describe, expect, it } from 'vitest';
import { indexColumn, isNegativeAmount, NEGATIVE_CLASS, readSavedWidths, sameWidths, sortParamFromState, toColDefs, widthsFromState, type ListColumn } from './columns';

interface Row { id: number; username: string; name: string; state: string; createdAt: string }
const columns: ListColumn<Row>[] = [
  { field: 'username', headerKey: 'admin:user.username', width: 140, sortable: true },
  { field: 'name', headerKey: 'admin:user.name', flex: 1, sortable: true, sortField: 'name' },
  { field: 'state', headerKey: 'admin:user.state', renderer: 'state', width: 90 },
  { field: 'createdAt', headerKey: 'admin:common.createdAt', format: 'dateTime', sortable: true, align: 'right' },
];
const t = (k: string) => `T(${k})`;

describe('list columns', () => {
  it('builds ColDefs with translated headers, renderers, formatters and server sorting', () => {
    const state = () => 'badge';
    const defs = toColDefs(columns, { t, renderers: { state }, formatters: { dateTime: (v) => `D:${String(v)}` }, sort: { username: 'desc' } });
    expect(defs.map((d) => d.colId)).toEqual(['username', 'name', 'state', 'createdAt']);
    expect(defs[0].headerName).toBe('T(admin:user.username)');
    expect(defs[0].sort).toBe('desc');
    expect(defs[0].width).toBe(140);
    expect(defs[1].flex).toBe(1);
    expect(defs[2].cellRenderer).toBe(state);
    // a rendered column infers no data type (an object value would make AG Grid ask for a formatter)
    expect(defs[2].cellDataType).toBe(false);
    expect(defs[0].cellDataType).toBeUndefined();
    expect(defs[2].sortable).toBe(false);
    expect(defs[3].type).toBe('rightAligned');
    // the client never reorders: the server already sorted the page
    expect((defs[0].comparator as (a: unknown, b: unknown) => number)('b', 'a')).toBe(0);
    const fmt = defs[3].valueFormatter as (p: { value: unknown; data: Row }) => string;
    expect(fmt({ value: 'x', data: {} as Row })).toBe('D:x');
  });

  it('draws a negative amount red: numbers and the API\'s integer strings below zero, not zero or text', () => {
    const [def] = toColDefs<{ cents: string }>([{ field: 'cents', headerKey: 'x', negative: true }], { t: (k) => k });
    const rule = (def!.cellClassRules as Record<string, (p: { value: unknown }) => boolean>)[NEGATIVE_CLASS]!;
    expect([-1, '-123456', '-0.01', -5n].map((value) => rule({ value }))).toEqual([true, true, true, true]);
    expect([0, '0', '-0', '123', 12, null, undefined, '', '-', 'abc'].map((value) => rule({ value }))).toEqual(Array(10).fill(false));
    expect(toColDefs<{ cents: string }>([{ field: 'cents', headerKey: 'x' }], { t: (k) => k })[0]!.cellClassRules).toBeUndefined();
    expect(isNegativeAmount('- 5')).toBe(true);
  });

  it('reads values from another field or the whole row', () => {
    const defs = toColDefs<Row>(
      [
        { field: 'enabled', source: 'state', headerKey: 'h' },
        { field: 'actions', source: '*', headerKey: 'h', renderer: 'x' },
      ],
      { t },
    );
    expect(defs[0].colId).toBe('enabled');
    expect(defs[0].field).toBe('state');
    expect(defs[1].field).toBeUndefined();
    const row = { id: 1 } as Row;
    expect((defs[1].valueGetter as (p: { data: Row }) => unknown)({ data: row })).toBe(row);
  });

  it('lets saved widths win over flex and defaults', () => {
    const defs = toColDefs(columns, { t, widths: { name: 300, username: 99 } });
    expect(defs[1].width).toBe(300);
    expect(defs[1].flex).toBeUndefined();
    expect(defs[0].width).toBe(99);
  });

  it('maps the grid sort state to the API sort param in sort order, ignoring unsortable columns', () => {
    expect(
      sortParamFromState(
        [
          { colId: 'name', sort: 'asc', sortIndex: 1 },
          { colId: 'username', sort: 'desc', sortIndex: 0 },
          { colId: 'state', sort: 'asc', sortIndex: 2 },
          { colId: 'createdAt', sort: null },
        ],
        columns,
      ),
    ).toEqual({ username: 'desc', name: 'asc' });
    expect(Object.keys(sortParamFromState([{ colId: 'name', sort: 'asc', sortIndex: 1 }, { colId: 'username', sort: 'desc', sortIndex: 0 }], columns))).toEqual(['username', 'name']);
  });

  it('extracts and validates widths', () => {
    expect(widthsFromState([{ colId: 'username', width: 120.4 }, { colId: 'ag-Grid-SelectionColumn', width: 40 }], columns)).toEqual({ username: 120 });
    expect(readSavedWidths({ widths: { a: 100, b: 'x', c: 5, d: 5000 } })).toEqual({ a: 100 });
    expect(readSavedWidths(null)).toEqual({});
    expect(readSavedWidths('junk')).toEqual({});
    expect(sameWidths({ a: 1 }, { a: 1 })).toBe(true);
    expect(sameWidths({ a: 1 }, { a: 2 })).toBe(false);
    expect(sameWidths({ a: 1 }, { a: 1, b: 2 })).toBe(false);
  });

  it('builds the index column: the row number counted by the list, no row field, none on pinned rows', () => {
    const [def] = toColDefs<Row>([indexColumn(), ...columns], { t, rowNumber: (i) => 20 + i + 1 });
    expect(def.colId).toBe('index');
    expect(def.headerName).toBe('T(grid:columns.index)');
    expect(def.field).toBeUndefined();
    expect(def.sortable).toBe(false);
    expect(def.pinned).toBe('left');
    expect(def.lockPosition).toBe('left');
    const get = def.valueGetter as (p: { node: { rowIndex: number | null; rowPinned?: string } | null }) => unknown;
    expect(get({ node: { rowIndex: 0 } })).toBe(21);
    expect(get({ node: { rowIndex: 4 } })).toBe(25);
    expect(get({ node: { rowIndex: 0, rowPinned: 'bottom' } })).toBeNull();
    // without a page to count from: 1, 2, 3 …
    const [plain] = toColDefs<Row>([indexColumn()], { t });
    expect((plain.valueGetter as typeof get)({ node: { rowIndex: 2 } })).toBe(3);
    // the index is never sent as a sort key
    expect(sortParamFromState([{ colId: 'index', sort: 'asc', sortIndex: 0 }], [indexColumn<Row>(), ...columns])).toEqual({});
  });
});
