/**
 * Voucher reads and the small lookups the save rules need: the ledger set's years and periods, its
 * code length, the period lock, subjects of a body, the next free code. Writes live in service.ts.
 */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { executeNamed, rowsOf, type Tx } from '../../db/tx';
import { accountYears, periods, subjects, voucherCodeRules, voucherItems, voucherKinds, vouchers } from '../../db/schema';
import { VOUCHER_CODE_LENGTH_DEFAULT } from '../../../domain/finance-settings';
import { voucherListFilters, voucherStatusOf, type VoucherLifecycleState } from '../../../domain/voucher-lifecycle';
import type { YearWithPeriods } from '../../../domain/voucher-rules';
import type { VoucherFilter } from '../../../contract/voucher';
import { orderBy } from '../../db/queries/list';
import { DomainError } from '../../../domain/result-codes';
import { AUX_DIMENSION_OF_TYPE } from './usage';

export type VoucherRow = typeof vouchers.$inferSelect;
export type VoucherItemRow = typeof voucherItems.$inferSelect;
export type SubjectRow = typeof subjects.$inferSelect;

/** A voucher by id; `lock` reads it `for update` so two actions on one voucher run one after the other. */
export async function findVoucher(tx: Tx, id: number, lock = false): Promise<VoucherRow | undefined> {
  const q = tx.select().from(vouchers).where(eq(vouchers.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/**
 * Locks the vouchers of a batch in id order before it acts on them one by one: two batches naming
 * the same vouchers in different orders then queue up instead of deadlocking half-way.
 */
export async function lockVouchersInOrder(tx: Tx, ids: readonly number[]): Promise<void> {
  if (ids.length > 1) await tx.select({ id: vouchers.id }).from(vouchers).where(inArray(vouchers.id, [...new Set(ids)])).orderBy(asc(vouchers.id)).for('update');
}

export async function itemsOf(tx: Tx, voucherId: number): Promise<VoucherItemRow[]> {
  return tx.select().from(voucherItems).where(eq(voucherItems.voucherId, voucherId)).orderBy(asc(voucherItems.lineNo));
}

/** The ledger set's account years with their periods (for resolveMarkDate). */
export async function yearsWithPeriods(tx: Tx, accountId: number): Promise<YearWithPeriods[]> {
  const years = await tx.select({ id: accountYears.id, startAt: accountYears.startAt, endAt: accountYears.endAt }).from(accountYears).where(eq(accountYears.accountId, accountId)).orderBy(asc(accountYears.startAt));
  if (!years.length) return [];
  const ps = await tx.select({ id: periods.id, accountYearId: periods.accountYearId, startAt: periods.startAt, endAt: periods.endAt }).from(periods)
    .where(inArray(periods.accountYearId, years.map((y) => y.id))).orderBy(asc(periods.startAt));
  return years.map((y) => ({ ...y, periods: ps.filter((p) => p.accountYearId === y.id) }));
}

/**
 * Reads the period's settled flag `for share`: settling (an update of the row) waits until the
 * voucher's transaction ends, and a voucher write waits for a settle in flight, while concurrent
 * voucher saves in one period do not queue behind each other (decision 022).
 */
export async function lockPeriod(tx: Tx, periodId: number): Promise<{ rolled: boolean } | undefined> {
  const [row] = rowsOf<{ rolled: boolean }>(await executeNamed(tx, 'ld_lock_period', sql`select rolled from periods where id = ${periodId} for share`));
  return row;
}

export async function periodRolled(tx: Tx, periodId: number): Promise<boolean> {
  const [row] = await tx.select({ rolled: periods.rolled }).from(periods).where(eq(periods.id, periodId));
  return row?.rolled ?? false;
}

/** The code rule's length of a ledger set (4 when none is stored). */
export async function codeLengthOf(tx: Tx, accountId: number): Promise<number> {
  const [row] = await tx.select({ length: voucherCodeRules.length }).from(voucherCodeRules).where(eq(voucherCodeRules.accountId, accountId));
  return row?.length ?? VOUCHER_CODE_LENGTH_DEFAULT;
}

export async function codeLengthsOf(tx: Tx, accountIds: number[]): Promise<Map<number, number>> {
  const m = new Map<number, number>(accountIds.map((a) => [a, VOUCHER_CODE_LENGTH_DEFAULT]));
  if (!accountIds.length) return m;
  for (const r of await tx.select({ accountId: voucherCodeRules.accountId, length: voucherCodeRules.length }).from(voucherCodeRules).where(inArray(voucherCodeRules.accountId, accountIds))) m.set(r.accountId, r.length);
  return m;
}

export async function kindOfAccount(tx: Tx, kindId: number, accountId: number) {
  const [row] = await tx.select().from(voucherKinds).where(and(eq(voucherKinds.id, kindId), eq(voucherKinds.accountId, accountId)));
  return row;
}

export async function subjectsByIds(tx: Tx, companyId: number, ids: number[]): Promise<Map<number, SubjectRow>> {
  const unique = [...new Set(ids)];
  if (!unique.length) return new Map();
  const rows = await tx.select().from(subjects).where(and(eq(subjects.companyId, companyId), inArray(subjects.id, unique)));
  return new Map(rows.map((r) => [r.id, r]));
}

/** The next free code of (period, kind): the highest plus one. */
export async function nextFreeCode(tx: Tx, periodId: number, kindId: number): Promise<number> {
  const [r] = await tx.select({ m: sql<number>`cast(coalesce(max(${vouchers.code}), 0) as integer)` }).from(vouchers).where(and(eq(vouchers.periodId, periodId), eq(vouchers.kindId, kindId)));
  return Number(r.m) + 1;
}

export async function codeTaken(tx: Tx, periodId: number, kindId: number, code: number, exceptId?: number): Promise<boolean> {
  const rows = await tx.select({ id: vouchers.id }).from(vouchers).where(and(eq(vouchers.periodId, periodId), eq(vouchers.kindId, kindId), eq(vouchers.code, code))).limit(1);
  return rows.length > 0 && rows[0].id !== exceptId;
}

/** The stored fields a lifecycle state stands for, as a condition on `vouchers`. */
export function lifecycleCondition(states: readonly VoucherLifecycleState[]): SQL {
  const parts = states.map((s) => {
    const f = voucherStatusOf(s);
    return sql`(${vouchers.state} = ${f.state}
      and ${f.audited ? sql`${vouchers.auditAt} is not null and ${vouchers.auditPass} = ${f.auditPass}` : sql`${vouchers.auditAt} is null`}
      and ${f.bookkept ? sql`${vouchers.bookKeepAt} is not null` : sql`${vouchers.bookKeepAt} is null`}
      and ${f.cashier ? sql`${vouchers.cashierAt} is not null` : sql`${vouchers.cashierAt} is null`})`;
  });
  return parts.length ? sql`(${sql.join(parts, sql` or `)})` : sql`false`;
}

/** A line of the voucher moves cash or bank money: a 1001/1002 subject or one flagged as cash. */
const hasCashLine = sql`exists (select 1 from voucher_items ci join subjects cs on cs.id = ci.subject_id
  where ci.voucher_id = ${vouchers.id} and (cs.be_cash or cs.code like '1001%' or cs.code like '1002%'))`;

/** A LIKE pattern finding the text anywhere, its wildcards taken literally. */
const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (m) => `\\${m}`)}%`;

/**
 * The filter's range of periods checked (VOUCHER_FILTER_PERIOD_RANGES): each end a period of the
 * ledger set (else MISSING_ACCOUNT_OR_PERIOD), the last not before the first by their start dates
 * (else PERIOD_END_BEFORE_START). Run by every read that takes a list filter, before listConditions.
 */
export async function checkPeriodRange(tx: Tx, f: VoucherFilter): Promise<void> {
  const ends = [f.periodFrom, f.periodTo].filter((id): id is number => id !== undefined);
  if (!ends.length) return;
  const rows = await tx.select({ id: periods.id, startAt: periods.startAt }).from(periods)
    .innerJoin(accountYears, eq(accountYears.id, periods.accountYearId))
    .where(and(inArray(periods.id, ends), eq(accountYears.accountId, f.accountId)));
  const start = (id: number | undefined) => rows.find((r) => r.id === id)?.startAt;
  if (ends.some((id) => start(id) === undefined)) throw new DomainError('MISSING_ACCOUNT_OR_PERIOD');
  if (f.periodFrom !== undefined && f.periodTo !== undefined && start(f.periodTo)! < start(f.periodFrom)!) throw new DomainError('PERIOD_END_BEFORE_START');
}

/** The vouchers whose period starts on or after (`cmp` '>=') / on or before ('<=') the start of period `id`. */
const periodStartCondition = (id: number, cmp: '>=' | '<=') =>
  sql`${vouchers.periodId} in (select rp.id from periods rp where rp.start_at ${sql.raw(cmp)} (select ep.start_at from periods ep where ep.id = ${id}))`;

export function listConditions(f: VoucherFilter): SQL[] {
  const c: SQL[] = [eq(vouchers.accountId, f.accountId)];
  if (f.accountYearId) c.push(eq(vouchers.accountYearId, f.accountYearId));
  if (f.periodId?.length) c.push(inArray(vouchers.periodId, f.periodId));
  if (f.periodFrom) c.push(periodStartCondition(f.periodFrom, '>='));
  if (f.periodTo) c.push(periodStartCondition(f.periodTo, '<='));
  if (f.id?.length) c.push(inArray(vouchers.id, f.id));
  if (f.kindId) c.push(eq(vouchers.kindId, f.kindId));
  if (f.dateFrom) c.push(sql`${vouchers.markDate} >= ${f.dateFrom}`);
  if (f.dateTo) c.push(sql`${vouchers.markDate} <= ${f.dateTo}`);
  if (f.codeFrom) c.push(sql`${vouchers.code} >= ${f.codeFrom}`);
  if (f.codeTo) c.push(sql`${vouchers.code} <= ${f.codeTo}`);
  switch (f.listState ?? 'ALL') {
    case 'ALL': c.push(lifecycleCondition(voucherListFilters.all)); break;
    case 'TO_AUDIT': c.push(lifecycleCondition(voucherListFilters.toAudit)); break;
    case 'TO_CASHIER': c.push(lifecycleCondition(voucherListFilters.toCashier), hasCashLine); break;
    case 'TO_BOOK': c.push(lifecycleCondition(voucherListFilters.toBookkeep)); break;
    case 'ERROR': c.push(lifecycleCondition(['auditError', 'auditErrorCashiered'])); break;
  }
  if (f.includeInvalid === false) c.push(eq(vouchers.state, 'NORMAL'));
  if (f.makerId) c.push(eq(vouchers.createdBy, f.makerId));
  if (f.keyword) {
    const summary = sql`exists (select 1 from voucher_items ki where ki.voucher_id = ${vouchers.id} and ki.summary ilike ${likePattern(f.keyword)})`;
    c.push(/^\d{1,9}$/.test(f.keyword) ? sql`(${vouchers.code} = ${Number(f.keyword)} or ${summary})` : summary);
  }
  const line: SQL[] = [];
  if (f.subjectId) line.push(sql`li.subject_id = ${f.subjectId}`);
  if (f.subjectCode) line.push(sql`ls.code like ${`${f.subjectCode}%`}`);
  if (f.summary) line.push(sql`li.summary ilike ${likePattern(f.summary)}`);
  if (f.amountFrom !== undefined) line.push(sql`li.amount_cents >= ${f.amountFrom}`);
  if (f.amountTo !== undefined) line.push(sql`li.amount_cents <= ${f.amountTo}`);
  if (f.auxTypeId !== undefined && f.auxId !== undefined) line.push(auxLineCondition(f.auxTypeId, f.auxId));
  if (line.length) {
    c.push(sql`exists (select 1 from voucher_items li join subjects ls on ls.id = li.subject_id where li.voucher_id = ${vouchers.id} and ${sql.join(line, sql` and `)})`);
  }
  return c;
}

/**
 * A line carrying an auxiliary value; a department or budget item takes in its subtree (lines carry
 * the leaves), as the auxiliary ledgers sum it.
 */
function auxLineCondition(auxTypeId: number, auxId: number): SQL {
  const dim = AUX_DIMENSION_OF_TYPE[auxTypeId];
  const col = sql.raw(`li.${dim}_id`);
  if (dim !== 'department' && dim !== 'budget') return sql`${col} = ${auxId}`;
  const table = sql.raw(dim === 'department' ? 'departments' : 'budgets');
  return sql`${col} in (with recursive t(id) as (select ${auxId}::integer union all select c.id from ${table} c join t on c.parent_id = t.id) select id from t)`;
}

/** The list's sort keys (API names) and their columns; the voucher order (date, code, id) settles ties. */
/** The columns the voucher list sorts by (and the editor's stepping within a list follows), by their keys. */
export const VOUCHER_SORTABLE = { markTime: vouchers.markDate, code: vouchers.code, id: vouchers.id, kindId: vouchers.kindId, debit: vouchers.debitCents, createdAt: vouchers.createdAt } as const;

export async function selectVoucherIds(tx: Tx, f: VoucherFilter, offset: number, limit: number, sort: Record<string, 'asc' | 'desc'> = {}): Promise<{ ids: number[]; total: number }> {
  await checkPeriodRange(tx, f);
  const where = and(...listConditions(f));
  const [{ n }] = await tx.select({ n: sql<number>`cast(count(*) as integer)` }).from(vouchers).where(where);
  const order = orderBy(sort, VOUCHER_SORTABLE, [asc(vouchers.markDate), asc(vouchers.code), asc(vouchers.id)]);
  const rows = await tx.select({ id: vouchers.id }).from(vouchers).where(where).orderBy(...order).offset(offset).limit(limit);
  return { ids: rows.map((r) => r.id), total: Number(n) };
}

/** Count and sums of every voucher under a list filter (the list's footer); invalid ones counted apart. */
export async function voucherTotals(tx: Tx, f: VoucherFilter): Promise<{ count: number; invalidCount: number; debitCents: string; creditCents: string }> {
  await checkPeriodRange(tx, f);
  const valid = sql`${vouchers.state} = 'NORMAL'`;
  const [r] = await tx.select({
    count: sql<number>`cast(count(*) as integer)`,
    invalidCount: sql<number>`cast(count(*) filter (where not (${valid})) as integer)`,
    debit: sql<string>`coalesce(sum(${vouchers.debitCents}) filter (where ${valid}), 0)::text`,
    credit: sql<string>`coalesce(sum(${vouchers.creditCents}) filter (where ${valid}), 0)::text`,
  }).from(vouchers).where(and(...listConditions(f)));
  return { count: Number(r.count), invalidCount: Number(r.invalidCount), debitCents: String(r.debit), creditCents: String(r.credit) };
}

/** Each voucher's ledger set, period and whether that period is settled (rolled). */
export async function rolledOf(tx: Tx, ids: number[]): Promise<Array<{ id: number; accountId: number; periodId: number; rolled: boolean }>> {
  if (!ids.length) return [];
  return tx.select({ id: vouchers.id, accountId: vouchers.accountId, periodId: vouchers.periodId, rolled: periods.rolled })
    .from(vouchers).innerJoin(periods, eq(periods.id, vouchers.periodId)).where(inArray(vouchers.id, ids));
}

/** The list's 制单人 choices (voucherApi.makers): the company's users (linked or of it) and the ledger set's makers, by name. */
export async function makersOf(tx: Tx, companyId: number, accountId: number): Promise<Array<{ id: number; name: string }>> {
  const rows = rowsOf<{ id: number; name: string }>(await tx.execute(sql`select u.id, u.name from users u
    where u.company_id = ${companyId}
      or u.id in (select uc.user_id from user_companies uc where uc.company_id = ${companyId})
      or u.id in (select distinct mv.created_by from vouchers mv where mv.account_id = ${accountId} and mv.created_by is not null)
    order by u.name, u.id`));
  return rows.map((r) => ({ id: Number(r.id), name: String(r.name) }));
}
