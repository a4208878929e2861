/** Database access for the cash and bank journal: no rules here (see service.ts). */
import { and, asc, eq, gte, ilike, inArray, isNotNull, isNull, lte, ne, or, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { rowsOf, type CompanyScope } from '../../db/tx';
import { accountYears, bankAccounts, cashBankOpenings, cashierKinds, cashJournalLines, subjects, users, voucherItems } from '../../db/schema';
import { likeKeyword } from '../../db/queries/list';
import type { Paging } from '../../../contract/common';
import type { CashLineFilter, CashPageMode } from '../../../contract/cashier-journal';
import { DomainError } from '../../../domain/result-codes';
import { sameCode } from '../../db/codes';

export type LineRow = typeof cashJournalLines.$inferSelect;
export type OpeningRow = typeof cashBankOpenings.$inferSelect;
export type BankAccountRow = typeof bankAccounts.$inferSelect;

const l = cashJournalLines;
const net = sql<string>`coalesce(sum(${l.receiptCents} - ${l.paymentCents}), 0)`;

export async function findBankAccount(db: Db, id: number, lock = false): Promise<BankAccountRow | undefined> {
  const q = db.select().from(bankAccounts).where(eq(bankAccounts.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The first and last day of the ledger set's account years, or null when it has none. */
export async function accountYearSpan(db: Db, accountId: number): Promise<{ from: string; to: string } | null> {
  const [r] = await db.select({
    from: sql<string | null>`to_char(min(${accountYears.startAt}), 'YYYY-MM-DD')`,
    to: sql<string | null>`to_char(max(${accountYears.endAt}), 'YYYY-MM-DD')`,
  }).from(accountYears).where(eq(accountYears.accountId, accountId));
  return r?.from && r.to ? { from: r.from, to: r.to } : null;
}

export async function bankAccountsOf(scope: CompanyScope, accountId: number, ids?: number[]): Promise<BankAccountRow[]> {
  return scope.db.select().from(bankAccounts)
    .where(scope.where(bankAccounts, eq(bankAccounts.accountId, accountId), ids ? inArray(bankAccounts.id, ids) : undefined))
    .orderBy(asc(bankAccounts.code), asc(bankAccounts.id));
}

export async function findLine(db: Db, id: number, lock = false): Promise<LineRow | undefined> {
  const q = db.select().from(l).where(eq(l.id, id)).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

export async function linesByIds(db: Db, bankAccountId: number, ids: number[]): Promise<LineRow[]> {
  if (!ids.length) return [];
  return db.select().from(l).where(and(eq(l.bankAccountId, bankAccountId), inArray(l.id, ids))).for('update');
}

export async function findKind(db: Db, companyId: number, id: number) {
  const [row] = await db.select().from(cashierKinds).where(and(eq(cashierKinds.companyId, companyId), eq(cashierKinds.id, id))).limit(1);
  return row;
}

/** A kind of the ledger set by its code (the cash workbook names kinds by code). */
export async function findKindByCode(db: Db, companyId: number, accountId: number, code: string) {
  const [row] = await db.select().from(cashierKinds).where(and(eq(cashierKinds.companyId, companyId), eq(cashierKinds.accountId, accountId), sameCode(cashierKinds.code, code))).limit(1);
  return row;
}

export async function nextCode(db: Db, bankAccountId: number, month: number): Promise<number> {
  const [r] = await db.select({ n: sql<number>`cast(coalesce(max(${l.code}), 0) + 1 as integer)` }).from(l).where(and(eq(l.bankAccountId, bankAccountId), eq(l.month, month)));
  return Number(r.n);
}

export async function codeTaken(db: Db, bankAccountId: number, month: number, code: number, except?: number): Promise<boolean> {
  return (await db.select({ id: l.id }).from(l).where(and(eq(l.bankAccountId, bankAccountId), eq(l.month, month), eq(l.code, code), except ? ne(l.id, except) : undefined)).limit(1)).length > 0;
}

export async function insertLine(db: Db, v: typeof l.$inferInsert): Promise<LineRow> {
  const [row] = await db.insert(l).values(v).returning();
  return row;
}
export async function patchLine(db: Db, id: number, set: Partial<typeof l.$inferInsert>): Promise<LineRow> {
  const [row] = await db.update(l).set({ ...set, updatedAt: sql`now()`, version: sql`${l.version} + 1` }).where(eq(l.id, id)).returning();
  return row;
}
export async function deleteLines(db: Db, ids: number[]): Promise<void> {
  if (ids.length) await db.delete(l).where(inArray(l.id, ids));
}

export async function firstLineDate(db: Db, bankAccountId: number): Promise<string | null> {
  const [r] = await db.select({ d: sql<string | null>`min(${l.lineDate})` }).from(l).where(eq(l.bankAccountId, bankAccountId));
  return r?.d ?? null;
}

export async function openingsOf(db: Db, bankAccountIds: number[]): Promise<Map<number, OpeningRow>> {
  if (!bankAccountIds.length) return new Map();
  const rows = await db.select().from(cashBankOpenings).where(inArray(cashBankOpenings.bankAccountId, bankAccountIds));
  return new Map(rows.map((r) => [r.bankAccountId, r]));
}

export async function upsertOpening(db: Db, v: { companyId: number; bankAccountId: number; startDate: string; openingCents: number; updatedBy: number | null }): Promise<void> {
  await db.insert(cashBankOpenings).values(v).onConflictDoUpdate({
    target: cashBankOpenings.bankAccountId,
    set: { startDate: v.startDate, openingCents: v.openingCents, updatedBy: v.updatedBy, updatedAt: sql`now()`, version: sql`${cashBankOpenings.version} + 1` },
  });
}

export async function firstLineDates(db: Db, bankAccountIds: number[]): Promise<Map<number, string>> {
  if (!bankAccountIds.length) return new Map();
  const rows = await db.select({ id: l.bankAccountId, d: sql<string>`min(${l.lineDate})` }).from(l).where(inArray(l.bankAccountId, bankAccountIds)).groupBy(l.bankAccountId);
  return new Map(rows.map((r) => [r.id, r.d]));
}

/** Receipts and payments of each account's lines dated before `before` (all when null), and up to `upTo`. */
export async function sumsBefore(db: Db, bankAccountIds: number[], o: { before?: string; upTo?: string }) {
  if (!bankAccountIds.length) return new Map<number, { receipt: number; payment: number; count: number }>();
  const rows = await db.select({
    id: l.bankAccountId,
    receipt: sql<string>`coalesce(sum(${l.receiptCents}), 0)`,
    payment: sql<string>`coalesce(sum(${l.paymentCents}), 0)`,
    count: sql<number>`cast(count(*) as integer)`,
  }).from(l).where(and(inArray(l.bankAccountId, bankAccountIds), o.before ? sql`${l.lineDate} < ${o.before}` : undefined, o.upTo ? lte(l.lineDate, o.upTo) : undefined)).groupBy(l.bankAccountId);
  return new Map(rows.map((r) => [r.id, { receipt: Number(r.receipt), payment: Number(r.payment), count: Number(r.count) }]));
}

/** Receipts and payments of each account's lines in [from, to], per bucket (a day, a yyyy-MM month, or one bucket). */
export async function sumsByBucket(db: Db, bankAccountIds: number[], from: string, to: string, groupBy: 'DAY' | 'MONTH' | 'TOTAL') {
  if (!bankAccountIds.length) return [];
  const bucket = groupBy === 'DAY' ? sql<string>`to_char(${l.lineDate}, 'YYYY-MM-DD')` : groupBy === 'MONTH' ? sql<string>`to_char(${l.lineDate}, 'YYYY-MM')` : sql<string>`''::text`;
  const rows = await db.select({
    id: l.bankAccountId,
    bucket,
    receipt: sql<string>`coalesce(sum(${l.receiptCents}), 0)`,
    payment: sql<string>`coalesce(sum(${l.paymentCents}), 0)`,
    receiptCount: sql<number>`cast(count(*) filter (where ${l.receiptCents} > 0) as integer)`,
    paymentCount: sql<number>`cast(count(*) filter (where ${l.paymentCents} > 0) as integer)`,
  }).from(l).where(and(inArray(l.bankAccountId, bankAccountIds), gte(l.lineDate, from), lte(l.lineDate, to))).groupBy(...(groupBy === 'TOTAL' ? [l.bankAccountId] : [l.bankAccountId, bucket])).orderBy(l.bankAccountId, ...(groupBy === 'TOTAL' ? [] : [bucket]));
  return rows.map((r) => ({ id: r.id, bucket: r.bucket, receipt: Number(r.receipt), payment: Number(r.payment), receiptCount: Number(r.receiptCount), paymentCount: Number(r.paymentCount) }));
}

function lineConds(f: CashLineFilter & { ids?: number[] }): SQL[] {
  const conds: SQL[] = [eq(bankAccounts.accountId, f.accountId)];
  if (f.ids) conds.push(inArray(l.id, f.ids));
  if (f.bankAccountId) conds.push(eq(l.bankAccountId, f.bankAccountId));
  if (f.month) {
    const [y, m] = f.month.split('-').map(Number);
    conds.push(eq(l.month, y * 100 + m));
  }
  if (f.dateFrom) conds.push(gte(l.lineDate, f.dateFrom));
  if (f.dateTo) conds.push(lte(l.lineDate, f.dateTo));
  if (f.kindId) conds.push(eq(l.kindId, f.kindId));
  if (f.side === 'RECEIPT') conds.push(sql`${l.receiptCents} > 0`);
  if (f.side === 'PAYMENT') conds.push(sql`${l.paymentCents} > 0`);
  if (f.amountMin !== undefined) conds.push(sql`${l.receiptCents} + ${l.paymentCents} >= ${f.amountMin}`);
  if (f.amountMax !== undefined) conds.push(sql`${l.receiptCents} + ${l.paymentCents} <= ${f.amountMax}`);
  if (f.hasVoucher !== undefined) conds.push(f.hasVoucher ? isNotNull(l.voucherId) : isNull(l.voucherId));
  const kw = likeKeyword(f.keyword);
  if (kw) conds.push(or(ilike(l.summary, kw), ilike(l.counterparty, kw), ilike(cashierKinds.name, kw), ilike(cashierKinds.code, kw))!);
  return conds;
}

/** Count and sums of every line under the filter (the query's footer): one aggregate over the list's conditions. */
export async function sumLines(scope: CompanyScope, f: CashLineFilter): Promise<{ count: number; receipt: string; payment: string }> {
  const base = scope.db.select({
    n: sql<number>`cast(count(*) as integer)`,
    receipt: sql<string>`cast(coalesce(sum(${l.receiptCents}), 0) as text)`,
    payment: sql<string>`cast(coalesce(sum(${l.paymentCents}), 0) as text)`,
  }).from(l).innerJoin(bankAccounts, and(eq(bankAccounts.companyId, l.companyId), eq(bankAccounts.id, l.bankAccountId)));
  const where = scope.where(l, ...lineConds(f));
  const [r] = likeKeyword(f.keyword)
    ? await base.leftJoin(cashierKinds, and(eq(cashierKinds.companyId, l.companyId), eq(cashierKinds.id, l.kindId))).where(where)
    : await base.where(where);
  return { count: Number(r.n), receipt: r.receipt, payment: r.payment };
}

/**
 * A page of lines in journal order (account code, date, id), with their account, kind and maker.
 * One account's page follows the (bank_account_id, line_date, id) index; the total is its own count
 * (a window count would read every matching row before the first one is answered).
 *
 * How the page is found (decision 043): `after` / `before` a cursor compare (date, id) with it, so the
 * index is entered at the cursor; `last` and `before` read the order backwards and turn the rows
 * round. An OFFSET in the second half of the list is read backwards from the end too (an OFFSET walks
 * the index up to it: the last page by offset would walk the whole account).
 */
export async function selectLines(scope: CompanyScope, p: Paging<CashLineFilter>, page: CashPageMode = { mode: 'offset' }) {
  const f = p.filter;
  const desc = p.sort.date === 'desc';
  const multi = !f.bankAccountId;
  const needsKind = !!likeKeyword(f.keyword);
  const conds = lineConds(f);
  const countOf = async () => {
    const where = scope.where(l, ...conds);
    const base = scope.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(l)
      .innerJoin(bankAccounts, and(eq(bankAccounts.companyId, l.companyId), eq(bankAccounts.id, l.bankAccountId)));
    const [counted] = needsKind
      ? await base.leftJoin(cashierKinds, and(eq(cashierKinds.companyId, l.companyId), eq(cashierKinds.id, l.kindId))).where(where)
      : await base.where(where);
    return Number(counted.n);
  };

  // Where the page starts, and whether the order is read backwards (then the rows are turned round).
  let keyset: SQL | undefined;
  let backwards = page.mode === 'last' || page.mode === 'before';
  let offset = 0;
  let limit = p.limit;
  let total: number | undefined;
  if (page.mode === 'after' || page.mode === 'before') {
    const c = page.cursor;
    // Strictly after (or before) the cursor in the list's order.
    const later = (page.mode === 'after') !== desc;
    const inAccount = later ? sql`(${l.lineDate}, ${l.id}) > (${c.date}::date, ${c.id})` : sql`(${l.lineDate}, ${l.id}) < (${c.date}::date, ${c.id})`;
    if (!multi) keyset = inAccount;
    else {
      if (!c.bankAccountId) throw new DomainError('INVALID_INPUT', { field: page.mode });
      const [ba] = await scope.db.select({ code: bankAccounts.code }).from(bankAccounts).where(scope.where(bankAccounts, eq(bankAccounts.id, c.bankAccountId))).limit(1);
      if (!ba) throw new DomainError('INVALID_INPUT', { field: page.mode });
      keyset = page.mode === 'after'
        ? or(sql`${bankAccounts.code} > ${ba.code}`, and(eq(bankAccounts.code, ba.code), inAccount))
        : or(sql`${bankAccounts.code} < ${ba.code}`, and(eq(bankAccounts.code, ba.code), inAccount));
    }
  } else if (page.mode === 'offset' && p.offset > 0) {
    total = await countOf();
    if (p.offset >= total) return { rows: [], total };
    if (2 * p.offset + p.limit > total) {
      backwards = true;
      const fromEnd = total - p.offset - p.limit;
      offset = Math.max(0, fromEnd);
      limit = fromEnd < 0 ? p.limit + fromEnd : p.limit;
    } else offset = p.offset;
  }
  const down = desc !== backwards;
  const byDate = down ? [sql`${l.lineDate} desc`, sql`${l.id} desc`] : [asc(l.lineDate), asc(l.id)];
  const byAccount = backwards ? sql`${bankAccounts.code} desc` : asc(bankAccounts.code);
  const [rows, counted] = await Promise.all([
    scope.db.select({
      l,
      ba: { id: bankAccounts.id, code: bankAccounts.code, name: bankAccounts.name, kind: bankAccounts.kind },
      kind: { id: cashierKinds.id, code: cashierKinds.code, name: cashierKinds.name, direction: cashierKinds.direction },
      maker: users.name,
    }).from(l)
      .innerJoin(bankAccounts, and(eq(bankAccounts.companyId, l.companyId), eq(bankAccounts.id, l.bankAccountId)))
      .leftJoin(cashierKinds, and(eq(cashierKinds.companyId, l.companyId), eq(cashierKinds.id, l.kindId)))
      .leftJoin(users, eq(users.id, l.createdBy))
      .where(scope.where(l, ...conds, keyset))
      .orderBy(...(multi ? [byAccount, ...byDate] : byDate))
      .limit(limit).offset(offset),
    total ?? countOf(),
  ]);
  if (backwards) rows.reverse();
  return { rows: rows.map((r) => ({ l: r.l, ba: r.ba, kind: r.kind?.id ? r.kind : null, maker: r.maker })), total: counted };
}

/**
 * The running balance (receipts − payments, without the opening) after each line of one account
 * between two lines inclusive, in (date, id) order: one sum of everything before the first, then a
 * window over the range; both read the (bank_account_id, line_date, id) index.
 */
export async function runningNet(db: Db, bankAccountId: number, first: { date: string; id: number }, last: { date: string; id: number }): Promise<Map<number, number>> {
  const [base] = await db.select({ s: net }).from(l)
    .where(and(eq(l.bankAccountId, bankAccountId), sql`(${l.lineDate}, ${l.id}) < (${first.date}::date, ${first.id})`));
  const rows = await db.select({ id: l.id, s: sql<string>`sum(${l.receiptCents} - ${l.paymentCents}) over (order by ${l.lineDate}, ${l.id})` }).from(l)
    .where(and(eq(l.bankAccountId, bankAccountId), sql`(${l.lineDate}, ${l.id}) >= (${first.date}::date, ${first.id})`, sql`(${l.lineDate}, ${l.id}) <= (${last.date}::date, ${last.id})`));
  const b = Number(base.s);
  return new Map(rows.map((r) => [r.id, b + Number(r.s)]));
}

/** Bank accounts (of the given ids) with journal lines or a non-zero opening. */
export async function bankAccountsInUse(db: Db, ids: number[]): Promise<number[]> {
  const [a, o] = await Promise.all([
    db.selectDistinct({ id: l.bankAccountId }).from(l).where(inArray(l.bankAccountId, ids)),
    db.select({ id: cashBankOpenings.bankAccountId }).from(cashBankOpenings).where(and(inArray(cashBankOpenings.bankAccountId, ids), ne(cashBankOpenings.openingCents, 0))),
  ]);
  return [...a, ...o].map((r) => r.id);
}

export async function kindsInUse(db: Db, ids: number[]): Promise<number[]> {
  return (await db.selectDistinct({ id: l.kindId }).from(l).where(inArray(l.kindId, ids))).map((r) => r.id as number);
}

/** A voucher line that may come into a bank account's journal (bringing in from vouchers). */
export interface VoucherLineRow {
  itemId: number; voucherId: number; date: string; lineNo: number; summary: string; subjectCode: string;
  counterparty: string | null; amountCents: number; debit: boolean; audited: boolean; bookkept: boolean;
}

/**
 * Lines of the ledger set's valid vouchers dated in the range whose subject has the code or sits
 * under it, of vouchers that no journal line of a bank account linked to a subject with that code
 * links yet (entered and made into the voucher, or brought in before). `itemIds` narrows to those
 * lines (the write re-reads what it was asked for; `lock` holds the vouchers until it commits).
 * The counterparty is the line's own customer or vendor, else the one customer or vendor the
 * voucher's other lines name (a client paying its receivable), else none.
 */
export async function voucherLinesFor(db: Db, o: { companyId: number; accountId: number; subjectCode: string; dateFrom: string; dateTo: string; itemIds?: number[]; lock?: boolean; page?: { offset: number; limit: number } }): Promise<{ rows: VoucherLineRow[]; total: number }> {
  const only = o.itemIds ? sql`and vi.id in (${sql.join(o.itemIds.map((id) => sql`${id}`), sql`, `)})` : sql``;
  // Locked first, read after: the read's snapshot then sees every journal line committed by a
  // write that held these vouchers before (two cashiers bringing in one voucher on two accounts).
  if (o.lock) {
    await db.execute(sql`select v.id from vouchers v where v.company_id = ${o.companyId}
      and v.id in (select vi.voucher_id from voucher_items vi where vi.company_id = ${o.companyId} ${only}) order by v.id for update`);
  }
  const rows = rowsOf<Record<string, unknown>>(await db.execute(sql`
    select vi.id as "itemId", v.id as "voucherId", v.mark_date::text as "date", vi.line_no as "lineNo", vi.summary, s.code as "subjectCode",
           coalesce(c.name, ve.name, other.name) as counterparty, vi.amount_cents as "amountCents", vi.direction as debit,
           (v.audit_at is not null and v.audit_pass is true) as audited, v.book_keep_at is not null as bookkept,
           count(*) over () as total
    from vouchers v
    join voucher_items vi on vi.company_id = v.company_id and vi.voucher_id = v.id
    join subjects s on s.id = vi.subject_id
    left join customers c on c.company_id = vi.company_id and c.id = vi.customer_id
    left join vendors ve on ve.company_id = vi.company_id and ve.id = vi.vendor_id
    left join lateral (
      select case when count(distinct coalesce(c2.name, ve2.name)) = 1 then min(coalesce(c2.name, ve2.name)) end as name
      from voucher_items o
      left join customers c2 on c2.company_id = o.company_id and c2.id = o.customer_id
      left join vendors ve2 on ve2.company_id = o.company_id and ve2.id = o.vendor_id
      where o.company_id = v.company_id and o.voucher_id = v.id and (o.customer_id is not null or o.vendor_id is not null)
    ) other on true
    where v.company_id = ${o.companyId} and v.account_id = ${o.accountId} and v.state = 'NORMAL'
      and v.mark_date between ${o.dateFrom} and ${o.dateTo}
      and (s.code = ${o.subjectCode} or s.code like ${`${o.subjectCode}%`})
      ${only}
      and not exists (
        select 1 from cash_journal_lines jl
        join bank_accounts b on b.company_id = jl.company_id and b.id = jl.bank_account_id
        join subjects bs on bs.id = b.subject_id
        where jl.company_id = v.company_id and jl.voucher_id = v.id and bs.code = ${o.subjectCode})
    order by v.mark_date, v.kind_id, v.code, vi.line_no
    ${o.page ? sql`offset ${o.page.offset} limit ${o.page.limit}` : sql``}`));
  const total = rows.length ? Number(rows[0].total) : 0;
  return { total, rows: rows.map((r) => ({
    itemId: Number(r.itemId), voucherId: Number(r.voucherId), date: String(r.date), lineNo: Number(r.lineNo), summary: String(r.summary), subjectCode: String(r.subjectCode),
    counterparty: (r.counterparty as string | null) ?? null, amountCents: Number(r.amountCents), debit: Boolean(r.debit), audited: Boolean(r.audited), bookkept: Boolean(r.bookkept),
  })) };
}

/** The code of a subject by id (a bank account's linked subject). */
export async function subjectCodeOf(db: Db, subjectId: number): Promise<string | null> {
  const [r] = await db.select({ code: subjects.code }).from(subjects).where(eq(subjects.id, subjectId)).limit(1);
  return r?.code ?? null;
}

/** The voucher of a voucher line of the company (naming a line no longer offered). */
export async function voucherOfItem(db: Db, companyId: number, itemId: number): Promise<number | null> {
  const [r] = await db.select({ voucherId: voucherItems.voucherId }).from(voucherItems).where(and(eq(voucherItems.companyId, companyId), eq(voucherItems.id, itemId))).limit(1);
  return r?.voucherId ?? null;
}
