/**
 * The voucher workbook (spec 01 §7 exportXls / importXls; decisions 015 and 018 for the shared
 * rules): one row per voucher line, bilingual headers "中文 English", text cells neutralised against
 * formula injection. The import reads the same layout (columns found by header, in any order;
 * export-only columns ignored), so an exported workbook imports again. Amounts are text read into
 * cents by the money rules; auxiliary values are given by code, by name, or as "code name".
 */
import ExcelJS from 'exceljs';
import type { Language } from '../../../domain/enums';
import { parsePastedAmount } from '../../../domain/money';
import { AMOUNT_NUM_FMT, centsCell } from '../export/sheets/cells';
import { neutralizeCell } from '../../../domain/spreadsheet-safety';
import type { ResultCode } from '../../../domain/result-codes';
import type { VoucherDto, VoucherItemDto } from '../../../contract/voucher';
import type { ImportRowErrorDto } from '../../../contract/export';
import { columnOfHeader, headerOf, unneutralize } from '../export/sheet';
import { messageOf, translate } from '../../http/messages';
import zhVoucher from '../../../../locales/zh_CN/voucher.json' with { type: 'json' };
import enVoucher from '../../../../locales/en_US/voucher.json' with { type: 'json' };
import type { AuxDimension } from './usage';
import { codeKey } from '../../../domain/half-width';

export const VOUCHER_SHEET = { zh: '凭证', en: 'Vouchers', file: 'vouchers' };

type CellValue = string | number | null;
type Field = 'date' | 'kind' | 'number' | 'bills' | 'summary' | 'subjectCode' | AuxDimension | 'debit' | 'credit';

export interface VoucherColumn {
  zh: string;
  en: string;
  width: number;
  /** The cell of one line. */
  cell: (v: VoucherDto, item: VoucherItemDto) => CellValue;
  /** What the import reads from it; none = exported only (ignored on import). */
  field?: Field;
  required?: boolean;
  /** Excel's number format of the column (amounts: numbers with two decimals, so Excel sums them). */
  numFmt?: string;
  note: { zh: string; en: string };
}



const auxCell = (dim: AuxDimension) => (_v: VoucherDto, item: VoucherItemDto): CellValue => {
  const a = item.auxes.find((x) => x.auxType === dim);
  if (!a) return null;
  return a.auxData.code ? `${a.auxData.code} ${a.auxData.name}` : a.auxData.name;
};

const AUX_NOTE = { zh: '可空；该科目有此辅助核算时必填。填编码、名称或“编码 名称”', en: "Optional; required when the subject takes this auxiliary type. The code, the name, or 'code name'" };
const aux = (dim: AuxDimension, zh: string, en: string): VoucherColumn => ({ zh, en, width: 18, field: dim, cell: auxCell(dim), note: AUX_NOTE });

const stateWords = (v: VoucherDto) => {
  const key = v.lifecycle as keyof typeof zhVoucher.states;
  return `${zhVoucher.states[key] ?? v.lifecycle} ${enVoucher.states[key] ?? ''}`.trim();
};

export const VOUCHER_COLUMNS: readonly VoucherColumn[] = [
  { zh: '日期', en: 'Date', width: 12, field: 'date', required: true, cell: (v) => v.markTime.slice(0, 10), note: { zh: '必填，YYYY-MM-DD 或 Excel 日期；决定会计期间', en: 'Required, YYYY-MM-DD or an Excel date; it decides the period' } },
  { zh: '凭证字', en: 'Kind', width: 8, field: 'kind', required: true, cell: (v) => v.kindName, note: { zh: '必填，本账套的凭证字（如 记、收、付、转）或其英文名', en: 'Required: a voucher kind of the ledger set (记, 收, 付, 转 …) or its English name' } },
  { zh: '凭证号', en: 'Number', width: 8, field: 'number', required: true, cell: (v) => v.codeText, note: { zh: '必填，数字。日期、凭证字、凭证号相同的行组成一张凭证；导入后按期间重新编号', en: 'Required, digits. Rows with the same date, kind and number make one voucher; imported vouchers are numbered afresh in their period' } },
  { zh: '附单据数', en: 'Bills', width: 9, field: 'bills', cell: (v) => v.billCount, note: { zh: '可空，0–9999；取该凭证第一行的值', en: "Optional, 0–9999; the voucher's first row gives it" } },
  { zh: '摘要', en: 'Summary', width: 28, field: 'summary', required: true, cell: (_v, i) => i.summary, note: { zh: '必填，最多 50 个字符', en: 'Required, at most 50 characters' } },
  { zh: '科目编码', en: 'Subject code', width: 12, field: 'subjectCode', required: true, cell: (_v, i) => i.subjectCode, note: { zh: '必填，凭证日期所在会计年度的末级、未停用科目', en: "Required: an enabled leaf subject of the date's account year" } },
  { zh: '科目名称', en: 'Subject name', width: 30, cell: (_v, i) => i.subjectFullName, note: { zh: '仅导出，导入时忽略', en: 'Exported only; ignored on import' } },
  aux('department', '部门', 'Department'),
  aux('employee', '职员', 'Employee'),
  aux('customer', '客户', 'Customer'),
  aux('vendor', '供应商', 'Vendor'),
  aux('project', '项目', 'Project'),
  aux('budget', '预算', 'Budget'),
  { zh: '借方金额', en: 'Debit', width: 14, field: 'debit', numFmt: AMOUNT_NUM_FMT, cell: (_v, i) => (i.direction ? centsCell(Number(i.amount)) : null), note: { zh: '元，最多两位小数，可为负数（红字）；借方与贷方只填一个', en: 'In currency units, at most 2 decimals, negative for red entries; fill either debit or credit' } },
  { zh: '贷方金额', en: 'Credit', width: 14, field: 'credit', numFmt: AMOUNT_NUM_FMT, cell: (_v, i) => (i.direction ? null : centsCell(Number(i.amount))), note: { zh: '同借方金额', en: 'As the debit' } },
  { zh: '制单人', en: 'Maker', width: 10, cell: (v) => v.createdByName, note: { zh: '仅导出，导入时忽略（制单人为导入者）', en: 'Exported only; ignored on import (the importer is the maker)' } },
  { zh: '审核人', en: 'Auditor', width: 10, cell: (v) => v.auditByName, note: { zh: '仅导出，导入时忽略（导入的凭证未审核）', en: 'Exported only; ignored on import (imported vouchers are not examined)' } },
  { zh: '记账人', en: 'Bookkeeper', width: 10, cell: (v) => v.bookKeepByName, note: { zh: '仅导出，导入时忽略', en: 'Exported only; ignored on import' } },
  { zh: '出纳', en: 'Cashier', width: 10, cell: (v) => v.cashierByName, note: { zh: '仅导出，导入时忽略', en: 'Exported only; ignored on import' } },
  { zh: '状态', en: 'State', width: 16, cell: stateWords, note: { zh: '仅导出，导入时忽略（导入的凭证为已保存状态）', en: 'Exported only; ignored on import (imported vouchers are saved drafts)' } },
];

const EXAMPLE: CellValue[][] = [
  ['2026-03-15', '记', '0001', 2, '收到律师费', '1002', '银行存款', null, null, null, null, null, null, 12000, null, null, null, null, null, null],
  ['2026-03-15', '记', '0001', 2, '收到律师费', '5001', '主营业务收入', null, null, null, null, null, null, null, 12000, null, null, null, null, null],
];

const safe = (v: CellValue) => (typeof v === 'string' ? neutralizeCell(v) : v);

function workbookWithHeader() {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Ledgerdesk';
  const ws = wb.addWorksheet(VOUCHER_SHEET.en);
  ws.columns = VOUCHER_COLUMNS.map((c) => ({ header: headerOf(c), width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  return { wb, ws };
}

/** The export workbook: one row per line of each voucher, in the given order. */
export async function buildVoucherWorkbook(vouchers: readonly VoucherDto[]): Promise<Buffer> {
  const { wb, ws } = workbookWithHeader();
  for (const v of vouchers) for (const item of v.items) ws.addRow(VOUCHER_COLUMNS.map((c) => safe(c.cell(v, item))));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The import template: the export's header row, two example lines (grey) and the notes sheet. */
export async function buildVoucherTemplate(): Promise<Buffer> {
  const { wb, ws } = workbookWithHeader();
  for (const r of EXAMPLE) ws.addRow(r.map(safe));
  ws.getRow(2).font = { italic: true, color: { argb: 'FF808080' } };
  ws.getRow(3).font = { italic: true, color: { argb: 'FF808080' } };
  const notes = wb.addWorksheet('说明 Notes');
  notes.columns = [{ header: '列 Column', width: 24 }, { header: '必填 Required', width: 14 }, { header: '说明', width: 60 }, { header: 'Notes', width: 70 }];
  notes.getRow(1).font = { bold: true };
  for (const c of VOUCHER_COLUMNS) notes.addRow([headerOf(c), c.required ? '是 Yes' : '', c.note.zh, c.note.en]);
  notes.addRow([]);
  notes.addRow(['', '', '第 2、3 行是示例（一张两行的凭证），导入前请删除或改写。', 'Rows 2 and 3 are an example (one voucher of two lines): delete or overwrite them before importing.']);
  notes.addRow(['', '', '每张凭证按编辑器的保存规则检查（借贷平衡、必填项、末级科目、辅助核算）；任何一行有错，整个文件都不导入。可先“检查”（不写入）。', "Every voucher is checked with the editor's save rules (balance, required items, leaf subjects, auxiliary values); one wrong row and nothing is imported. Check first (dry run) to write nothing."]);
  notes.addRow(['', '', '与导出的 Excel 格式相同：导出的文件可直接导入（例如导入另一账套）。', 'The layout of the exported workbook: an export imports again as it is (into another ledger set, say).']);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** One line read from the sheet, its references still by code or name. */
export interface SheetLine {
  row: number;
  date: string;
  kind: string;
  number: number;
  bills: number | null;
  summary: string;
  subjectCode: string;
  aux: Partial<Record<AuxDimension, string>>;
  /** Signed cents on its side. */
  direction: boolean;
  amountCents: number;
}

const label = (c: { zh: string; en: string }, lang: Language) => (lang === 'en_US' ? c.en : c.zh);
const columnOfField = (field: Field) => VOUCHER_COLUMNS.find((c) => c.field === field)!;

/** A date cell (an Excel date or YYYY-MM-DD, also with / or .) as YYYY-MM-DD, or null when it is no date. */
function dateOf(raw: ExcelJS.CellValue, text: string): string | null {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? null : raw.toISOString().slice(0, 10);
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(text);
  if (!m) return null;
  const iso = `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}`;
  const d = new Date(`${iso}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === iso ? iso : null;
}

/** The bill count, amount and auxiliary cells of a row; null after reporting its first error. */
function lineOf(r: number, texts: Partial<Record<Field, string>>, fail: (field: Field | null, message: string) => void, lang: Language): Pick<SheetLine, 'row' | 'bills' | 'aux' | 'direction' | 'amountCents'> | null {
  let bills: number | null = null;
  if (texts.bills) {
    if (!/^\d{1,4}$/.test(texts.bills)) {
      fail('bills', translate('validation.max', lang, { max: 9999 }));
      return null;
    }
    bills = Number(texts.bills);
  }
  const amounts: Array<{ field: 'debit' | 'credit'; cents: number }> = [];
  for (const field of ['debit', 'credit'] as const) {
    const t = (texts[field] ?? '').trim();
    if (!t) continue;
    const a = parsePastedAmount(t, { allowNegative: true });
    if (!a.ok) {
      fail(field, translate('validation.invalid', lang));
      return null;
    }
    if (a.cents !== 0) amounts.push({ field, cents: a.cents });
  }
  if (amounts.length !== 1) {
    fail(null, messageOf(amounts.length ? 'VOUCHER_DEBIT_AND_CREDIT' : 'VOUCHER_ZERO_LINE', lang, { row: r }));
    return null;
  }
  const aux: SheetLine['aux'] = {};
  for (const dim of ['department', 'employee', 'customer', 'vendor', 'project', 'budget'] as const) if (texts[dim]) aux[dim] = texts[dim];
  return { row: r, bills, aux, direction: amounts[0].field === 'debit', amountCents: amounts[0].cents };
}

/**
 * Reads every non-empty row: the required columns must be there (else row 1 is wrong), each cell
 * is checked for its shape (dates, numbers, amounts on exactly one side); references are resolved
 * later by the caller. Answers the lines and every wrong row (its first error).
 */
export function readVoucherLines(ws: ExcelJS.Worksheet, lang: Language): { lines: SheetLine[]; errors: ImportRowErrorDto[]; badKeys: Set<string> } {
  const at = new Map<number, VoucherColumn>();
  ws.getRow(1).eachCell((cell, col) => {
    const c = columnOfHeader(VOUCHER_COLUMNS, cell.text ?? '');
    if (c?.field) at.set(col, c);
  });
  const errors: ImportRowErrorDto[] = [];
  const have = new Set(at.values());
  for (const c of VOUCHER_COLUMNS) if (c.required && !have.has(c)) errors.push({ row: 1, column: label(c, lang), message: translate('validation.required', lang) });
  const badKeys = new Set<string>();
  if (errors.length) return { lines: [], errors, badKeys };

  const lines: SheetLine[] = [];
  for (let r = 2; r <= ws.rowCount; r++) {
    const row = ws.getRow(r);
    const texts: Partial<Record<Field, string>> = {};
    const raws: Partial<Record<Field, ExcelJS.CellValue>> = {};
    for (const [col, c] of at) {
      const cell = row.getCell(col);
      texts[c.field!] = unneutralize(cell.text ?? '').trim();
      raws[c.field!] = cell.value;
    }
    if (Object.values(texts).every((t) => !t)) continue;
    const fail = (field: Field, message: string) => errors.push({ row: r, column: label(columnOfField(field), lang), message });
    const required = (field: Field) => {
      if (texts[field]) return false;
      fail(field, translate('validation.required', lang));
      return true;
    };
    if ((['date', 'kind', 'number', 'summary', 'subjectCode'] as const).some(required)) continue;
    const date = dateOf(raws.date ?? null, texts.date!);
    if (!date) {
      fail('date', translate('validation.date', lang));
      continue;
    }
    if (!/^\d{1,9}$/.test(texts.number!)) {
      fail('number', translate('validation.invalid', lang));
      continue;
    }
    // From here on a wrong row still names its voucher: that voucher is not checked further (it lacks a line).
    const key = voucherKey(date, texts.kind!, Number(texts.number));
    const line = lineOf(r, texts, (field, message) => (field ? fail(field, message) : errors.push({ row: r, column: null, message })), lang);
    if (!line) {
      badKeys.add(key);
      continue;
    }
    lines.push({ ...line, date, kind: texts.kind!, number: Number(texts.number), summary: texts.summary!, subjectCode: texts.subjectCode! });
  }
  return { lines, errors, badKeys };
}

/** The key a line's voucher is known by in the sheet. */
export const voucherKey = (date: string, kind: string, number: number) => `${date}|${kind.trim().toUpperCase()}|${number}`;

/** The lines grouped into vouchers by (date, kind, number), in the order each voucher first appears. */
export function groupVoucherLines(lines: readonly SheetLine[]): Array<{ key: string; lines: SheetLine[] }> {
  const groups = new Map<string, SheetLine[]>();
  for (const l of lines) {
    const key = voucherKey(l.date, l.kind, l.number);
    const g = groups.get(key);
    if (g) g.push(l);
    else groups.set(key, [l]);
  }
  return [...groups].map(([key, g]) => ({ key, lines: g }));
}

/** A record referred to by a cell: its code, its name (when unique), or "code name". */
export function resolveRef(records: ReadonlyArray<{ id: number; code: string | null; name: string }>, text: string): number | null {
  const t = text.trim();
  // Codes name one record whatever their letters' case (decision 072).
  const key = codeKey(t);
  const byCode = records.find((r) => r.code !== null && codeKey(r.code) === key);
  if (byCode) return byCode.id;
  const byName = records.filter((r) => r.name === t);
  if (byName.length === 1) return byName[0].id;
  const space = t.indexOf(' ');
  if (space > 0) {
    const code = codeKey(t.slice(0, space));
    const hit = records.find((r) => r.code !== null && codeKey(r.code) === code);
    if (hit) return hit.id;
  }
  return null;
}

/** The message of a refusal for a sheet row: the row number in it is the sheet's. */
export const rowMessage = (code: ResultCode, lang: Language, params: Record<string, string | number>, sheetRow: number) => messageOf(code, lang, { ...params, row: sheetRow });

export const columnLabel = (field: Field, lang: Language) => label(columnOfField(field), lang);
