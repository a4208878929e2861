/**
 * Demo opening balances (decision 029): the law firm's books open on 1 January 2025, the first year
 * of the demo ledger set, with a balance sheet that balances: cash, bank, receivables by customer
 * (the auxiliary breakdown), office equipment less depreciation against payables, salaries due,
 * paid-in capital and retained profit. Written through the opening service, so every rule holds.
 * 2026's openings are 2025's closing balances, carried forward after 2025's month-end transfers
 * (seed-period-end.ts, decision 048).
 */
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from './client';
import { customers, subjects } from './schema';
import { saveOpeningAux, saveOpenings } from '../features/opening/service';

/** Own-side amounts in cents, by subject code (credit subjects positive on the credit side). */
export const OPENINGS: Record<string, number> = {
  '1001': 2_000_000, // 库存现金 20,000.00
  '1002': 85_000_000, // 银行存款 850,000.00
  '1601': 12_000_000, // 固定资产 120,000.00
  '1602': 3_000_000, // 累计折旧 30,000.00 (credit)
  '2202': 5_000_000, // 应付账款 50,000.00
  '2211': 4_000_000, // 应付职工薪酬 40,000.00
  '3001': 100_000_000, // 实收资本 1,000,000.00
  '3104': 5_000_000, // 利润分配 50,000.00
};
/** 应收账款 180,000.00 over the first three customers. */
const RECEIVABLES = [9_000_000, 6_000_000, 3_000_000];

export async function seedOpenings(t: Db, companyId: number, accountYearId: number): Promise<void> {
  const chart = await t.select({ id: subjects.id, code: subjects.code }).from(subjects).where(eq(subjects.accountYearId, accountYearId));
  const id = (code: string) => chart.find((s) => s.code === code)!.id;
  const custIds = (await t.select({ id: customers.id }).from(customers).where(and(eq(customers.companyId, companyId), eq(customers.disabled, false))).orderBy(asc(customers.id)).limit(RECEIVABLES.length)).map((c) => c.id);
  await saveOpeningAux(t, companyId, {
    accountYearId, subjectId: id('1122'),
    rows: custIds.map((customerId, i) => ({ customerId, amountCents: RECEIVABLES[i], ytdDebitCents: 0, ytdCreditCents: 0 })),
  }, 'zh_CN');
  await saveOpenings(t, companyId, {
    accountYearId,
    rows: Object.entries(OPENINGS).map(([code, amountCents]) => ({ subjectId: id(code), amountCents, ytdDebitCents: 0, ytdCreditCents: 0 })),
  });
}
