/**
 * The subject ledgers as .xlsx (科目余额表, 科目汇总表, 总账, 明细账) through the background export task
 * (decisions 015 / 018, the shared runner of voucher/docs-service): the call answers a RUNNING task
 * at once, the job builds the workbook from the same service functions the screens read, stores it
 * and finishes the task. Like the auxiliary ledgers' exports (ledger-aux/export.ts): the heading
 * lines (the report, the subject of a sub-ledger; company, ledger set, periods, unit, unbookkept
 * vouchers), headers, row labels, sides (借/贷/平, Dr/Cr/Nil), the sheet and the file name in the
 * requester's language from the screen's own locale words (subjectLedgers); subject names and
 * voucher words in that language too; amounts are numbers in currency units with two decimals; text
 * cells neutralized against formulas.
 */
import type { FastifyInstance } from 'fastify';
import { DomainError } from '../../../domain/result-codes';
import type { Language } from '../../../domain/enums';
import { neutralizeCell } from '../../../domain/spreadsheet-safety';
import { generalLedgerRows } from '../../../domain/general-ledger-rows';
import type { BalanceSide, SubjectBalanceDto, SubjectBalanceFilter, SubjectDetailDto, SubjectDetailFilter, SubjectSummaryDto, SubjectTotalDto } from '../../../contract/ledger';
import { XLSX_MIME } from '../export/sheet';
import { workbook, type Cell } from '../export/workbook';
import { headingOf } from '../export/heading';
import { fillWords, localeWords } from '../export/locale-words';
import { startTask } from '../voucher/docs-service';
import { subjectDetail, subjectDetailAll, subjectSummary, subjectTotal } from './subject-ledgers';
import { subjectBalance } from './subject-balance';
import { localName, localVoucherLabel } from '../../../domain/names';
import { todayIso } from '../../clock';

const yuan = (cents: string | number) => Number(cents) / 100;
/** Text cells neutralized (a summary or a name beginning with = is no formula). */
const safe = (rows: Cell[][]): Cell[][] => rows.map((r) => r.map((v) => (typeof v === 'string' ? neutralizeCell(v) : v)));
/** A file name: the screen's title, then what it is about, then the day. */
const fileName = (...parts: string[]) => `${parts.join('-')}-${todayIso()}.xlsx`;

const nameIn = (lang: Language) => (s: { name: string; nameEn: string | null }) => localName(lang, s);
/** The screen's words (headers, sides 借/贷/平 or Dr/Cr/Nil, row labels, titles) in the caller's language. */
const wordsOf = (lang: Language) => localeWords('subjectLedgers', lang);
const sideIn = (lang: Language) => (s: BalanceSide) => wordsOf(lang).sides[s];

/** 科目余额表: the screen's columns (opening, period, year to date in debit and credit, the closing side and balance) and its total row. */
function balanceWorkbook(d: SubjectBalanceDto, lang: Language, heading: readonly string[]): Promise<Buffer> {
  const name = nameIn(lang);
  const side = sideIn(lang);
  const L = wordsOf(lang);
  const c = L.balanceColumns;
  const rows: Cell[][] = d.rows.map((r) => [
    r.code, `${'\u3000'.repeat(r.level - 1)}${name(r)}`, yuan(r.openingDebit), yuan(r.openingCredit), yuan(r.debit), yuan(r.credit),
    yuan(r.ytdDebit), yuan(r.ytdCredit), side(r.closingSide), yuan(r.closingDebit), yuan(r.closingCredit),
  ]);
  const t = d.totals;
  rows.push([L.total, '', yuan(t.openingDebit), yuan(t.openingCredit), yuan(t.debit), yuan(t.credit), yuan(t.ytdDebit), yuan(t.ytdCredit), '', yuan(t.closingDebit), yuan(t.closingCredit)]);
  return workbook(L.titles.balance, [
    c.code, c.name, c.openingDebit, c.openingCredit, c.debit, c.credit, c.ytdDebit, c.ytdCredit, c.side, c.closingDebit, c.closingCredit,
  ], safe(rows), (i) => i === rows.length - 1 || !d.rows[i]?.leaf, [], heading);
}

function summaryWorkbook(d: SubjectSummaryDto, lang: Language, heading: readonly string[]): Promise<Buffer> {
  const name = nameIn(lang);
  const L = wordsOf(lang);
  const c = L.columns;
  const rows: Cell[][] = d.rows.map((r) => [r.code, `${'\u3000'.repeat(r.level - 1)}${name(r)}`, yuan(r.debit), yuan(r.credit), r.lines]);
  rows.push([L.total, fillWords(L.voucherCount, { count: d.voucherCount }), yuan(d.totals.debit), yuan(d.totals.credit), d.totals.lines]);
  // The lines column is a count: no decimals.
  return workbook(L.titles.summary, [c.code, c.name, c.debit, c.credit, c.lines], safe(rows), (i) => i === rows.length - 1 || !d.rows[i]?.leaf, [4], heading);
}

function totalWorkbook(d: SubjectTotalDto, lang: Language, heading: readonly string[]): Promise<Buffer> {
  const name = nameIn(lang);
  const side = sideIn(lang);
  const L = wordsOf(lang);
  const c = L.columns;
  const list = generalLedgerRows(d);
  const rows: Cell[][] = list.map((r) => [
    r.first ? r.code : '', r.first ? name(r) : '', r.periodName, L.rows[r.kind],
    r.kind === 'OPENING' ? null : yuan(r.debit), r.kind === 'OPENING' ? null : yuan(r.credit), side(r.side), yuan(r.balanceCents),
  ]);
  return workbook(L.titles.total, [c.code, c.name, c.period, c.summary, c.debit, c.credit, c.side, c.balance], safe(rows),
    (i) => list[i].kind !== 'PERIOD' && list[i].kind !== 'OPENING', [], heading);
}

function detailWorkbook(d: SubjectDetailDto, lang: Language, heading: readonly string[]): Promise<Buffer> {
  const side = sideIn(lang);
  const L = wordsOf(lang);
  const c = L.columns;
  const rows: Cell[][] = d.rows.map((r) => [
    r.date, r.kind === 'LINE' ? localVoucherLabel(lang, { name: r.kindName ?? '', nameEn: r.kindNameEn }, r.codeText ?? '') : '',
    r.kind === 'LINE' ? r.summary : L.rows[r.kind], r.kind === 'LINE' ? r.subjectCode : '',
    r.kind === 'OPENING' ? null : yuan(r.debit), r.kind === 'OPENING' ? null : yuan(r.credit), side(r.side), yuan(r.balanceCents),
  ]);
  return workbook(fillWords(L.detailSheet, { code: d.subject.code }), [c.date, c.voucher, c.summary, c.subject, c.debit, c.credit, c.side, c.balance], safe(rows),
    (i) => d.rows[i].kind !== 'LINE', [], heading);
}

interface Who { companyId: number; userId: number; lang: Language }

/**
 * One ledger table as an export task: read once to refuse an empty table (or a period of another
 * year) before any task is recorded, then read again and written by the task.
 */
async function startTableExport<D>(app: FastifyInstance, who: Who, f: SubjectBalanceFilter, table: {
  title: (L: ReturnType<typeof wordsOf>) => string;
  read: (db: FastifyInstance['db'], companyId: number, f: SubjectBalanceFilter) => Promise<D>;
  empty: (d: D) => boolean;
  workbook: (d: D, lang: Language, heading: readonly string[]) => Promise<Buffer>;
}) {
  if (table.empty(await table.read(app.db, who.companyId, f))) throw new DomainError('NO_DATA_TO_EXPORT');
  const title = table.title(wordsOf(who.lang));
  return startTask(app, { ...who, kind: 'LEDGER', mime: XLSX_MIME, fileName: fileName(title), build: async (progress) => {
    const d = await table.read(app.db, who.companyId, f);
    await progress(0.5);
    return table.workbook(d, who.lang, await headingOf(app.db, who, title, f));
  } });
}

export const startBalanceExport = (app: FastifyInstance, who: Who, f: SubjectBalanceFilter) =>
  startTableExport(app, who, f, { title: (L) => L.titles.balance, read: subjectBalance, empty: (d) => !d.rows.length, workbook: balanceWorkbook });

export const startSummaryExport = (app: FastifyInstance, who: Who, f: SubjectBalanceFilter) =>
  startTableExport(app, who, f, { title: (L) => L.titles.summary, read: subjectSummary, empty: (d) => !d.rows.length, workbook: summaryWorkbook });

export const startTotalExport = (app: FastifyInstance, who: Who, f: SubjectBalanceFilter) =>
  startTableExport(app, who, f, { title: (L) => L.titles.total, read: subjectTotal, empty: (d) => !d.subjects.length, workbook: totalWorkbook });

export async function startDetailExport(app: FastifyInstance, who: Who, f: SubjectDetailFilter) {
  // Refuses a subject or period outside the year before any task is recorded.
  const probe = await subjectDetail(app.db, who.companyId, f, 0, 1);
  const L = wordsOf(who.lang);
  return startTask(app, { ...who, kind: 'LEDGER', mime: XLSX_MIME, fileName: fileName(L.titles.detail, probe.subject.code), build: async (progress) => {
    const d = await subjectDetailAll(app.db, who.companyId, f);
    await progress(0.7);
    return detailWorkbook(d, who.lang, await headingOf(app.db, who, `${L.titles.detail} · ${d.subject.code} ${nameIn(who.lang)(d.subject)}`, f));
  } });
}
