/**
 * The cash journal workbook (spec 01 §7 template 'cash'; decision 035): one row per journal line,
 * bilingual headers "中文 English", text neutralised against formula injection. The import reads the
 * same layout (columns found by header, export-only columns ignored) into new lines of the chosen
 * bank account; the lines then go through the journal's save rules (service.importLines), all or
 * nothing, each refusal naming its sheet row.
 */
import ExcelJS from 'exceljs';
import type { Language } from '../../../domain/enums';
import { parsePastedAmount } from '../../../domain/money';
import { AMOUNT_NUM_FMT, centsCell } from '../export/sheets/cells';
import { neutralizeCell } from '../../../domain/spreadsheet-safety';
import { DomainError } from '../../../domain/result-codes';
import { CASH_LINE_MAX_CENTS } from '../../../domain/cashier-journal';
import type { CashLineDto } from '../../../contract/cashier-journal';
import type { ImportRowErrorDto } from '../../../contract/export';
import { cellText, headerOf, uploadedSheet } from '../export/sheet';
import { messageOf, translate } from '../../http/messages';

export const CASH_SHEET = { zh: '日记账', en: 'Cash journal', file: 'cash-journal' };

type Field = 'date' | 'summary' | 'kindCode' | 'counterparty' | 'receipt' | 'payment';
type Cell = string | number | null;

interface Column {
  zh: string;
  en: string;
  width: number;
  field?: Field;
  cell: (l: CashLineDto) => Cell;
  example: Cell;
  numFmt?: string;
  note: { zh: string; en: string };
}

const money = (cents: string) => (cents === '0' ? null : centsCell(cents));

export const CASH_COLUMNS: readonly Column[] = [
  { zh: '账户', en: 'Account', width: 18, cell: (l) => `${l.bankAccount.code} ${l.bankAccount.name}`, example: '', note: { zh: '仅导出；导入到所选账户', en: 'Exported only; lines are imported into the chosen account' } },
  { zh: '日期', en: 'Date', width: 12, field: 'date', cell: (l) => l.date, example: '2026-01-05', note: { zh: '必填，YYYY-MM-DD，不早于账户的启用日期，且在账套的会计年度内', en: "Required, YYYY-MM-DD, not before the account's start date and within the ledger set's account years" } },
  { zh: '编号', en: 'Number', width: 8, cell: (l) => l.code, example: '', note: { zh: '仅导出；导入时按账户和月份重新编号', en: 'Exported only; imported lines are numbered afresh per account and month' } },
  { zh: '摘要', en: 'Summary', width: 28, field: 'summary', cell: (l) => l.summary, example: '收到货款', note: { zh: '可空，最多 200 个字符', en: 'Optional, at most 200 characters' } },
  { zh: '收支类型编码', en: 'Kind code', width: 14, field: 'kindCode', cell: (l) => l.kind?.code ?? null, example: '', note: { zh: '可空；账套内收入（收入行）或支出（支出行）类型的编码', en: 'Optional; the code of an income (receipt) or outcome (payment) kind of the ledger set' } },
  { zh: '收支类型', en: 'Kind', width: 14, cell: (l) => l.kind?.name ?? null, example: '', note: { zh: '仅导出，导入时忽略', en: 'Exported only; ignored on import' } },
  { zh: '往来单位', en: 'Counterparty', width: 20, field: 'counterparty', cell: (l) => l.counterparty, example: '', note: { zh: '可空，最多 100 个字符', en: 'Optional, at most 100 characters' } },
  { zh: '收入', en: 'Receipt', width: 14, field: 'receipt', numFmt: AMOUNT_NUM_FMT, cell: (l) => money(l.receiptCents), example: '1000.00', note: { zh: '收入与支出恰好填一个正数', en: 'Exactly one of receipt and payment, positive' } },
  { zh: '支出', en: 'Payment', width: 14, field: 'payment', numFmt: AMOUNT_NUM_FMT, cell: (l) => money(l.paymentCents), example: '', note: { zh: '收入与支出恰好填一个正数', en: 'Exactly one of receipt and payment, positive' } },
  { zh: '余额', en: 'Balance', width: 14, numFmt: AMOUNT_NUM_FMT, cell: (l) => centsCell(l.balanceCents), example: '', note: { zh: '仅导出，由系统计算', en: 'Exported only; computed' } },
];

function sheetOf(wb: ExcelJS.Workbook): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(`${CASH_SHEET.zh} ${CASH_SHEET.en}`);
  ws.columns = CASH_COLUMNS.map((c) => ({ header: headerOf(c), width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
  ws.getRow(1).font = { bold: true };
  return ws;
}

const safe = (v: Cell) => (typeof v === 'string' ? neutralizeCell(v) : v);

export async function buildCashWorkbook(lines: CashLineDto[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = sheetOf(wb);
  for (const l of lines) ws.addRow(CASH_COLUMNS.map((c) => safe(c.cell(l))));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function buildCashTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = sheetOf(wb);
  const example = ws.addRow(CASH_COLUMNS.map((c) => c.example));
  example.font = { color: { argb: 'FF888888' } };
  const notes = wb.addWorksheet('说明 Notes');
  notes.columns = [{ header: '列 Column', width: 24 }, { header: '说明', width: 50 }, { header: 'Notes', width: 60 }];
  notes.getRow(1).font = { bold: true };
  for (const c of CASH_COLUMNS) notes.addRow([headerOf(c), c.note.zh, c.note.en]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A line read from the sheet with its row. */
export interface SheetCashLine {
  row: number;
  date: string;
  summary: string;
  kindCode: string | null;
  counterparty: string | null;
  receiptCents: number;
  paymentCents: number;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the workbook; every wrong cell is reported (row, column, message) and nothing is returned then. */
export async function readCashWorkbook(file: Buffer, lang: Language): Promise<SheetCashLine[]> {
  const { ws, byField } = await uploadedSheet<Field>(file, CASH_COLUMNS);
  const errors: ImportRowErrorDto[] = [];
  const bad = (row: number, field: Field, message: string) => errors.push({ row, column: headerOf(CASH_COLUMNS.find((x) => x.field === field)!), message });
  const invalid = (v: string) => messageOf('INVALID_INPUT', lang, { detail: v || translate('validation.required', lang) });
  const out: SheetCashLine[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const get = (f: Field) => (byField.has(f) ? cellText(ws.getRow(r).getCell(byField.get(f)!).value) : '');
    const fields: Field[] = ['date', 'summary', 'kindCode', 'counterparty', 'receipt', 'payment'];
    if (fields.every((f) => get(f) === '')) continue;
    const date = get('date');
    if (!DATE.test(date)) bad(r, 'date', invalid(date));
    const cents = (f: 'receipt' | 'payment') => {
      const v = get(f);
      if (!v) return 0;
      const p = parsePastedAmount(v, { maxAbsCents: CASH_LINE_MAX_CENTS });
      if (!p.ok || p.cents < 0) {
        bad(r, f, invalid(v));
        return 0;
      }
      return p.cents;
    };
    const summary = get('summary');
    if (summary.length > 200) bad(r, 'summary', invalid(summary.slice(0, 20)));
    const counterparty = get('counterparty');
    if (counterparty.length > 100) bad(r, 'counterparty', invalid(counterparty.slice(0, 20)));
    out.push({ row: r, date, summary, kindCode: get('kindCode') || null, counterparty: counterparty || null, receiptCents: cents('receipt'), paymentCents: cents('payment') });
  }
  if (errors.length) throw new DomainError('IMPORT_ROWS_INVALID', { row: errors[0].row, message: `${errors[0].column}: ${errors[0].message}`, count: new Set(errors.map((e) => e.row)).size }, { errors });
  if (!out.length) throw new DomainError('REIMBURSE_NO_VALID_DATA');
  return out;
}
