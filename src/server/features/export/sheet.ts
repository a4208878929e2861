/**
 * Excel import / export / template of one resource (decision 018): a resource is described once by
 * a `SheetDef` (src/server/features/export/sheets/<resource>.ts) — its columns (bilingual header
 * "中文 English", value → cell for export, cell → body value for import), the key that finds an
 * existing record (its code), how rows are loaded for an export, which contract schemas check an
 * imported row (the SAME create/update bodies the form sends) and which service functions write it
 * (so the form's rules apply). This file holds the generic half: reading a sheet, checking rows,
 * the all-or-nothing import, the template and the error workbook.
 */
import ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { withTx, type Tx } from '../../db/tx';
import { DomainError, isResultCode } from '../../../domain/result-codes';
import type { ExportKind, Language } from '../../../domain/enums';
import { neutralizeCell } from '../../../domain/spreadsheet-safety';
import { codeKey } from '../../../domain/half-width';
import type { ImportResultDto, ImportRowErrorDto } from '../../../contract/export';
import { messageOf, translate } from '../../http/messages';
import { InputValidationError, normalizeIssue, ruleOf, valueAt } from '../../http/validation';
import type { ResultCode } from '../../../domain/result-codes';
import { parseFlag } from './sheets/cells';

export type CellValue = string | number | boolean | null;

/**
 * The rule a wrong cell broke: a key of errors.json `validation.*` (what the cell takes: the allowed
 * values, the date format, digits only…) or a result code.
 */
export type CellRule = 'invalid' | 'required' | 'oneOf' | 'dateFormat' | 'digitsOnly' | 'yesNo' | 'amount';

/** A cell read back: undefined = leave the field out (not sent); a rule or result code = the row is wrong. */
export type Parsed = { value: unknown } | { skip: true } | { error: ResultCode | CellRule; params?: Record<string, string | number> };

export interface Column<Dto, Ctx> {
  zh: string;
  en: string;
  width: number;
  /** The exported cell of a record. */
  cell: (dto: Dto, ctx: Ctx) => CellValue;
  /** The body field the column imports into; none = exported only (derived, e.g. a level). */
  field?: string;
  /** A header row without this column refuses the file (code and name). */
  required?: boolean;
  /** The cell's text (formula neutralization undone, trimmed) → the body value. Default: text, empty = null. */
  parse?: (text: string, raw: ExcelJS.CellValue, ctx: Ctx) => Parsed;
  /** Excel's number format of the column (amounts: `AMOUNT_NUM_FMT`). */
  numFmt?: string;
  /** The template's example row. */
  example: CellValue;
  /** The template's notes sheet: what the column takes. */
  note: { zh: string; en: string };
}

/** Who imports or exports where: the company and the resource's own scope id (company, ledger set or account year). */
export interface SheetScope {
  companyId: number;
  /** companyId, accountId or accountYearId, as the resource's scope is. */
  scopeId: number;
  userId: number;
  isAdmin: boolean;
  /** Whether the caller holds a right in the company (the view-all rights of clients and projects). */
  has: (right: number) => boolean;
  /** The server's file-signing secret (services that answer signed file URLs, e.g. invoice attachments). */
  fileSecret: string;
}

/** A row read from the sheet, checked against the create body. */
export interface SheetRow {
  row: number;
  key: string;
  create: Record<string, unknown>;
  update: Record<string, unknown>;
  /** Every imported column's cell text by field (formula neutralization undone, trimmed). */
  texts: Record<string, string>;
}

export interface SheetDef<Dto, Ctx, Filter = unknown> {
  kind: ExportKind;
  /** Sheet name and file name stem ('employees'). */
  name: { zh: string; en: string; file: string };
  columns: ReadonlyArray<Column<Dto, Ctx>>;
  /** The body field holding the key (code) that finds an existing record. */
  keyField: string;
  /** What cells refer to by code (departments, employees, clients…), for both directions. */
  context: (db: Db, scope: SheetScope) => Promise<Ctx>;
  /** A page of the records an export takes (the list's filter and visibility). */
  page: (db: Db, scope: SheetScope, filter: Filter, offset: number, limit: number) => Promise<{ content: Dto[]; total: number }>;
  /** The existing records by key, as the caller may change them. */
  existing: (tx: Tx, scope: SheetScope) => Promise<Map<string, Dto>>;
  createBody: z.ZodType;
  updateBody: z.ZodType;
  /** The create body's scope fields ({companyId} / {accountId} / {accountYearId}). */
  scopeFields: (scope: SheetScope) => Record<string, unknown>;
  /** The order rows are written in (parents first); default: as in the sheet. */
  order?: (rows: SheetRow[]) => SheetRow[];
  /** The record's current value of an update-body field (default: the same-named DTO field). */
  current?: (dto: Dto, field: string) => unknown;
  /**
   * Resolves, inside the import's transaction, what only the rows written before can settle (a
   * department's parent given by a code created a few rows above); sets it on row.create / row.update.
   * Throws a DomainError for the row.
   */
  resolve?: (tx: Tx, scope: SheetScope, row: SheetRow) => Promise<void>;
  /** Drops fields an update of this record does not take (a child subject's direction). */
  narrow?: (dto: Dto, update: Record<string, unknown>) => Record<string, unknown>;
  create: (tx: Tx, scope: SheetScope, body: never) => Promise<unknown>;
  update: (tx: Tx, scope: SheetScope, dto: Dto, body: never) => Promise<unknown>;
  /** Lines the template's notes sheet adds below the columns (what an import cannot do). */
  notes?: ReadonlyArray<{ zh: string; en: string }>;
  /**
   * The cell each business rule of the resource's service is about, by result code: the body field
   * whose column a refused row names, as a wrong cell's message does ("Department code: Only
   * last-level departments can be chosen!"); a function when one code is about one cell or another
   * (a budget code's length or its kind). A code not listed is about the row as a whole (no
   * permission, stale data): its message names no column. Every rule of the services a sheet
   * writes through is listed or declared row-wide (sheets/rule-fields.test.ts).
   */
  ruleFields: RuleFields;
  /** A refusal of the service said the way an import can act on it (a rule only the form can meet). */
  importRefusal?: (err: DomainError, row: SheetRow) => DomainError;
}

export type RuleFields = Partial<Record<ResultCode, string | ((err: DomainError, row: SheetRow) => string | null)>>;

export type AnySheetDef = SheetDef<any, any, any>;

export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const ERROR_HEADER = '错误 Error';

export const headerOf = (c: { zh: string; en: string }) => `${c.zh} ${c.en}`;
const label = (c: { zh: string; en: string }, lang: Language) => (lang === 'en_US' ? c.en : c.zh);

/** The column a header cell names: '科目编码 Code', '科目编码' or 'Code' (any case, any spacing). */
export function columnOfHeader<C extends { zh: string; en: string }>(columns: readonly C[], header: string): C | undefined {
  const h = header.trim().replace(/\s+/g, ' ').toLowerCase();
  return columns.find((c) => h === headerOf(c).toLowerCase() || h === c.zh || h === c.en.toLowerCase());
}

/**
 * Whether a header cell is the error workbook's own column ('错误 Error', with the header's messages
 * on the lines below it when the header was wrong): a corrected error workbook imports again.
 */
function isErrorHeader(header: string): boolean {
  const [zh, en] = ERROR_HEADER.split(' ');
  return columnOfHeader([{ zh, en }], header.split(/\r?\n/)[0]) !== undefined;
}

/**
 * The header row against the resource's columns: the importable column at each position, or why the
 * file is refused (row-1 errors). Every non-empty header must name a column of the resource (its
 * template's or its export's), once; a file lacking a required column is another resource's file
 * (or no template at all). Empty header cells (a trailing empty column) are ignored.
 */
export function readHeader<C extends { zh: string; en: string; field?: string; required?: boolean }>(
  columns: readonly C[], row: ExcelJS.Row, resource: { zh: string; en: string }, lang: Language,
): { at: Map<number, C>; errors: ImportRowErrorDto[] } {
  const at = new Map<number, C>();
  const named = new Set<C>();
  const errors: ImportRowErrorDto[] = [];
  row.eachCell((cell, col) => {
    const text = unneutralize(cell.text ?? '').trim();
    if (text === '' || isErrorHeader(text)) return;
    const c = columnOfHeader(columns, text);
    if (!c) errors.push({ row: 1, column: null, message: messageOf('IMPORT_COLUMN_UNKNOWN', lang, { column: text }) });
    else if (named.has(c)) errors.push({ row: 1, column: null, message: messageOf('IMPORT_COLUMN_REPEATED', lang, { column: text }) });
    else {
      named.add(c);
      if (c.field) at.set(col, c);
    }
  });
  const missing = columns.filter((c) => c.required && !named.has(c));
  if (missing.length || at.size === 0) {
    const expected = missing.length ? missing : columns.filter((c) => c.field);
    errors.unshift({ row: 1, column: null, message: messageOf('IMPORT_WRONG_TEMPLATE', lang, { resource: label(resource, lang), columns: expected.map(headerOf).join(', ') }) });
  }
  return { at, errors };
}

/** Undoes the export's formula neutralization: an apostrophe before = + - @ (tab, CR) is dropped. */
export function unneutralize(text: string): string {
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
}

/** A cell as the import reads it: dates as YYYY-MM-DD, rich text and formula results as their text, the export's neutralization undone. */
export function cellText(v: ExcelJS.CellValue): string {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object' && 'text' in v) return String((v as { text: unknown }).text ?? '').trim();
  if (typeof v === 'object' && 'result' in v) return cellText((v as { result: ExcelJS.CellValue }).result);
  // A number computed in Excel (=A1*1.13, 0.1+0.2) carries binary noise: read it as Excel shows it (15 digits).
  if (typeof v === 'number') return String(Number(v.toPrecision(15)));
  return unneutralize(String(v).trim());
}

/**
 * The first sheet of an uploaded workbook and the column each field's header names (headers as
 * `columnOfHeader` reads them); an unreadable file or one without a sheet is IMPORT_FILE_REQUIRED.
 */
export async function uploadedSheet<F extends string>(file: Buffer, columns: ReadonlyArray<{ zh: string; en: string; field?: F }>): Promise<{ ws: ExcelJS.Worksheet; byField: Map<F, number> }> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new DomainError('IMPORT_FILE_REQUIRED');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new DomainError('IMPORT_FILE_REQUIRED');
  const byField = new Map<F, number>();
  ws.getRow(1).eachCell((cell, col) => {
    const c = columnOfHeader(columns, cellText(cell.value));
    if (c?.field) byField.set(c.field, col);
  });
  return { ws, byField };
}

/** A new workbook with one sheet and the bilingual header row. */
function sheetWithHeader(name: string, headers: Array<{ header: string; width: number; style?: Partial<ExcelJS.Style> }>) {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Ledgerdesk';
  const ws = wb.addWorksheet(name.slice(0, 31));
  ws.columns = headers;
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return { wb, ws };
}

const safe = (v: CellValue) => (typeof v === 'string' ? neutralizeCell(v) : v);

/** An export workbook: the header row, then one record per row (text neutralized against formula injection). */
export async function buildWorkbook<Dto, Ctx>(def: SheetDef<Dto, Ctx>, rows: readonly Dto[], ctx: Ctx): Promise<Buffer> {
  const { wb, ws } = sheetWithHeader(def.name.en, def.columns.map((c) => ({ header: headerOf(c), width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) })));
  for (const r of rows) ws.addRow(def.columns.map((c) => safe(c.cell(r, ctx))));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The import template: the importable columns' header row, one example row, and a notes sheet. */
export async function buildTemplate(def: AnySheetDef): Promise<Buffer> {
  const columns = def.columns.filter((c) => c.field);
  const { wb, ws } = sheetWithHeader(def.name.en, columns.map((c) => ({ header: headerOf(c), width: c.width })));
  ws.addRow(columns.map((c) => safe(c.example)));
  ws.getRow(2).font = { italic: true, color: { argb: 'FF808080' } };
  const notes = wb.addWorksheet('说明 Notes');
  notes.columns = [{ header: '列 Column', width: 28 }, { header: '必填 Required', width: 14 }, { header: '说明', width: 50 }, { header: 'Notes', width: 60 }];
  notes.getRow(1).font = { bold: true };
  for (const c of columns) notes.addRow([headerOf(c), c.required ? '是 Yes' : '', c.note.zh, c.note.en]);
  notes.addRow([]);
  notes.addRow(['', '', '第 2 行是示例，导入前请删除或改写（原样保留的示例行会被拒绝）；列名须与第 1 行一致；已存在的编码会被更新（空白单元格保留原值），全部行无误才会导入。', 'Row 2 is an example: delete or overwrite it before importing (an example row left unchanged is refused). Column names must be those of row 1. Existing codes are updated (a blank cell keeps the stored value); nothing is imported unless every row is right.']);
  for (const n of def.notes ?? []) notes.addRow(['', '', n.zh, n.en]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function loadSheet(file: Buffer): Promise<{ wb: ExcelJS.Workbook; ws: ExcelJS.Worksheet }> {
  const wb = new ExcelJS.Workbook();
  try {
    await wb.xlsx.load(file as unknown as ArrayBuffer);
  } catch {
    throw new DomainError('FILE_TYPE_NOT_ALLOWED');
  }
  const ws = wb.worksheets[0];
  if (!ws) throw new DomainError('IMPORT_FILE_REQUIRED');
  return { wb, ws };
}

const messageOfParsed = (p: Extract<Parsed, { error: unknown }>, lang: Language) =>
  isResultCode(p.error) ? messageOf(p.error, lang, p.params) : translate(`validation.${p.error}`, lang, p.params);

/** Whether a cell holds the template's example value (a flag also when empty: the default). */
function isExample(example: CellValue, text: string, raw: ExcelJS.CellValue): boolean {
  if (example === null || example === '') return text === '';
  if (typeof example === 'boolean') return parseFlag(raw, text) === example;
  return (raw instanceof Date ? raw.toISOString().slice(0, 10) : text) === String(example);
}

/** Reads and checks every row against the form's create and update schemas. */
export async function readRows<Dto, Ctx>(def: SheetDef<Dto, Ctx>, ws: ExcelJS.Worksheet, scope: SheetScope, ctx: Ctx, lang: Language): Promise<{ rows: SheetRow[]; errors: ImportRowErrorDto[] }> {
  const header = readHeader(def.columns, ws.getRow(1), def.name, lang);
  const at: Map<number, Column<Dto, Ctx>> = header.at;
  const errors = header.errors;
  if (errors.length) return { rows: [], errors };
  const byField = new Map(def.columns.filter((c) => c.field).map((c) => [c.field!, c]));
  const columnOf = (field: string) => {
    const c = byField.get(field);
    return c ? label(c, lang) : null;
  };

  // Errors of a row in the order of the sheet's columns (a field no column imports last).
  const position = new Map([...at].map(([col, c]) => [c.field!, col]));
  const inColumnOrder = (a: { field: string }, b: { field: string }) => (position.get(a.field) ?? Infinity) - (position.get(b.field) ?? Infinity);

  const rows: SheetRow[] = [];
  const seen = new Set<string>();
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const raw: Record<string, unknown> = {};
    const texts: Record<string, string> = {};
    // Fields whose cell is blank: an existing record keeps its value there (a migration sheet of codes
    // and names must not wipe the bank accounts and tax numbers it leaves out).
    const blank: string[] = [];
    let empty = true;
    // Every wrong cell of the row, each with its own message (not only the first one).
    const wrong: Array<{ field: string; message: string }> = [];
    for (const [col, c] of at) {
      const cell = row.getCell(col);
      const text = unneutralize(cell.text ?? '').trim();
      if (text !== '' || typeof cell.value === 'boolean') empty = false;
      else blank.push(c.field!);
      texts[c.field!] = text;
      const p: Parsed = c.parse ? c.parse(text, cell.value, ctx) : { value: text === '' ? (c.required ? '' : null) : text };
      if ('error' in p) wrong.push({ field: c.field!, message: messageOfParsed(p, lang) });
      else if ('value' in p) raw[c.field!] = p.value;
    }
    if (empty) continue;
    // The template's example row left in (every column as the template has it) is refused, not
    // imported as a record nobody meant to create.
    if ([...at].every(([col, c]) => isExample(c.example, texts[c.field!], row.getCell(col).value))) {
      errors.push({ row: r, column: null, message: messageOf('IMPORT_EXAMPLE_ROW', lang, { row: r }) });
      continue;
    }
    const create = def.createBody.safeParse({ ...raw, ...def.scopeFields(scope) });
    const update = def.updateBody.safeParse(raw);
    // The form's schemas' rules (at most 50 characters, one of …, a date order…): the first issue of
    // each field a cell did not already refuse (a refused cell is left out of the body, so its field
    // would read as missing).
    const said = new Set(wrong.map((e) => e.field));
    for (const issue of [...(create.success ? [] : create.error.issues), ...(update.success ? [] : update.error.issues)]) {
      const field = String(issue.path[0] ?? '');
      if (said.has(field)) continue;
      said.add(field);
      const missing = raw[field] === '' || raw[field] === undefined || raw[field] === null;
      wrong.push({ field, message: missing ? translate('validation.required', lang) : ruleOf(normalizeIssue(issue), lang, valueAt(raw, issue.path.map(String))) });
    }
    if (wrong.length || !create.success || !update.success) {
      errors.push(...wrong.sort(inColumnOrder).map((e) => ({ row: r, column: columnOf(e.field), message: e.message })));
      continue;
    }
    const createBody = create.data as Record<string, unknown>;
    // Codes are one record whatever their letters' case (codeKey): C001 and c001 in one file repeat a row.
    const key = codeKey(String(createBody[def.keyField]));
    if (seen.has(key)) {
      errors.push({ row: r, column: columnOf(def.keyField), message: messageOf('IMPORT_CODE_REPEATED', lang, { code: String(createBody[def.keyField]) }) });
      continue;
    }
    seen.add(key);
    const updateBody = { ...(update.data as Record<string, unknown>) };
    for (const f of blank) delete updateBody[f];
    rows.push({ row: r, key, create: createBody, update: updateBody, texts });
  }
  return { rows, errors };
}

const norm = (v: unknown): unknown => {
  if (v === undefined || v === null || v === '') return null;
  if (Array.isArray(v)) return JSON.stringify([...v].map(Number).sort((a, b) => a - b));
  if (typeof v === 'bigint') return Number(v);
  return v;
};

/** The update fields whose value differs from the record's (version excluded); none = nothing to write. */
export function changedFields<Dto>(def: SheetDef<Dto, unknown>, dto: Dto, update: Record<string, unknown>): string[] {
  const current = def.current ?? ((d: Dto, f: string) => (d as Record<string, unknown>)[f]);
  return Object.keys(update).filter((f) => f !== 'version' && update[f] !== undefined && norm(update[f]) !== norm(current(dto, f)));
}

/** An import's failure: IMPORT_ROWS_INVALID naming the first wrong row, every wrong row in the appendix. */
export class ImportFailure extends Error {
  constructor(readonly errors: ImportRowErrorDto[]) {
    super('IMPORT_ROWS_INVALID');
  }
}

function sortErrors(all: ImportRowErrorDto[], failFast: boolean) {
  const sorted = [...all].sort((a, b) => a.row - b.row);
  return failFast ? sorted.slice(0, 1) : sorted;
}

export function importError(errors: ImportRowErrorDto[], appendix: Record<string, unknown> = {}): DomainError {
  const first = errors[0];
  const message = first.column ? `${first.column}: ${first.message}` : first.message;
  return new DomainError('IMPORT_ROWS_INVALID', { row: first.row, message, count: new Set(errors.map((e) => e.row)).size }, { errors, ...appendix });
}

/** The column (its label in the language) of a body field of the sheet, or null. */
function columnLabel(def: AnySheetDef, field: string | null, lang: Language): string | null {
  const c = field ? def.columns.find((x) => x.field === field) : undefined;
  return c ? label(c, lang) : null;
}

/**
 * A row the service refused, as the import reports it: a business rule (DomainError) names the
 * column of the cell it is about (the sheet's ruleFields); a check of the form's schema the service
 * runs on the merged record (an employee's leave date before the stored entry date) names each
 * field's column with the schema's words. Anything else is not the row's fault (null: thrown on).
 */
export function rowRefusal(def: AnySheetDef, err: unknown, row: SheetRow, lang: Language): ImportRowErrorDto[] | null {
  if (err instanceof DomainError && err.code === 'INVALID_INPUT' && typeof err.params.field === 'string') {
    // A rule a service names by its field and rule word ({field: 'direction', rule: 'childDirection'}).
    return [{ row: row.row, column: columnLabel(def, err.params.field, lang), message: translate(`validation.${err.params.rule ?? 'invalid'}`, lang, err.params) }];
  }
  if (err instanceof DomainError) {
    const e = def.importRefusal ? def.importRefusal(err, row) : err;
    const rule = def.ruleFields[e.code] ?? def.ruleFields[err.code];
    const field = typeof rule === 'function' ? rule(e, row) : rule ?? null;
    return [{ row: row.row, column: columnLabel(def, field, lang), message: messageOf(e.code, lang, e.params) }];
  }
  if (err instanceof InputValidationError) {
    return err.validation.map((raw) => {
      const issue = normalizeIssue(raw);
      const path = issue.path.map(String);
      return { row: row.row, column: columnLabel(def, path[0] ?? null, lang), message: ruleOf(issue, lang, valueAt(err.source, path)) };
    });
  }
  return null;
}

/**
 * Imports the sheet, all rows or none, in one transaction through the resource's service: new keys
 * are created, existing ones updated with only the changed fields; rows that change nothing are
 * not written. Throws ImportFailure (every wrong row; failFast only the first) and writes nothing.
 */
export async function importSheet<Dto, Ctx>(db: Db, def: SheetDef<Dto, Ctx>, v: { scope: SheetScope; file: Buffer; failFast: boolean; lang: Language }): Promise<ImportResultDto> {
  const { ws } = await loadSheet(v.file);
  const ctx = await def.context(db, v.scope);
  const { rows, errors } = await readRows(def, ws, v.scope, ctx, v.lang);
  // The good rows still go through the service's rules (in a transaction then rolled back), so every
  // wrong row is reported at once.
  if (errors.length && !rows.length) throw new ImportFailure(sortErrors(errors, v.failFast));
  if (!rows.length) return { created: 0, updated: 0, unchanged: 0 };
  const ordered = def.order ? def.order(rows) : rows;
  return withTx(db, async (tx) => {
    const result = { created: 0, updated: 0, unchanged: 0 };
    const existing = await def.existing(tx, v.scope);
    for (const r of ordered) {
      try {
        const dto = existing.get(r.key);
        if (def.resolve) await def.resolve(tx, v.scope, r);
        if (!dto) {
          await def.create(tx, v.scope, r.create as never);
          result.created++;
          continue;
        }
        const update = def.narrow ? def.narrow(dto, r.update) : r.update;
        const changed = changedFields(def as SheetDef<Dto, unknown>, dto, update);
        if (!changed.length) {
          result.unchanged++;
          continue;
        }
        await def.update(tx, v.scope, dto, Object.fromEntries(changed.map((f) => [f, update[f]])) as never);
        result.updated++;
      } catch (err) {
        const refused = rowRefusal(def, err, r, v.lang);
        if (!refused) throw err;
        errors.push(...refused);
        if (v.failFast) break;
      }
    }
    // Any wrong row undoes every row (the transaction rolls back).
    if (errors.length) throw new ImportFailure(sortErrors(errors, v.failFast));
    return result;
  });
}

/** The uploaded workbook with an added error column: each wrong row's messages, highlighted. */
export async function buildErrorWorkbook(file: Buffer, errors: readonly ImportRowErrorDto[]): Promise<Buffer | null> {
  let loaded: { wb: ExcelJS.Workbook; ws: ExcelJS.Worksheet };
  try {
    loaded = await loadSheet(file);
  } catch {
    return null;
  }
  const { wb, ws } = loaded;
  const col = Math.max(1, ws.getRow(1).cellCount, ws.columnCount) + 1;
  ws.getRow(1).getCell(col).value = ERROR_HEADER;
  ws.getRow(1).getCell(col).font = { bold: true, color: { argb: 'FFC00000' } };
  ws.getColumn(col).width = 50;
  const byRow = new Map<number, string[]>();
  for (const e of errors) byRow.set(e.row, [...(byRow.get(e.row) ?? []), e.column ? `${e.column}: ${e.message}` : e.message]);
  for (const [row, messages] of byRow) {
    const cell = ws.getRow(row).getCell(col);
    // The header row's messages go below the column's own header (which a re-import still recognises).
    cell.value = row === 1 ? `${ERROR_HEADER}\n${messages.join('\n')}` : neutralizeCell(messages.join('; '));
    cell.font = { bold: row === 1, color: { argb: 'FFC00000' } };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFDE2E2' } };
    if (row === 1) cell.alignment = { wrapText: true, vertical: 'top' };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}
