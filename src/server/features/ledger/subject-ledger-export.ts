/**
 * The subject ledgers as .xlsx (科目汇总表, 总账, 明细账) through the background export tasks
 * (decisions 015 / 018): the call answers a RUNNING task at once, the job builds the workbook from
 * the same service functions the screens read, stores it and finishes the task. Headers are
 * bilingual ("中文 English") like every export; amounts are numbers in currency units with two
 * decimals; subject names in the caller's language.
 */
import { randomBytes } from 'node:crypto';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { DomainError, type ResultCode } from '../../../domain/result-codes';
import type { Language } from '../../../domain/enums';
import { neutralizeCell } from '../../../domain/spreadsheet-safety';
import { generalLedgerRows } from '../../../domain/general-ledger-rows';
import type { BalanceSide, SubjectBalanceFilter, SubjectDetailDto, SubjectDetailFilter, SubjectSummaryDto, SubjectTotalDto } from '../../../contract/ledger';
import { storeFile } from '../system/queries';
import * as tasks from '../export/queries';
import { XLSX_MIME } from '../export/sheet';
import { subjectDetail, subjectDetailAll, subjectSummary, subjectTotal } from './subject-ledgers';
import { localName } from '../../../domain/names';
import { todayIso } from '../../clock';
import { fillWords, localeWords } from '../export/locale-words';

const pause = (ms: number) => (ms > 0 ? new Promise((r) => setTimeout(r, ms)) : Promise.resolve());

/** Records a RUNNING task and builds its workbook in the background (progress 0–1 from `build`). */
async function startTask(app: FastifyInstance, v: { companyId: number; userId: number; fileName: string; build: (progress: (part: number) => Promise<void>) => Promise<Buffer> }) {
  const db = app.db;
  const task = await tasks.insertTask(db, { token: randomBytes(24).toString('base64url'), companyId: v.companyId, kind: 'LEDGER', createdBy: v.userId });
  const delay = app.opts.exportStepDelayMs ?? 0;
  app.jobs.run(async () => {
    try {
      await pause(delay);
      let last = 0;
      const content = await v.build(async (part) => {
        const p = 5 + part * 85;
        if (p - last < 5 && part < 1) return;
        last = p;
        await tasks.setProgress(db, task.id, p);
        await pause(delay);
      });
      const fileId = await storeFile(db, { companyId: v.companyId, ownerId: v.userId, name: v.fileName, mime: XLSX_MIME, content });
      await tasks.finishTask(db, task.id, fileId);
    } catch (err) {
      const code: ResultCode = err instanceof DomainError ? err.code : 'EXPORT_FAILED';
      await tasks.failTask(db, task.id, code).catch(() => {});
      if (!(err instanceof DomainError)) app.log.error({ err, task: task.id }, 'ledger export failed');
    }
  });
  return task;
}

type Cell = string | number | null;
interface Column { zh: string; en: string; width: number; money?: boolean }

const yuan = (cents: string | number) => Number(cents) / 100;

async function workbook(title: { zh: string; en: string }, columns: Column[], rows: Cell[][], strong: (i: number) => boolean = () => false): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Ledgerdesk';
  const ws = wb.addWorksheet(title.en);
  ws.columns = columns.map((c) => ({ header: `${c.zh} ${c.en}`, width: c.width, style: c.money ? { numFmt: '#,##0.00' } : {} }));
  ws.getRow(1).font = { bold: true };
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  rows.forEach((r, i) => {
    const row = ws.addRow(r.map((v) => (typeof v === 'string' ? neutralizeCell(v) : v)));
    if (strong(i)) row.font = { bold: true };
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const nameIn = (lang: Language) => (s: { name: string; nameEn: string | null }) => localName(lang, s);
/** The screen's words (sides 借/贷/平 or Dr/Cr/Nil, row labels) in the caller's language. */
const wordsOf = (lang: Language) => localeWords('subjectLedgers', lang);
const sideIn = (lang: Language) => (s: BalanceSide) => wordsOf(lang).sides[s];

export function summaryWorkbook(d: SubjectSummaryDto, lang: Language): Promise<Buffer> {
  const name = nameIn(lang);
  const rows: Cell[][] = d.rows.map((r) => [r.code, `${'\u3000'.repeat(r.level - 1)}${name(r)}`, yuan(r.debit), yuan(r.credit), r.lines]);
  const L = wordsOf(lang);
  rows.push([L.total, fillWords(L.voucherCount, { count: d.voucherCount }), yuan(d.totals.debit), yuan(d.totals.credit), d.totals.lines]);
  return workbook({ zh: '科目汇总表', en: 'Summary by subject' }, [
    { zh: '科目编码', en: 'Code', width: 14 }, { zh: '科目名称', en: 'Subject', width: 32 },
    { zh: '借方金额', en: 'Debit', width: 16, money: true }, { zh: '贷方金额', en: 'Credit', width: 16, money: true }, { zh: '分录数', en: 'Lines', width: 10 },
  ], rows, (i) => i === rows.length - 1 || !d.rows[i]?.leaf);
}

export function totalWorkbook(d: SubjectTotalDto, lang: Language): Promise<Buffer> {
  const name = nameIn(lang);
  const side = sideIn(lang);
  const words = wordsOf(lang).rows;
  const list = generalLedgerRows(d);
  const rows: Cell[][] = list.map((r) => [
    r.first ? r.code : '', r.first ? name(r) : '', r.periodName, words[r.kind],
    r.kind === 'OPENING' ? null : yuan(r.debit), r.kind === 'OPENING' ? null : yuan(r.credit), side(r.side), yuan(r.balanceCents),
  ]);
  return workbook({ zh: '总账', en: 'General ledger' }, [
    { zh: '科目编码', en: 'Code', width: 14 }, { zh: '科目名称', en: 'Subject', width: 28 }, { zh: '期间', en: 'Period', width: 10 }, { zh: '摘要', en: 'Summary', width: 14 },
    { zh: '借方金额', en: 'Debit', width: 16, money: true }, { zh: '贷方金额', en: 'Credit', width: 16, money: true }, { zh: '方向', en: 'Side', width: 8 }, { zh: '余额', en: 'Balance', width: 16, money: true },
  ], rows, (i) => list[i].kind !== 'PERIOD' && list[i].kind !== 'OPENING');
}

export function detailWorkbook(d: SubjectDetailDto, lang: Language): Promise<Buffer> {
  const side = sideIn(lang);
  const words = wordsOf(lang).rows;
  const rows: Cell[][] = d.rows.map((r) => [
    r.date, r.kind === 'LINE' ? `${localName(lang, { name: r.kindName ?? '', nameEn: r.kindNameEn })}-${r.codeText}` : '',
    r.kind === 'LINE' ? r.summary : words[r.kind], r.kind === 'LINE' ? r.subjectCode : '',
    r.kind === 'OPENING' ? null : yuan(r.debit), r.kind === 'OPENING' ? null : yuan(r.credit), side(r.side), yuan(r.balanceCents),
  ]);
  const title = `${d.subject.code} ${nameIn(lang)(d.subject)}`;
  return workbook({ zh: '明细账', en: `Sub-ledger ${d.subject.code}`.slice(0, 31) }, [
    { zh: '日期', en: 'Date', width: 12 }, { zh: '凭证字号', en: 'Voucher', width: 12 }, { zh: '摘要', en: title.length < 40 ? `Summary (${title})` : 'Summary', width: 36 },
    { zh: '科目', en: 'Subject', width: 12 }, { zh: '借方金额', en: 'Debit', width: 16, money: true }, { zh: '贷方金额', en: 'Credit', width: 16, money: true },
    { zh: '方向', en: 'Side', width: 8 }, { zh: '余额', en: 'Balance', width: 16, money: true },
  ], rows, (i) => d.rows[i].kind !== 'LINE');
}

interface Who { companyId: number; userId: number; lang: Language }

export async function startSummaryExport(app: FastifyInstance, who: Who, f: SubjectBalanceFilter) {
  const first = await subjectSummary(app.db, who.companyId, f);
  if (!first.rows.length) throw new DomainError('NO_DATA_TO_EXPORT');
  return startTask(app, { ...who, fileName: `subject-summary-${todayIso()}.xlsx`, build: async (progress) => {
    const d = await subjectSummary(app.db, who.companyId, f);
    await progress(0.5);
    return summaryWorkbook(d, who.lang);
  } });
}

export async function startTotalExport(app: FastifyInstance, who: Who, f: SubjectBalanceFilter) {
  const first = await subjectTotal(app.db, who.companyId, f);
  if (!first.subjects.length) throw new DomainError('NO_DATA_TO_EXPORT');
  return startTask(app, { ...who, fileName: `general-ledger-${todayIso()}.xlsx`, build: async (progress) => {
    const d = await subjectTotal(app.db, who.companyId, f);
    await progress(0.5);
    return totalWorkbook(d, who.lang);
  } });
}

export async function startDetailExport(app: FastifyInstance, who: Who, f: SubjectDetailFilter) {
  // Refuses a subject or period outside the year before any task is recorded.
  const probe = await subjectDetail(app.db, who.companyId, f, 0, 1);
  return startTask(app, { ...who, fileName: `sub-ledger-${probe.subject.code}-${todayIso()}.xlsx`, build: async (progress) => {
    const d = await subjectDetailAll(app.db, who.companyId, f);
    await progress(0.7);
    return detailWorkbook(d, who.lang);
  } });
}
