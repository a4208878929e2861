/**
 * The expense workbook (spec 01 §7 /expense exportXls, importXls and the 'expense' template; decision
 * 034): one row per invoice line with its document's header, bilingual headers "中文 English", text
 * neutralised against formula injection. The import reads the same layout (columns found by header,
 * export-only columns ignored): rows with the same code make one document (the code only groups:
 * imported documents are numbered afresh in their month), and every document goes through the
 * editor's save rules (createExpense) in one transaction, so a wrong row imports nothing. Every
 * wrong row is reported (the cells here, the business rules by the service) with the error
 * workbook, as the master-data imports do (decision 018).
 */
import ExcelJS from 'exceljs';
import type { Language } from '../../../domain/enums';
import { parsePastedAmount, type AmountResult } from '../../../domain/money';
import { AMOUNT_NUM_FMT, centsCell } from '../export/sheets/cells';
import { neutralizeCell } from '../../../domain/spreadsheet-safety';
import { DomainError } from '../../../domain/result-codes';
import { formatReimbursementCode, PAY_AMOUNT_MAX_CENTS } from '../../../domain/reimbursement';
import { REIMBURSE_LINE_MAX_CENTS, TEXT_BASE } from '../../../domain/constants';
import { isDateString } from '../../../domain/voucher-rules';
import type { ExpenseDto, ExpenseLineIn } from '../../../contract/expense';
import type { ImportRowErrorDto } from '../../../contract/export';
import { cellText, headerOf, uploadedSheet } from '../export/sheet';
import { messageOf, translate } from '../../http/messages';

export const EXPENSE_SHEET = { zh: '报销单', en: 'Reimbursements', file: 'expenses' };

type Field = 'code' | 'markAt' | 'submitAt' | 'submitterCode' | 'payAt' | 'payAmount' | 'kind' | 'issueAt' | 'no' | 'amount' | 'remark';
type Cell = string | number | null;

interface Column {
  zh: string;
  en: string;
  width: number;
  field?: Field;
  cell: (d: ExpenseDto, line: NonNullable<ExpenseDto['invoices']>[number]) => Cell;
  example: Cell;
  numFmt?: string;
  note: { zh: string; en: string };
}

export const EXPENSE_COLUMNS: readonly Column[] = [
  { zh: '单号', en: 'Code', width: 13, field: 'code', cell: (d) => formatReimbursementCode(d.code), example: '202611-0001', note: { zh: '必填；单号相同的行组成一张报销单，导入后按月重新编号', en: 'Required; rows with the same code make one document, numbered afresh on import' } },
  { zh: '制单日期', en: 'Mark date', width: 12, field: 'markAt', cell: (d) => d.markAt, example: '2026-11-05', note: { zh: '必填，YYYY-MM-DD；取该单第一行', en: "Required, YYYY-MM-DD; the document's first row gives it" } },
  { zh: '报销日期', en: 'Submit date', width: 12, field: 'submitAt', cell: (d) => d.submitAt, example: '2026-11-04', note: { zh: '可空，YYYY-MM-DD', en: 'Optional, YYYY-MM-DD' } },
  { zh: '报销人编码', en: 'Submitter code', width: 12, field: 'submitterCode', cell: (d) => d.submitter?.code ?? null, example: 'E001', note: { zh: '可空，本公司未停用员工的编码', en: 'Optional: the code of an enabled employee of the company' } },
  { zh: '报销人', en: 'Submitter', width: 12, cell: (d) => d.submitter?.name ?? null, example: '张三', note: { zh: '仅导出，导入时忽略', en: 'Exported only; ignored on import' } },
  { zh: '付款日期', en: 'Pay date', width: 12, field: 'payAt', cell: (d) => d.payAt, example: '', note: { zh: '可空，YYYY-MM-DD', en: 'Optional, YYYY-MM-DD' } },
  { zh: '付款金额', en: 'Pay amount', width: 14, field: 'payAmount', numFmt: AMOUNT_NUM_FMT, cell: (d) => centsCell(d.payAmount), example: '0', note: { zh: '可空，0 到 21,000,000.00', en: 'Optional, 0 to 21,000,000.00' } },
  { zh: '费用类型', en: 'Expense kind', width: 14, field: 'kind', cell: (_d, l) => l.expenseKindName, example: '差旅费', note: { zh: '必填，本公司未停用的费用类型名称', en: 'Required: the name of an enabled expense kind of the company' } },
  { zh: '开票日期', en: 'Invoice date', width: 12, field: 'issueAt', cell: (_d, l) => l.issueAt, example: '2026-11-03', note: { zh: '必填，YYYY-MM-DD', en: 'Required, YYYY-MM-DD' } },
  { zh: '发票号码', en: 'Invoice number', width: 18, field: 'no', cell: (_d, l) => l.no, example: '04410001', note: { zh: '必填；同一公司内只能报销一次', en: 'Required; reimbursed once per company' } },
  { zh: '金额', en: 'Amount', width: 14, field: 'amount', numFmt: AMOUNT_NUM_FMT, cell: (_d, l) => centsCell(l.amount), example: '128.50', note: { zh: '必填，非零，绝对值不超过 21,000,000.00', en: 'Required, not zero, at most 21,000,000.00 either way' } },
  { zh: '备注', en: 'Remark', width: 20, field: 'remark', cell: (_d, l) => l.remark, example: '', note: { zh: '可空，最多 50 个字符', en: 'Optional, at most 50 characters' } },
  { zh: '状态', en: 'State', width: 10, cell: (d) => (d.lockAt ? '已审核 Audited' : '未审核 Unaudited'), example: '', note: { zh: '仅导出，导入的报销单均为未审核', en: 'Exported only; imported documents are unaudited' } },
];

function sheetOf(wb: ExcelJS.Workbook): ExcelJS.Worksheet {
  const ws = wb.addWorksheet(`${EXPENSE_SHEET.zh} ${EXPENSE_SHEET.en}`);
  ws.columns = EXPENSE_COLUMNS.map((c) => ({ header: headerOf(c), width: c.width, ...(c.numFmt ? { style: { numFmt: c.numFmt } } : {}) }));
  ws.getRow(1).font = { bold: true };
  return ws;
}

const safe = (v: Cell) => (typeof v === 'string' ? neutralizeCell(v) : v);

export async function buildExpenseWorkbook(docs: ExpenseDto[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = sheetOf(wb);
  for (const d of docs) for (const l of d.invoices ?? []) ws.addRow(EXPENSE_COLUMNS.map((c) => safe(c.cell(d, l))));
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function buildExpenseTemplate(): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = sheetOf(wb);
  const example = ws.addRow(EXPENSE_COLUMNS.map((c) => c.example));
  example.font = { color: { argb: 'FF888888' } };
  const notes = wb.addWorksheet('说明 Notes');
  notes.columns = [{ header: '列 Column', width: 24 }, { header: '说明', width: 50 }, { header: 'Notes', width: 60 }];
  notes.getRow(1).font = { bold: true };
  for (const c of EXPENSE_COLUMNS) notes.addRow([headerOf(c), c.note.zh, c.note.en]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A document read from the sheet: its first row, its rows, its header and its lines with their rows. */
export interface SheetDocument {
  row: number;
  /** Every sheet row of the document (its first row included). */
  rows: number[];
  code: string;
  markAt: string;
  submitAt: string | null;
  submitterCode: string | null;
  payAt: string | null;
  payAmount: number;
  lines: Array<{ row: number; kindName: string; line: ExpenseLineIn }>;
}

export type ExpenseField = Field;

/** The column an import error names: the bilingual header of the field's column. */
export const expenseColumn = (field: Field): string => headerOf(EXPENSE_COLUMNS.find((c) => c.field === field)!);

const MAX_TEXT = '21,000,000.00';

/**
 * Reads the workbook and checks every cell's shape (spec 02 §5 for the lines): the required cells,
 * dates (YYYY-MM-DD), amounts (the pay amount 0 to the maximum cost, a line's amount non-zero and
 * within the maximum either way), text lengths. A line with only some of its cells is reported per
 * missing cell; a row with none of the line's cells (only a code and header) adds no line. Every
 * wrong cell is answered as {row, column, message}, together with every document read: the
 * business rules (references, invoice numbers) are checked by the service on all of them.
 */
export async function readExpenseWorkbook(file: Buffer, lang: Language): Promise<{ docs: SheetDocument[]; errors: ImportRowErrorDto[] }> {
  const { ws, byField } = await uploadedSheet<Field>(file, EXPENSE_COLUMNS);
  const errors: ImportRowErrorDto[] = [];
  const docs = new Map<string, SheetDocument>();
  const bad = (row: number, field: Field, message: string) => errors.push({ row, column: expenseColumn(field), message });
  const rule = (key: string, params: Record<string, string | number> = {}) => translate(`validation.${key}`, lang, params);
  const required = rule('required');
  const amountRule = (r: AmountResult, what: 'pay' | 'line') => {
    if (r.ok) return null;
    if (r.code === 'AMOUNT_ABOVE_MAXIMUM') return what === 'pay' ? rule('max', { max: MAX_TEXT }) : rule('absMax', { max: MAX_TEXT });
    if (r.code === 'AMOUNT_NEGATIVE_NOT_ALLOWED') return rule('min', { min: 0 });
    return rule('amountFormat');
  };
  const date = (row: number, field: Field, text: string, need: boolean): string | null => {
    if (!text) {
      if (need) bad(row, field, required);
      return null;
    }
    if (!isDateString(text)) {
      bad(row, field, rule('date'));
      return null;
    }
    return text;
  };
  const text = (row: number, field: Field, value: string): string | null => {
    if (value.length > TEXT_BASE) bad(row, field, rule('tooLong', { max: TEXT_BASE }));
    return value || null;
  };
  for (let r = 2; r <= ws.rowCount; r++) {
    const get = (f: Field) => (byField.has(f) ? cellText(ws.getRow(r).getCell(byField.get(f)!).value) : '');
    const values = (['code', 'markAt', 'kind', 'issueAt', 'no', 'amount', 'remark'] as Field[]).map(get);
    if (values.every((v) => v === '')) continue;
    const code = get('code');
    if (!code) bad(r, 'code', required);
    let doc = docs.get(code);
    if (!doc) {
      const markAt = date(r, 'markAt', get('markAt'), true);
      const pay = get('payAmount');
      const payCents = pay ? parsePastedAmount(pay, { maxAbsCents: PAY_AMOUNT_MAX_CENTS, allowNegative: false }) : { ok: true as const, cents: 0 };
      const payWrong = amountRule(payCents, 'pay');
      if (payWrong) bad(r, 'payAmount', payWrong);
      const submitAt = date(r, 'submitAt', get('submitAt'), false);
      const payAt = date(r, 'payAt', get('payAt'), false);
      doc = { row: r, rows: [], code, markAt: markAt ?? '', submitAt, submitterCode: get('submitterCode') || null, payAt, payAmount: payCents.ok ? payCents.cents : 0, lines: [] };
      docs.set(code, doc);
    }
    doc.rows.push(r);
    const kindName = get('kind');
    const noText = get('no');
    const amountText = get('amount');
    const remark = get('remark');
    // A row holding none of the line's cells gives the document's header only.
    if (!kindName && !get('issueAt') && !noText && !amountText && !remark) continue;
    if (!kindName) bad(r, 'kind', required);
    const issueAt = date(r, 'issueAt', get('issueAt'), true);
    if (!noText) bad(r, 'no', required);
    let amount: number | null = null;
    if (!amountText) bad(r, 'amount', required);
    else {
      const parsed = parsePastedAmount(amountText, { maxAbsCents: REIMBURSE_LINE_MAX_CENTS });
      const wrong = amountRule(parsed, 'line');
      if (wrong) bad(r, 'amount', wrong);
      else if (parsed.ok && parsed.cents === 0) bad(r, 'amount', rule('notZero'));
      else if (parsed.ok) amount = parsed.cents;
    }
    doc.lines.push({ row: r, kindName, line: { expenseKindId: null, issueAt, no: text(r, 'no', noText), amount, remark: text(r, 'remark', remark) } });
  }
  if (!docs.size && !errors.length) throw new DomainError('REIMBURSE_NO_VALID_DATA');
  // A document of header rows only reimburses nothing.
  for (const d of docs.values()) if (!d.lines.length) errors.push({ row: d.row, column: null, message: messageOf('REIMBURSE_NO_VALID_DATA', lang) });
  return { docs: [...docs.values()], errors };
}
