/**
 * The data that describes one entry screen's sheet (voucher lines, reimbursement lines, journal
 * lines, auxiliary rows): its columns in display order, which cells take part in the Enter order,
 * the row factory and how the sheet grows. A screen writes this once, in `grids/<screen>.columns.ts`;
 * the pure sheet state (`sheet.ts`), the navigation order (`entry-order.ts`), paste (`paste.ts`)
 * and the AG Grid binding (`entry-grid.tsx`) all read it.
 */
import { MAX_COST_CENTS } from '../src/domain/constants';
import type { AmountLimits } from '../src/domain/money';

export type CellValue = string | number | null;

/** Every row has a stable id (AG Grid `getRowId`); kit-made rows get `<schema.id>-<n>`. */
export interface SheetRow {
  readonly id: string;
}

export type FieldOf<R> = Extract<Exclude<keyof R, 'id'>, string>;

/**
 * What a lookup cell makes of typed text. A refusal may carry the screen's own words for why, in the
 * user's language ("2026-12-01 不在 2026-11"): the editor says them instead of "no matches".
 */
export type LookupResolution = { ok: true; value: string | number | null } | { ok: false; reason: 'notFound' | 'ambiguous'; message?: string };

/** How a lookup cell (subject, auxiliary item, expense kind…) shows and reads its value. */
export interface LookupSpec<R> {
  /** Display text of a stored value ("1001 库存现金"); '' for an unknown or empty value. */
  format: (value: CellValue, row: R) => string;
  /** Reads typed or pasted text into a stored value (by code, name…); '' never reaches it. */
  resolve: (text: string, row: R) => LookupResolution;
}

interface ColumnBase {
  /** i18n key of the header, with its namespace ("grid:columns.summary"). */
  headerKey: string;
  width?: number;
  minWidth?: number;
  flex?: number;
}

/** The row-number column: not editable, not part of the entry order. */
export interface IndexColumn extends ColumnBase {
  kind: 'index';
  colId: string;
}

export interface DataColumn<R> extends ColumnBase {
  kind: 'text' | 'lookup' | 'amount';
  field: FieldOf<R>;
  /** Text: maximum length (typed and pasted). */
  maxLength?: number;
  /** Amount: limits applied on commit and paste (e.g. the maximum cost). */
  limits?: AmountLimits;
  /** Lookup: display and resolution. Required for kind 'lookup'. */
  lookup?: LookupSpec<R>;
  /** Picker id the screen serves on F7 (and when typed lookup text does not resolve). */
  picker?: string;
  /** false: the cell is skipped by Enter (still reachable by arrows and Tab). Default true. */
  entry?: boolean;
  /** The cell only holds a value when this is true for its row (e.g. auxiliary needs a subject with auxiliary types). */
  applicable?: (row: R) => boolean;
  /** Enter passes over the cell when this is true (e.g. credit when the debit is filled). */
  skipOnEnter?: (row: R) => boolean;
  /** Fields emptied when this one changes (subject → auxiliary). */
  clears?: FieldOf<R>[];
  /** `..` and `//` copy this cell from the previous / first row. Default true for text and lookup cells. */
  copyDown?: boolean;
  /** Accepts pasted text. Default true. */
  pasteable?: boolean;
  /**
   * A figure the screen computes and keeps in the row (the journal's running balance): shown like
   * its kind, never edited, entered, copied down or pasted into (a pasted cell there is passed
   * over), not counted for blank rows or totals. The screen recomputes it after every event.
   */
  computed?: boolean;
}

export type EntryColumn<R> = IndexColumn | DataColumn<R>;

export interface SheetSchema<R extends SheetRow> {
  /** Stable id of the sheet: prefix of kit-made row ids, hotkeys scope and test ids. */
  id: string;
  columns: EntryColumn<R>[];
  /** A blank row with the given id. */
  blankRow: (id: string) => R;
  /** Rows a new sheet starts with (voucher 20). */
  initialRows: number;
  /** The sheet never has fewer rows; deleting pads with blank rows. */
  minRows: number;
  /** Rows added when Enter passes the last row or a row is added at the end. */
  rowStep: number;
  /** Add `rowStep` blank rows as soon as the last row gets content (reimbursement: 20 rows, +5 when filled). */
  growWhenFilled?: boolean;
  /** Arrow-down on the last row adds a row at the end (the auxiliary-rows popup, spec 02 §2.9). */
  appendOnArrowDown?: boolean;
  /** Debit and credit of a double-entry sheet: enables `=`, space, exclusive sides and the difference. */
  amountPair?: { debit: FieldOf<R>; credit: FieldOf<R> };
  /** Enter order when it differs from the display order (fields). */
  entryOrder?: FieldOf<R>[];
  /** The column whose totals-row cell shows the totals label (spans up to the first amount column). */
  totalsLabelColumn?: FieldOf<R>;
  /** Undo depth; default 200. */
  historyLimit?: number;
  /**
   * A cell the screen flags (a required cell left empty, a repeated invoice number): the cell is
   * drawn as an error and the screen says why (reimbursement: 'cannot be empty', spec 02 §5).
   * The screen makes a new schema when its flags change.
   */
  cellIssue?: (row: R, field: FieldOf<R>) => string | null;
}

export function isDataColumn<R>(column: EntryColumn<R>): column is DataColumn<R> {
  return column.kind !== 'index';
}

export function colIdOf<R>(column: EntryColumn<R>): string {
  return column.kind === 'index' ? column.colId : column.field;
}

export function dataColumns<R extends SheetRow>(schema: SheetSchema<R>): DataColumn<R>[] {
  return schema.columns.filter(isDataColumn);
}

export function findColumn<R extends SheetRow>(schema: SheetSchema<R>, colId: string): EntryColumn<R> | undefined {
  return schema.columns.find((c) => colIdOf(c) === colId);
}

export function findDataColumn<R extends SheetRow>(schema: SheetSchema<R>, field: string): DataColumn<R> | undefined {
  return schema.columns.find((c): c is DataColumn<R> => isDataColumn(c) && c.field === field);
}

export function cellValue<R extends SheetRow>(row: R, field: string): CellValue {
  return ((row as unknown as Record<string, CellValue | undefined>)[field] ?? null) as CellValue;
}

export function isEmptyValue(value: CellValue | undefined): boolean {
  return value === null || value === undefined || value === '';
}

/** The value an emptied cell holds: '' for text, null otherwise. */
export function emptyValueOf<R>(column: DataColumn<R>): CellValue {
  return column.kind === 'text' ? '' : null;
}

/** The limits an amount column applies on commit, paste and `=`: its own, else the maximum cost. */
export function amountLimitsOf<R>(column: DataColumn<R> | undefined): AmountLimits {
  return column?.limits ?? { maxAbsCents: MAX_COST_CENTS };
}

export function isApplicable<R>(column: DataColumn<R>, row: R): boolean {
  if (column.computed) return false;
  return column.applicable ? column.applicable(row) : true;
}

export function copiesDown<R>(column: DataColumn<R>): boolean {
  if (column.computed) return false;
  return column.copyDown ?? column.kind !== 'amount';
}

export function isBlankRow<R extends SheetRow>(schema: SheetSchema<R>, row: R): boolean {
  return dataColumns(schema).every((c) => c.computed || isEmptyValue(cellValue(row, c.field)));
}

/** Display text of a cell as a clipboard or a tooltip would show it (amounts as plain decimals). */
export function displayText<R extends SheetRow>(column: DataColumn<R>, row: R, formatAmount: (cents: number) => string): string {
  const value = cellValue(row, column.field);
  if (isEmptyValue(value)) return '';
  if (column.kind === 'lookup' && column.lookup) return column.lookup.format(value, row);
  if (column.kind === 'amount' && typeof value === 'number') return formatAmount(value);
  return String(value);
}
