/**
 * 科目汇总表 (GET /ledger/subjectSummary), 总账 (GET /ledger/subjectTotal) and 明细账
 * (GET /ledger/subjectDetail), spec 01 §2 / §7, issue 9. Summary and general ledger read only the
 * per-period balance tables (decision 025) and the year's opening balances (`subjectOpenings`);
 * the sub-ledger reads the lines of its page alone: its opening, period totals and year to date
 * come from the balance tables, and the balance before a page from one aggregate over the earlier
 * lines of the same period (decision 030).
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTx, type Tx } from '../../db/tx';
import { periods, subjectBalances, subjects, vouchers } from '../../db/schema';
import { DomainError } from '../../../domain/result-codes';
import { periodName } from '../../../domain/periods';
import { padVoucherCode } from '../../../domain/finance-settings';
import type {
  LedgerPeriodDto, SubjectBalanceFilter, SubjectDetailDto, SubjectDetailFilter, SubjectDetailRowDto, SubjectHeadDto,
  SubjectSummaryDto, SubjectSummaryRowDto, SubjectTotalDto, SubjectTotalPeriodDto,
} from '../../../contract/ledger';
import { codeLengthsOf } from '../voucher/queries';
import { subjectOpenings } from './opening';
import { inCodeRange, sideOf } from './subject-balance';

interface YearRange {
  /** The year's periods in order. */
  all: LedgerPeriodDto[];
  start: number;
  end: number;
}

/** The year's periods and the range's positions in them; refuses a period of another year or company. */
async function periodRange(tx: Tx, companyId: number, f: { accountYearId: number; startPeriodId: number; endPeriodId: number }): Promise<YearRange> {
  const rows = await tx.select({ id: periods.id, companyId: periods.companyId, startAt: periods.startAt, endAt: periods.endAt }).from(periods)
    .where(eq(periods.accountYearId, f.accountYearId)).orderBy(asc(periods.startAt), asc(periods.id));
  const start = rows.findIndex((p) => p.id === f.startPeriodId);
  const end = rows.findIndex((p) => p.id === f.endPeriodId);
  if (start < 0 || end < 0 || rows[0].companyId !== companyId) throw new DomainError('MISSING_ACCOUNT_OR_PERIOD');
  if (start > end) throw new DomainError('PERIOD_END_BEFORE_START');
  return { all: rows.map((p) => ({ id: p.id, name: periodName(p), startAt: p.startAt, endAt: p.endAt })), start, end };
}

type ChartRow = SubjectHeadDto;

async function chartOf(tx: Tx, companyId: number, accountYearId: number): Promise<ChartRow[]> {
  return tx.select({
    subjectId: subjects.id, parentId: subjects.parentId, code: subjects.code, name: subjects.name, nameEn: subjects.nameEn,
    level: subjects.level, leaf: subjects.leaf, direction: subjects.direction,
  }).from(subjects).where(and(eq(subjects.accountYearId, accountYearId), eq(subjects.companyId, companyId))).orderBy(asc(subjects.code));
}

/** The debit / credit / line-count columns of the balance tables for all vouchers or bookkept ones. */
const cols = (includeUnbooked: boolean) => (includeUnbooked
  ? { debit: subjectBalances.debitAll, credit: subjectBalances.creditAll, lines: subjectBalances.linesAll }
  : { debit: subjectBalances.debitBooked, credit: subjectBalances.creditBooked, lines: subjectBalances.linesBooked });

/** Per subject and period: the movements of the year's periods through `throughIds` (a list of period ids). */
async function movements(tx: Tx, companyId: number, accountYearId: number, throughIds: number[], includeUnbooked: boolean, subjectIds?: number[]) {
  const c = cols(includeUnbooked);
  const rows = await tx.select({
    subjectId: subjectBalances.subjectId, periodId: subjectBalances.periodId,
    debit: sql<string>`sum(${c.debit})`, credit: sql<string>`sum(${c.credit})`, lines: sql<string>`sum(${c.lines})`,
  }).from(subjectBalances)
    .where(and(eq(subjectBalances.accountYearId, accountYearId), eq(subjectBalances.companyId, companyId),
      sql`${subjectBalances.periodId} = any(${sql.param(throughIds)}::integer[])`,
      subjectIds ? sql`${subjectBalances.subjectId} = any(${sql.param(subjectIds)}::integer[])` : undefined))
    .groupBy(subjectBalances.subjectId, subjectBalances.periodId);
  return rows.map((r) => ({ subjectId: r.subjectId, periodId: r.periodId, debit: Number(r.debit), credit: Number(r.credit), lines: Number(r.lines) }));
}

/** Walks a subject and every subject above it. */
function upward(byId: Map<number, ChartRow>, subjectId: number, visit: (s: ChartRow) => void) {
  for (let s = byId.get(subjectId); s; s = s.parentId === null ? undefined : byId.get(s.parentId)) visit(s);
}

/** Whether a subject is one of the topmost of the code range (its parent lies outside): totals sum these. */
function topOfRange(s: ChartRow, byId: Map<number, ChartRow>, from?: string, to?: string): boolean {
  const parent = s.parentId === null ? undefined : byId.get(s.parentId);
  return !parent || !inCodeRange(parent.code, from, to);
}

const head = (s: ChartRow): SubjectHeadDto => ({
  subjectId: s.subjectId, parentId: s.parentId, code: s.code, name: s.name, nameEn: s.nameEn, level: s.level, leaf: s.leaf, direction: s.direction,
});

/** 科目汇总表: debit, credit and lines per subject over the period range, rolled up to every level. */
export async function subjectSummary(db: Db, companyId: number, f: SubjectBalanceFilter): Promise<SubjectSummaryDto> {
  return withTx(db, async (tx) => {
    const range = await periodRange(tx, companyId, f);
    const inRange = range.all.slice(range.start, range.end + 1).map((p) => p.id);
    const chart = await chartOf(tx, companyId, f.accountYearId);
    const byId = new Map(chart.map((s) => [s.subjectId, s]));
    const sums = new Map(chart.map((s) => [s.subjectId, { debit: 0, credit: 0, lines: 0 }]));
    for (const m of await movements(tx, companyId, f.accountYearId, inRange, f.includeUnbooked)) {
      upward(byId, m.subjectId, (s) => {
        const x = sums.get(s.subjectId)!;
        x.debit += m.debit;
        x.credit += m.credit;
        x.lines += m.lines;
      });
    }
    const [count] = await tx.select({ n: sql<string>`count(*)` }).from(vouchers)
      .where(and(eq(vouchers.companyId, companyId), eq(vouchers.accountYearId, f.accountYearId), inArray(vouchers.periodId, inRange),
        sql`${vouchers.state} <> 'INVALID'`, f.includeUnbooked ? undefined : sql`${vouchers.bookKeepAt} is not null`));
    const rows: SubjectSummaryRowDto[] = [];
    const totals = { debit: 0, credit: 0, lines: 0 };
    for (const s of chart) {
      if (!inCodeRange(s.code, f.subjectCodeFrom, f.subjectCodeTo)) continue;
      const x = sums.get(s.subjectId)!;
      if (topOfRange(s, byId, f.subjectCodeFrom, f.subjectCodeTo)) {
        totals.debit += x.debit;
        totals.credit += x.credit;
        totals.lines += x.lines;
      }
      if (f.level !== undefined && s.level > f.level) continue;
      if (!f.showZero && x.debit === 0 && x.credit === 0 && x.lines === 0) continue;
      rows.push({ ...head(s), debit: String(x.debit), credit: String(x.credit), lines: x.lines });
    }
    return { rows, totals: { debit: String(totals.debit), credit: String(totals.credit), lines: totals.lines }, voucherCount: Number(count?.n ?? 0) };
  });
}

/** 总账: per subject the opening before the range, then each period's movements, year to date and balance. */
export async function subjectTotal(db: Db, companyId: number, f: SubjectBalanceFilter): Promise<SubjectTotalDto> {
  return withTx(db, async (tx) => {
    const range = await periodRange(tx, companyId, f);
    const through = range.all.slice(0, range.end + 1);
    const position = new Map(through.map((p, i) => [p.id, i]));
    const chart = await chartOf(tx, companyId, f.accountYearId);
    const byId = new Map(chart.map((s) => [s.subjectId, s]));
    // Per subject: the year's opening balance and its year-to-date before the ledger started (mid-year start),
    // and the debit and credit of every period through the end one.
    const fig = new Map(chart.map((s) => [s.subjectId, { opening: 0, ytdDebit: 0, ytdCredit: 0, debit: through.map(() => 0), credit: through.map(() => 0) }]));
    for (const [subjectId, o] of await subjectOpenings(tx, f.accountYearId)) {
      upward(byId, subjectId, (s) => {
        const x = fig.get(s.subjectId)!;
        x.opening += o.balance;
        x.ytdDebit += o.ytdDebit;
        x.ytdCredit += o.ytdCredit;
      });
    }
    for (const m of await movements(tx, companyId, f.accountYearId, through.map((p) => p.id), f.includeUnbooked)) {
      const i = position.get(m.periodId)!;
      upward(byId, m.subjectId, (s) => {
        const x = fig.get(s.subjectId)!;
        x.debit[i] += m.debit;
        x.credit[i] += m.credit;
      });
    }
    const out: SubjectTotalDto['subjects'] = [];
    for (const s of chart) {
      if (!inCodeRange(s.code, f.subjectCodeFrom, f.subjectCodeTo)) continue;
      if (f.level !== undefined && s.level > f.level) continue;
      const x = fig.get(s.subjectId)!;
      let balance = x.opening;
      let ytdDebit = x.ytdDebit;
      let ytdCredit = x.ytdCredit;
      for (let i = 0; i < range.start; i++) {
        balance += x.debit[i] - x.credit[i];
        ytdDebit += x.debit[i];
        ytdCredit += x.credit[i];
      }
      const opening = sideOf(balance);
      const rows: SubjectTotalPeriodDto[] = [];
      let moved = balance !== 0 || ytdDebit !== 0 || ytdCredit !== 0;
      for (let i = range.start; i <= range.end; i++) {
        balance += x.debit[i] - x.credit[i];
        ytdDebit += x.debit[i];
        ytdCredit += x.credit[i];
        if (x.debit[i] !== 0 || x.credit[i] !== 0) moved = true;
        const b = sideOf(balance);
        rows.push({ periodId: through[i].id, debit: String(x.debit[i]), credit: String(x.credit[i]), ytdDebit: String(ytdDebit), ytdCredit: String(ytdCredit), side: b.side, balanceCents: String(b.cents) });
      }
      if (!f.showZero && !moved) continue;
      out.push({ ...head(s), openingSide: opening.side, openingCents: String(opening.cents), periods: rows });
    }
    return { periods: range.all.slice(range.start, range.end + 1), subjects: out };
  });
}

/** The subject and every subject below it. */
function subtree(chart: ChartRow[], rootId: number): number[] {
  const children = new Map<number, number[]>();
  for (const s of chart) if (s.parentId !== null) children.set(s.parentId, [...(children.get(s.parentId) ?? []), s.subjectId]);
  const out: number[] = [];
  const stack = [rootId];
  while (stack.length) {
    const id = stack.pop()!;
    out.push(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

/** One period of a sub-ledger: its lines and the balance and year to date before it. */
interface DetailPeriod {
  period: LedgerPeriodDto;
  lines: number;
  debit: number;
  credit: number;
  /** Balance (debit positive) before the period's first line. */
  before: number;
  /** Year to date through the period. */
  ytdDebit: number;
  ytdCredit: number;
  /** Row index of the period's first line. */
  first: number;
}

export interface DetailLayout {
  subject: ChartRow;
  subjectIds: number[];
  codeOf: Map<number, string>;
  periods: LedgerPeriodDto[];
  opening: number;
  parts: DetailPeriod[];
  total: number;
}

/** The sub-ledger's shape from the balance tables: opening, per period its line count, totals and year to date. */
async function detailLayout(tx: Tx, companyId: number, f: SubjectDetailFilter): Promise<DetailLayout> {
  const range = await periodRange(tx, companyId, f);
  const chart = await chartOf(tx, companyId, f.accountYearId);
  const subject = chart.find((s) => s.subjectId === f.subjectId);
  if (!subject) throw new DomainError('NO_PERMISSION');
  const subjectIds = subtree(chart, subject.subjectId);
  const within = new Set(subjectIds);
  const through = range.all.slice(0, range.end + 1);
  const per = new Map(through.map((p) => [p.id, { debit: 0, credit: 0, lines: 0 }]));
  for (const m of await movements(tx, companyId, f.accountYearId, through.map((p) => p.id), f.includeUnbooked, subjectIds)) {
    const x = per.get(m.periodId)!;
    x.debit += m.debit;
    x.credit += m.credit;
    x.lines += m.lines;
  }
  let balance = 0;
  let ytdDebit = 0;
  let ytdCredit = 0;
  for (const [subjectId, o] of await subjectOpenings(tx, f.accountYearId)) {
    if (!within.has(subjectId)) continue;
    balance += o.balance;
    ytdDebit += o.ytdDebit;
    ytdCredit += o.ytdCredit;
  }
  for (const p of through.slice(0, range.start)) {
    const x = per.get(p.id)!;
    balance += x.debit - x.credit;
    ytdDebit += x.debit;
    ytdCredit += x.credit;
  }
  const opening = balance;
  const parts: DetailPeriod[] = [];
  let index = 1;
  for (const p of through.slice(range.start)) {
    const x = per.get(p.id)!;
    ytdDebit += x.debit;
    ytdCredit += x.credit;
    parts.push({ period: p, lines: x.lines, debit: x.debit, credit: x.credit, before: balance, ytdDebit, ytdCredit, first: index });
    balance += x.debit - x.credit;
    index += x.lines + 2;
  }
  return { subject, subjectIds, codeOf: new Map(chart.map((s) => [s.subjectId, s.code])), periods: through.slice(range.start), opening, parts, total: index };
}

/** The lines of a subtree in one period, in ledger order (date, kind, number, line). */
const lineOrder = sql`v.mark_date, v.kind_id, v.code, v.id, i.line_no`;
const lineWhere = (companyId: number, f: SubjectDetailFilter, subjectIds: number[], periodId: number) => sql`
  i.company_id = ${companyId} and i.account_year_id = ${f.accountYearId} and i.subject_id = any(${sql.param(subjectIds)}::integer[])
  and v.period_id = ${periodId} and v.state <> 'INVALID' ${f.includeUnbooked ? sql`` : sql`and v.book_keep_at is not null`}`;

interface LineRow { voucher_id: number; mark_date: string; code: number; account_id: number; kind_name: string; kind_name_en: string | null; summary: string; subject_id: number; direction: boolean; amount_cents: string | number }

const rowsOf = <T>(r: unknown): T[] => (r as { rows: T[] }).rows;

/** Signed (debit positive) sum of the first `count` lines of a period: the balance's move before a page. */
async function sumOfFirst(tx: Tx, companyId: number, f: SubjectDetailFilter, subjectIds: number[], periodId: number, count: number): Promise<number> {
  if (count <= 0) return 0;
  const [r] = rowsOf<{ s: string | null }>(await tx.execute(sql`
    select sum(case when x.direction then x.amount_cents else -x.amount_cents end) as s from (
      select i.direction, i.amount_cents from voucher_items i join vouchers v on v.company_id = i.company_id and v.id = i.voucher_id
      where ${lineWhere(companyId, f, subjectIds, periodId)} order by ${lineOrder} limit ${count}) x`));
  return Number(r?.s ?? 0);
}

async function linesOf(tx: Tx, companyId: number, f: SubjectDetailFilter, subjectIds: number[], periodId: number, offset: number, limit: number): Promise<LineRow[]> {
  return rowsOf<LineRow>(await tx.execute(sql`
    select v.id as voucher_id, v.mark_date::text as mark_date, v.code, v.account_id, k.name as kind_name, k.name_en as kind_name_en,
      i.summary, i.subject_id, i.direction, i.amount_cents
    from voucher_items i join vouchers v on v.company_id = i.company_id and v.id = i.voucher_id
      join voucher_kinds k on k.id = v.kind_id
    where ${lineWhere(companyId, f, subjectIds, periodId)} order by ${lineOrder} offset ${offset} limit ${limit}`));
}

const blank = { voucherId: null, kindName: null, kindNameEn: null, codeText: null, summary: null, subjectCode: null } as const;

/** Rows [offset, offset + limit) of the sub-ledger, each with its running balance. */
async function detailRows(tx: Tx, companyId: number, f: SubjectDetailFilter, layout: DetailLayout, offset: number, limit: number): Promise<SubjectDetailRowDto[]> {
  const endAt = Math.min(offset + limit, layout.total);
  const out: SubjectDetailRowDto[] = [];
  if (offset >= endAt) return out;
  const codeLength = (await codeLengthsOf(tx, [f.accountId])).get(f.accountId)!;
  const balanceRow = (balance: number) => {
    const b = sideOf(balance);
    return { side: b.side, balanceCents: String(b.cents) };
  };
  if (offset === 0) {
    out.push({ index: 0, kind: 'OPENING', periodId: layout.periods[0]?.id ?? null, date: layout.periods[0]?.startAt ?? null, ...blank, debit: '0', credit: '0', ...balanceRow(layout.opening) });
  }
  for (const part of layout.parts) {
    const periodRow = part.first + part.lines;
    if (part.first >= endAt) break;
    if (periodRow + 1 < offset) continue;
    // Lines of this period on the page.
    const from = Math.max(offset, part.first) - part.first;
    const to = Math.min(endAt, periodRow) - part.first;
    if (to > from) {
      let balance = part.before + await sumOfFirst(tx, companyId, f, layout.subjectIds, part.period.id, from);
      const lines = await linesOf(tx, companyId, f, layout.subjectIds, part.period.id, from, to - from);
      lines.forEach((l, k) => {
        const amount = Number(l.amount_cents);
        balance += l.direction ? amount : -amount;
        out.push({
          index: part.first + from + k, kind: 'LINE', periodId: part.period.id, date: l.mark_date, voucherId: l.voucher_id,
          kindName: l.kind_name, kindNameEn: l.kind_name_en, codeText: padVoucherCode(l.code, codeLength), summary: l.summary,
          subjectCode: layout.codeOf.get(l.subject_id) ?? null,
          debit: l.direction ? String(amount) : '0', credit: l.direction ? '0' : String(amount), ...balanceRow(balance),
        });
      });
    }
    const closing = part.before + part.debit - part.credit;
    if (periodRow >= offset && periodRow < endAt) {
      out.push({ index: periodRow, kind: 'PERIOD', periodId: part.period.id, date: part.period.endAt, ...blank, debit: String(part.debit), credit: String(part.credit), ...balanceRow(closing) });
    }
    if (periodRow + 1 >= offset && periodRow + 1 < endAt) {
      out.push({ index: periodRow + 1, kind: 'YTD', periodId: part.period.id, date: part.period.endAt, ...blank, debit: String(part.ytdDebit), credit: String(part.ytdCredit), ...balanceRow(closing) });
    }
  }
  return out;
}

/** 明细账: a page of a subject's sub-ledger (with every subject below it). */
export async function subjectDetail(db: Db, companyId: number, f: SubjectDetailFilter, offset: number, limit: number): Promise<SubjectDetailDto> {
  return withTx(db, async (tx) => {
    // One snapshot: the layout (from the balance tables) and the lines read agree under concurrent postings.
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const layout = await detailLayout(tx, companyId, f);
    const rows = await detailRows(tx, companyId, f, layout, offset, limit);
    return { subject: head(layout.subject), periods: layout.periods, total: layout.total, rows };
  });
}

/**
 * Every row of a sub-ledger, page by page in one transaction (the export). No progress is written
 * from inside: on PGlite (one connection) a write outside the transaction would wait for it forever.
 */
export async function subjectDetailAll(db: Db, companyId: number, f: SubjectDetailFilter, pageSize = 1000): Promise<SubjectDetailDto> {
  return withTx(db, async (tx) => {
    // One snapshot: the layout (from the balance tables) and the lines read agree under concurrent postings.
    await tx.execute(sql`set transaction isolation level repeatable read`);
    const layout = await detailLayout(tx, companyId, f);
    const rows: SubjectDetailRowDto[] = [];
    while (rows.length < layout.total) {
      const page = await detailRows(tx, companyId, f, layout, rows.length, pageSize);
      if (!page.length) break;
      rows.push(...page);
    }
    return { subject: head(layout.subject), periods: layout.periods, total: layout.total, rows };
  });
}
