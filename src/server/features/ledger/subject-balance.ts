/**
 * 科目余额表 (subject balance, GET /ledger/subjectBalance): per subject of the account year, the
 * opening balance before the start period, the movements of the period range, the year to date
 * through the end period and the closing balance, rolled up so every parent sums its children.
 * Read from subject_balances (one row per subject and period with movements) and the year's
 * opening balances in one statement (decision 040): the period positions, the chart and every
 * subject's own figures; the voucher lines are never scanned. The code adds each subject's figures
 * to every subject above it (200 subjects: cheaper here than the same roll-up in SQL, measured),
 * then applies the range, level and zero filters and sums the totals.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Tx, executeNamed, rowsOf } from '../../db/tx';
import { DomainError } from '../../../domain/result-codes';
import type { BalanceSide, SubjectBalanceDto, SubjectBalanceFilter, SubjectBalanceRowDto } from '../../../contract/ledger';

/** The side a debit-positive balance stands on, and its amount. */
export function sideOf(balance: number): { side: BalanceSide; cents: number } {
  return balance > 0 ? { side: 'DEBIT', cents: balance } : balance < 0 ? { side: 'CREDIT', cents: -balance } : { side: 'FLAT', cents: 0 };
}

/** Whether a subject's code falls in the range; a bound also takes in the subjects below it. */
export function inCodeRange(code: string, from?: string, to?: string): boolean {
  if (from !== undefined && code < from) return false;
  if (to !== undefined && code > to && !code.startsWith(to)) return false;
  return true;
}

/** The debit and credit columns of the balance tables for every valid voucher or bookkept ones. */
export const balanceColumns = (includeUnbooked: boolean) => (includeUnbooked
  ? { debit: sql.raw('debit_all'), credit: sql.raw('credit_all'), lines: sql.raw('lines_all') }
  : { debit: sql.raw('debit_booked'), credit: sql.raw('credit_booked'), lines: sql.raw('lines_booked') });

/**
 * The name of a ledger statement run as a named prepared statement (db/tx.ts executeNamed): the
 * connection parses and plans it once and then reuses the plan, instead of planning a statement of
 * several CTEs on every call (~1–3 ms, as much as running it). Its text may differ only by the
 * columns includeUnbooked chooses, hence one name for each.
 */
export const ledgerStatementName = (statement: string, includeUnbooked: boolean) => `ld_ledger_${statement}_${includeUnbooked ? 'all' : 'booked'}`;

/**
 * The common head of the ledger statements: `yp` the year's periods numbered in order (n from 1),
 * `r` the positions of the start and end periods and the company of the year (null positions: a
 * period of another year), `chart` the company's subjects of the year.
 */
export const ledgerHead = (companyId: number, f: { accountYearId: number; startPeriodId: number; endPeriodId: number }) => sql`
  yp as (select id, company_id, start_at, end_at, row_number() over (order by start_at, id)::integer as n from periods where account_year_id = ${f.accountYearId}),
  r as (select (select n from yp where id = ${f.startPeriodId}) as s, (select n from yp where id = ${f.endPeriodId}) as e,
    (select company_id from yp where n = 1) as company_id),
  chart as (select id, parent_id, code, name, name_en, level, leaf, direction from subjects where account_year_id = ${f.accountYearId} and company_id = ${companyId})`;

/** Refuses a range of another year or company, or one that ends before it starts. */
export function checkRange(companyId: number, r: { s: number | null; e: number | null; company_id: number | null } | undefined): { s: number; e: number } {
  if (!r || r.s === null || r.e === null || r.company_id !== companyId) throw new DomainError('MISSING_ACCOUNT_OR_PERIOD');
  if (r.s > r.e) throw new DomainError('PERIOD_END_BEFORE_START');
  return { s: r.s, e: r.e };
}

interface BalanceRow {
  s: number | null; e: number | null; company_id: number | null;
  id: number | null; parent_id: number | null; code: string; name: string; name_en: string | null; level: number; leaf: boolean; direction: boolean;
  opening: string; debit: string; credit: string; ytd_debit: string; ytd_credit: string;
}

/**
 * Every subject of the year with its own figures (opening balance, before and in the range, year to
 * date), in code order: one statement, no transaction needed. The roll-up to the parents is done by
 * the caller (cheaper than the same roll-up in SQL, decision 040).
 */
async function balanceRows(db: Db | Tx, companyId: number, f: SubjectBalanceFilter) {
  const c = balanceColumns(f.includeUnbooked);
  // Named: planned once per connection (ledgerStatementName).
  const rows = rowsOf<BalanceRow>(await executeNamed(db, ledgerStatementName('balance', f.includeUnbooked), sql`
    with ${ledgerHead(companyId, f)},
    own as materialized (
      select b.subject_id, coalesce(sum(b.${c.debit} - b.${c.credit}) filter (where yp.n < r.s), 0) as opening,
        coalesce(sum(b.${c.debit}) filter (where yp.n >= r.s), 0) as debit, coalesce(sum(b.${c.credit}) filter (where yp.n >= r.s), 0) as credit,
        sum(b.${c.debit}) as ytd_debit, sum(b.${c.credit}) as ytd_credit
      from subject_balances b join yp on yp.id = b.period_id cross join r
      where b.account_year_id = ${f.accountYearId} and b.company_id = ${companyId} and yp.n <= r.e
      group by b.subject_id)
    select r.s, r.e, r.company_id, c.id, c.parent_id, c.code, c.name, c.name_en, c.level, c.leaf, c.direction,
      (coalesce(x.opening, 0) + coalesce(o.balance_cents, 0))::text as opening, coalesce(x.debit, 0)::text as debit, coalesce(x.credit, 0)::text as credit,
      (coalesce(x.ytd_debit, 0) + coalesce(o.ytd_debit_cents, 0))::text as ytd_debit, (coalesce(x.ytd_credit, 0) + coalesce(o.ytd_credit_cents, 0))::text as ytd_credit
    from r left join (chart c left join own x on x.subject_id = c.id
      left join opening_balances o on o.account_year_id = ${f.accountYearId} and o.subject_id = c.id) on true
    order by c.code`));
  checkRange(companyId, rows[0]);
  return rows.filter((x) => x.id !== null);
}

export async function subjectBalance(db: Db, companyId: number, f: SubjectBalanceFilter): Promise<SubjectBalanceDto> {
  const chart = await balanceRows(db, companyId, f);
  const codeOf = new Map(chart.map((s) => [s.id!, s.code]));
  // Each subject's own figures added to it and every subject above it.
  const figures = new Map(chart.map((s) => [s.id!, { opening: 0, debit: 0, credit: 0, ytdDebit: 0, ytdCredit: 0 }]));
  const parentOf = new Map(chart.map((s) => [s.id!, s.parent_id]));
  for (const s of chart) {
    const own = { opening: Number(s.opening), debit: Number(s.debit), credit: Number(s.credit), ytdDebit: Number(s.ytd_debit), ytdCredit: Number(s.ytd_credit) };
    if (own.opening === 0 && own.debit === 0 && own.credit === 0 && own.ytdDebit === 0 && own.ytdCredit === 0) continue;
    for (let id: number | null | undefined = s.id; id !== null && id !== undefined; id = parentOf.get(id)) {
      const t = figures.get(id);
      if (!t) break;
      t.opening += own.opening;
      t.debit += own.debit;
      t.credit += own.credit;
      t.ytdDebit += own.ytdDebit;
      t.ytdCredit += own.ytdCredit;
    }
  }
  const rows: SubjectBalanceRowDto[] = [];
  const totals = { openingDebit: 0, openingCredit: 0, debit: 0, credit: 0, ytdDebit: 0, ytdCredit: 0, closingDebit: 0, closingCredit: 0 };
  for (const s of chart) {
    if (!inCodeRange(s.code, f.subjectCodeFrom, f.subjectCodeTo)) continue;
    const x = figures.get(s.id!)!;
    const closing = x.opening + x.debit - x.credit;
    // The totals sum the topmost subjects of the range (the others are inside them), whatever is shown.
    const parentCode = s.parent_id === null ? undefined : codeOf.get(s.parent_id);
    if (parentCode === undefined || !inCodeRange(parentCode, f.subjectCodeFrom, f.subjectCodeTo)) {
      totals.openingDebit += Math.max(x.opening, 0);
      totals.openingCredit += Math.max(-x.opening, 0);
      totals.debit += x.debit;
      totals.credit += x.credit;
      totals.ytdDebit += x.ytdDebit;
      totals.ytdCredit += x.ytdCredit;
      totals.closingDebit += Math.max(closing, 0);
      totals.closingCredit += Math.max(-closing, 0);
    }
    if (f.level !== undefined && s.level > f.level) continue;
    if (!f.showZero && x.opening === 0 && x.debit === 0 && x.credit === 0 && x.ytdDebit === 0 && x.ytdCredit === 0) continue;
    const o = sideOf(x.opening);
    const c = sideOf(closing);
    rows.push({
      subjectId: s.id!, parentId: s.parent_id, code: s.code, name: s.name, nameEn: s.name_en, level: s.level, leaf: s.leaf, direction: s.direction,
      openingSide: o.side, openingCents: String(o.cents), openingDebit: String(Math.max(x.opening, 0)), openingCredit: String(Math.max(-x.opening, 0)),
      debit: String(x.debit), credit: String(x.credit), ytdDebit: String(x.ytdDebit), ytdCredit: String(x.ytdCredit),
      closingSide: c.side, closingCents: String(c.cents), closingDebit: String(Math.max(closing, 0)), closingCredit: String(Math.max(-closing, 0)),
    });
  }
  return { rows, totals: Object.fromEntries(Object.entries(totals).map(([k, v]) => [k, String(v)])) as SubjectBalanceDto['totals'] };
}
