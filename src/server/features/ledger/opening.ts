/**
 * Opening balances of an account year (期初余额, /basic initialization): what the ledgers read. The
 * figures are kept by the opening balance screen (features/opening, decision 029) in
 * `opening_balances` (per leaf subject) and `opening_aux_balances` (per subject and combination of
 * auxiliary values); the year-end carry-forward writes them too. Both readers run in the caller's
 * transaction and only read.
 */
import { eq, sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/tx';
import { openingBalances } from '../../db/schema';

export interface SubjectOpening {
  /** The balance the books open with (the start of the year's first period), debit positive (a credit balance is negative). */
  balance: number;
  /** Debit and credit of the year before the ledger set started to be kept here (a mid-year start). */
  ytdDebit: number;
  ytdCredit: number;
}

/** The year's opening per leaf subject id; subjects absent open at zero. */
export async function subjectOpenings(tx: Tx, accountYearId: number): Promise<Map<number, SubjectOpening>> {
  const rows = await tx.select({
    subjectId: openingBalances.subjectId, balance: openingBalances.balanceCents,
    ytdDebit: openingBalances.ytdDebitCents, ytdCredit: openingBalances.ytdCreditCents,
  }).from(openingBalances).where(eq(openingBalances.accountYearId, accountYearId));
  return new Map(rows.map((r) => [r.subjectId, { balance: Number(r.balance), ytdDebit: Number(r.ytdDebit), ytdCredit: Number(r.ytdCredit) }]));
}

/** One auxiliary value's opening under a subject: shaped like an `aux_balances` row (one per auxiliary type). */
export interface AuxOpening extends SubjectOpening {
  subjectId: number;
  /** 1 department, 2 employee, 3 customer, 4 vendor, 5 project, 6 budget. */
  auxTypeId: number;
  /** The record id of that type. */
  auxId: number;
}

/**
 * The year's auxiliary openings per (subject, auxiliary type, value), for the ledgers by auxiliary
 * dimension: a breakdown row naming a department and a customer counts once under each, as a voucher
 * line does in `aux_balances`. Values absent open at zero; the figures of one type under a subject
 * add up to the subject's opening when every breakdown row names that type.
 */
export async function auxOpenings(tx: Tx, accountYearId: number): Promise<AuxOpening[]> {
  const rows = rowsOf<{ subject_id: number; aux_type_id: number; aux_id: number; balance: string; ytd_debit: string; ytd_credit: string }>(await tx.execute(sql`
    select o.subject_id, x.aux_type_id, x.aux_id,
      sum(o.balance_cents)::text as balance, sum(o.ytd_debit_cents)::text as ytd_debit, sum(o.ytd_credit_cents)::text as ytd_credit
    from opening_aux_balances o
    cross join lateral (values (1, o.department_id), (2, o.employee_id), (3, o.customer_id), (4, o.vendor_id), (5, o.project_id), (6, o.budget_id)) as x(aux_type_id, aux_id)
    where o.account_year_id = ${accountYearId} and x.aux_id is not null
    group by o.subject_id, x.aux_type_id, x.aux_id
    order by o.subject_id, x.aux_type_id, x.aux_id
  `));
  return rows.map((r) => ({
    subjectId: Number(r.subject_id), auxTypeId: Number(r.aux_type_id), auxId: Number(r.aux_id),
    balance: Number(r.balance), ytdDebit: Number(r.ytd_debit), ytdCredit: Number(r.ytd_credit),
  }));
}
