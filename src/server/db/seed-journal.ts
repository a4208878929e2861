/**
 * Demo cash and bank journal (decision 035): openings of the demo bank accounts at the start of 2026
 * (the books' opening balances of 1001 and 1002),
 * and a month of journal lines (January 2026) entered day by day by the cashier through the journal
 * service (the same rules as the sheet): office expenses and small receipts in cash, fees received
 * and salaries, taxes and bank charges on the bank accounts. Amounts come from a fixed-seed
 * generator, so every seeded database is the same; cash never goes below zero.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { rowsOf } from './tx';
import { payDay } from './seed-vouchers';
import { bankAccounts, cashierKinds } from './schema';
import { saveLines, saveOpenings } from '../features/cashier-journal/service';
import type { CashLineBody } from '../../contract/cashier-journal';

export const DEMO_JOURNAL_MONTH = '2026-01';

export async function seedCashJournal(t: Db, companyId: number, accountId: number, cashierUserId: number): Promise<void> {
  const accounts = await t.select().from(bankAccounts).where(and(eq(bankAccounts.accountId, accountId), inArray(bankAccounts.code, ['C001', 'B001', 'B002'])));
  const kinds = await t.select().from(cashierKinds).where(eq(cashierKinds.accountId, accountId));
  const acc = (code: string) => accounts.find((a) => a.code === code)!.id;
  const kind = (code: string) => kinds.find((k) => k.code === code)?.id ?? null;
  // The journal opens where the books do (2026's opening balances of 1001 and 1002, carried from
  // 2025): the check of the journal against the books then shows only what one has and the other
  // has not yet (the month's journal lines not made vouchers, the vouchers not in the journal).
  const booksOpening = async (code: string) => {
    const [row] = rowsOf<{ b: string }>(await t.execute(sql`select o.balance_cents::text as b from opening_balances o
      join subjects s on s.id = o.subject_id join account_years y on y.id = o.account_year_id
      where y.account_id = ${accountId} and y.year = 2026 and s.code = ${code}`));
    return Number(row?.b ?? 0);
  };
  const payables = { salaries: -(await booksOpening('2211')), rent: -(await booksOpening('2241')) };
  const savingsOpening = 35_200_000;
  const cashOpening = await booksOpening('1001');
  const basicOpening = (await booksOpening('1002')) - savingsOpening;
  if (cashOpening <= 0 || basicOpening <= 0) throw new Error(`demo seed: the books open 2026 with cash ${cashOpening}, bank ${basicOpening + savingsOpening}`);
  await saveOpenings(t, companyId, accountId, cashierUserId, [
    { bankAccountId: acc('C001'), startDate: '2026-01-01', openingCents: cashOpening },
    { bankAccountId: acc('B001'), startDate: '2026-01-01', openingCents: basicOpening },
    { bankAccountId: acc('B002'), startDate: '2026-01-01', openingCents: savingsOpening },
  ]);
  let seed = 20260101;
  const rnd = (min: number, max: number) => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return min + (seed % (max - min + 1));
  };
  const cashOut: Array<[string, string]> = [['购买办公用品', 'O01'], ['快递费', 'O01'], ['打印复印费', 'O01'], ['差旅费报销', 'O01'], ['招待茶水', 'O01']];
  const clients = ['华夏科技有限公司', '北京远航贸易有限公司', '上海恒信置业有限公司', '深圳前海资本管理有限公司', '杭州云图网络科技有限公司'];
  let cash = cashOpening;
  for (let day = 1; day <= 31; day++) {
    const date = `${DEMO_JOURNAL_MONTH}-${String(day).padStart(2, '0')}`;
    const weekday = new Date(`${date}T00:00:00Z`).getUTCDay();
    if (weekday === 0 || weekday === 6) continue;
    const cashLines: CashLineBody[] = [];
    for (let i = rnd(1, 3); i > 0; i--) {
      const [summary, k] = cashOut[rnd(0, cashOut.length - 1)];
      const cents = rnd(20, 1_500) * 100 + rnd(0, 99);
      if (cash - cents < 200_000) {
        cashLines.push({ date, summary: '提取备用金', kindId: kind('I02'), counterparty: '工商银行基本户', receiptCents: 1_000_000, paymentCents: 0 });
        cash += 1_000_000;
      }
      cashLines.push({ date, summary, kindId: kind(k), counterparty: null, receiptCents: 0, paymentCents: cents });
      cash -= cents;
    }
    await saveLines(t, acc('C001'), cashierUserId, { lines: cashLines, deleteIds: [] });
    const bankLines: CashLineBody[] = [];
    if (rnd(0, 2) > 0) {
      const client = clients[rnd(0, clients.length - 1)];
      bankLines.push({ date, summary: `收${client.slice(0, 4)}律师费`, kindId: kind('I01'), counterparty: client, receiptCents: rnd(50, 600) * 10_000, paymentCents: 0 });
    }
    // December's salaries and social insurance (what 2211 owes at the year's start) and its rent and
    // travel (2241), paid on the days the books pay them (seed-vouchers.ts).
    if (date === payDay(2026, 1, 10) && payables.salaries > 0) bankLines.push({ date, summary: '发放12月工资及社保', kindId: kind('O02'), counterparty: '全体员工', receiptCents: 0, paymentCents: payables.salaries });
    if (date === payDay(2026, 1, 12) && payables.rent > 0) bankLines.push({ date, summary: '支付12月房租及差旅费', kindId: kind('O01'), counterparty: '北京国贸物业管理有限公司', receiptCents: 0, paymentCents: payables.rent });
    if (day === 15) bankLines.push({ date, summary: '缴纳12月增值税及附加', kindId: kind('O03'), counterparty: '国家税务总局北京市税务局', receiptCents: 0, paymentCents: 6_218_455 });
    if (rnd(0, 3) === 0) bankLines.push({ date, summary: '银行手续费', kindId: kind('O04'), counterparty: '中国工商银行', receiptCents: 0, paymentCents: rnd(5, 50) * 100 });
    if (bankLines.length) await saveLines(t, acc('B001'), cashierUserId, { lines: bankLines, deleteIds: [] });
    if (day === 20) {
      await saveLines(t, acc('B002'), cashierUserId, {
        lines: [
          { date, summary: '季度存款利息', kindId: kind('I03'), counterparty: '招商银行', receiptCents: 43_718, paymentCents: 0 },
          { date, summary: '支付律师执业责任保险', kindId: kind('O01'), counterparty: '中国人民财产保险股份有限公司', receiptCents: 0, paymentCents: 1_860_000 },
        ],
        deleteIds: [],
      });
    }
  }
}
