/**
 * The part of a subject's balance that carries no value of an auxiliary type (未指定 / Unassigned):
 * an opening entered before the subject took the type (or breakdown rows without it), and lines
 * posted before then. An auxiliary ledger of every value shows it as one more "value", so that
 * its total reconciles to the subject's control balance (the subject balance table). It is read as
 * the subject's own figures (opening_balances and subject_balances, small: one row per subject and
 * period) less what the values of the type hold, which the ledger has just summed: the voucher
 * lines are never scanned again.
 */
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf, type Tx } from '../../db/tx';
import type { Language } from '../../../domain/enums';
import { localeWords } from '../export/locale-words';
import { balanceColumns } from '../ledger/subject-balance';

export { UNASSIGNED_AUX_ID } from '../../../contract/ledger-aux';

/** The unassigned row's name in the reader's language (the screens' own word). */
export const unassignedName = (lang: Language): string => localeWords('ledgerAux', lang).rows.unassigned;

export interface SubjectOwnFigures {
  /** The year's opening balance (debit positive) and the debit and credit before the books were kept here. */
  opening: number;
  openingYtdDebit: number;
  openingYtdCredit: number;
  /** Movements per period (of the periods asked). */
  byPeriod: Map<number, { debit: number; credit: number }>;
}

/** Each leaf subject's own figures of the year: its opening and its movements in the periods asked. */
export async function subjectOwnFigures(db: Db | Tx, companyId: number, f: { accountYearId: number; includeUnbooked: boolean }, periodIds: readonly number[]): Promise<Map<number, SubjectOwnFigures>> {
  const c = balanceColumns(f.includeUnbooked);
  const [moved, openings] = await Promise.all([
    db.execute(sql`
      select subject_id, period_id, sum(${c.debit})::text as debit, sum(${c.credit})::text as credit
      from subject_balances
      where account_year_id = ${f.accountYearId} and company_id = ${companyId} and period_id = any(${sql.param([...periodIds])}::integer[])
      group by subject_id, period_id`),
    db.execute(sql`
      select subject_id, balance_cents::text as balance, ytd_debit_cents::text as ytd_debit, ytd_credit_cents::text as ytd_credit
      from opening_balances where account_year_id = ${f.accountYearId} and company_id = ${companyId}`),
  ]);
  const out = new Map<number, SubjectOwnFigures>();
  const at = (id: number) => {
    let x = out.get(id);
    if (!x) out.set(id, (x = { opening: 0, openingYtdDebit: 0, openingYtdCredit: 0, byPeriod: new Map() }));
    return x;
  };
  for (const r of rowsOf<{ subject_id: number; period_id: number; debit: string; credit: string }>(moved)) {
    at(Number(r.subject_id)).byPeriod.set(Number(r.period_id), { debit: Number(r.debit), credit: Number(r.credit) });
  }
  for (const r of rowsOf<{ subject_id: number; balance: string; ytd_debit: string; ytd_credit: string }>(openings)) {
    const x = at(Number(r.subject_id));
    x.opening += Number(r.balance);
    x.openingYtdDebit += Number(r.ytd_debit);
    x.openingYtdCredit += Number(r.ytd_credit);
  }
  return out;
}
