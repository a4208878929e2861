/**
 * The sub-ledger pager shared by the auxiliary sub-ledger (辅助明细账) and the budget execution
 * sub-ledger: the voucher lines carrying some values of one auxiliary type, in book order (period,
 * date, voucher kind, number, line), as one list — an opening row, then per period of the range its
 * lines, a period total (本期合计) and a year total (本年累计) row — read a page at a time.
 *
 * The running balance is right on any page without reading the pages before it: aux_balances gives
 * each period's line count and sums (so the page's periods and the balance at their start are known),
 * and a window over the page's periods alone gives the balance within them. The lines are
 * found through the partial index on the type's column (voucher_items_<type>).
 */
import { sql, type SQL } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/tx';
import type { LedgerDetailRowDto } from '../../../contract/ledger-aux';
import { sideOf } from '../ledger/subject-balance';
import { padVoucherCode, VOUCHER_CODE_LENGTH_DEFAULT } from '../../../domain/finance-settings';
import type { PeriodRange } from './scope';

/** The column of voucher_items carrying each type (raw SQL: the pager writes its own query). */
const auxColumnSql: Record<number, SQL> = {
  1: sql.raw('vi.department_id'), 2: sql.raw('vi.employee_id'), 3: sql.raw('vi.customer_id'),
  4: sql.raw('vi.vendor_id'), 5: sql.raw('vi.project_id'), 6: sql.raw('vi.budget_id'),
};

export interface DetailAsk {
  companyId: number;
  accountYearId: number;
  range: PeriodRange;
  auxTypeId: number;
  /** Lines carrying these values; null: lines carrying no value of the type (未指定, of `subjectIds`). */
  auxIds: number[] | null;
  /** Only lines of these subjects; null: every subject. */
  subjectIds: number[] | null;
  includeUnbooked: boolean;
  /** Balance before the range (debit positive) and the year's debit and credit before it. */
  opening: number;
  openingYtdDebit: number;
  openingYtdCredit: number;
  offset: number;
  limit: number;
  /** Leave out the lines of profit-transfer vouchers (结转损益): budget execution counts use, not closing. */
  excludeTransfers?: boolean;
}

interface PeriodSum { period_id: number; n: string | number; debit: string; credit: string }
interface LineRow {
  period_id: number; mark_date: string; voucher_id: number; kind_name: string; kind_name_en: string | null; code: number; code_length: number | null; line_no: number;
  summary: string; subject_id: number; subject_code: string; subject_name: string; subject_name_en: string | null;
  debit: string; credit: string; running: string;
}

/**
 * The lines of profit-transfer vouchers (结转损益) carrying values of one auxiliary type, per period
 * and value: their count and debit and credit sums. A transfer moves each profit and loss balance
 * value by value, so it carries the values of the lines it closes; budget execution leaves these
 * lines out (a month closed into 本年利润 has not given its budget back), as does the department
 * income and expense report. Few rows: about one transfer voucher a period.
 */
export async function transferSums(tx: Tx, a: { companyId: number; accountYearId: number; auxTypeId: number; auxIds: number[] | null; subjectIds: number[] | null; periodIds: number[]; includeUnbooked: boolean }): Promise<Array<{ periodId: number; auxId: number; subjectId: number; n: number; debit: number; credit: number }>> {
  if (!a.periodIds.length) return [];
  const col = auxColumnSql[a.auxTypeId];
  const rows = rowsOf<{ period_id: number; aux_id: number; subject_id: number; n: string | number; debit: string; credit: string }>(await tx.execute(sql`
    select v.period_id, ${col} as aux_id, vi.subject_id, count(*) as n,
      coalesce(sum(case when vi.direction then vi.amount_cents else 0 end), 0)::text as debit,
      coalesce(sum(case when vi.direction then 0 else vi.amount_cents end), 0)::text as credit
    from vouchers v join voucher_items vi on vi.voucher_id = v.id
    where v.company_id = ${a.companyId} and v.account_year_id = ${a.accountYearId} and v.source = 'PROFIT_TRANSFER' and v.state <> 'INVALID'
      ${a.includeUnbooked ? sql`` : sql`and v.book_keep_at is not null`}
      and v.period_id = any(${sql.param(a.periodIds)}::integer[]) and ${col} is not null
      ${a.auxIds === null ? sql`` : sql`and ${col} = any(${sql.param(a.auxIds)}::integer[])`}
      ${a.subjectIds === null ? sql`` : sql`and vi.subject_id = any(${sql.param(a.subjectIds)}::integer[])`}
    group by v.period_id, ${col}, vi.subject_id`));
  return rows.map((r) => ({ periodId: Number(r.period_id), auxId: Number(r.aux_id), subjectId: Number(r.subject_id), n: Number(r.n), debit: Number(r.debit), credit: Number(r.credit) }));
}

/**
 * The lines of some subjects carrying no value of one auxiliary type (未指定: posted before the
 * subject took the type), per period: their count and debit and credit sums. Read from the lines
 * (through the subject's index): the balance tables keep values, not their absence.
 */
export async function unassignedSums(tx: Tx, a: { companyId: number; accountYearId: number; auxTypeId: number; subjectIds: number[]; periodIds: number[]; includeUnbooked: boolean }): Promise<Map<number, { n: number; debit: number; credit: number }>> {
  if (!a.periodIds.length || !a.subjectIds.length) return new Map();
  const rows = rowsOf<PeriodSum>(await tx.execute(sql`
    select v.period_id, count(*) as n,
      coalesce(sum(case when vi.direction then vi.amount_cents else 0 end), 0)::text as debit,
      coalesce(sum(case when vi.direction then 0 else vi.amount_cents end), 0)::text as credit
    from voucher_items vi join vouchers v on v.id = vi.voucher_id
    where vi.company_id = ${a.companyId} and vi.account_year_id = ${a.accountYearId} and ${auxColumnSql[a.auxTypeId]} is null
      and vi.subject_id = any(${sql.param(a.subjectIds)}::integer[]) and v.period_id = any(${sql.param(a.periodIds)}::integer[])
      and v.state <> 'INVALID' ${a.includeUnbooked ? sql`` : sql`and v.book_keep_at is not null`}
    group by v.period_id`));
  return new Map(rows.map((r) => [Number(r.period_id), { n: Number(r.n), debit: Number(r.debit), credit: Number(r.credit) }]));
}

/** The page of rows and the length of the whole list. */
export async function detailPage(tx: Tx, a: DetailAsk): Promise<{ total: number; rows: LedgerDetailRowDto[] }> {
  const unassigned = a.auxIds === null;
  if (unassigned && (a.subjectIds === null || a.excludeTransfers)) throw new Error('detailPage: the unassigned lines are of named subjects, transfers included');
  const where = (periodIds: number[]) => sql`
    vi.company_id = ${a.companyId} and vi.account_year_id = ${a.accountYearId}
    and ${auxColumnSql[a.auxTypeId]} ${a.auxIds === null ? sql`is null` : sql`= any(${sql.param(a.auxIds)}::integer[])`}
    and v.period_id = any(${sql.param(periodIds)}::integer[])
    and v.state <> 'INVALID' ${a.includeUnbooked ? sql`` : sql`and v.book_keep_at is not null`}
    ${a.excludeTransfers ? sql`and v.source <> 'PROFIT_TRANSFER'` : sql``}
    ${a.subjectIds === null ? sql`` : sql`and vi.subject_id = any(${sql.param(a.subjectIds)}::integer[])`}`;
  const debit = sql`case when vi.direction then vi.amount_cents else 0 end`;
  const credit = sql`case when vi.direction then 0 else vi.amount_cents end`;
  // Each period's line count and sums come from aux_balances (the same lines, counted by the
  // database's upkeep), so only the page's own periods are ever read line by line.
  const booked = !a.includeUnbooked;
  const sums = a.auxIds === null ? await unassignedSums(tx, { ...a, subjectIds: a.subjectIds!, periodIds: a.range.inRange }) : new Map(rowsOf<PeriodSum>(await tx.execute(sql`
    select period_id, sum(${sql.raw(booked ? 'lines_booked' : 'lines_all')})::text as n,
      sum(${sql.raw(booked ? 'debit_booked' : 'debit_all')})::text as debit, sum(${sql.raw(booked ? 'credit_booked' : 'credit_all')})::text as credit
    from aux_balances
    where company_id = ${a.companyId} and account_year_id = ${a.accountYearId} and aux_type_id = ${a.auxTypeId}
      and aux_id = any(${sql.param(a.auxIds)}::integer[]) and period_id = any(${sql.param(a.range.inRange)}::integer[])
      ${a.subjectIds === null ? sql`` : sql`and subject_id = any(${sql.param(a.subjectIds)}::integer[])`}
    group by period_id`)).map((r) => [r.period_id, { n: Number(r.n), debit: Number(r.debit), credit: Number(r.credit) }]));
  if (a.excludeTransfers) {
    for (const x of await transferSums(tx, { ...a, auxIds: a.auxIds!, periodIds: a.range.inRange })) {
      const had = sums.get(x.periodId);
      if (had) sums.set(x.periodId, { n: had.n - x.n, debit: had.debit - x.debit, credit: had.credit - x.credit });
    }
  }
  const names = new Map(a.range.all.map((p) => [p.id, p.name]));

  // The list's layout: row 0 the opening; each period of the range takes n + 2 rows (its lines, 本期合计
  // and 本年累计), a month without lines too, as the subject's sub-ledger shows it: its closing is said.
  interface Block { periodId: number; first: number; n: number; debit: number; credit: number; startBalance: number; ytdDebit: number; ytdCredit: number }
  const blocks: Block[] = [];
  let next = 1;
  let balance = a.opening;
  let ytdDebit = a.openingYtdDebit;
  let ytdCredit = a.openingYtdCredit;
  for (const periodId of a.range.inRange) {
    const s = sums.get(periodId) ?? { n: 0, debit: 0, credit: 0 };
    ytdDebit += s.debit;
    ytdCredit += s.credit;
    blocks.push({ periodId, first: next, n: s.n, debit: s.debit, credit: s.credit, startBalance: balance, ytdDebit, ytdCredit });
    balance += s.debit - s.credit;
    next += s.n + 2;
  }
  const total = next;
  const end = Math.min(a.offset + a.limit, total);
  const rows: LedgerDetailRowDto[] = [];
  const blank = {
    periodId: null, periodName: null, markDate: null, voucherId: null, voucherWord: null, voucherWordEn: null, voucherCode: null, codeText: null, lineNo: null,
    summary: null, subjectId: null, subjectCode: null, subjectName: null, subjectNameEn: null,
  };
  const withBalance = (b: number) => {
    const s = sideOf(b);
    return { side: s.side, balanceCents: String(s.cents) };
  };
  if (a.offset === 0 && end > 0) rows.push({ index: 0, kind: 'OPENING', ...blank, debit: '0', credit: '0', ...withBalance(a.opening) });
  const touched = blocks.filter((b) => b.first < end && b.first + b.n + 2 > a.offset);
  if (touched.length === 0) return { total, rows };

  // The lines of the touched periods the page needs, each with its balance within its period.
  const lineRows = new Map<number, LineRow[]>();
  const needed = touched.filter((b) => b.n > 0 && b.first + b.n > a.offset && b.first < end);
  if (needed.length > 0) {
    const first = needed[0];
    const skip = Math.max(a.offset - first.first, 0);
    // Lines of the needed periods in book order: skip the first block's lines before the page, and
    // stop inside the last block where the page ends (the blocks in between are taken whole).
    const last = needed[needed.length - 1];
    const linesWanted = needed.reduce((n, b) => n + b.n, 0);
    const upTo = linesWanted - last.n + Math.min(last.n, end - last.first);
    const lines = rowsOf<LineRow>(await tx.execute(sql`
      select * from (
        select v.period_id, v.mark_date::text as mark_date, v.id as voucher_id, k.name as kind_name, k.name_en as kind_name_en, v.code,
          (select r.length from voucher_code_rules r where r.account_id = v.account_id) as code_length, vi.line_no,
          vi.summary, vi.subject_id, s.code as subject_code, s.name as subject_name, s.name_en as subject_name_en,
          (${debit})::text as debit, (${credit})::text as credit,
          (sum(${debit} - ${credit}) over (partition by v.period_id order by v.mark_date, k.sort, k.id, v.code, v.id, vi.line_no rows unbounded preceding))::text as running,
          row_number() over (order by p.start_at, v.mark_date, k.sort, k.id, v.code, v.id, vi.line_no) as ord
        from voucher_items vi
          join vouchers v on v.id = vi.voucher_id
          join periods p on p.id = v.period_id
          join voucher_kinds k on k.id = v.kind_id
          join subjects s on s.id = vi.subject_id
        where ${where(needed.map((b) => b.periodId))}
      ) l order by ord offset ${skip} limit ${Math.max(upTo - skip, 0)}`));
    for (const l of lines) {
      const list = lineRows.get(l.period_id) ?? [];
      list.push(l);
      lineRows.set(l.period_id, list);
    }
  }

  for (const b of touched) {
    const periodName = names.get(b.periodId)!;
    const ls = lineRows.get(b.periodId) ?? [];
    // The first line fetched of this block sits at `first + skipped`.
    const skipped = b === needed[0] ? Math.max(a.offset - b.first, 0) : 0;
    ls.forEach((l, i) => {
      const index = b.first + skipped + i;
      if (index < a.offset || index >= end) return;
      rows.push({
        index, kind: 'LINE', ...blank, periodId: b.periodId, periodName, markDate: l.mark_date, voucherId: l.voucher_id,
        voucherWord: l.kind_name, voucherWordEn: l.kind_name_en, voucherCode: l.code, codeText: padVoucherCode(l.code, l.code_length ?? VOUCHER_CODE_LENGTH_DEFAULT), lineNo: l.line_no, summary: l.summary,
        subjectId: l.subject_id, subjectCode: l.subject_code, subjectName: l.subject_name, subjectNameEn: l.subject_name_en,
        debit: l.debit, credit: l.credit, ...withBalance(b.startBalance + Number(l.running)),
      });
    });
    const closing = b.startBalance + b.debit - b.credit;
    const periodIndex = b.first + b.n;
    if (periodIndex >= a.offset && periodIndex < end) {
      rows.push({ index: periodIndex, kind: 'PERIOD', ...blank, periodId: b.periodId, periodName, debit: String(b.debit), credit: String(b.credit), ...withBalance(closing) });
    }
    if (periodIndex + 1 >= a.offset && periodIndex + 1 < end) {
      rows.push({ index: periodIndex + 1, kind: 'YEAR', ...blank, periodId: b.periodId, periodName, debit: String(b.ytdDebit), credit: String(b.ytdCredit), ...withBalance(closing) });
    }
  }
  return { total, rows };
}
