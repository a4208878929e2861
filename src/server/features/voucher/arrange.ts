/**
 * 凭证整理 (POST /voucher/arrangeCode, docs/decisions/023): closes the gaps in a period's voucher
 * numbering per kind. The plan is src/domain/voucher-arrange.ts: unlocked vouchers (the machine's
 * `draft`) fill the lowest free codes in their present order; locked and invalid ones keep theirs.
 * One transaction; the period row is locked `for update`, so every voucher save and action of the
 * period (they read it `for share`) waits until the renumbering is done and none can take a code
 * under it. Codes only go down, so applying the changes in ascending order keeps the unique index
 * (period, kind, code) satisfied at every statement. Each renumbered voucher gets a proc record
 * ARRANGE_CODE "0007 → 0003" and a new version (an editor holding it answers STALE_DATA).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTx } from '../../db/tx';
import { accountYears, periods, voucherKinds, voucherProcs, vouchers } from '../../db/schema';
import { DomainError } from '../../../domain/result-codes';
import { padVoucherCode } from '../../../domain/finance-settings';
import { planArrange } from '../../../domain/voucher-arrange';
import { voucherLifecycleStateOf } from '../../../domain/voucher-lifecycle';
import type { VoucherArrangeDto } from '../../../contract/voucher';
import { codeLengthOf } from './queries';

export interface ArrangeInput {
  accountId: number;
  periodId: number;
  kindId?: number;
  dryRun?: boolean;
}

export async function arrangeCodes(db: Db, companyId: number, userId: number, input: ArrangeInput): Promise<VoucherArrangeDto> {
  return withTx(db, async (tx) => {
    // The period must be the ledger set's (a foreign or missing one answers like a forbidden one).
    const [owned] = await tx.select({ id: periods.id }).from(periods)
      .innerJoin(accountYears, eq(accountYears.id, periods.accountYearId))
      .where(and(eq(periods.id, input.periodId), eq(accountYears.accountId, input.accountId), eq(periods.companyId, companyId)));
    if (!owned) throw new DomainError('NO_PERMISSION');
    const lockQuery = tx.select({ rolled: periods.rolled }).from(periods).where(eq(periods.id, input.periodId));
    const [period] = input.dryRun ? await lockQuery : await lockQuery.for('update');
    if (period.rolled) throw new DomainError('PERIOD_SETTLED');
    if (input.kindId !== undefined) {
      const [kind] = await tx.select({ id: voucherKinds.id }).from(voucherKinds).where(and(eq(voucherKinds.id, input.kindId), eq(voucherKinds.accountId, input.accountId)));
      if (!kind) throw new DomainError('NO_PERMISSION');
    }

    const rows = await tx.select({
      id: vouchers.id, kindId: vouchers.kindId, code: vouchers.code, markDate: vouchers.markDate, state: vouchers.state,
      auditAt: vouchers.auditAt, auditPass: vouchers.auditPass, bookKeepAt: vouchers.bookKeepAt, cashierAt: vouchers.cashierAt,
    }).from(vouchers)
      .where(and(eq(vouchers.periodId, input.periodId), eq(vouchers.accountId, input.accountId), input.kindId !== undefined ? eq(vouchers.kindId, input.kindId) : undefined))
      .orderBy(asc(vouchers.kindId), asc(vouchers.code));
    const kindNames = new Map((await tx.select({ id: voucherKinds.id, name: voucherKinds.name }).from(voucherKinds).where(eq(voucherKinds.accountId, input.accountId))).map((k) => [k.id, k.name]));
    const codeLength = await codeLengthOf(tx, input.accountId);
    const movable = (r: (typeof rows)[number]) =>
      voucherLifecycleStateOf({ state: r.state as 'NORMAL' | 'INVALID', auditAt: r.auditAt, auditPass: r.auditPass, bookKeepAt: r.bookKeepAt, cashierAt: r.cashierAt }) === 'draft';

    const byKind = new Map<number, typeof rows>();
    for (const r of rows) byKind.set(r.kindId, [...(byKind.get(r.kindId) ?? []), r]);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const changes: VoucherArrangeDto['changes'] = [];
    for (const [kindId, list] of byKind) {
      for (const c of planArrange(list.map((r) => ({ id: r.id, code: r.code, markDate: r.markDate, movable: movable(r) })))) {
        changes.push({
          id: c.id, kindId, kindName: kindNames.get(kindId) ?? '', markTime: byId.get(c.id)!.markDate,
          from: c.from, to: c.to, fromText: padVoucherCode(c.from, codeLength), toText: padVoucherCode(c.to, codeLength),
        });
      }
    }
    const kept = rows.filter((r) => !movable(r)).length;
    if (!input.dryRun) {
      // Ascending per kind (the plan's order): each target code is free when its update runs.
      for (const c of changes) {
        await tx.update(vouchers).set({ code: c.to, updatedAt: sql`now()`, version: sql`${vouchers.version} + 1` }).where(eq(vouchers.id, c.id));
      }
      if (changes.length) {
        await tx.insert(voucherProcs).values(changes.map((c) => ({ companyId, voucherId: c.id, action: 'ARRANGE_CODE', userId, note: `${c.fromText} → ${c.toText}` })));
      }
    }
    return { periodId: input.periodId, applied: !input.dryRun, changes, kept, total: rows.length };
  });
}
