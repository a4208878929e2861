/**
 * Demo vouchers: about 175 per account year of the demo ledger set (2025 and 2026), written
 * through the voucher service so they obey every save and lifecycle rule. A law firm's daily books:
 * fees received and receivable on a case, owed by its lead client (project and customer
 * auxiliaries), receivables collected from the client billed, office
 * costs and salaries by department. Every lifecycle state appears, made by the clerk, audited and
 * bookkept by the auditor, signed by the cashier; a red reversal per year shows the relations.
 * Fees (5001) are earned by case and income budget item; per year twelve month-end allocations
 * (转, one per month) put staff and office costs on 5601 by department and expense budget item, so
 * the budget execution reports show income and costs against their budgets; the bank (1002) pays
 * each month what the payables (2211, 2241) owed at its start (付, two vouchers a month). Everything
 * follows from the loop index: the same books on every start.
 */
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { budgets, customers, departments, projectClients, projects, subjects, voucherKinds } from './schema';
import { RIGHTS } from '../../domain/rights';
import type { VoucherItemInput } from '../../contract/voucher';
import { OPENINGS } from './seed-openings';
import { createVoucher, createVouchersInBulk, type Actor, type BulkVoucher, type VoucherActionName } from '../features/voucher/service';

/**
 * The demo subjects that carry auxiliary types (spec 02 §5): receivables by customer, revenue by
 * project, admin costs by department, and 5601 (销售费用, here the practice's allocated staff and office
 * costs) by department and budget item.
 */
const AUX_SUBJECTS: Record<string, number[]> = { '1122': [3], '5001': [5, 6], '5602': [1], '5601': [1, 6] };

/**
 * The income budget leaf a fee is earned on (seed.ts BUDGETS), by the kind of its case: civil
 * litigation, one case in four a criminal defence; non-litigation work, one in six a standing
 * counsel's retainer. So the budget execution shows income against plan as well as costs.
 */
const incomeBudgetCode = (kind: string, i: number): string =>
  kind === 'LITIGATION' ? (i % 4 === 0 ? '10010102' : '10010101') : (i % 6 === 0 ? '100201' : '100102');

/**
 * The month-end allocation's lines: an expense budget leaf (seed.ts BUDGETS) and the liability it
 * is owed on (salaries and social insurance: 2211; rent and travel: 2241 other payables).
 */
const BUDGET_LINES: Array<{ code: string; summary: string; credit: '2211' | '2241' }> = [
  { code: '200101', summary: '分摊本月工资', credit: '2211' },
  { code: '200102', summary: '分摊本月社保', credit: '2211' },
  { code: '200201', summary: '分摊本月房租物业', credit: '2241' },
  { code: '20020201', summary: '境内差旅费', credit: '2241' },
  { code: '20020202', summary: '境外差旅费', credit: '2241' },
];
/** Lifecycle of each month's allocation: bookkept through September, audited in October and November, a draft in December. */
const ALLOCATION_STEPS = (month: number): Array<[VoucherActionName, Who]> =>
  month <= 9 ? [['audit', 'auditor'], ['bookkeep', 'auditor']] : month <= 11 ? [['audit', 'auditor']] : [];

/** The bank's pay day: the given day of the month, or the next weekday when it falls on a weekend ('YYYY-MM-DD'). */
export function payDay(year: number, month: number, day: number): string {
  const d = new Date(Date.UTC(year, month - 1, day));
  while (d.getUTCDay() === 0 || d.getUTCDay() === 6) d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/** Lifecycle of each month's payments from the bank: signed by the cashier and bookkept through September, audited and signed in October and November, a draft in December. */
const PAYMENT_STEPS = (month: number): Array<[VoucherActionName, Who]> =>
  month <= 9 ? [['audit', 'auditor'], ['cashier', 'cashier'], ['bookkeep', 'auditor']] : month <= 11 ? [['audit', 'auditor'], ['cashier', 'cashier']] : [];

/** The actions that bring a fresh draft to each demo state, by whom. */
type Who = 'auditor' | 'cashier' | 'admin';
const PATHS: Array<Array<[VoucherActionName, Who]>> = [
  [],
  [],
  [['cashier', 'cashier']],
  [['audit', 'auditor']],
  [['audit', 'auditor'], ['cashier', 'cashier']],
  [['auditError', 'auditor']],
  [['audit', 'auditor'], ['bookkeep', 'auditor']],
  [['audit', 'auditor'], ['cashier', 'cashier'], ['bookkeep', 'auditor']],
  [['cashier', 'cashier'], ['auditError', 'auditor']],
  [['invalid', 'admin']],
];

export interface DemoVoucherUsers { admin: number; clerk: number; auditor: number; cashier: number }

export async function seedVouchers(db: Db, companyId: number, accountId: number, years: Array<{ id: number; year: number }>, users: DemoVoucherUsers): Promise<number> {
  const actors: Record<Who | 'clerk', Actor> = {
    admin: { id: users.admin, kind: 'ADMIN', rightIds: [] },
    clerk: { id: users.clerk, kind: 'OTHER', rightIds: [RIGHTS.VOUCHER_EDIT] },
    auditor: { id: users.auditor, kind: 'OTHER', rightIds: [RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP] },
    cashier: { id: users.cashier, kind: 'OTHER', rightIds: [RIGHTS.VOUCHER_CASHIER] },
  };
  const kinds = await db.select({ id: voucherKinds.id, name: voucherKinds.name }).from(voucherKinds).where(eq(voucherKinds.accountId, accountId)).orderBy(asc(voucherKinds.sort), asc(voucherKinds.id));
  const kind = (name: string) => kinds.find((k) => k.name === name)?.id ?? kinds[0].id;
  // The cases fees are billed on, each with its lead client (the first in the case's order), who
  // owes the fee: every case whose lead client is an enabled customer.
  const cases = (await db.select({ id: projects.id, client: customers.id, kind: projects.kind }).from(projects)
    .innerJoin(projectClients, and(eq(projectClients.companyId, projects.companyId), eq(projectClients.projectId, projects.id)))
    .innerJoin(customers, and(eq(customers.companyId, projectClients.companyId), eq(customers.id, projectClients.customerId)))
    .where(and(eq(projects.companyId, companyId), eq(customers.disabled, false),
      sql`${projectClients.position} = (select min(pc.position) from project_clients pc where pc.company_id = ${projects.companyId} and pc.project_id = ${projects.id})`))
    .orderBy(asc(projects.id)));
  const caseOf = (i: number) => cases[(((i * 11) % cases.length) + cases.length) % cases.length];
  const deptIds = (await db.select({ id: departments.id }).from(departments)
    .where(and(eq(departments.companyId, companyId), sql`not exists (select 1 from departments c where c.parent_id = ${departments.id})`)).orderBy(asc(departments.id))).map((r) => r.id);
  let made = 0;
  // What the payables owe at the start of each year: the first year's opening (seed-openings.ts),
  // then the last month's accruals of the year before (its earlier months are paid within it).
  let carried = { '2211': OPENINGS['2211'] ?? 0, '2241': OPENINGS['2241'] ?? 0 };
  for (const y of years) {
    /** Per month, what the valid vouchers credit to the payables (paid from the bank the month after). */
    const accrued = Array.from({ length: 13 }, () => ({ '2211': 0, '2241': 0 }));
    const codes = ['1001', '1002', '1122', '2211', '2241', '5001', '5601', '5602'];
    for (const [code, aux] of Object.entries(AUX_SUBJECTS)) await db.update(subjects).set({ auxTypeIds: aux }).where(and(eq(subjects.accountYearId, y.id), eq(subjects.code, code)));
    const subs = await db.select({ id: subjects.id, code: subjects.code }).from(subjects).where(and(eq(subjects.accountYearId, y.id), inArray(subjects.code, codes)));
    const s = (code: string) => subs.find((r) => r.code === code)!.id;
    const yearBudgets = await db.select({ id: budgets.id, code: budgets.code, amount: budgets.amount }).from(budgets)
      .where(and(eq(budgets.companyId, companyId), eq(budgets.accountYearId, y.id)));
    const budgetId = (code: string) => yearBudgets.find((b) => b.code === code)!.id;
    const list: BulkVoucher[] = [];
    for (let i = 0; i < 150; i++) {
      const month = Math.floor(i / 12.5) + 1;
      const markTime = `${y.year}-${String(month).padStart(2, '0')}-${String((i % 25) + 2).padStart(2, '0')}`;
      const proj = caseOf(i).id;
      const earnedOn = [{ auxTypeId: 5, auxId: proj }, { auxTypeId: 6, auxId: budgetId(incomeBudgetCode(caseOf(i).kind, i)) }];
      const cust = caseOf(i).client;
      const dept = deptIds[i % deptIds.length];
      const cents = ((i * 7919) % 4_900 + 100) * 100 + (i % 3) * 50;
      // Fees are billed and collected by the case (≈ 5,000–250,000 a voucher), so the firm earns what
      // its budget plans (≈ 7.6 million a year against ≈ 5.8 million of costs); a collection brings
      // 3,000.00 of it in cash, which keeps the petty cash above zero as reimbursements draw on it.
      const fee = cents * 50;
      const pettyCash = 300_000;
      // A collection (every fifth voucher from the third) settles 80 % of the fee billed to the
      // customer just before it (the voucher before is that bill), so no customer pays more than owed.
      const billedBefore = (((i - 1) * 7919) % 4_900 + 100) * 100 + ((i - 1) % 3) * 50;
      const collected = Math.round((billedBefore * 50 * 0.8) / 100) * 100;
      const billedCustomer = caseOf(i - 1).client;
      const line = (summary: string, subjectId: number, direction: boolean, amount: number, auxes: VoucherItemInput['auxes'] = []): VoucherItemInput => ({ summary, subjectId, direction, amount, auxes });
      let items: VoucherItemInput[];
      let kindName = '记';
      switch (i % 5) {
        case 0:
          kindName = '收';
          items = [line('收到律师费', s('1002'), true, fee), line('收到律师费', s('5001'), false, fee, earnedOn)];
          break;
        case 1:
          items = [line('确认应收律师费', s('1122'), true, fee, [{ auxTypeId: 3, auxId: cust }]), line('确认应收律师费', s('5001'), false, fee, earnedOn)];
          break;
        case 2:
          kindName = '收';
          items = [
            line('收回客户欠款', s('1002'), true, collected - pettyCash),
            line('收回客户欠款（现金）', s('1001'), true, pettyCash),
            line('收回客户欠款', s('1122'), false, collected, [{ auxTypeId: 3, auxId: billedCustomer }]),
          ];
          break;
        case 3: {
          kindName = '付';
          const half = Math.round(cents / 200) * 100;
          items = [
            line('报销办公用品', s('5602'), true, half, [{ auxTypeId: 1, auxId: dept }]),
            line('报销差旅费', s('5602'), true, cents - half, [{ auxTypeId: 1, auxId: deptIds[(i + 1) % deptIds.length] }]),
            line('现金支付报销款', s('1001'), false, cents),
          ];
          break;
        }
        default:
          kindName = '转';
          items = [line('计提本月工资', s('5602'), true, cents * 3, [{ auxTypeId: 1, auxId: dept }]), line('计提本月工资', s('2211'), false, cents * 3)];
      }
      const path = PATHS[i % PATHS.length];
      if (!path.some(([action]) => action === 'invalid')) for (const it of items) if (it.subjectId === s('2211') && !it.direction) accrued[month]['2211'] += Number(it.amount);
      const steps = path.map(([action, who]) => ({ action, actor: actors[who], ...(action === 'auditError' ? { reason: '摘要与附件不符，请核对' } : {}) }));
      list.push({ kindId: kind(kindName), markTime, billCount: i % 4, items, steps });
    }
    const ids = await createVouchersInBulk(db, actors.clerk, companyId, accountId, list);
    made += ids.length;
    // A red reversal of a bookkept voucher, so relations show in the editor: a collection the bank
    // returned (its customer owes the bill again; reversing the bill instead would leave the
    // customer in credit for what it paid on it).
    const bookkept = ids[7];
    await createVoucher(db, actors.clerk, companyId, { accountId, kindId: kind('记'), markTime: `${y.year}-12-20`, billCount: 0, items: [], originId: bookkept, originKind: 'REVERSAL' });
    made++;

    // Month-end allocations by department and budget item: each expense budget leaf gets about a
    // twelfth of its year's budget (70–110 %, odd cents), on a leaf department in turn.
    const items = yearBudgets.filter((b) => BUDGET_LINES.some((l) => l.code === b.code));
    const allocations: BulkVoucher[] = [];
    for (let month = 1; month <= 12; month++) {
      const lines: VoucherItemInput[] = [];
      const owed = new Map<string, number>();
      for (const [k, b] of BUDGET_LINES.entries()) {
        const item = items.find((x) => x.code === b.code)!;
        const cents = Math.round((item.amount / 12) * (70 + ((month * 7 + k * 13) % 41)) / 100) + ((month + k) % 7);
        lines.push({ summary: b.summary, subjectId: s('5601'), direction: true, amount: cents, auxes: [{ auxTypeId: 1, auxId: deptIds[(month + k) % deptIds.length] }, { auxTypeId: 6, auxId: item.id }] });
        owed.set(b.credit, (owed.get(b.credit) ?? 0) + cents);
      }
      for (const [code, cents] of owed) {
        lines.push({ summary: code === '2211' ? '应付职工薪酬' : '应付房租及差旅费', subjectId: s(code), direction: false, amount: cents, auxes: [] });
        accrued[month][code as '2211' | '2241'] += cents;
      }
      const steps = ALLOCATION_STEPS(month).map(([action, who]) => ({ action, actor: actors[who] }));
      allocations.push({ kindId: kind('转'), markTime: `${y.year}-${String(month).padStart(2, '0')}-28`, billCount: 1, items: lines, steps });
    }
    made += (await createVouchersInBulk(db, actors.clerk, companyId, accountId, allocations)).length;

    // The bank pays what the payables owed at the month's start: last month's salaries and social
    // insurance on the 10th, its rent and travel on the 12th (or the next weekday) (付, signed by the cashier), so 1002 has
    // payments beside its receipts and 2211 / 2241 owe about a month, as a firm's books do.
    const payments: BulkVoucher[] = [];
    for (let month = 1; month <= 12; month++) {
      const due = month === 1 ? carried : accrued[month - 1];
      for (const [code, day, summary] of [['2211', 10, '发放上月工资及社保'], ['2241', 12, '支付上月房租及差旅费']] as const) {
        const cents = due[code];
        if (cents <= 0) continue;
        const steps = PAYMENT_STEPS(month).map(([action, who]) => ({ action, actor: actors[who] }));
        payments.push({ kindId: kind('付'), markTime: payDay(y.year, month, day), billCount: 1, steps, items: [
          { summary, subjectId: s(code), direction: true, amount: cents, auxes: [] },
          { summary, subjectId: s('1002'), direction: false, amount: cents, auxes: [] },
        ] });
      }
    }
    made += (await createVouchersInBulk(db, actors.clerk, companyId, accountId, payments)).length;
    carried = accrued[12];
  }
  return made;
}
