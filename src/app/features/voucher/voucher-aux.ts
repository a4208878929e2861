/**
 * The auxiliary-entry popup of a voucher line (spec 01 §2, spec 02 §2.9): a kit sheet whose
 * columns follow the subject's auxiliary types (1 department … 6 budget) plus the direction
 * (debit / credit; empty: the line's side) and the amount (the kit's amount key filter: digits,
 * one dot, a leading minus, 11 integer digits, 2 decimals, 15 characters); it
 * starts with the line's own values plus 5 blank rows, arrow-down on the last row adds one. On
 * confirm every filled row becomes a voucher line: the first is the line itself, the others are
 * copies of it inserted below (same summary and subject) with their own values, sides and amounts.
 */
import { AUX_POPUP_INITIAL_ROWS } from '../../../../grids/aux-rows-kit.columns';
import { matchLookup } from '../../../../grids/lookup-match';
import { reduceSheet, type SheetEvent, type SheetState } from '../../../../grids/sheet';
import type { DataColumn, SheetRow, SheetSchema } from '../../../../grids/sheet-schema';
import type { VoucherKitRow } from '../../../../grids/voucher-kit.columns';
import { VOUCHER_LINE_MAX_CENTS } from '../../../domain/constants';
import { decodeAux, encodeAux, type VoucherCatalog } from './voucher-catalog';

export interface AuxPopupRow extends SheetRow {
  aux1: string | null;
  aux2: string | null;
  aux3: string | null;
  aux4: string | null;
  aux5: string | null;
  aux6: string | null;
  /** 'debit' | 'credit'; null: the line's side. */
  direction: string | null;
  /** Cents. */
  amount: number | null;
}

export type Side = 'debit' | 'credit';

/**
 * What a clerk types into the direction cell: 借 / j / jie / dr / debit / 1, or 贷 / d / dai / cr /
 * credit / 2 (d is 贷's pinyin initial, as Chinese clerks type it).
 */
export function readSide(text: string): Side | null {
  const s = text.trim().toLowerCase();
  if (['借', 'j', 'jie', 'dr', 'debit', '1'].includes(s)) return 'debit';
  if (['贷', 'd', 'dai', 'cr', 'credit', '2'].includes(s)) return 'credit';
  return null;
}

type AuxField = 'aux1' | 'aux2' | 'aux3' | 'aux4' | 'aux5' | 'aux6';
export const auxFieldOf = (type: number) => `aux${type}` as AuxField;

export function auxPopupSchema(types: readonly number[], catalog: VoucherCatalog, sideLabels: Record<Side, string>): SheetSchema<AuxPopupRow> {
  const auxColumns: DataColumn<AuxPopupRow>[] = types.map((type) => ({
    kind: 'lookup',
    field: auxFieldOf(type),
    headerKey: `voucher:auxTypes.${type}`,
    flex: 1,
    minWidth: 150,
    picker: `aux${type}`,
    lookup: {
      format: (value) => (typeof value === 'string' && value ? catalog.auxValueLabel(type, Number(value)) : ''),
      resolve: (text) => matchLookup(text, catalog.auxOptions(type)),
    },
  }));
  return {
    id: 'voucher-aux',
    initialRows: AUX_POPUP_INITIAL_ROWS,
    minRows: 1,
    rowStep: 1,
    appendOnArrowDown: true,
    blankRow: (id) => ({ id, aux1: null, aux2: null, aux3: null, aux4: null, aux5: null, aux6: null, direction: null, amount: null }),
    totalsLabelColumn: types.length ? auxFieldOf(types[0]) : undefined,
    columns: [
      { kind: 'index', colId: 'index', headerKey: 'grid:columns.index', width: 52 },
      ...auxColumns,
      {
        kind: 'lookup',
        field: 'direction',
        headerKey: 'voucher:auxDirection.header',
        width: 90,
        picker: 'direction',
        lookup: {
          format: (value) => (value === 'debit' || value === 'credit' ? sideLabels[value] : ''),
          resolve: (text) => {
            if (text.trim() === '') return { ok: true, value: null };
            const side = readSide(text) ?? (Object.entries(sideLabels).find(([, label]) => label.toLowerCase() === text.trim().toLowerCase())?.[0] as Side | undefined);
            return side ? { ok: true, value: side } : { ok: false, reason: 'notFound' };
          },
        },
      },
      { kind: 'amount', field: 'amount', headerKey: 'grid:columns.amount', minWidth: 200, limits: { maxAbsCents: VOUCHER_LINE_MAX_CENTS } },
    ],
  };
}

/**
 * The line's side: where its amount is; for a line without an amount yet, the subject's own balance
 * direction (`subjectDebit`: 5001 revenue is credit, 5602 expenses debit; debit when unknown).
 */
export function sideOf(row: VoucherKitRow, subjectDebit?: boolean): 'debit' | 'credit' {
  if (row.debit !== null) return 'debit';
  if (row.credit !== null) return 'credit';
  return subjectDebit === false ? 'credit' : 'debit';
}

/** The popup's first row, from the line (its values and amount; the side as sideOf). */
export function popupRowOfLine(row: VoucherKitRow, subjectDebit?: boolean): AuxPopupRow {
  const choice = decodeAux(row.auxId);
  const value = (t: number) => (choice[t] !== undefined ? String(choice[t]) : null);
  const side = sideOf(row, subjectDebit);
  return { id: 'voucher-aux-0', aux1: value(1), aux2: value(2), aux3: value(3), aux4: value(4), aux5: value(5), aux6: value(6), direction: side, amount: row[side] };
}

/**
 * Whether the popup's rows hold anything else than they started with (closing then asks first):
 * compared by their values, in order, rows with nothing in them left out (the grid keeps blank rows).
 */
export function auxPopupChanged<R extends SheetRow>(initial: readonly R[], rows: readonly R[]): boolean {
  const held = (list: readonly R[]) =>
    JSON.stringify(list.map(({ id: _id, ...values }) => values).filter((values) => Object.values(values).some((v) => v !== null)));
  return held(initial) !== held(rows);
}

export interface AuxEntry {
  auxId: string;
  amount: number;
  side: Side;
}

export type AuxPopupCheck = { ok: true; entries: AuxEntry[] } | { ok: false; row: number; missingType: number | null };

/** The cell a refused confirm names (the caret goes there): the missing value's column, or the amount. */
export function auxRefusalCell(rows: readonly AuxPopupRow[], check: Extract<AuxPopupCheck, { ok: false }>): { rowId: string; field: string } | null {
  const row = rows[check.row];
  return row ? { rowId: row.id, field: check.missingType === null ? 'amount' : auxFieldOf(check.missingType) } : null;
}

/**
 * The confirm rules: rows with nothing are dropped; a row with any value needs every type and an
 * amount (`missingType` null: the amount is missing); at least one row. A row without a direction
 * takes `defaultSide` (the line's).
 */
export function checkAuxPopup(rows: readonly AuxPopupRow[], types: readonly number[], defaultSide: Side = 'debit'): AuxPopupCheck {
  const entries: AuxEntry[] = [];
  for (let i = 0; i < rows.length; i++) {
    const r = rows[i];
    const filled = types.filter((t) => r[auxFieldOf(t)] !== null);
    if (filled.length === 0 && r.amount === null) continue;
    const missing = types.find((t) => r[auxFieldOf(t)] === null);
    if (missing !== undefined) return { ok: false, row: i, missingType: missing };
    if (r.amount === null) return { ok: false, row: i, missingType: null };
    const side: Side = r.direction === 'credit' || r.direction === 'debit' ? r.direction : defaultSide;
    entries.push({ auxId: encodeAux(Object.fromEntries(types.map((t) => [t, Number(r[auxFieldOf(t)])])))!, amount: r.amount, side });
  }
  if (entries.length === 0) return { ok: false, row: 0, missingType: types[0] ?? null };
  return { ok: true, entries };
}

/**
 * The sheet events that write the popup's entries into the voucher grid: the line takes the
 * first, copies of it below take the others (in order). Simulated on the pure sheet so the new
 * rows' ids are known; the caller dispatches them one by one.
 */
export function auxEntryEvents(schema: SheetSchema<VoucherKitRow>, state: SheetState<VoucherKitRow>, rowId: string, entries: readonly AuxEntry[]): SheetEvent<VoucherKitRow>[] {
  const row = state.rows.find((r) => r.id === rowId);
  if (!row || entries.length === 0) return [];
  const events: SheetEvent<VoucherKitRow>[] = [];
  let sim = state;
  const push = (e: SheetEvent<VoucherKitRow>) => {
    events.push(e);
    sim = reduceSheet(schema, sim, e);
  };
  /** The entry's amount on its side, the other side emptied. */
  const place = (id: string, e: AuxEntry) => {
    const other: Side = e.side === 'debit' ? 'credit' : 'debit';
    const current = sim.rows.find((r) => r.id === id);
    if (current && current[other] !== null) push({ type: 'sheet.setCell', rowId: id, field: other, value: null });
    push({ type: 'sheet.setCell', rowId: id, field: e.side, value: e.amount });
  };
  push({ type: 'sheet.setCell', rowId, field: 'auxId', value: entries[0].auxId });
  place(rowId, entries[0]);
  // Copies go directly below the line, so the last entry is copied first.
  for (let i = entries.length - 1; i >= 1; i--) {
    const before = new Set(sim.rows.map((r) => r.id));
    push({ type: 'sheet.copyRow', rowId });
    const copy = sim.rows.find((r) => !before.has(r.id));
    if (!copy) break;
    push({ type: 'sheet.setCell', rowId: copy.id, field: 'auxId', value: entries[i].auxId });
    place(copy.id, entries[i]);
  }
  return events;
}
