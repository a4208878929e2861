/**
 * 科目汇总表 (GET /ledger/subjectSummary), 总账 (GET /ledger/subjectTotal) and 明细账
 * (GET /ledger/subjectDetail), spec 01 §2 / §7, issue 9. Summary and general ledger read only the
 * per-period balance tables (decision 025) and the year's opening balances, in one statement each,
 * and roll the figures up the chart here (decision 040); the sub-ledger reads the lines of its
 * page alone: its opening, period totals and year to date come from the balance tables (one
 * statement), and the balance before a page from a running sum over the earlier lines of the same
 * period, read by the statement that reads the page (decision 030).
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Tx, executeNamed, rowsOf } from '../../db/tx';
import { DomainError } from '../../../domain/result-codes';
import { periodName } from '../../../domain/periods';
import { padVoucherCode, VOUCHER_CODE_LENGTH_DEFAULT } from '../../../domain/finance-settings';
import type {
  LedgerPeriodDto, SubjectBalanceFilter, SubjectDetailDto, SubjectDetailFilter, SubjectDetailRowDto, SubjectHeadDto,
  SubjectSummaryDto, SubjectSummaryRowDto, SubjectTotalDto, SubjectTotalPeriodDto,
} from '../../../contract/ledger';
import { balanceColumns, checkRange, inCodeRange, ledgerHead, ledgerStatementName, sideOf } from './subject-balance';

type ChartRow = SubjectHeadDto;

/** The year's periods as the statements answer them (`periods` json of the `r` row): id, start, end in order. */
const yearPeriods = sql`(select json_agg(json_build_object('id', id, 'startAt', start_at, 'endAt', end_at) order by n) from yp) as periods`;
const periodDtos = (rows: Array<{ id: number; startAt: string; endAt: string }> | null): LedgerPeriodDto[] =>
  (rows ?? []).map((p) => ({ id: p.id, name: periodName(p), startAt: p.startAt, endAt: p.endAt }));

/** A chart row of a statement, with the figures as text (exact bigint sums). */
interface ChartSql { s: number | null; e: number | null; company_id: number | null; id: number | null; parent_id: number | null; code: string; name: string; name_en: string | null; level: number; leaf: boolean; direction: boolean }

const head = (s: ChartSql): SubjectHeadDto => ({
  subjectId: s.id!, parentId: s.parent_id, code: s.code, name: s.name, nameEn: s.name_en, level: s.level, leaf: s.leaf, direction: s.direction,
});

/** Whether a subject is one of the topmost of the code range (its parent lies outside): totals sum these. */
function topOfRange(s: ChartSql, codeOf: Map<number, string>, from?: string, to?: string): boolean {
  const parent = s.parent_id === null ? undefined : codeOf.get(s.parent_id);
  return parent === undefined || !inCodeRange(parent, from, to);
}

/** 科目汇总表: debit, credit and lines per subject over the period range, rolled up to every level (one statement; the roll-up here). */
export async function subjectSummary(db: Db, companyId: number, f: SubjectBalanceFilter): Promise<SubjectSummaryDto> {
  const c = balanceColumns(f.includeUnbooked);
  const all = rowsOf<ChartSql & { debit: string; credit: string; lines: string; vouchers: string }>(await executeNamed(db, ledgerStatementName('summary', f.includeUnbooked), sql`
    with ${ledgerHead(companyId, f)},
    own as materialized (
      select b.subject_id, sum(b.${c.debit}) as debit, sum(b.${c.credit}) as credit, sum(b.${c.lines}) as lines
      from subject_balances b join yp on yp.id = b.period_id cross join r
      where b.account_year_id = ${f.accountYearId} and b.company_id = ${companyId} and yp.n between r.s and r.e
      group by b.subject_id)
    select r.s, r.e, r.company_id, c.id, c.parent_id, c.code, c.name, c.name_en, c.level, c.leaf, c.direction,
      coalesce(x.debit, 0)::text as debit, coalesce(x.credit, 0)::text as credit, coalesce(x.lines, 0)::text as lines,
      (select count(*) from vouchers v join yp on yp.id = v.period_id where v.company_id = ${companyId} and v.account_year_id = ${f.accountYearId}
        and yp.n between r.s and r.e and v.state <> 'INVALID' ${f.includeUnbooked ? sql`` : sql`and v.book_keep_at is not null`})::text as vouchers
    from r left join (chart c left join own x on x.subject_id = c.id) on true
    order by c.code`));
  checkRange(companyId, all[0]);
  const chart = all.filter((s) => s.id !== null);
  const codeOf = new Map(chart.map((s) => [s.id!, s.code]));
  // Each subject's own sums added to it and every subject above it.
  const sums = new Map(chart.map((s) => [s.id!, { debit: 0, credit: 0, lines: 0 }]));
  const parentOf = new Map(chart.map((s) => [s.id!, s.parent_id]));
  for (const s of chart) {
    const own = { debit: Number(s.debit), credit: Number(s.credit), lines: Number(s.lines) };
    if (own.debit === 0 && own.credit === 0 && own.lines === 0) continue;
    for (let id: number | null | undefined = s.id; id !== null && id !== undefined; id = parentOf.get(id)) {
      const t = sums.get(id);
      if (!t) break;
      t.debit += own.debit;
      t.credit += own.credit;
      t.lines += own.lines;
    }
  }
  const rows: SubjectSummaryRowDto[] = [];
  const totals = { debit: 0, credit: 0, lines: 0 };
  for (const s of chart) {
    if (!inCodeRange(s.code, f.subjectCodeFrom, f.subjectCodeTo)) continue;
    const x = sums.get(s.id!)!;
    if (topOfRange(s, codeOf, f.subjectCodeFrom, f.subjectCodeTo)) {
      totals.debit += x.debit;
      totals.credit += x.credit;
      totals.lines += x.lines;
    }
    if (f.level !== undefined && s.level > f.level) continue;
    if (!f.showZero && x.debit === 0 && x.credit === 0 && x.lines === 0) continue;
    rows.push({ ...head(s), debit: String(x.debit), credit: String(x.credit), lines: x.lines });
  }
  return { rows, totals: { debit: String(totals.debit), credit: String(totals.credit), lines: totals.lines }, voucherCount: Number(all[0]?.vouchers ?? 0) };
}

/**
 * 总账: per subject the opening before the range, then each period's movements, year to date and
 * balance. One statement answers the chart with each subject's own figures: its opening balance and
 * the debits and credits of each period through the end one with movements (json triples). The roll-up to the parents is done here: measured against the same roll-up in SQL
 * (a recursive ancestor join, 4,320 rows summed into 2,400 at 100k lines), this took half the time
 * of the call (decision 040).
 */
export async function subjectTotal(db: Db, companyId: number, f: SubjectBalanceFilter): Promise<SubjectTotalDto> {
  const c = balanceColumns(f.includeUnbooked);
  const all = rowsOf<ChartSql & { periods: Array<{ id: number; startAt: string; endAt: string }> | null; opening: string | null; ytd_debit: string | null; ytd_credit: string | null; moved: Array<[number, number, number]> | null }>(await executeNamed(db, ledgerStatementName('total', f.includeUnbooked), sql`
    with ${ledgerHead(companyId, f)},
    -- Per subject its periods with movements as [position, debit, credit] (json: parsed natively; cents are exact below 2^53).
    own as materialized (
      select x.subject_id, json_agg(json_build_array(x.n, x.debit, x.credit)) as moved from (
        select b.subject_id, yp.n, sum(b.${c.debit}) as debit, sum(b.${c.credit}) as credit
        from subject_balances b join yp on yp.id = b.period_id cross join r
        where b.account_year_id = ${f.accountYearId} and b.company_id = ${companyId} and yp.n <= r.e
        group by b.subject_id, yp.n) x
      group by x.subject_id)
    select r.s, r.e, r.company_id, ${yearPeriods}, c.id, c.parent_id, c.code, c.name, c.name_en, c.level, c.leaf, c.direction,
      o.balance_cents::text as opening, o.ytd_debit_cents::text as ytd_debit, o.ytd_credit_cents::text as ytd_credit, m.moved
    from r left join (chart c left join opening_balances o on o.account_year_id = ${f.accountYearId} and o.subject_id = c.id left join own m on m.subject_id = c.id) on true
    order by c.code`));
  const { s: start, e: end } = checkRange(companyId, all[0]);
  const periods = periodDtos(all[0].periods).slice(start - 1, end);
  const chart = all.filter((s) => s.id !== null);
  // Per subject: the year's opening and year to date before the ledger started, the debit and credit
  // of every period through the end one (index n - 1), its own and then every subject's below it.
  const fig = new Map(chart.map((s) => [s.id!, { opening: 0, ytdDebit: 0, ytdCredit: 0, debit: new Array<number>(end).fill(0), credit: new Array<number>(end).fill(0) }]));
  const parentOf = new Map(chart.map((s) => [s.id!, s.parent_id]));
  for (const s of chart) {
    const opening = Number(s.opening ?? 0);
    const ytdDebit = Number(s.ytd_debit ?? 0);
    const ytdCredit = Number(s.ytd_credit ?? 0);
    const moved = s.moved ?? [];
    if (!moved.length && opening === 0 && ytdDebit === 0 && ytdCredit === 0) continue;
    for (let id: number | null | undefined = s.id; id !== null && id !== undefined; id = parentOf.get(id)) {
      const x = fig.get(id);
      if (!x) break;
      x.opening += opening;
      x.ytdDebit += ytdDebit;
      x.ytdCredit += ytdCredit;
      for (const [n, debit, credit] of moved) {
        x.debit[n - 1] += Number(debit);
        x.credit[n - 1] += Number(credit);
      }
    }
  }
  const out: SubjectTotalDto['subjects'] = [];
  for (const s of chart) {
    if (!inCodeRange(s.code, f.subjectCodeFrom, f.subjectCodeTo)) continue;
    if (f.level !== undefined && s.level > f.level) continue;
    const x = fig.get(s.id!)!;
    let balance = x.opening;
    let ytdDebit = x.ytdDebit;
    let ytdCredit = x.ytdCredit;
    for (let i = 0; i < start - 1; i++) {
      balance += x.debit[i] - x.credit[i];
      ytdDebit += x.debit[i];
      ytdCredit += x.credit[i];
    }
    const opening = sideOf(balance);
    const rows: SubjectTotalPeriodDto[] = [];
    let moved = balance !== 0 || ytdDebit !== 0 || ytdCredit !== 0;
    for (let i = start - 1; i < end; i++) {
      const debit = x.debit[i];
      const credit = x.credit[i];
      balance += debit - credit;
      ytdDebit += debit;
      ytdCredit += credit;
      if (debit !== 0 || credit !== 0) moved = true;
      const b = sideOf(balance);
      rows.push({ periodId: periods[i - start + 1].id, debit: String(debit), credit: String(credit), ytdDebit: String(ytdDebit), ytdCredit: String(ytdCredit), side: b.side, balanceCents: String(b.cents) });
    }
    if (!f.showZero && !moved) continue;
    out.push({ ...head(s), openingSide: opening.side, openingCents: String(opening.cents), periods: rows });
  }
  return { periods, subjects: out };
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
  /** The ledger set's voucher number length. */
  codeLength: number;
  periods: LedgerPeriodDto[];
  opening: number;
  parts: DetailPeriod[];
  total: number;
}

interface LayoutSql {
  s: number | null; e: number | null; company_id: number | null;
  periods: Array<{ id: number; startAt: string; endAt: string }> | null;
  /** The subject and every subject below it, the subject first. */
  subtree: Array<{ id: number; code: string; parentId: number | null; name: string; nameEn: string | null; level: number; leaf: boolean; direction: boolean }> | null;
  /** Per period position n through the end: debit, credit, lines (text). */
  moved: Array<{ n: number; debit: string; credit: string; lines: string }> | null;
  opening: string; ytd_debit: string; ytd_credit: string;
  code_length: number | null;
}

/**
 * The sub-ledger's shape from the balance tables, in one statement: the year's periods, the
 * subject's subtree, its opening, per period its line count, totals and year to date, and the
 * ledger set's voucher number length.
 */
async function detailLayout(tx: Tx, companyId: number, f: SubjectDetailFilter): Promise<DetailLayout> {
  const c = balanceColumns(f.includeUnbooked);
  // Named: planned once per connection (ledgerStatementName).
  const [x] = rowsOf<LayoutSql>(await executeNamed(tx, ledgerStatementName('detail_layout', f.includeUnbooked), sql`
    with recursive ${ledgerHead(companyId, f)},
    sub as (select id, 0 as depth from chart where id = ${f.subjectId} union all select ch.id, sub.depth + 1 from chart ch join sub on ch.parent_id = sub.id),
    mv as (
      select yp.n, sum(b.${c.debit}) as debit, sum(b.${c.credit}) as credit, sum(b.${c.lines}) as lines
      from subject_balances b join yp on yp.id = b.period_id cross join r
      where b.account_year_id = ${f.accountYearId} and b.company_id = ${companyId} and b.subject_id in (select id from sub) and yp.n <= r.e
      group by yp.n),
    op as (select coalesce(sum(balance_cents), 0)::text as opening, coalesce(sum(ytd_debit_cents), 0)::text as ytd_debit, coalesce(sum(ytd_credit_cents), 0)::text as ytd_credit
      from opening_balances where account_year_id = ${f.accountYearId} and subject_id in (select id from sub))
    select r.s, r.e, r.company_id, ${yearPeriods},
      (select json_agg(json_build_object('id', ch.id, 'code', ch.code, 'parentId', ch.parent_id, 'name', ch.name, 'nameEn', ch.name_en, 'level', ch.level,
        'leaf', ch.leaf, 'direction', ch.direction) order by sub.depth, ch.code) from sub join chart ch on ch.id = sub.id) as subtree,
      (select json_agg(json_build_object('n', n, 'debit', debit::text, 'credit', credit::text, 'lines', lines::text)) from mv) as moved,
      op.opening, op.ytd_debit, op.ytd_credit,
      (select length from voucher_code_rules where account_id = ${f.accountId}) as code_length
    from r cross join op`));
  const range = checkRange(companyId, x);
  const root = x.subtree?.[0];
  if (!root || root.id !== f.subjectId) throw new DomainError('NO_PERMISSION');
  const subject: ChartRow = { subjectId: root.id, parentId: root.parentId, code: root.code, name: root.name, nameEn: root.nameEn, level: root.level, leaf: root.leaf, direction: root.direction };
  const all = periodDtos(x.periods);
  const per = new Map((x.moved ?? []).map((m) => [m.n, { debit: Number(m.debit), credit: Number(m.credit), lines: Number(m.lines) }]));
  const none = { debit: 0, credit: 0, lines: 0 };
  let balance = Number(x.opening);
  let ytdDebit = Number(x.ytd_debit);
  let ytdCredit = Number(x.ytd_credit);
  for (let n = 1; n < range.s; n++) {
    const m = per.get(n) ?? none;
    balance += m.debit - m.credit;
    ytdDebit += m.debit;
    ytdCredit += m.credit;
  }
  const opening = balance;
  const parts: DetailPeriod[] = [];
  let index = 1;
  for (let n = range.s; n <= range.e; n++) {
    const m = per.get(n) ?? none;
    ytdDebit += m.debit;
    ytdCredit += m.credit;
    parts.push({ period: all[n - 1], lines: m.lines, debit: m.debit, credit: m.credit, before: balance, ytdDebit, ytdCredit, first: index });
    balance += m.debit - m.credit;
    index += m.lines + 2;
  }
  return {
    subject, subjectIds: x.subtree!.map((s) => s.id), codeOf: new Map(x.subtree!.map((s) => [s.id, s.code])),
    codeLength: x.code_length ?? VOUCHER_CODE_LENGTH_DEFAULT, periods: all.slice(range.s - 1, range.e), opening, parts, total: index,
  };
}

/** The lines of a subtree in one period, in ledger order (date, kind, number, line). */
const lineOrder = sql`v.mark_date, v.kind_id, v.code, v.id, i.line_no`;

interface LineRow { voucher_id: number; mark_date: string; code: number; account_id: number; kind_name: string; kind_name_en: string | null; summary: string; subject_id: number; direction: boolean; amount_cents: string | number; run: string }

/**
 * Lines [offset, offset + limit) of a period in ledger order, each with `run`: the signed (debit
 * positive) sum of the period's lines through it. One statement: the window sums the lines before
 * the page as it reads them, which the page had to read past anyway.
 *
 * The period's vouchers are walked in ledger order (index vouchers_period_date) and each one's lines
 * of the subtree read through its own index (voucher_items_line), so the walk stops after the page.
 * `offset 0` keeps the lateral subquery from being flattened into a join: flattened, PostgreSQL
 * misjudged how many of a subtree's lines fall in one period on a small ledger (10 estimated, 2,000
 * read) and hashed the subtree's lines of the whole year first: 12 ms for a page of 100 at the start
 * of a month of a 100,000-line ledger, against 0.7 ms walked (decision 040, "Sub-ledger lines").
 */
async function linesOf(tx: Tx, companyId: number, f: SubjectDetailFilter, subjectIds: number[], periodId: number, offset: number, limit: number, fromDate?: string): Promise<LineRow[]> {
  return rowsOf<LineRow>(await tx.execute(sql`
    select x.voucher_id, x.mark_date, x.code, x.account_id, vk.kind_name, vk.kind_name_en, x.summary, x.subject_id, x.direction, x.amount_cents, x.run::text as run from (
      select v.id as voucher_id, v.mark_date::text as mark_date, v.code, v.account_id, v.kind_id, i.summary, i.subject_id, i.direction, i.amount_cents,
        row_number() over w as pos, sum(case when i.direction then i.amount_cents else -i.amount_cents end) over w as run
      from vouchers v
      cross join lateral (
        select i.summary, i.subject_id, i.direction, i.amount_cents, i.line_no from voucher_items i
        where i.company_id = v.company_id and i.voucher_id = v.id and i.account_year_id = ${f.accountYearId} and i.subject_id = any(${sql.param(subjectIds)}::integer[])
        offset 0) i
      where v.company_id = ${companyId} and v.period_id = ${periodId} ${fromDate === undefined ? sql`` : sql`and v.mark_date >= ${fromDate}`}
        and v.state <> 'INVALID' ${f.includeUnbooked ? sql`` : sql`and v.book_keep_at is not null`}
      window w as (order by ${lineOrder} rows between unbounded preceding and current row)
      order by ${lineOrder} limit ${offset + limit}) x
      cross join lateral (select vk.name as kind_name, vk.name_en as kind_name_en from voucher_kinds vk where vk.id = x.kind_id) vk
    where x.pos > ${offset} order by x.pos`));
}

/** Where a page inside a period starts reading: the day of its first line, and the lines and their signed sum before that day. */
interface DayStart { date: string; skipped: number; run: number }

/**
 * The day of the period's `offset`-th line (0-based) of the subtree, from the day sums
 * (subject_day_balances, decision 059): a page in the middle of a month reads the lines of its first
 * day before it, not every line of the month before it. Null when the period has no such line.
 */
async function dayOf(tx: Tx, companyId: number, f: SubjectDetailFilter, subjectIds: number[], periodId: number, offset: number): Promise<DayStart | null> {
  const c = balanceColumns(f.includeUnbooked);
  const days = rowsOf<{ d: string; lines: number; net: string }>(await tx.execute(sql`
    select mark_date::text as d, sum(${c.lines})::integer as lines, sum(${c.debit} - ${c.credit})::text as net
    from subject_day_balances
    where period_id = ${periodId} and company_id = ${companyId} and subject_id = any(${sql.param(subjectIds)}::integer[])
    group by mark_date having sum(${c.lines}) > 0 order by mark_date`));
  let skipped = 0;
  let run = 0;
  for (const day of days) {
    if (skipped + day.lines > offset) return { date: day.d, skipped, run };
    skipped += day.lines;
    run += Number(day.net);
  }
  return null;
}

const blank = { voucherId: null, kindName: null, kindNameEn: null, codeText: null, summary: null, subjectCode: null } as const;

/** Rows [offset, offset + limit) of the sub-ledger, each with its running balance. */
async function detailRows(tx: Tx, companyId: number, f: SubjectDetailFilter, layout: DetailLayout, offset: number, limit: number): Promise<SubjectDetailRowDto[]> {
  const endAt = Math.min(offset + limit, layout.total);
  const out: SubjectDetailRowDto[] = [];
  if (offset >= endAt) return out;
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
      // A page that starts after the period's first line starts reading at the day of its first line.
      const start = from > 0 ? await dayOf(tx, companyId, f, layout.subjectIds, part.period.id, from) : null;
      const lines = start
        ? await linesOf(tx, companyId, f, layout.subjectIds, part.period.id, from - start.skipped, to - from, start.date)
        : await linesOf(tx, companyId, f, layout.subjectIds, part.period.id, from, to - from);
      const runBefore = start ? start.run : 0;
      lines.forEach((l, k) => {
        const amount = Number(l.amount_cents);
        const balance = part.before + runBefore + Number(l.run);
        out.push({
          index: part.first + from + k, kind: 'LINE', periodId: part.period.id, date: l.mark_date, voucherId: l.voucher_id,
          kindName: l.kind_name, kindNameEn: l.kind_name_en, codeText: padVoucherCode(l.code, layout.codeLength), summary: l.summary,
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
  // One snapshot: the layout (from the balance tables) and the lines read agree under concurrent postings.
  return db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const layout = await detailLayout(tx, companyId, f);
    const rows = await detailRows(tx, companyId, f, layout, offset, limit);
    return { subject: layout.subject, periods: layout.periods, total: layout.total, rows };
  }, { isolationLevel: 'repeatable read' });
}

/**
 * Every row of a sub-ledger, page by page in one transaction (the export). No progress is written
 * from inside: on PGlite (one connection) a write outside the transaction would wait for it forever.
 */
export async function subjectDetailAll(db: Db, companyId: number, f: SubjectDetailFilter, pageSize = 1000): Promise<SubjectDetailDto> {
  // One snapshot: the layout (from the balance tables) and the lines read agree under concurrent postings.
  return db.transaction(async (t) => {
    const tx = t as unknown as Tx;
    const layout = await detailLayout(tx, companyId, f);
    const rows: SubjectDetailRowDto[] = [];
    while (rows.length < layout.total) {
      const page = await detailRows(tx, companyId, f, layout, rows.length, pageSize);
      if (!page.length) break;
      rows.push(...page);
    }
    return { subject: layout.subject, periods: layout.periods, total: layout.total, rows };
  }, { isolationLevel: 'repeatable read' });
}
