/**
 * Pasting a block copied from Excel (tab-separated rows) into an entry sheet: the block lands in
 * consecutive rows and pasteable columns starting at the focused cell, every cell read with the
 * same rules as typing (amount filter and limits, text length, lookup resolution). Cells that
 * cannot be read are reported with their position and reason — never silently dropped — and the
 * good cells go into the sheet as one undoable `sheet.paste` event.
 */
import { parsePastedAmount, type AmountErrorCode } from '../src/domain/money';
import type { SheetEvent } from './sheet';
import { rowIndexOf } from './sheet';
import { amountLimitsOf, colIdOf, isApplicable, isDataColumn, isEmptyValue, type CellValue, type DataColumn, type SheetRow, type SheetSchema } from './sheet-schema';

export type PasteErrorCode = AmountErrorCode | 'TEXT_TOO_LONG' | 'LOOKUP_NOT_FOUND' | 'LOOKUP_AMBIGUOUS' | 'NOT_APPLICABLE' | 'NO_COLUMN' | 'BOTH_SIDES';

export interface PasteError {
  /** 0-based row index in the sheet. */
  rowIndex: number;
  /** Target field, or null when the block is wider than the sheet. */
  field: string | null;
  text: string;
  code: PasteErrorCode;
  /** The column's own reason (LookupResolution.message), said instead of the code's text, as when the text is typed. */
  message?: string;
}

export interface PastePlan<R extends SheetRow> {
  event: SheetEvent<R> | null;
  errors: PasteError[];
  /** Non-empty cells read (empty pasted cells are written too: they clear the cell). */
  accepted: number;
}

/**
 * Splits clipboard text into rows and cells the way Excel writes it: cells separated by tabs,
 * rows by CRLF or LF, a cell holding a tab, a line break or a quote wrapped in double quotes with
 * inner quotes doubled; the final line break is not an extra row.
 */
export function parseTsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let i = 0;
  let quoted = false;
  let cellStart = true;
  while (i < text.length) {
    const ch = text[i];
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i += 2;
        continue;
      }
      if (ch === '"') {
        quoted = false;
        i++;
        continue;
      }
      cell += ch;
      i++;
      continue;
    }
    if (ch === '"' && cellStart) {
      quoted = true;
      cellStart = false;
      i++;
      continue;
    }
    if (ch === '\t') {
      row.push(cell);
      cell = '';
      cellStart = true;
      i++;
      continue;
    }
    if (ch === '\r' || ch === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      cellStart = true;
      i += ch === '\r' && text[i + 1] === '\n' ? 2 : 1;
      continue;
    }
    cell += ch;
    cellStart = false;
    i++;
  }
  if (cell !== '' || row.length > 0 || !cellStart) {
    row.push(cell);
    rows.push(row);
  }
  return rows;
}

/**
 * Writes cells as Excel puts them on the clipboard, so `parseTsv` (and Excel) read them back: tabs
 * between cells, CRLF after every row, a cell holding a tab, a line break or a quote wrapped in
 * double quotes with inner quotes doubled.
 */
export function formatTsv(rows: readonly (readonly string[])[]): string {
  const cell = (text: string) => (/[\t\r\n"]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text);
  return rows.map((row) => `${row.map(cell).join('\t')}\r\n`).join('');
}

type CellReading = { ok: true; value: CellValue } | { ok: false; code: PasteErrorCode; message?: string };

function readCell<R extends SheetRow>(column: DataColumn<R>, text: string, row: R): CellReading {
  const trimmed = text.trim();
  if (column.kind === 'text') {
    if (column.maxLength !== undefined && trimmed.length > column.maxLength) return { ok: false, code: 'TEXT_TOO_LONG' };
    return { ok: true, value: trimmed };
  }
  if (trimmed === '') return { ok: true, value: null };
  if (column.kind === 'amount') {
    // Excel and bank exports: `¥1,000.00`, `(1,000.00)`, full-width digits, `100元` (src/domain/money.ts).
    const parsed = parsePastedAmount(trimmed, amountLimitsOf(column));
    return parsed.ok ? { ok: true, value: parsed.cents === 0 ? null : parsed.cents } : { ok: false, code: parsed.code };
  }
  if (!column.lookup) return { ok: false, code: 'LOOKUP_NOT_FOUND' };
  const resolved = column.lookup.resolve(trimmed, row);
  if (resolved.ok) return { ok: true, value: resolved.value };
  const code = resolved.reason === 'ambiguous' ? 'LOOKUP_AMBIGUOUS' : 'LOOKUP_NOT_FOUND';
  return resolved.message ? { ok: false, code, message: resolved.message } : { ok: false, code };
}

/**
 * Reads a pasted block against the sheet, starting at the focused cell (`anchorColId` may be the
 * index column: the block then starts at the first data column). Rows past the end are added.
 */
export function planPaste<R extends SheetRow>(
  schema: SheetSchema<R>,
  rows: readonly R[],
  anchor: { rowId: string; colId: string },
  text: string,
): PastePlan<R> {
  const block = parseTsv(text);
  const anchorIndex = rowIndexOf(rows, anchor.rowId);
  if (anchorIndex < 0 || block.length === 0) return { event: null, errors: [], accepted: 0 };
  const startAt = Math.max(
    0,
    schema.columns.findIndex((c) => colIdOf(c) === anchor.colId),
  );
  const targets = schema.columns.slice(startAt).filter((c): c is DataColumn<R> => isDataColumn(c) && c.pasteable !== false);
  const pair = schema.amountPair;
  const errors: PasteError[] = [];
  const values: (CellValue | undefined)[][] = [];
  let accepted = 0;
  let written = 0;
  block.forEach((line, r) => {
    const rowIndex = anchorIndex + r;
    // The row as it will be once the cells to the left are in: an auxiliary cell depends on the subject pasted beside it.
    let row = (rows[rowIndex] ?? schema.blankRow(`${schema.id}-paste-${r}`)) as R;
    const out: (CellValue | undefined)[] = [];
    line.forEach((text, c) => {
      const column = targets[c];
      if (!column) {
        if (text.trim() !== '') errors.push({ rowIndex, field: null, text, code: 'NO_COLUMN' });
        return;
      }
      if (column.computed) {
        // A computed figure (a running balance copied with its row) is passed over, not refused.
        out[c] = undefined;
        return;
      }
      if (!isApplicable(column, row)) {
        if (text.trim() !== '') errors.push({ rowIndex, field: column.field, text, code: 'NOT_APPLICABLE' });
        out[c] = undefined;
        return;
      }
      const reading = readCell(column, text, row);
      if (!reading.ok) {
        errors.push({ rowIndex, field: column.field, text, code: reading.code, ...(reading.message ? { message: reading.message } : {}) });
        out[c] = undefined;
        return;
      }
      if (pair && column.field === pair.credit && !isEmptyValue(reading.value)) {
        const debitAt = targets.findIndex((t) => t.field === pair.debit);
        if (debitAt >= 0 && debitAt < c && !isEmptyValue(out[debitAt] ?? null)) {
          errors.push({ rowIndex, field: column.field, text, code: 'BOTH_SIDES' });
          out[c] = undefined;
          return;
        }
      }
      out[c] = reading.value;
      row = { ...row, [column.field]: reading.value };
      written++;
      if (text.trim() !== '') accepted++;
    });
    values.push(out);
  });
  const fields = targets.slice(0, Math.max(0, ...block.map((l) => l.length))).map((c) => c.field);
  const event: SheetEvent<R> | null = written > 0 ? { type: 'sheet.paste', anchorRowId: anchor.rowId, fields, values } : null;
  return { event, errors, accepted };
}
