/**
 * GET /subject/balance (src/contract/subject-balance.ts): a subject's balance in its account year
 * up to a date, for the voucher editor's live balance. One grouped query over the year's voucher
 * lines: the asked subjects (a parent takes its subtree by code prefix, subjects_year_code), their
 * lines through voucher_items_subject (subject_id, voucher_id), the voucher by its primary key for
 * the date, state and bookkeeping stamp. Invalid vouchers do not count.
 *
 * Opening balances (decision 029): the `opening` column sums the year's opening balances of the
 * subject's subtree (by code prefix, like the lines), on the subject's own side.
 */
import type { FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/tx';
import { subjectBalanceApi, type SubjectBalanceDto, type SubjectBalanceFilter } from '../../../contract/subject-balance';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { guardAccountYear } from '../../http/guards';

interface BalanceRow {
  id: number;
  code: string;
  direction: boolean;
  opening: string;
  debit_all: string;
  credit_all: string;
  debit_kept: string;
  credit_kept: string;
}

/** The balance on the subject's own side: opening + its side's movement − the other side's. */
function figures(direction: boolean, opening: bigint, debit: string, credit: string) {
  const d = BigInt(debit);
  const c = BigInt(credit);
  return { debitCents: d.toString(), creditCents: c.toString(), balanceCents: (opening + (direction ? d - c : c - d)).toString() };
}

export async function subjectBalances(tx: Tx, companyId: number, f: SubjectBalanceFilter): Promise<SubjectBalanceDto[]> {
  const ids = [...new Set(f.subjectId)];
  const dateTo = f.dateTo ?? null;
  const exclude = f.excludeVoucherId ?? null;
  const idList = sql.join(ids.map((id) => sql`${id}`), sql`, `);
  const rows = rowsOf<BalanceRow>(await tx.execute(sql`
    select s.id, s.code, s.direction,
      -- The year's opening balances of the subtree (debit positive), turned to the subject's own side.
      (case when s.direction then 1 else -1 end * coalesce((select sum(o.balance_cents) from opening_balances o
        join subjects ol on ol.id = o.subject_id and ol.account_year_id = o.account_year_id
        where o.account_year_id = s.account_year_id and ol.code like s.code || '%'), 0))::text as opening,
      coalesce(sum(case when i.direction then i.amount_cents end), 0)::text as debit_all,
      coalesce(sum(case when not i.direction then i.amount_cents end), 0)::text as credit_all,
      coalesce(sum(case when i.direction and v.book_keep_at is not null then i.amount_cents end), 0)::text as debit_kept,
      coalesce(sum(case when not i.direction and v.book_keep_at is not null then i.amount_cents end), 0)::text as credit_kept
    from subjects s
    left join (subjects leaf
      join voucher_items i on i.subject_id = leaf.id
      join vouchers v on v.id = i.voucher_id and v.company_id = i.company_id
        and v.state = 'NORMAL'
        and (${dateTo}::date is null or v.mark_date <= ${dateTo}::date)
        and (${exclude}::integer is null or v.id <> ${exclude}::integer))
      on leaf.account_year_id = s.account_year_id and leaf.company_id = s.company_id and leaf.code like s.code || '%'
    where s.id in (${idList}) and s.account_year_id = ${f.accountYearId} and s.company_id = ${companyId}
    group by s.id, s.code, s.direction
  `));
  // A subject of another year or company is refused like a missing one (ids cannot be probed).
  if (rows.length !== ids.length) throw new DomainError('NO_PERMISSION');
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  return ids.map((id) => {
    const r = byId.get(id)!;
    const opening = BigInt(r.opening);
    return {
      subjectId: id,
      code: r.code,
      direction: r.direction,
      openingCents: opening.toString(),
      all: figures(r.direction, opening, r.debit_all, r.credit_all),
      bookkept: figures(r.direction, opening, r.debit_kept, r.credit_kept),
    };
  });
}

export async function subjectBalanceRoutes(app: FastifyInstance): Promise<void> {
  handle(app, subjectBalanceApi.balance, async (req) => {
    const year = await guardAccountYear(req, req.query.filter.accountYearId);
    return ok(await subjectBalances(app.db, year.companyId, { ...req.query.filter, accountYearId: year.id }));
  });
}
