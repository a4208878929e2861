/**
 * Demo cashier settings (decision 028): banks of the firm, a cash account and two bank accounts of
 * the main ledger set, and income / outcome kinds, linked to subjects of the current year through
 * the same service rules as the forms. Each link takes the first enabled last-level subject at or
 * below the code (1001 and 1002 are leaves in the demo chart; 5602 may have children).
 */
import { and, asc, eq, like } from 'drizzle-orm';
import type { Db } from './client';
import { currencies, subjects } from './schema';
import { createBank, createBankAccount, createCashierKind } from '../features/cashier-settings/service';
import { createSummary } from '../features/summary/service';

async function leafAt(t: Db, accountYearId: number, code: string): Promise<number> {
  const [s] = await t.select({ id: subjects.id }).from(subjects)
    .where(and(eq(subjects.accountYearId, accountYearId), like(subjects.code, `${code}%`), eq(subjects.leaf, true), eq(subjects.disabled, false)))
    .orderBy(asc(subjects.code)).limit(1);
  if (!s) throw new Error(`demo seed: no leaf subject at ${code}`);
  return s.id;
}

export async function seedCashierSettings(t: Db, companyId: number, accountYearId: number): Promise<void> {
  const icbc = await createBank(t, companyId, { code: 'ICBC', name: '中国工商银行', disabled: false });
  const cmb = await createBank(t, companyId, { code: 'CMB', name: '招商银行', disabled: false });
  await createBank(t, companyId, { code: 'CCB', name: '中国建设银行', disabled: false });
  const [cny] = await t.select({ id: currencies.id }).from(currencies).where(and(eq(currencies.companyId, companyId), eq(currencies.code, 'CNY'))).limit(1);
  const currencyId = cny?.id ?? null;
  await createBankAccount(t, companyId, { accountYearId, code: 'C001', name: '现金', kind: 'CASH', subjectId: await leafAt(t, accountYearId, '1001'), currencyId, openedAt: '2025-01-01', disabled: false });
  await createBankAccount(t, companyId, {
    accountYearId, code: 'B001', name: '工商银行基本户', kind: 'BANK', bankId: icbc.id, accountNo: '0200001009200012345', currencyId,
    subjectId: await leafAt(t, accountYearId, '1002'), openedAt: '2025-01-01', disabled: false, remark: '基本存款账户',
  });
  await createBankAccount(t, companyId, {
    accountYearId, code: 'B002', name: '招商银行一般户', kind: 'BANK', bankId: cmb.id, accountNo: '110912345610201', currencyId,
    subjectId: await leafAt(t, accountYearId, '1002'), openedAt: '2025-03-15', disabled: false,
  });
  const income: Array<[string, string, string]> = [['I01', '律师费收入', '5001'], ['I02', '其他业务收入', '5051'], ['I03', '利息收入', '5603'], ['I04', '营业外收入', '5301']];
  for (const [code, name, subject] of income) await createCashierKind(t, companyId, 'INCOME', { accountYearId, code, name, subjectId: await leafAt(t, accountYearId, subject), disabled: false });
  const outcome: Array<[string, string, string]> = [['O01', '办公费', '5602'], ['O02', '工资发放', '2211'], ['O03', '税费缴纳', '2221'], ['O04', '银行手续费', '5603'], ['O05', '营业外支出', '5711']];
  for (const [code, name, subject] of outcome) await createCashierKind(t, companyId, 'OUTCOME', { accountYearId, code, name, subjectId: await leafAt(t, accountYearId, subject), disabled: false });
}

/** The firm's commonly used summaries (F7 in a voucher line's summary cell): the entries of a law firm's month. */
export async function seedCommonSummaries(t: Db, companyId: number): Promise<void> {
  const texts = ['提取备用金', '收到律师费', '支付办公室房租', '报销差旅费', '计提本月工资', '发放上月工资', '缴纳社会保险费', '支付银行手续费', '收到利息收入', '结转本月损益'];
  for (const [i, summary] of texts.entries()) await createSummary(t, companyId, { code: String(i + 1).padStart(2, '0'), summary });
}
