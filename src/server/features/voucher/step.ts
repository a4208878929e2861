/**
 * GET /voucher/step (src/contract/voucher-step.ts). In a year: one row-value comparison on
 * (mark_date, code, id) within the ledger set and year, served by the vouchers_account_date index.
 * In a list's result: the list's conditions (listConditions) and its order (its sort, then mark
 * date, code, id), the voucher stepped from placed in that order by its own values (it need not
 * match the filter any more).
 */
import type { FastifyInstance } from 'fastify';
import { and, asc, desc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { voucherStepApi } from '../../../contract/voucher-step';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { guardAccount } from '../../http/guards';
import { rowsOf, type Tx } from '../../db/tx';
import { vouchers } from '../../db/schema';
import { checkPeriodRange, listConditions, VOUCHER_SORTABLE } from './queries';
import { assertSortable } from '../../db/queries/list';
import type { VoucherFilter } from '../../../contract/voucher';

interface StepRow {
  id: number;
  mark_date: string;
  code: number;
}

type Step = 'first' | 'previous' | 'next' | 'last';

/** The neighbour of `fromId` (or the first / last) among the vouchers of a list filter, in the list's order. */
async function stepInList(tx: Tx, filter: VoucherFilter, sortAsked: Record<string, string>, step: Step, fromId: number | undefined): Promise<StepRow | undefined> {
  const sort = Object.fromEntries(Object.entries(sortAsked).map(([k, dir]) => [k, dir.toLowerCase() === 'desc' ? 'desc' : 'asc'] as const));
  // A key the list cannot sort by is refused, never ignored (the stepping would not be the list's order).
  assertSortable(sort, Object.keys(VOUCHER_SORTABLE));
  await checkPeriodRange(tx, filter);
  const keys: Array<{ col: PgColumn; asc: boolean }> = [
    ...Object.entries(sort).map(([k, dir]) => ({ col: VOUCHER_SORTABLE[k as keyof typeof VOUCHER_SORTABLE] as PgColumn, asc: dir === 'asc' })),
    { col: vouchers.markDate, asc: true }, { col: vouchers.code, asc: true }, { col: vouchers.id, asc: true },
  ];
  const forward = step === 'first' || step === 'next';
  const conditions = listConditions(filter);
  if (fromId !== undefined && (step === 'previous' || step === 'next')) {
    const [from] = await tx.select({ id: vouchers.id }).from(vouchers).where(and(eq(vouchers.id, fromId), eq(vouchers.accountId, filter.accountId)));
    // A voucher of another ledger set or company answers like a missing one.
    if (!from) throw new DomainError('NO_PERMISSION');
    // The voucher's own value of a key, read in the database (timestamps keep their precision).
    const fromValue = (col: PgColumn) => sql`(select fv.${sql.identifier(col.name)} from vouchers fv where fv.id = ${fromId})`;
    // Lexicographic "after (before) the voucher" in the list's order: equal on the keys before, past it on this one.
    const past = keys.map((k, i) => {
      const ahead = k.asc === forward ? sql`${k.col} > ${fromValue(k.col)}` : sql`${k.col} < ${fromValue(k.col)}`;
      return and(...keys.slice(0, i).map((e) => sql`${e.col} = ${fromValue(e.col)}`), ahead)!;
    });
    conditions.push(or(...past)!);
  }
  const order: SQL[] = keys.map((k) => (k.asc === forward ? asc(k.col) : desc(k.col)));
  const [hit] = await tx.select({ id: vouchers.id, mark_date: vouchers.markDate, code: vouchers.code }).from(vouchers).where(and(...conditions)).orderBy(...order).limit(1);
  return hit;
}

/** The neighbour of `fromId` (or the first / last) among the vouchers of a year, in the editor's order. */
async function stepInYear(tx: Tx, account: { id: number; companyId: number }, accountYearId: number, step: Step, fromId: number | undefined): Promise<StepRow | undefined> {
  const scope = sql`company_id = ${account.companyId} and account_id = ${account.id} and account_year_id = ${accountYearId}`;
  let from: StepRow | undefined;
  if (fromId !== undefined && (step === 'previous' || step === 'next')) {
    [from] = rowsOf<StepRow>(await tx.execute(sql`select id, mark_date::text as mark_date, code from vouchers where id = ${fromId} and ${scope}`));
    // A voucher of another ledger set, year or company answers like a missing one.
    if (!from) throw new DomainError('NO_PERMISSION');
  }
  const forward = step === 'first' || step === 'next';
  const past = from ? (forward ? sql`and (mark_date, code, id) > (${from.mark_date}::date, ${from.code}, ${from.id})` : sql`and (mark_date, code, id) < (${from.mark_date}::date, ${from.code}, ${from.id})`) : sql``;
  const order = forward ? sql`order by mark_date, code, id` : sql`order by mark_date desc, code desc, id desc`;
  const [hit] = rowsOf<StepRow>(await tx.execute(sql`select id, mark_date::text as mark_date, code from vouchers where ${scope} ${past} ${order} limit 1`));
  return hit;
}

export async function voucherStepRoutes(app: FastifyInstance): Promise<void> {
  handle(app, voucherStepApi.step, async (req) => {
    const account = await guardAccount(req, req.query.accountId);
    const { accountYearId, step, fromId, filter, sort } = req.query;
    let hit: StepRow | undefined;
    if (filter) {
      // The list's filter is of the ledger set asked for (guarded above), never another one's.
      if (filter.accountId !== account.id) throw new DomainError('NO_PERMISSION');
      hit = await stepInList(app.db, filter, sort ?? {}, step, fromId);
    } else {
      hit = await stepInYear(app.db, account, accountYearId!, step, fromId);
    }
    return ok(hit ? { id: Number(hit.id), markTime: String(hit.mark_date).slice(0, 10), code: Number(hit.code) } : null);
  });
}
