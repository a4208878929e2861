/**
 * The auxiliary ledgers and budget execution reports as .xlsx, through the background export task
 * (decision 015: a RUNNING task answered at once, progress, a signed file): the same figures as the
 * screen (the same service functions), amounts in yuan as numbers, headers "中文 English", subject names
 * and voucher words in the caller's language (as on the screen), text cells neutralized against
 * formulas. A sub-ledger is read in pages of 1,000 rows.
 */
import type { FastifyInstance } from 'fastify';
import type { AuxBalanceFilter, AuxDetailFilter, AuxTotalFilter, BudgetDetailFilter, BudgetExecFilter, LedgerDetailRowDto } from '../../../contract/ledger-aux';
import { neutralizeCell } from '../../../domain/spreadsheet-safety';
import { DomainError } from '../../../domain/result-codes';
import { XLSX_MIME } from '../export/sheet';
import { workbook, type Cell } from '../export/workbook';
import { startTask } from '../voucher/docs-service';
import { auxBalance } from './aux-balance';
import { auxTotal } from './aux-total';
import { auxDetail } from './aux-detail';
import { budgetDetail, budgetSummary } from './budget-execution';
import { todayIso } from '../../clock';
import { localName } from '../../../domain/names';
import type { Language } from '../../../domain/enums';

const AUX_TYPES: Record<number, string> = { 1: '部门 Department', 2: '职员 Employee', 3: '客户 Customer', 4: '供应商 Vendor', 5: '项目 Project', 6: '预算 Budget' };
const SIDES: Record<string, string> = { DEBIT: '借', CREDIT: '贷', FLAT: '平' };
const ROWS: Record<string, string> = { OPENING: '期初余额 Opening balance', PERIOD: '本期合计 Period total', YEAR: '本年累计 Year to date' };
const yuan = (cents: string | number) => Number(cents) / 100;
const text = (s: string | null | undefined) => neutralizeCell(s ?? '');
const PAGE = 1000;

interface Who { companyId: number; userId: number; lang: Language }

/** A name in the caller's language (the Chinese one when no English one is set). */
const nameIn = (lang: Language, name: string | null, nameEn: string | null) => localName(lang, { name: name ?? '', nameEn });

export async function exportAuxBalance(app: FastifyInstance, who: Who, f: AuxBalanceFilter) {
  const answer = await auxBalance(app.db, who.companyId, f);
  if (answer.rows.length === 0) throw new DomainError('NO_DATA_TO_EXPORT');
  return startTask(app, {
    ...who, kind: 'LEDGER', mime: XLSX_MIME, fileName: `辅助核算余额表-${todayIso()}.xlsx`,
    build: async (progress) => {
      const rows: Cell[][] = answer.rows.map((r) => [
        // A tree type's levels indented as on the screen.
        text(r.auxCode), text(`${'\u3000'.repeat(r.auxLevel - 1)}${r.auxName}`), text(r.subjectCode), text(nameIn(who.lang, r.subjectName, r.subjectNameEn)),
        yuan(r.openingDebit), yuan(r.openingCredit), yuan(r.debit), yuan(r.credit), yuan(r.ytdDebit), yuan(r.ytdCredit),
        SIDES[r.closingSide], yuan(r.closingDebit), yuan(r.closingCredit),
      ]);
      const t = answer.totals;
      rows.push(['合计 Total', '', '', '', yuan(t.openingDebit), yuan(t.openingCredit), yuan(t.debit), yuan(t.credit), yuan(t.ytdDebit), yuan(t.ytdCredit), '', yuan(t.closingDebit), yuan(t.closingCredit)]);
      await progress(0.5);
      return workbook(`辅助核算余额表 ${AUX_TYPES[f.auxTypeId]}`, [
        '编码 Code', '名称 Name', '科目编码 Subject code', '科目名称 Subject',
        '期初借方 Opening debit', '期初贷方 Opening credit', '本期借方 Debit', '本期贷方 Credit', '本年累计借方 YTD debit', '本年累计贷方 YTD credit',
        '方向 Side', '期末借方 Closing debit', '期末贷方 Closing credit',
      ], rows, (i) => i === rows.length - 1 || answer.rows[i]?.kind === 'VALUE');
    },
  });
}

export async function exportAuxTotal(app: FastifyInstance, who: Who, f: AuxTotalFilter) {
  const answer = await auxTotal(app.db, who.companyId, f);
  if (answer.groups.length === 0) throw new DomainError('NO_DATA_TO_EXPORT');
  return startTask(app, {
    ...who, kind: 'LEDGER', mime: XLSX_MIME, fileName: `辅助核算总账-${todayIso()}.xlsx`,
    build: async () => {
      const rows: Cell[][] = [];
      for (const g of answer.groups) {
        const head = [text(`${g.auxCode} ${g.auxName}`), text(`${g.subjectCode} ${nameIn(who.lang, g.subjectName, g.subjectNameEn)}`)];
        rows.push([...head, '', ROWS.OPENING, null, null, SIDES[g.openingSide], yuan(g.openingCents)]);
        for (const p of g.periods) {
          rows.push([...head, p.periodName, ROWS.PERIOD, yuan(p.debit), yuan(p.credit), SIDES[p.side], yuan(p.balanceCents)]);
          rows.push([...head, p.periodName, ROWS.YEAR, yuan(p.ytdDebit), yuan(p.ytdCredit), SIDES[p.side], yuan(p.balanceCents)]);
        }
      }
      return workbook(`辅助核算总账 ${AUX_TYPES[f.auxTypeId]}`, ['核算项目 Value', '科目 Subject', '期间 Period', '摘要 Summary', '借方 Debit', '贷方 Credit', '方向 Side', '余额 Balance'], rows, (i) => String(rows[i][3]).startsWith('本年'));
    },
  });
}

/** Every row of a paged sub-ledger. */
async function allRows(read: (offset: number) => Promise<{ total: number; rows: LedgerDetailRowDto[] }>, progress: (part: number) => Promise<void>) {
  const out: LedgerDetailRowDto[] = [];
  for (;;) {
    const page = await read(out.length);
    out.push(...page.rows);
    await progress((out.length / Math.max(page.total, 1)) * 0.8);
    if (page.rows.length === 0 || out.length >= page.total) return out;
  }
}

const detailHeaders = (balance: string) => ['日期 Date', '凭证字号 Voucher', '科目 Subject', '摘要 Summary', '借方 Debit', '贷方 Credit', '方向 Side', balance];
const detailRow = (lang: Language, r: LedgerDetailRowDto, balance: number): Cell[] => r.kind === 'LINE'
  ? [r.markDate, text(`${nameIn(lang, r.voucherWord, r.voucherWordEn)}-${r.voucherCode}`), text(`${r.subjectCode} ${nameIn(lang, r.subjectName, r.subjectNameEn)}`), text(r.summary), yuan(r.debit), yuan(r.credit), SIDES[r.side], balance]
  : [r.periodName ?? '', '', '', ROWS[r.kind], r.kind === 'OPENING' ? null : yuan(r.debit), r.kind === 'OPENING' ? null : yuan(r.credit), SIDES[r.side], balance];

export async function exportAuxDetail(app: FastifyInstance, who: Who, f: AuxDetailFilter) {
  // Checks the filter (values, subject, periods) before a task is recorded.
  const head = await auxDetail(app.db, who.companyId, f, { offset: 0, limit: 1 });
  return startTask(app, {
    ...who, kind: 'LEDGER', mime: XLSX_MIME, fileName: `辅助核算明细账-${head.auxCode}-${todayIso()}.xlsx`,
    build: async (progress) => {
      const rows = await allRows((offset) => auxDetail(app.db, who.companyId, f, { offset, limit: PAGE }), progress);
      const cells = rows.map((r) => detailRow(who.lang, r, yuan(r.balanceCents) * (r.side === 'CREDIT' ? -1 : 1)));
      return workbook(`辅助核算明细账 ${head.auxCode}`, detailHeaders('余额 Balance (借正 debit +)'), cells, (i) => rows[i].kind !== 'LINE');
    },
  });
}

export async function exportBudgetSummary(app: FastifyInstance, who: Who, f: BudgetExecFilter) {
  const answer = await budgetSummary(app.db, who.companyId, f);
  if (answer.rows.length === 0) throw new DomainError('NO_DATA_TO_EXPORT');
  return startTask(app, {
    ...who, kind: 'LEDGER', mime: XLSX_MIME, fileName: `预算执行汇总表-${todayIso()}.xlsx`,
    build: async () => workbook('预算执行汇总表', ['编码 Code', '预算项目 Budget item', '类别 Kind', '预算金额 Budget', '本期执行数 Used in the periods', '本年执行数 Used this year', '预算余额 Remaining', '执行率 Rate %'],
      answer.rows.map((r) => [text(r.code), text(r.name), r.kind === 'INCOME' ? '收入 Income' : '支出 Expense', yuan(r.budget), yuan(r.actual), yuan(r.ytdActual), yuan(r.remaining), r.rateBp === null ? null : r.rateBp / 100]),
      (i) => !answer.rows[i].leaf),
  });
}

export async function exportBudgetDetail(app: FastifyInstance, who: Who, f: BudgetDetailFilter) {
  const head = await budgetDetail(app.db, who.companyId, f, { offset: 0, limit: 1 });
  return startTask(app, {
    ...who, kind: 'LEDGER', mime: XLSX_MIME, fileName: `预算执行明细账-${head.code}-${todayIso()}.xlsx`,
    build: async (progress) => {
      const rows = await allRows((offset) => budgetDetail(app.db, who.companyId, f, { offset, limit: PAGE }), progress);
      return workbook(`预算执行明细账 ${head.code}`, detailHeaders('累计执行数 Used so far'), rows.map((r) => detailRow(who.lang, r, yuan(r.balanceCents))), (i) => rows[i].kind !== 'LINE');
    },
  });
}
