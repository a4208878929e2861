/**
 * Demo month ends (结转损益) and the year end (decision 048): the firm's bookkeeper has closed profit
 * and loss into 本年利润 at the end of every month of 2025 and of 2026 up to October, so the demo's
 * balance sheets balance as an accountant expects, and 2025's closing balances are carried into
 * 2026's openings (with their auxiliary breakdowns) instead of 2026 opening at zero. Both run
 * through the period-end and opening services, so every rule holds; the transfers stay unaudited,
 * like the month's own vouchers. 2025's December also closes 本年利润 into 利润分配 (结转本年利润,
 * decision 064) before the carry-forward. November is the month being worked on: its balance sheet says it
 * does not balance until its transfer is made.
 */
import { asc, desc, eq } from 'drizzle-orm';
import type { Db } from './client';
import { periods } from './schema';
import { profitTransfer } from '../features/period-end/service';
import { carryForwardOpenings } from '../features/opening/service';
import { DomainError } from '../../domain/result-codes';
import type { Actor } from '../features/voucher/service';

/** The last month of the demo's 2026 closed by a transfer. */
export const DEMO_LAST_TRANSFER_2026 = '2026-10';

export async function seedPeriodEnds(t: Db, companyId: number, year2025Id: number, year2026Id: number, adminUserId: number): Promise<void> {
  const admin: Actor = { id: adminUserId, kind: 'ADMIN', rightIds: [] };
  const transfer = async (yearId: number, lastMonth: string) => {
    const list = await t.select().from(periods).where(eq(periods.accountYearId, yearId)).orderBy(asc(periods.startAt));
    for (const p of list) {
      if (p.startAt.slice(0, 7) > lastMonth) break;
      try {
        await profitTransfer(t, admin, companyId, { periodId: p.id, includeUnbooked: true, preview: false, close: 'PROFIT_LOSS' }, 'zh_CN');
      } catch (e) {
        // A month without income or expense has nothing to close.
        if (!(e instanceof DomainError && e.code === 'PROFIT_TRANSFER_NOTHING')) throw e;
      }
    }
  };
  await transfer(year2025Id, '2025-12');
  // The year-end close (结转本年利润, decision 064): December's 本年利润 goes to 利润分配—未分配利润,
  // so 2026 opens with 本年利润 at zero and the year's profit in retained profit.
  const [december] = await t.select().from(periods).where(eq(periods.accountYearId, year2025Id)).orderBy(desc(periods.startAt)).limit(1);
  await profitTransfer(t, admin, companyId, { periodId: december.id, includeUnbooked: true, preview: false, close: 'YEAR_PROFIT' }, 'zh_CN');
  await carryForwardOpenings(t, year2025Id, year2026Id);
  await transfer(year2026Id, DEMO_LAST_TRANSFER_2026);
}
