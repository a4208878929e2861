/**
 * Budget execution (预算执行, /budget summaryByBudgetExecution and subLedgerByBudgetExecution):
 * per budget item of the year, the annual budget (the catalogue's leaf amounts, parents summing
 * their leaves, decision 014) against what the voucher lines carrying the item used — an OUTCOME
 * item its debits less credits, an INCOME item its credits less debits — read from the budget
 * rows of aux_balances (auxiliary type 6); and the lines behind one item with the amount used so far.
 * The lines of profit-transfer vouchers (结转损益) are left out of both: a transfer carries the items
 * of the balances it closes, and closing a month does not give its budget back (decision 048).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { withTx } from '../../db/tx';
import { budgets } from '../../db/schema';
import { DomainError } from '../../../domain/result-codes';
import type { BudgetDetailDto, BudgetDetailFilter, BudgetExecFilter, BudgetExecRowDto, BudgetSummaryDto } from '../../../contract/ledger-aux';
import { auxFigures } from './aux-balance';
import { openingOf } from './aux-detail';
import { detailPage, transferSums } from './detail';
import { periodRange } from './scope';

const BUDGET = 6;
/** The sign turning a debit-positive amount into the item's use. */
const useSign = (kind: string) => (kind === 'INCOME' ? -1 : 1);

async function catalogue(tx: Parameters<Parameters<typeof withTx>[1]>[0], companyId: number, accountYearId: number) {
  return tx.select({ id: budgets.id, parentId: budgets.parentId, code: budgets.code, name: budgets.name, kind: budgets.kind, level: budgets.level, amount: budgets.amount })
    .from(budgets).where(and(eq(budgets.companyId, companyId), eq(budgets.accountYearId, accountYearId))).orderBy(asc(budgets.code));
}

export async function budgetSummary(db: Db, companyId: number, f: BudgetExecFilter): Promise<BudgetSummaryDto> {
  return withTx(db, async (tx) => {
    const range = await periodRange(tx, companyId, f.accountYearId, f.startPeriodId, f.endPeriodId);
    const items = await catalogue(tx, companyId, f.accountYearId);
    const named = f.budgetIds && f.budgetIds.length > 0 ? f.budgetIds : undefined;
    if (named && !named.every((id) => items.some((b) => b.id === id))) throw new DomainError('NO_PERMISSION');
    const figures = await auxFigures(tx, companyId, { accountYearId: f.accountYearId, auxTypeId: BUDGET, includeUnbooked: f.includeUnbooked }, range);
    // Debit-positive movements per item (every subject), in the range and through its end.
    const own = new Map<number, { range: number; ytd: number }>();
    for (const [key, x] of figures) {
      const id = Number(key.split(':')[0]);
      const t = own.get(id) ?? { range: 0, ytd: 0 };
      t.range += x.debit - x.credit;
      t.ytd += x.ytdDebit - x.ytdCredit;
      own.set(id, t);
    }
    // Month-end transfers (结转损益) carry the items of the lines they close: not use, left out.
    const inRange = new Set(range.inRange);
    for (const x of await transferSums(tx, { companyId, accountYearId: f.accountYearId, auxTypeId: BUDGET, auxIds: null, subjectIds: null, periodIds: range.throughEnd, includeUnbooked: f.includeUnbooked })) {
      const t = own.get(x.auxId);
      if (!t) continue;
      if (inRange.has(x.periodId)) t.range -= x.debit - x.credit;
      t.ytd -= x.debit - x.credit;
    }
    const roots = named ? items.filter((b) => named.includes(b.id)).map((b) => b.code) : null;
    const rows: BudgetExecRowDto[] = [];
    for (const b of items) {
      if (roots && !roots.some((c) => b.code.startsWith(c))) continue;
      const below = items.filter((x) => x.code.startsWith(b.code));
      const leaf = below.length === 1;
      const budget = below.filter((x) => !items.some((y) => y.parentId === x.id)).reduce((n, x) => n + x.amount, 0);
      const sign = useSign(b.kind);
      let actual = 0;
      let ytdActual = 0;
      for (const x of below) {
        const m = own.get(x.id);
        if (m) {
          actual += sign * m.range;
          ytdActual += sign * m.ytd;
        }
      }
      if (!f.showZero && budget === 0 && actual === 0 && ytdActual === 0) continue;
      rows.push({
        budgetId: b.id, parentId: b.parentId, code: b.code, name: b.name, kind: b.kind, level: b.level, leaf,
        budget: String(budget), actual: String(actual), ytdActual: String(ytdActual), remaining: String(budget - ytdActual),
        rateBp: budget === 0 ? null : Math.round((ytdActual * 10_000) / budget),
      });
    }
    return { rows };
  });
}

export async function budgetDetail(db: Db, companyId: number, f: BudgetDetailFilter, page: { offset: number; limit: number }): Promise<BudgetDetailDto> {
  return withTx(db, async (tx) => {
    const range = await periodRange(tx, companyId, f.accountYearId, f.startPeriodId, f.endPeriodId);
    const items = await catalogue(tx, companyId, f.accountYearId);
    const item = items.find((b) => b.id === f.budgetId);
    if (!item) throw new DomainError('NO_PERMISSION');
    const below = items.filter((x) => x.code.startsWith(item.code));
    const budget = below.filter((x) => !items.some((y) => y.parentId === x.id)).reduce((n, x) => n + x.amount, 0);
    // Month-end transfers (结转损益) are not use: left out of the opening, the sums and the lines.
    const ask = { accountYearId: f.accountYearId, auxTypeId: BUDGET, auxIds: below.map((x) => x.id), subjectIds: null, includeUnbooked: f.includeUnbooked, excludeTransfers: true };
    const o = await openingOf(tx, companyId, ask, range);
    const { total, rows } = await detailPage(tx, {
      ...ask, companyId, range, opening: o.opening, openingYtdDebit: o.ytdDebit, openingYtdCredit: o.ytdCredit, offset: page.offset, limit: page.limit,
    });
    // The balance column becomes the amount used so far, on the item's own side (negative: more came back than was used).
    const sign = useSign(item.kind);
    const used = rows.map((r) => {
      const signed = (r.side === 'CREDIT' ? -1 : 1) * Number(r.balanceCents) * sign;
      return { ...r, balanceCents: String(signed) };
    });
    return { budgetId: item.id, code: item.code, name: item.name, kind: item.kind, budget: String(budget), total, rows: used };
  });
}
