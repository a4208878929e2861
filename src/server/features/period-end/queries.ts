/** Database reads and writes of period end (no rules here: see service.ts). */
import { sql } from 'drizzle-orm';
import { type Tx, rowsOf } from '../../db/tx';
import type { PeriodRow } from '../account/dto';
import { AUX_DIMENSION_OF_TYPE } from '../voucher/usage';

/** Columns read as the Drizzle row of `periods` (snake_case from raw SQL mapped by hand). */
interface RawPeriod { id: number; company_id: number; account_year_id: number; start_at: string; end_at: string; rolled: boolean; version: number; year: number; year_end_at: string }
export type LedgerPeriod = PeriodRow & { year: number; yearEndAt: string };

const toPeriod = (r: RawPeriod): LedgerPeriod => ({
  id: r.id, companyId: r.company_id, accountYearId: r.account_year_id, startAt: r.start_at, endAt: r.end_at, rolled: r.rolled, version: r.version,
  year: r.year, yearEndAt: r.year_end_at,
});

/** Every period of a ledger set, years and periods in date order. */
export async function periodsOfAccount(tx: Tx, accountId: number): Promise<LedgerPeriod[]> {
  return rowsOf<RawPeriod>(await tx.execute(sql`
    select p.id, p.company_id, p.account_year_id, p.start_at::text as start_at, p.end_at::text as end_at, p.rolled, p.version, y.year, y.end_at::text as year_end_at
    from periods p join account_years y on y.id = p.account_year_id
    where y.account_id = ${accountId} order by p.start_at, p.id`)).map(toPeriod);
}

/**
 * Takes the period's row lock: `for update` for a settle (it waits for every voucher transaction
 * holding the period `for share`, decision 022, and keeps new ones out until it commits), `for share`
 * for a profit transfer (it is a posting like any other).
 */
export async function lockPeriodRow(tx: Tx, periodId: number, mode: 'update' | 'share'): Promise<LedgerPeriod | undefined> {
  const lock = mode === 'update' ? sql`for update of p` : sql`for share of p`;
  const [r] = rowsOf<RawPeriod>(await tx.execute(sql`
    select p.id, p.company_id, p.account_year_id, p.start_at::text as start_at, p.end_at::text as end_at, p.rolled, p.version, y.year, y.end_at::text as year_end_at
    from periods p join account_years y on y.id = p.account_year_id where p.id = ${periodId} ${lock}`));
  return r ? toPeriod(r) : undefined;
}

export async function setRolled(tx: Tx, periodId: number, rolled: boolean): Promise<void> {
  await tx.execute(sql`update periods set rolled = ${rolled}, version = version + 1 where id = ${periodId}`);
}

/** Serialises the period-end writes of one scope (settles of a ledger set, transfers of a year) for the transaction. */
export async function periodEndLock(tx: Tx, kind: 'roll' | 'transfer', id: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${kind === 'roll' ? 9033 : 9032}::integer, ${id}::integer)`);
}

export interface PlBalanceRow { subjectId: number; code: string; name: string; nameEn: string | null; auxTypeIds: number[]; auxes: Array<{ auxTypeId: number; auxId: number }>; balanceCents: number }

/**
 * The profit and loss (损益, kind PROFIT) balances of an account year through the end of a period,
 * debit positive, per subject and combination of auxiliary values, from the valid vouchers' lines.
 * Without unbookkept vouchers only bookkept ones count (earlier transfers included, so the service
 * first asks them to be bookkept: see unbookedTransfers). Earlier transfers count like any voucher,
 * so a second transfer moves only what remains.
 */
export async function profitLossBalances(tx: Tx, accountYearId: number, throughStartAt: string, includeUnbooked: boolean): Promise<PlBalanceRow[]> {
  const rows = rowsOf<{ subject_id: number; code: string; name: string; name_en: string | null; aux_type_ids: number[]; department_id: number | null; employee_id: number | null; customer_id: number | null; vendor_id: number | null; project_id: number | null; budget_id: number | null; net: string }>(await tx.execute(sql`
    select i.subject_id, s.code, s.name, s.name_en, s.aux_type_ids, i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id,
      sum(case when i.direction then i.amount_cents else -i.amount_cents end)::text as net
    from voucher_items i
    join vouchers v on v.id = i.voucher_id
    join periods p on p.id = v.period_id
    join subjects s on s.id = i.subject_id
    where v.account_year_id = ${accountYearId} and v.state = 'NORMAL' and p.start_at <= ${throughStartAt}::date and s.kind = 'PROFIT'
      and (${includeUnbooked}::boolean or v.book_keep_at is not null)
    group by i.subject_id, s.code, s.name, s.name_en, s.aux_type_ids, i.department_id, i.employee_id, i.customer_id, i.vendor_id, i.project_id, i.budget_id
    having sum(case when i.direction then i.amount_cents else -i.amount_cents end) <> 0
    order by s.code, i.department_id nulls first, i.employee_id nulls first, i.customer_id nulls first, i.vendor_id nulls first, i.project_id nulls first, i.budget_id nulls first`));
  return rows.map((r) => ({
    subjectId: r.subject_id, code: r.code, name: r.name, nameEn: r.name_en, auxTypeIds: r.aux_type_ids ?? [], balanceCents: Number(r.net),
    auxes: Object.entries(AUX_DIMENSION_OF_TYPE).flatMap(([type, dim]) => {
      const v = (r as unknown as Record<string, number | null>)[`${dim}_id`];
      return v === null || v === undefined ? [] : [{ auxTypeId: Number(type), auxId: Number(v) }];
    }),
  }));
}

/**
 * Valid transfers of the year through the period that are not bookkept yet: of profit and loss
 * (a line on a PROFIT subject) for a profit and loss transfer; every transfer (the year-end close
 * included) for the year-end close, which reads 本年利润 as they left it.
 */
export async function unbookedTransfers(tx: Tx, accountYearId: number, throughStartAt: string, which: 'PROFIT_LOSS' | 'ANY' = 'PROFIT_LOSS'): Promise<number> {
  const [r] = rowsOf<{ n: number }>(await tx.execute(sql`select cast(count(*) as integer) as n from vouchers v join periods p on p.id = v.period_id
    where v.account_year_id = ${accountYearId} and v.state = 'NORMAL' and v.source = 'PROFIT_TRANSFER' and v.book_keep_at is null and p.start_at <= ${throughStartAt}::date
      ${which === 'ANY' ? sql`` : sql`and exists (select 1 from voucher_items i join subjects s on s.id = i.subject_id where i.voucher_id = v.id and s.kind = 'PROFIT')`}`));
  return Number(r.n);
}

export interface ChartSubject { id: number; code: string; name: string; nameEn: string | null; leaf: boolean; disabled: boolean }

/** The subjects of the year whose code starts with the prefix, by code (e.g. 3104's tree). */
export async function subjectsUnder(tx: Tx, accountYearId: number, codePrefix: string): Promise<ChartSubject[]> {
  return rowsOf<ChartSubject>(await tx.execute(sql`
    select id, code, name, name_en as "nameEn", leaf, disabled from subjects
    where account_year_id = ${accountYearId} and code like ${`${codePrefix}%`} order by code`));
}

/**
 * The current year profit (本年利润, 3103 and its details) balances of the year: opening plus every
 * valid voucher of the year through the period (bookkept ones only unless `includeUnbooked`), debit
 * positive, per leaf subject; zero balances left out.
 */
export async function yearProfitBalances(tx: Tx, accountYearId: number, throughStartAt: string, includeUnbooked: boolean): Promise<Array<ChartSubject & { balanceCents: number }>> {
  const rows = rowsOf<ChartSubject & { net: string }>(await tx.execute(sql`
    select s.id, s.code, s.name, s.name_en as "nameEn", s.leaf, s.disabled,
      (coalesce((select o.balance_cents from opening_balances o where o.account_year_id = s.account_year_id and o.subject_id = s.id), 0)
       + coalesce((select sum(case when i.direction then i.amount_cents else -i.amount_cents end)
           from voucher_items i join vouchers v on v.id = i.voucher_id join periods p on p.id = v.period_id
           where i.subject_id = s.id and v.account_year_id = s.account_year_id and v.state = 'NORMAL' and p.start_at <= ${throughStartAt}::date
             and (${includeUnbooked}::boolean or v.book_keep_at is not null)), 0))::text as net
    from subjects s
    where s.account_year_id = ${accountYearId} and s.code like '3103%' and s.leaf
    order by s.code`));
  return rows.map(({ net, ...s }) => ({ ...s, balanceCents: Number(net) })).filter((r) => r.balanceCents !== 0);
}

const AUX_TABLE: Record<number, string> = { 1: 'departments', 2: 'employees', 3: 'customers', 4: 'vendors', 5: 'projects', 6: 'budgets' };

/** Code and name of auxiliary values, keyed "type:id" (the preview shows what each line carries). */
export async function auxNames(tx: Tx, auxes: ReadonlyArray<{ auxTypeId: number; auxId: number }>): Promise<Map<string, { code: string; name: string }>> {
  const out = new Map<string, { code: string; name: string }>();
  const byType = new Map<number, Set<number>>();
  for (const a of auxes) if (AUX_TABLE[a.auxTypeId]) byType.set(a.auxTypeId, (byType.get(a.auxTypeId) ?? new Set()).add(a.auxId));
  for (const [type, ids] of byType) {
    const rows = rowsOf<{ id: number; code: string; name: string }>(await tx.execute(sql`select id, code, name from ${sql.identifier(AUX_TABLE[type])} where id = any(${sql.param([...ids])}::integer[])`));
    for (const r of rows) out.set(`${type}:${r.id}`, { code: r.code, name: r.name });
  }
  return out;
}

/** The current year profit subject (本年利润, standard code 3103): itself when a leaf, else its first enabled leaf. */
export async function profitSubjectOf(tx: Tx, accountYearId: number): Promise<{ id: number; code: string; name: string; nameEn: string | null; leaf: boolean; disabled: boolean } | undefined> {
  const [r] = rowsOf<{ id: number; code: string; name: string; nameEn: string | null; leaf: boolean; disabled: boolean }>(await tx.execute(sql`
    select id, code, name, name_en as "nameEn", leaf, disabled from subjects
    where account_year_id = ${accountYearId} and code like '3103%' and (code = '3103' or (leaf and not disabled))
    order by (code = '3103' and leaf and not disabled) desc, code limit 2`));
  return r;
}

export async function defaultKindOf(tx: Tx, accountId: number): Promise<number | undefined> {
  const [r] = rowsOf<{ id: number }>(await tx.execute(sql`select id from voucher_kinds where account_id = ${accountId} order by is_default desc, sort, id limit 1`));
  return r?.id;
}

/** Valid vouchers of a period not audited as correct (never audited, or examined as an error). */
export async function notAuditedIds(tx: Tx, periodId: number): Promise<number[]> {
  return rowsOf<{ id: number }>(await tx.execute(sql`select id from vouchers where period_id = ${periodId} and state = 'NORMAL' and coalesce(audit_pass, false) = false order by kind_id, code`)).map((r) => r.id);
}

/** Valid vouchers of a period audited as correct but not bookkept. */
export async function notBookkeptIds(tx: Tx, periodId: number): Promise<number[]> {
  return rowsOf<{ id: number }>(await tx.execute(sql`select id from vouchers where period_id = ${periodId} and state = 'NORMAL' and audit_pass and book_keep_at is null order by kind_id, code`)).map((r) => r.id);
}

/** The period's debit and credit in the balance tables, and the valid vouchers' own totals. */
export async function periodTotals(tx: Tx, periodId: number): Promise<{ debit: number; credit: number; vouchers: number }> {
  const [b] = rowsOf<{ debit: string; credit: string }>(await tx.execute(sql`select coalesce(sum(debit_all), 0)::text as debit, coalesce(sum(credit_all), 0)::text as credit from subject_balances where period_id = ${periodId}`));
  const [v] = rowsOf<{ total: string }>(await tx.execute(sql`select coalesce(sum(debit_cents), 0)::text as total from vouchers where period_id = ${periodId} and state = 'NORMAL'`));
  return { debit: Number(b.debit), credit: Number(b.credit), vouchers: Number(v.total) };
}

/** Every voucher code of the period per kind (invalid vouchers keep theirs). */
export async function codesByKind(tx: Tx, periodId: number): Promise<Array<{ kindId: number; name: string; nameEn: string | null; codes: number[] }>> {
  return rowsOf<{ kind_id: number; name: string; name_en: string | null; codes: number[] }>(await tx.execute(sql`
    select v.kind_id, k.name, k.name_en, array_agg(v.code order by v.code) as codes
    from vouchers v join voucher_kinds k on k.id = v.kind_id where v.period_id = ${periodId}
    group by v.kind_id, k.name, k.name_en, k.sort order by k.sort, v.kind_id`)).map((r) => ({ kindId: r.kind_id, name: r.name, nameEn: r.name_en, codes: (r.codes ?? []).map(Number) }));
}
