/**
 * The auxiliary ledgers and budget execution reports as .xlsx, through the background export task
 * (decision 015: a RUNNING task answered at once, progress, a signed file): the same figures as the
 * screen (the same service functions), amounts in yuan as numbers; headers, row labels, sides
 * (借/贷/平, Dr/Cr/Nil), auxiliary type and budget kind names, the sheet and the file name in the
 * requester's language, from the screen's own locale words (ledgerAux); subject names and voucher
 * words in that language too, text cells neutralized against formulas. A sub-ledger is read in
 * pages of 1,000 rows.
 */
import type { FastifyInstance } from 'fastify';
import type { AuxBalanceFilter, AuxDetailFilter, AuxTotalFilter, BudgetDetailFilter, BudgetExecFilter, LedgerDetailRowDto } from '../../../contract/ledger-aux';
import { neutralizeCell } from '../../../domain/spreadsheet-safety';
import { DomainError } from '../../../domain/result-codes';
import { XLSX_MIME } from '../export/sheet';
import { workbook, type Cell } from '../export/workbook';
import { fillWords, localeWords } from '../export/locale-words';
import { headingOf } from '../export/heading';
import { startTask } from '../voucher/docs-service';
import { auxBalance } from './aux-balance';
import { auxTotal } from './aux-total';
import { auxDetail } from './aux-detail';
import { budgetDetail, budgetSummary } from './budget-execution';
import { todayIso } from '../../clock';
import { localName, localVoucherLabel } from '../../../domain/names';
import type { Language } from '../../../domain/enums';

const yuan = (cents: string | number) => Number(cents) / 100;
const text = (s: string | null | undefined) => neutralizeCell(s ?? '');
const PAGE = 1000;

interface Who { companyId: number; userId: number; lang: Language }

/** The screens' words in the requester's language. */
const wordsOf = (lang: Language) => localeWords('ledgerAux', lang);
type Words = ReturnType<typeof wordsOf>;
/** An auxiliary type's name (部门 / Department …). */
const typeName = (L: Words, auxTypeId: number) => L.auxTypes[String(auxTypeId) as keyof Words['auxTypes']] ?? '';
/** A file name: the screen's title, then what it is about, then the day. */
const fileName = (...parts: string[]) => `${parts.join('-')}-${todayIso()}.xlsx`;

/** A name in the caller's language (the Chinese one when no English one is set). */
const nameIn = (lang: Language, name: string | null, nameEn: string | null) => localName(lang, { name: name ?? '', nameEn });

export async function exportAuxBalance(app: FastifyInstance, who: Who, f: AuxBalanceFilter) {
  const answer = await auxBalance(app.db, who.companyId, f, who.lang);
  if (answer.rows.length === 0) throw new DomainError('NO_DATA_TO_EXPORT');
  const L = wordsOf(who.lang);
  const c = L.columns;
  const w = L.workbook.columns;
  return startTask(app, {
    ...who, kind: 'LEDGER', mime: XLSX_MIME, fileName: fileName(L.balance.title),
    build: async (progress) => {
      const rows: Cell[][] = answer.rows.map((r) => [
        // A tree type's levels indented as on the screen.
        text(r.auxCode), text(`${'\u3000'.repeat(r.auxLevel - 1)}${r.auxName}`), text(r.subjectCode), text(nameIn(who.lang, r.subjectName, r.subjectNameEn)),
        yuan(r.openingDebit), yuan(r.openingCredit), yuan(r.debit), yuan(r.credit), yuan(r.ytdDebit), yuan(r.ytdCredit),
        L.sides[r.closingSide], yuan(r.closingDebit), yuan(r.closingCredit),
      ]);
      const t = answer.totals;
      rows.push([L.rows.total, '', '', '', yuan(t.openingDebit), yuan(t.openingCredit), yuan(t.debit), yuan(t.credit), yuan(t.ytdDebit), yuan(t.ytdCredit), '', yuan(t.closingDebit), yuan(t.closingCredit)]);
      await progress(0.5);
      return workbook(fillWords(L.workbook.sheets.balance, { type: typeName(L, f.auxTypeId) }), [
        c.auxCode, c.auxName, c.subjectCode, c.subjectName,
        w.openingDebit, w.openingCredit, w.debit, w.credit, w.ytdDebit, w.ytdCredit,
        c.side, w.closingDebit, w.closingCredit,
      ], rows, (i) => i === rows.length - 1 || answer.rows[i]?.kind === 'VALUE', [], await headingOf(app.db, who, `${L.balance.title} · ${typeName(L, f.auxTypeId)}`, f));
    },
  });
}

export async function exportAuxTotal(app: FastifyInstance, who: Who, f: AuxTotalFilter) {
  const answer = await auxTotal(app.db, who.companyId, f, who.lang);
  if (answer.groups.length === 0) throw new DomainError('NO_DATA_TO_EXPORT');
  const L = wordsOf(who.lang);
  const c = L.columns;
  return startTask(app, {
    ...who, kind: 'LEDGER', mime: XLSX_MIME, fileName: fileName(L.total.title),
    build: async () => {
      const rows: Cell[][] = [];
      const yearRows = new Set<number>();
      for (const g of answer.groups) {
        const head = [text(`${g.auxCode} ${g.auxName}`), text(`${g.subjectCode} ${nameIn(who.lang, g.subjectName, g.subjectNameEn)}`)];
        rows.push([...head, '', L.rows.OPENING, null, null, L.sides[g.openingSide], yuan(g.openingCents)]);
        for (const p of g.periods) {
          rows.push([...head, p.periodName, L.rows.PERIOD, yuan(p.debit), yuan(p.credit), L.sides[p.side], yuan(p.balanceCents)]);
          yearRows.add(rows.length);
          rows.push([...head, p.periodName, L.rows.YEAR, yuan(p.ytdDebit), yuan(p.ytdCredit), L.sides[p.side], yuan(p.balanceCents)]);
        }
      }
      const type = typeName(L, f.auxTypeId);
      return workbook(fillWords(L.workbook.sheets.total, { type }), [type, c.subjectName, c.periodName, c.summary, c.debit, c.credit, c.side, c.balance], rows, (i) => yearRows.has(i),
        [], await headingOf(app.db, who, `${L.total.title} · ${type}`, f));
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

const detailHeaders = (L: Words, balance: string) => [L.columns.date, L.columns.voucher, L.columns.subjectName, L.columns.summary, L.columns.debit, L.columns.credit, L.columns.side, balance];
const detailRow = (lang: Language, L: Words, r: LedgerDetailRowDto, balance: number): Cell[] => r.kind === 'LINE'
  ? [r.markDate, text(localVoucherLabel(lang, { name: r.voucherWord ?? '', nameEn: r.voucherWordEn }, r.codeText ?? '')), text(`${r.subjectCode} ${nameIn(lang, r.subjectName, r.subjectNameEn)}`), text(r.summary), yuan(r.debit), yuan(r.credit), L.sides[r.side], balance]
  : [r.periodName ?? '', '', r.subjectCode ? text(`${r.subjectCode} ${nameIn(lang, r.subjectName, r.subjectNameEn)}`) : '', L.rows[r.kind], r.kind === 'OPENING' ? null : yuan(r.debit), r.kind === 'OPENING' ? null : yuan(r.credit), L.sides[r.side], balance];

export async function exportAuxDetail(app: FastifyInstance, who: Who, f: AuxDetailFilter) {
  // Checks the filter (values, subject, periods) before a task is recorded.
  const head = await auxDetail(app.db, who.companyId, f, { offset: 0, limit: 1 }, who.lang);
  const L = wordsOf(who.lang);
  return startTask(app, {
    ...who, kind: 'LEDGER', mime: XLSX_MIME, fileName: fileName(L.detail.title, head.auxCode),
    build: async (progress) => {
      const rows = await allRows((offset) => auxDetail(app.db, who.companyId, f, { offset, limit: PAGE }, who.lang), progress);
      const cells = rows.map((r) => detailRow(who.lang, L, r, yuan(r.balanceCents) * (r.side === 'CREDIT' ? -1 : 1)));
      return workbook(fillWords(L.workbook.sheets.detail, { code: head.auxCode }), detailHeaders(L, L.workbook.columns.signedBalance), cells, (i) => rows[i].kind !== 'LINE',
        [], await headingOf(app.db, who, `${L.detail.title} · ${typeName(L, f.auxTypeId)} ${head.auxCode} ${head.auxName}`, f));
    },
  });
}

export async function exportBudgetSummary(app: FastifyInstance, who: Who, f: BudgetExecFilter) {
  const answer = await budgetSummary(app.db, who.companyId, f);
  if (answer.rows.length === 0) throw new DomainError('NO_DATA_TO_EXPORT');
  const L = wordsOf(who.lang);
  const c = L.columns;
  return startTask(app, {
    ...who, kind: 'LEDGER', mime: XLSX_MIME, fileName: fileName(L.budgetSummary.title),
    build: async () => workbook(L.workbook.sheets.budgetSummary, [c.auxCode, c.item, c.kind, c.budget, c.actual, c.ytdActual, c.remaining, L.workbook.columns.rate],
      answer.rows.map((r) => [text(r.code), text(r.name), L.budgetKinds[r.kind === 'INCOME' ? 'INCOME' : 'OUTCOME'], yuan(r.budget), yuan(r.actual), yuan(r.ytdActual), yuan(r.remaining), r.rateBp === null ? null : r.rateBp / 100]),
      (i) => !answer.rows[i].leaf, [], await headingOf(app.db, who, L.budgetSummary.title, f)),
  });
}

export async function exportBudgetDetail(app: FastifyInstance, who: Who, f: BudgetDetailFilter) {
  const head = await budgetDetail(app.db, who.companyId, f, { offset: 0, limit: 1 });
  const L = wordsOf(who.lang);
  return startTask(app, {
    ...who, kind: 'LEDGER', mime: XLSX_MIME, fileName: fileName(L.budgetDetail.title, head.code),
    build: async (progress) => {
      const rows = await allRows((offset) => budgetDetail(app.db, who.companyId, f, { offset, limit: PAGE }), progress);
      return workbook(fillWords(L.workbook.sheets.budgetDetail, { code: head.code }), detailHeaders(L, L.columns.used), rows.map((r) => detailRow(who.lang, L, r, yuan(r.balanceCents))), (i) => rows[i].kind !== 'LINE',
        [], await headingOf(app.db, who, `${L.budgetDetail.title} · ${head.code} ${head.name}`, f));
    },
  });
}
