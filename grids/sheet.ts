/**
 * The pure state of an entry sheet: rows, their ids, undo/redo and the lock. Every edit is an
 * event; `reduceSheet(schema, state, event)` returns the next state and never mutates rows, so
 * the same function runs inside a React reducer (`use-sheet.ts`) or an XState machine's `assign`
 * (the voucher and reimbursement machines own the data and the lock rules).
 *
 * Row invariants kept after every change: at least `minRows` rows; with `growWhenFilled` the last
 * row is blank; an amount of zero is stored as empty; on a debit/credit sheet a line holds one
 * side only; cells that do not apply to their row (auxiliary without a subject that needs it)
 * are empty.
 */
import { checkLimits, negateCents, subtractCents, sumCents } from '../src/domain/money';
import { firstEntryColId } from './entry-order';
import { emptyUndoStack, recordChange, redoChange, undoChange, type UndoStack } from './history';
import {
  amountLimitsOf,
  cellValue,
  dataColumns,
  emptyValueOf,
  findDataColumn,
  isApplicable,
  isBlankRow,
  isEmptyValue,
  type CellValue,
  type DataColumn,
  type SheetRow,
  type SheetSchema,
} from './sheet-schema';

export interface CellRef {
  rowId: string;
  field: string;
}

/** Where the caret belongs after undoing (`before`) and after doing or redoing (`after`) a change. */
export interface ChangeFocus {
  before: CellRef | null;
  after: CellRef | null;
}

export interface SheetState<R extends SheetRow> {
  rows: readonly R[];
  history: UndoStack<readonly R[], ChangeFocus>;
  /** Next number for kit-made row ids. */
  seq: number;
  /** A locked document: every editing event is refused. */
  locked: boolean;
  /** The cell the latest change (or undo/redo) concerned; the grid puts the caret there after undo/redo. */
  focus: CellRef | null;
}

export type SheetEvent<R extends SheetRow> =
  | { type: 'sheet.load'; rows: readonly R[] }
  | { type: 'sheet.lock'; locked: boolean }
  | { type: 'sheet.setCell'; rowId: string; field: string; value: CellValue }
  | { type: 'sheet.paste'; anchorRowId: string; fields: readonly string[]; values: readonly (readonly (CellValue | undefined)[])[] }
  | { type: 'sheet.copyFromRow'; rowId: string; field: string; from: 'previous' | 'first' }
  | { type: 'sheet.balance'; rowId: string; field: string }
  | { type: 'sheet.moveToOtherSide'; rowId: string; field: string; value?: number | null }
  | { type: 'sheet.negate'; rowId: string; field: string }
  | { type: 'sheet.appendRows'; count?: number }
  | { type: 'sheet.insertRowAbove'; rowId: string; field?: string }
  | { type: 'sheet.copyRow'; rowId: string; field?: string }
  | { type: 'sheet.deleteRow'; rowId: string; field?: string }
  | { type: 'sheet.undo' }
  | { type: 'sheet.redo' };

const DEFAULT_HISTORY_LIMIT = 200;

function makeRows<R extends SheetRow>(schema: SheetSchema<R>, seq: number, count: number): { rows: R[]; seq: number } {
  const rows: R[] = [];
  for (let i = 0; i < count; i++) rows.push(schema.blankRow(`${schema.id}-${seq + i}`));
  return { rows, seq: seq + count };
}

/** A new sheet with `rows` (padded with blank rows to the screen's initial row count). */
export function createSheetState<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[] = [], firstSeq = 1): SheetState<R> {
  const pad = makeRows(schema, firstSeq, Math.max(0, schema.initialRows - rows.length));
  return { rows: [...rows, ...pad.rows], history: emptyUndoStack(), seq: pad.seq, locked: false, focus: null };
}

export function canUndo<R extends SheetRow>(state: SheetState<R>): boolean {
  return !state.locked && state.history.past.length > 0;
}

export function canRedo<R extends SheetRow>(state: SheetState<R>): boolean {
  return !state.locked && state.history.future.length > 0;
}

export function rowIndexOf<R extends SheetRow>(rows: readonly R[], rowId: string): number {
  return rows.findIndex((r) => r.id === rowId);
}

function withField<R extends SheetRow>(row: R, field: string, value: CellValue): R {
  return { ...row, [field]: value };
}

/** Coerces a value for its column; undefined when the value cannot go there at all. */
function acceptValue<R extends SheetRow>(column: DataColumn<R>, value: CellValue): CellValue | undefined {
  if (column.kind === 'amount') {
    if (value === null || value === '') return null;
    if (typeof value !== 'number' || !Number.isSafeInteger(value)) return undefined;
    const limited = checkLimits(value, amountLimitsOf(column));
    if (!limited.ok) return undefined;
    return limited.cents === 0 ? null : limited.cents;
  }
  if (column.kind === 'text') {
    const text = value === null ? '' : String(value);
    return column.maxLength !== undefined && text.length > column.maxLength ? undefined : text;
  }
  return value === '' ? null : value;
}

/**
 * Brings a changed row back to the invariants: cleared dependants of a changed field, one side of
 * a debit/credit pair, empty cells where a column does not apply.
 */
function normaliseRow<R extends SheetRow>(schema: SheetSchema<R>, before: R, after: R, changed: ReadonlySet<string>): R {
  let row = after;
  for (const field of changed) {
    const column = findDataColumn(schema, field);
    if (!column?.clears || cellValue(before, field) === cellValue(after, field)) continue;
    for (const dependant of column.clears) {
      const dep = findDataColumn(schema, dependant);
      if (dep && !changed.has(dependant)) row = withField(row, dependant, emptyValueOf(dep));
    }
  }
  const pair = schema.amountPair;
  if (pair) {
    if (changed.has(pair.debit) && !changed.has(pair.credit) && !isEmptyValue(cellValue(row, pair.debit))) row = withField(row, pair.credit, null);
    if (changed.has(pair.credit) && !changed.has(pair.debit) && !isEmptyValue(cellValue(row, pair.credit))) row = withField(row, pair.debit, null);
  }
  for (const column of dataColumns(schema)) {
    if (!column.computed && !isApplicable(column, row) && !isEmptyValue(cellValue(row, column.field))) row = withField(row, column.field, emptyValueOf(column));
  }
  return row;
}

interface CellChange {
  rowIndex: number;
  field: string;
  value: CellValue;
}

/** Applies cell changes (already coerced) row by row; returns the same array when nothing changed. */
function applyChanges<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[], changes: readonly CellChange[]): readonly R[] {
  const byRow = new Map<number, CellChange[]>();
  for (const c of changes) byRow.set(c.rowIndex, [...(byRow.get(c.rowIndex) ?? []), c]);
  let next: R[] | null = null;
  for (const [rowIndex, rowChanges] of byRow) {
    const before = rows[rowIndex];
    if (!before) continue;
    let after = before;
    const changed = new Set<string>();
    for (const c of rowChanges) {
      const column = findDataColumn(schema, c.field);
      if (!column || !isApplicable(column, after)) continue;
      if (cellValue(after, c.field) === c.value) continue;
      after = withField(after, c.field, c.value);
      changed.add(c.field);
    }
    if (changed.size === 0) continue;
    after = normaliseRow(schema, before, after, changed);
    next ??= [...rows];
    next[rowIndex] = after;
  }
  return next ?? rows;
}

/** Pads to `minRows` and, for sheets that grow when filled, keeps a blank last row. */
function keepRowInvariants<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[], seq: number): { rows: readonly R[]; seq: number } {
  let out = rows;
  let nextSeq = seq;
  if (out.length < schema.minRows) {
    const pad = makeRows(schema, nextSeq, schema.minRows - out.length);
    out = [...out, ...pad.rows];
    nextSeq = pad.seq;
  }
  if (schema.growWhenFilled && out.length > 0 && !isBlankRow(schema, out[out.length - 1])) {
    const more = makeRows(schema, nextSeq, Math.max(1, schema.rowStep));
    out = [...out, ...more.rows];
    nextSeq = more.seq;
  }
  return { rows: out, seq: nextSeq };
}

function commit<R extends SheetRow>(schema: SheetSchema<R>, state: SheetState<R>, rows: readonly R[], seq: number, focus: ChangeFocus): SheetState<R> {
  if (rows === state.rows) return state;
  const kept = keepRowInvariants(schema, rows, seq);
  return {
    ...state,
    rows: kept.rows,
    seq: kept.seq,
    focus: focus.after,
    history: recordChange(state.history, state.rows, focus, schema.historyLimit ?? DEFAULT_HISTORY_LIMIT),
  };
}

function at(cell: CellRef): ChangeFocus {
  return { before: cell, after: cell };
}

function setCells<R extends SheetRow>(schema: SheetSchema<R>, state: SheetState<R>, changes: readonly CellChange[], focus: ChangeFocus): SheetState<R> {
  const accepted: CellChange[] = [];
  for (const c of changes) {
    const column = findDataColumn(schema, c.field);
    if (!column) continue;
    const value = acceptValue(column, c.value);
    if (value !== undefined) accepted.push({ ...c, value });
  }
  return commit(schema, state, applyChanges(schema, state.rows, accepted), state.seq, focus);
}

/** The amount that balances the sheet when put into `field` of the row: the other rows' opposite total minus their same-side total. */
export function balancingAmount<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[], rowId: string, field: string): number | null {
  const pair = schema.amountPair;
  if (!pair || (field !== pair.debit && field !== pair.credit)) return null;
  const others = rows.filter((r) => r.id !== rowId);
  const debit = sumCents(others.map((r) => cellValue(r, pair.debit) as number | null));
  const credit = sumCents(others.map((r) => cellValue(r, pair.credit) as number | null));
  return field === pair.debit ? subtractCents(credit, debit) : subtractCents(debit, credit);
}

export function otherSideField<R extends SheetRow>(schema: SheetSchema<R>, field: string): string | null {
  const pair = schema.amountPair;
  if (!pair) return null;
  if (field === pair.debit) return pair.credit;
  if (field === pair.credit) return pair.debit;
  return null;
}

/**
 * Where `=` puts the balancing amount: in the cell itself, or — when that would make it negative
 * (a credit-side balance asked for on the debit) — as a positive amount on the other side, since
 * nobody wants a negative debit from `=`. Null when there is nothing to balance.
 */
export function balancePlan<R extends SheetRow>(schema: SheetSchema<R>, rows: readonly R[], rowId: string, field: string): { field: string; cents: number } | null {
  const value = balancingAmount(schema, rows, rowId, field);
  if (value === null) return null;
  const other = otherSideField(schema, field);
  if (value < 0 && other !== null) return { field: other, cents: negateCents(value) };
  return { field, cents: value };
}

export type CopyFromRowRefusal = 'noSource' | 'notApplicable' | 'doesNotFit';

export type CopyFromRowResult =
  | { ok: true; value: CellValue; sourceIndex: number }
  | { ok: false; reason: CopyFromRowRefusal; sourceIndex: number; text: string };

/**
 * The value `..` (previous row) or `//` (first row) brings into a cell. A lookup value is read
 * again for the target row — an auxiliary item only fits a row whose subject takes that kind of
 * item — by its display text in the source row; a value that does not resolve there is refused
 * (`doesNotFit`, with the text for the message) rather than copied into a row it does not fit.
 */
export function copyFromRowValue<R extends SheetRow>(
  schema: SheetSchema<R>,
  rows: readonly R[],
  rowId: string,
  field: string,
  from: 'previous' | 'first',
): CopyFromRowResult {
  const rowIndex = rowIndexOf(rows, rowId);
  const sourceIndex = from === 'previous' ? rowIndex - 1 : 0;
  const column = findDataColumn(schema, field);
  if (rowIndex < 0 || sourceIndex < 0 || sourceIndex === rowIndex || !column) return { ok: false, reason: 'noSource', sourceIndex, text: '' };
  const source = rows[sourceIndex];
  const target = rows[rowIndex];
  const value = cellValue(source, field);
  const lookup = column.kind === 'lookup' ? column.lookup : undefined;
  const text = lookup ? lookup.format(value, source) : String(value ?? '');
  if (!isApplicable(column, target)) return { ok: false, reason: 'notApplicable', sourceIndex, text };
  if (!lookup || isEmptyValue(value)) return { ok: true, value, sourceIndex };
  // The same stored value shows the same way in the target row: it belongs there as it is.
  if (text !== '' && lookup.format(value, target) === text) return { ok: true, value, sourceIndex };
  const resolved = text === '' ? null : lookup.resolve(text, target);
  if (resolved?.ok && !isEmptyValue(resolved.value)) return { ok: true, value: resolved.value, sourceIndex };
  return { ok: false, reason: 'doesNotFit', sourceIndex, text: text || String(value) };
}

function insertRows<R extends SheetRow>(rows: readonly R[], at: number, inserted: readonly R[]): R[] {
  return [...rows.slice(0, at), ...inserted, ...rows.slice(at)];
}

export function reduceSheet<R extends SheetRow>(schema: SheetSchema<R>, state: SheetState<R>, event: SheetEvent<R>): SheetState<R> {
  if (event.type === 'sheet.load') {
    return { ...createSheetState(schema, event.rows, state.seq), locked: state.locked };
  }
  if (event.type === 'sheet.lock') return event.locked === state.locked ? state : { ...state, locked: event.locked };
  if (state.locked) return state;

  switch (event.type) {
    case 'sheet.setCell': {
      const rowIndex = rowIndexOf(state.rows, event.rowId);
      if (rowIndex < 0) return state;
      return setCells(schema, state, [{ rowIndex, field: event.field, value: event.value }], at({ rowId: event.rowId, field: event.field }));
    }
    case 'sheet.paste': {
      const anchor = rowIndexOf(state.rows, event.anchorRowId);
      if (anchor < 0 || event.values.length === 0) return state;
      let rows = state.rows;
      let seq = state.seq;
      const missing = anchor + event.values.length - rows.length;
      if (missing > 0) {
        const step = Math.max(1, schema.rowStep);
        const more = makeRows(schema, seq, Math.ceil(missing / step) * step);
        rows = [...rows, ...more.rows];
        seq = more.seq;
      }
      const changes: CellChange[] = [];
      event.values.forEach((line, r) =>
        line.forEach((value, c) => {
          const field = event.fields[c];
          const column = field === undefined ? undefined : findDataColumn(schema, field);
          if (value === undefined || !column) return;
          const accepted = acceptValue(column, value);
          if (accepted !== undefined) changes.push({ rowIndex: anchor + r, field: column.field, value: accepted });
        }),
      );
      const applied = applyChanges(schema, rows, changes);
      if (applied === state.rows) return state;
      return commit(schema, state, applied, seq, at({ rowId: event.anchorRowId, field: event.fields[0] ?? '' }));
    }
    case 'sheet.copyFromRow': {
      const rowIndex = rowIndexOf(state.rows, event.rowId);
      const copied = copyFromRowValue(schema, state.rows, event.rowId, event.field, event.from);
      if (!copied.ok) return state;
      return setCells(schema, state, [{ rowIndex, field: event.field, value: copied.value }], at({ rowId: event.rowId, field: event.field }));
    }
    case 'sheet.balance': {
      const rowIndex = rowIndexOf(state.rows, event.rowId);
      const plan = balancePlan(schema, state.rows, event.rowId, event.field);
      if (rowIndex < 0 || plan === null) return state;
      const changes: CellChange[] = [{ rowIndex, field: plan.field, value: plan.cents }];
      // A balance that lands on the other side empties this cell (one side per line does the rest).
      if (plan.field !== event.field) changes.unshift({ rowIndex, field: event.field, value: null });
      return setCells(schema, state, changes, { before: { rowId: event.rowId, field: event.field }, after: { rowId: event.rowId, field: plan.field } });
    }
    case 'sheet.moveToOtherSide': {
      const rowIndex = rowIndexOf(state.rows, event.rowId);
      const other = otherSideField(schema, event.field);
      if (rowIndex < 0 || other === null) return state;
      const value = event.value !== undefined ? event.value : cellValue(state.rows[rowIndex], event.field);
      const target = findDataColumn(schema, other);
      const accepted = target ? acceptValue(target, value) : undefined;
      if (accepted === undefined || accepted === null) return state;
      return setCells(
        schema,
        state,
        [
          { rowIndex, field: event.field, value: null },
          { rowIndex, field: other, value: accepted },
        ],
        { before: { rowId: event.rowId, field: event.field }, after: { rowId: event.rowId, field: other } },
      );
    }
    case 'sheet.negate': {
      const rowIndex = rowIndexOf(state.rows, event.rowId);
      const value = rowIndex < 0 ? null : cellValue(state.rows[rowIndex], event.field);
      if (typeof value !== 'number') return state;
      return setCells(schema, state, [{ rowIndex, field: event.field, value: negateCents(value) }], at({ rowId: event.rowId, field: event.field }));
    }
    case 'sheet.appendRows': {
      const more = makeRows(schema, state.seq, Math.max(1, event.count ?? schema.rowStep));
      const last = state.rows[state.rows.length - 1];
      const field = firstEntryColId(schema);
      return commit(schema, state, [...state.rows, ...more.rows], more.seq, { before: last ? { rowId: last.id, field } : null, after: { rowId: more.rows[0].id, field } });
    }
    case 'sheet.insertRowAbove': {
      const rowIndex = rowIndexOf(state.rows, event.rowId);
      if (rowIndex < 0) return state;
      const made = makeRows(schema, state.seq, 1);
      const field = event.field ?? firstEntryColId(schema);
      return commit(schema, state, insertRows(state.rows, rowIndex, made.rows), made.seq, { before: { rowId: event.rowId, field }, after: { rowId: made.rows[0].id, field } });
    }
    case 'sheet.copyRow': {
      const rowIndex = rowIndexOf(state.rows, event.rowId);
      if (rowIndex < 0) return state;
      const id = `${schema.id}-${state.seq}`;
      const copy = { ...state.rows[rowIndex], id };
      const field = event.field ?? firstEntryColId(schema);
      return commit(schema, state, insertRows(state.rows, rowIndex + 1, [copy]), state.seq + 1, { before: { rowId: event.rowId, field }, after: { rowId: id, field } });
    }
    case 'sheet.deleteRow': {
      const rowIndex = rowIndexOf(state.rows, event.rowId);
      if (rowIndex < 0) return state;
      const rows = state.rows.filter((r) => r.id !== event.rowId);
      const kept = keepRowInvariants(schema, rows, state.seq);
      const field = event.field ?? firstEntryColId(schema);
      const focusRow = kept.rows[Math.min(rowIndex, kept.rows.length - 1)];
      return commit(schema, state, kept.rows, kept.seq, { before: { rowId: event.rowId, field }, after: focusRow ? { rowId: focusRow.id, field } : null });
    }
    case 'sheet.undo': {
      const step = undoChange(state.history, state.rows);
      return step ? { ...state, rows: step.snapshot, history: step.stack, focus: step.mark.before } : state;
    }
    case 'sheet.redo': {
      const step = redoChange(state.history, state.rows);
      return step ? { ...state, rows: step.snapshot, history: step.stack, focus: step.mark.after } : state;
    }
  }
}
