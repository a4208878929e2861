/**
 * Report exports (spec 01 §7 "their exports"): the balance sheet or the income statement as .xlsx
 * (exceljs) or PDF (pdfkit with the embedded CJK font, as the voucher print) through a background
 * export task (decisions 015, 027): the call answers a RUNNING task, the job computes the report,
 * builds the file, stores it for the company and finishes the task; the app polls its progress.
 * Both files keep the classic layout: the balance sheet with assets on the left and liabilities and
 * owners' equity on the right, 行次, 期末余额 and 年初余额; the income statement with 本年累计金额 and
 * 本月金额 (the form's order). Labels follow the requester's language; amounts are exact to the cent.
 */
import { statementDate, type StatementKind } from '../../../domain/report-dates';
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import PDFDocument from 'pdfkit';
import type { FastifyInstance } from 'fastify';
import zhReport from '../../../../locales/zh_CN/report.json' with { type: 'json' };
import enReport from '../../../../locales/en_US/report.json' with { type: 'json' };
import zhErrors from '../../../../locales/zh_CN/errors.json' with { type: 'json' };
import enErrors from '../../../../locales/en_US/errors.json' with { type: 'json' };
import type { Language } from '../../../domain/enums';
import { DomainError, type ResultCode } from '../../../domain/result-codes';
import { formatCents } from '../../../domain/money';
import { pairSides } from '../../../domain/report-layouts';
import { differenceOfAnswer } from '../../../domain/balance-sheet-check';
import { neutralizeCell } from '../../../domain/spreadsheet-safety';
import type { BalanceSheetDto, BalanceSheetRowDto, IncomeStatementDto, ReportExportBody } from '../../../contract/report';
import { storeFile } from '../system/queries';
import * as tasks from '../export/queries';
import { XLSX_MIME } from '../export/sheet';
import { cjkFont } from '../voucher/pdf';
import { balanceSheet, incomeStatement } from './service';
import { todayIso } from '../../clock';

export const PDF_MIME = 'application/pdf';
export type ExportedReport = 'BALANCE_SHEET' | 'INCOME_STATEMENT';

type Labels = typeof zhReport;
const labelsOf = (lang: Language): Labels => (lang === 'en_US' ? enReport : zhReport);
const fill = (template: string, params: Record<string, string | number>) => template.replace(/\{\{(\w+)\}\}/g, (_, k: string) => String(params[k] ?? ''));
const pause = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/** Amount text of a figure row; headings show nothing, zero shows blank like the screen. */
const amountText = (cents: string, heading: boolean) => (heading || cents === '0' ? '' : formatCents(Number(cents)));
const labelOf = (r: { label: string; labelEn: string | null }, lang: Language) => (lang === 'en_US' ? r.labelEn ?? r.label : r.label);

interface Table {
  title: string;
  formNumber: string;
  headLines: string[];
  /** Column headers and, per body row, cells; amounts as cents strings (null: blank). */
  columns: Array<{ header: string; width: number; amount?: boolean }>;
  rows: Array<{ cells: Array<string | null>; bold: boolean; indent: number[] }>;
  footer: string | null;
}

/** The statement's date line in the requester's words (report head.asOf / month / range). */
function dateLineOf(L: Labels, kind: StatementKind, d: BalanceSheetDto | IncomeStatementDto): string {
  const { key, values } = statementDate(kind, d.periodStart, d.periodEnd);
  return fill(L.head[key], values);
}

function headLines(L: Labels, d: BalanceSheetDto | IncomeStatementDto, kind: StatementKind): string[] {
  return [
    fill(L.head.company, { name: d.companyName }) + '    ' + fill(L.head.account, { name: d.accountName }),
    dateLineOf(L, kind, d) + (d.bookKeep ? `    ${L.head.bookKeepOnly}` : ''),
    L.head.unit,
  ];
}

export function balanceSheetTable(d: BalanceSheetDto, lang: Language): Table {
  const L = labelsOf(lang);
  const left = d.rows.filter((r) => r.side === 'LEFT');
  const right = d.rows.filter((r) => r.side === 'RIGHT');
  const half = (r: BalanceSheetRowDto | undefined): Array<string | null> => (r
    ? [labelOf(r, lang), r.lineNo === null ? '' : String(r.lineNo), r.heading ? null : r.closing, r.heading ? null : r.opening]
    : ['', '', null, null]);
  const rows = pairSides(left, right).map((p) => ({
    cells: [...half(p.left), ...half(p.right)],
    bold: !!(p.left?.bold || p.right?.bold),
    indent: [p.left?.indent ?? 0, p.right?.indent ?? 0],
  }));
  const errors = lang === 'en_US' ? enErrors : zhErrors;
  return {
    title: L.balanceSheet.title, formNumber: fill(L.head.form, { code: d.formNumber }), headLines: headLines(L, d, 'BALANCE_SHEET'),
    columns: [
      { header: L.balanceSheet.assets, width: 30 }, { header: L.balanceSheet.lineNo, width: 6 },
      { header: L.balanceSheet.closing, width: 16, amount: true }, { header: L.balanceSheet.opening, width: 16, amount: true },
      { header: L.balanceSheet.liabilities, width: 34 }, { header: L.balanceSheet.lineNo, width: 6 },
      { header: L.balanceSheet.closing, width: 16, amount: true }, { header: L.balanceSheet.opening, width: 16, amount: true },
    ],
    rows,
    footer: d.balanced ? null : imbalanceFooter(d, L, errors.BALANCE_SHEET_IMBALANCE),
  };
}

/** The imbalance message under an unbalanced sheet: the differences, and their reason when the books tell it. */
function imbalanceFooter(d: BalanceSheetDto, L: Labels, message: string): string {
  const diff = differenceOfAnswer(d);
  const text = `${message}  ${fill(L.balanceSheet.difference, { closing: formatCents(diff.closing), opening: formatCents(diff.opening) })}`;
  return diff.unclosedProfitExplains ? `${text}  ${fill(L.balanceSheet.unclosedProfit, { amount: formatCents(diff.closing) })}` : text;
}

export function incomeStatementTable(d: IncomeStatementDto, lang: Language): Table {
  const L = labelsOf(lang);
  return {
    title: L.incomeStatement.title, formNumber: fill(L.head.form, { code: d.formNumber }), headLines: headLines(L, d, 'INCOME_STATEMENT'),
    columns: [
      { header: L.incomeStatement.item, width: 48 }, { header: L.incomeStatement.lineNo, width: 6 },
      // The statutory form's order (会小企02表): 项目 | 行次 | 本年累计金额 | 本月金额.
      { header: L.incomeStatement.ytd, width: 18, amount: true }, { header: L.incomeStatement.month, width: 18, amount: true },
    ],
    rows: d.rows.map((r) => ({ cells: [labelOf(r, lang), r.lineNo === null ? '' : String(r.lineNo), r.heading ? null : r.ytd, r.heading ? null : r.month], bold: r.bold, indent: [r.indent] })),
    footer: null,
  };
}

/** The table as a workbook: title, form number, head lines, one header row, the rows; amounts as numbers in yuan with two decimals. */
export async function tableWorkbook(t: Table): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Ledgerdesk';
  const ws = wb.addWorksheet(t.title.slice(0, 31));
  ws.columns = t.columns.map((c) => ({ width: c.width }));
  const n = t.columns.length;
  const title = ws.addRow([t.title]);
  ws.mergeCells(title.number, 1, title.number, n);
  title.font = { bold: true, size: 16 };
  title.alignment = { horizontal: 'center' };
  const form = ws.addRow([t.formNumber]);
  ws.mergeCells(form.number, 1, form.number, n);
  form.alignment = { horizontal: 'right' };
  for (const line of t.headLines) {
    const r = ws.addRow([neutralizeCell(line)]);
    ws.mergeCells(r.number, 1, r.number, n);
  }
  const header = ws.addRow(t.columns.map((c) => c.header));
  header.font = { bold: true };
  header.alignment = { horizontal: 'center', vertical: 'middle', wrapText: true };
  const border = { style: 'thin' as const };
  const box = { top: border, left: border, bottom: border, right: border };
  header.eachCell((c) => { c.border = box; });
  // Which label column a cell's indent belongs to (the balance sheet has two halves).
  const halfOf = (col: number) => Math.floor(col / (n / (t.rows[0]?.indent.length || 1)));
  for (const row of t.rows) {
    const r = ws.addRow(row.cells.map((cell, i) => {
      if (cell === null) return null;
      if (t.columns[i].amount) return cell === '' ? null : Number(cell) / 100;
      return neutralizeCell(cell);
    }));
    r.eachCell({ includeEmpty: true }, (c, col) => {
      const i = col - 1;
      c.border = box;
      if (t.columns[i]?.amount) c.numFmt = '#,##0.00;-#,##0.00;""';
      else if (i % (n / row.indent.length) === 0) c.alignment = { indent: row.indent[halfOf(i)] };
      else c.alignment = { horizontal: 'center' };
      if (row.bold) c.font = { bold: true };
    });
  }
  if (t.footer) {
    const f = ws.addRow([t.footer]);
    ws.mergeCells(f.number, 1, f.number, n);
    f.font = { bold: true, color: { argb: 'FFC00000' } };
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The table as a one-page PDF (A4; landscape for the two-sided balance sheet), the CJK font embedded. */
export async function tablePdf(t: Table, lang: Language): Promise<Buffer> {
  const font = cjkFont();
  const landscape = t.columns.length > 4;
  const doc = new PDFDocument({ size: 'A4', layout: landscape ? 'landscape' : 'portrait', margin: 30, info: { Title: t.title, Creator: 'Ledgerdesk', Producer: 'Ledgerdesk' } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on('end', () => resolve());
    doc.on('error', reject);
  });
  doc.registerFont('cjk', font.path, font.family as string);
  doc.font('cjk');
  const pageW = doc.page.width - 60;
  const totalW = t.columns.reduce((s, c) => s + c.width, 0);
  const widths = t.columns.map((c) => (c.width / totalW) * pageW);
  const xs = widths.reduce<number[]>((acc, w, i) => [...acc, acc[i] + w], [30]);
  const rowH = landscape ? 13.5 : 16;
  const size = landscape ? 7.5 : 9;
  let y = 30;
  doc.fontSize(15).text(t.title, 30, y, { width: pageW, align: 'center' });
  y += 22;
  doc.fontSize(8).text(t.formNumber, 30, y, { width: pageW, align: 'right' });
  for (const line of t.headLines) {
    doc.text(line, 30, y, { width: pageW - 60 });
    y += 11;
  }
  y += 2;
  const drawRow = (cells: Array<string | null>, o: { bold: boolean; header: boolean; indent: number[] }) => {
    const h = o.header ? rowH * 1.6 : rowH;
    doc.lineWidth(0.5).strokeColor('#333333');
    cells.forEach((cell, i) => {
      doc.rect(xs[i], y, widths[i], h).stroke();
      let text = cell ?? '';
      const amount = !o.header && t.columns[i].amount;
      if (amount) text = text === '' ? '' : amountText(text, false);
      const half = Math.floor(i / (cells.length / o.indent.length));
      const isLabel = !o.header && i % (cells.length / o.indent.length) === 0;
      const pad = isLabel ? 3 + (o.indent[half] ?? 0) * 8 : 3;
      doc.fillColor(o.bold ? '#000000' : '#1a1a1a').fontSize(size);
      doc.text(text, xs[i] + pad, y + (h - size) / 2 - 1, {
        width: widths[i] - pad - 3, height: h, lineBreak: false, ellipsis: true,
        align: o.header || (!amount && !isLabel) ? 'center' : amount ? 'right' : 'left',
        ...(o.bold ? { stroke: false } : {}),
      });
    });
    y += h;
  };
  drawRow(t.columns.map((c) => c.header), { bold: true, header: true, indent: [0] });
  for (const row of t.rows) {
    if (y + rowH > doc.page.height - 30) {
      doc.addPage();
      y = 30;
    }
    drawRow(row.cells, { bold: row.bold, header: false, indent: row.indent });
  }
  if (t.footer) doc.fillColor('#c00000').fontSize(9).text(t.footer, 30, y + 6, { width: pageW });
  // The print date sits in the bottom margin: without this pdfkit would start a new page for it.
  doc.page.margins.bottom = 0;
  doc.fillColor('#555555').fontSize(7).text(fill(labelsOf(lang).pdf.createdAt, { date: todayIso() }), 30, doc.page.height - 24, { width: pageW, align: 'right', lineBreak: false });
  doc.end();
  await ended;
  return Buffer.concat(chunks);
}

/** Starts the export of one report (the ledger set already guarded); answers the RUNNING task. */
export async function startReportExport(app: FastifyInstance, v: { report: ExportedReport; companyId: number; userId: number; query: ReportExportBody; lang: Language }): Promise<tasks.ExportTaskRow> {
  const db = app.db;
  const pdf = v.query.format === 'pdf';
  // A period that does not exist is refused now, not by a failed task.
  const compute = () => (v.report === 'BALANCE_SHEET' ? balanceSheet(db, v.query) : incomeStatement(db, v.query));
  const first = await compute();
  const task = await tasks.insertTask(db, { token: randomBytes(24).toString('base64url'), companyId: v.companyId, kind: pdf ? 'REPORT_PDF' : 'REPORT', createdBy: v.userId });
  const delay = app.opts.exportStepDelayMs ?? 0;
  const base = v.report === 'BALANCE_SHEET' ? 'balance-sheet' : 'income-statement';
  const fileName = `${base}-${first.year}-${String(first.month).padStart(2, '0')}.${pdf ? 'pdf' : 'xlsx'}`;
  app.jobs.run(async () => {
    try {
      await pause(delay);
      await tasks.setProgress(db, task.id, 20);
      const table = v.report === 'BALANCE_SHEET' ? balanceSheetTable(first as BalanceSheetDto, v.lang) : incomeStatementTable(first as IncomeStatementDto, v.lang);
      await pause(delay);
      await tasks.setProgress(db, task.id, 50);
      const content = pdf ? await tablePdf(table, v.lang) : await tableWorkbook(table);
      await tasks.setProgress(db, task.id, 90);
      await pause(delay);
      const fileId = await storeFile(db, { companyId: v.companyId, ownerId: v.userId, name: fileName, mime: pdf ? PDF_MIME : XLSX_MIME, content });
      await tasks.finishTask(db, task.id, fileId);
    } catch (err) {
      const code: ResultCode = err instanceof DomainError ? err.code : 'EXPORT_FAILED';
      await tasks.failTask(db, task.id, code).catch(() => {});
      if (!(err instanceof DomainError)) app.log.error({ err, task: task.id }, 'report export failed');
    }
  });
  return task;
}
