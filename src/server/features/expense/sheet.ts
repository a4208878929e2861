/**
 * The expense workbook (spec 01 §7 /expense exportXls, importXls and the 'expense' template; decision
 * 034): one row per invoice line with its document's header, bilingual headers "中文 English", text
 * neutralised against formula injection. The import reads the same layout (columns found by header,
 * export-only columns ignored): rows with the same code make one document (the code only groups:
 * imported documents are numbered afresh in their month), and every document goes through the
 * editor's save rules (createExpense) in one transaction, so a wrong row imports nothing.
 */
import ExcelJS from 'exceljs';
import type { Language } from '../../../domain/enums';
import { parseAmount } from '../../../domain/money';
import { AMOUNT_NUM_FMT, centsCell } from '../export/sheets/cells';
import { neutralizeCell } from '../../../domain/spreadsheet-safety';
import { DomainError } from '../../../domain/result-codes';
import { formatReimbursementCode } from '../../../domain/reimbursement';
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

/** A document read from the sheet: its first row, its header and its lines with their rows. */
export interface SheetDocument {
  row: number;
  code: string;
  markAt: string;
  submitAt: string | null;
  submitterCode: string | null;
  payAt: string | null;
  payAmount: number;
  lines: Array<{ row: number; kindName: string; line: ExpenseLineIn }>;
}

const DATE = /^\d{4}-\d{2}-\d{2}$/;

/** Reads the workbook; every wrong cell is reported (row, column, message) and nothing is returned then. */
export async function readExpenseWorkbook(file: Buffer, lang: Language): Promise<SheetDocument[]> {
  const { ws, byField } = await uploadedSheet<Field>(file, EXPENSE_COLUMNS);
  const errors: ImportRowErrorDto[] = [];
  const docs = new Map<string, SheetDocument>();
  const bad = (row: number, field: Field, message: string) => {
    const c = EXPENSE_COLUMNS.find((x) => x.field === field)!;
    errors.push({ row, column: headerOf(c), message });
  };
  const required = messageOf('INVALID_INPUT', lang, { detail: translate('validation.required', lang) });
  for (let r = 2; r <= ws.rowCount; r++) {
    const get = (f: Field) => (byField.has(f) ? cellText(ws.getRow(r).getCell(byField.get(f)!).value) : '');
    const values = (['code', 'markAt', 'kind', 'issueAt', 'no', 'amount', 'remark'] as Field[]).map(get);
    if (values.every((v) => v === '')) continue;
    const code = get('code');
    if (!code) bad(r, 'code', required);
    let doc = docs.get(code);
    if (!doc) {
      const markAt = get('markAt');
      if (!DATE.test(markAt)) bad(r, 'markAt', required);
      const pay = get('payAmount');
      const payCents = pay ? parseAmount(pay, { maxAbsCents: 2_100_000_000 }) : { ok: true as const, cents: 0 };
      if (!payCents.ok || payCents.cents < 0) bad(r, 'payAmount', messageOf('INVALID_INPUT', lang, { detail: pay }));
      for (const f of ['submitAt', 'payAt'] as const) if (get(f) && !DATE.test(get(f))) bad(r, f, messageOf('INVALID_INPUT', lang, { detail: get(f) }));
      doc = { row: r, code, markAt, submitAt: get('submitAt') || null, submitterCode: get('submitterCode') || null, payAt: get('payAt') || null, payAmount: payCents.ok ? payCents.cents : 0, lines: [] };
      docs.set(code, doc);
    }
    const issueAt = get('issueAt');
    if (issueAt && !DATE.test(issueAt)) bad(r, 'issueAt', messageOf('INVALID_INPUT', lang, { detail: issueAt }));
    const amountText = get('amount');
    const amount = amountText ? parseAmount(amountText, { maxAbsCents: 2_100_000_000 }) : null;
    if (amount && !amount.ok) bad(r, 'amount', messageOf('INVALID_INPUT', lang, { detail: amountText }));
    doc.lines.push({
      row: r,
      kindName: get('kind'),
      line: { expenseKindId: null, issueAt: issueAt || null, no: get('no') || null, amount: amount?.ok ? amount.cents : null, remark: get('remark') || null },
    });
  }
  if (errors.length) throw new DomainError('IMPORT_ROWS_INVALID', { row: errors[0].row, message: `${errors[0].column}: ${errors[0].message}`, count: new Set(errors.map((e) => e.row)).size }, { errors });
  if (!docs.size) throw new DomainError('REIMBURSE_NO_VALID_DATA');
  return [...docs.values()];
}
