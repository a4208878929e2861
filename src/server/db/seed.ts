/**
 * First-run seed: the rights catalogue (refreshed every start), and once, a demo firm with a main
 * ledger set, account years 2025 and 2026, a second (management) ledger set, a second company, roles,
 * four demo users and ~320 vouchers (decision 031: with month-end allocations by budget item).
 * Idempotent: the demo part runs only while no user exists.
 */
import { seedCashierSettings, seedCommonSummaries } from './seed-cashier';
import { seedExpenses } from './seed-expenses';
import { seedCashJournal } from './seed-journal';
import { withTx } from './tx';
import { randomBytes } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from './client';
import { companies, customers, rights, subjects, systemConfig, users } from './schema';
import { flattenRights, RIGHTS } from '../../domain/rights';
import { createCompany } from '../features/company/service';
import { createAccount, createAccountYear } from '../features/account/service';
import { createRole } from '../features/idm/roles';
import { createUser } from '../features/idm/users';
import { bindUser, createDepartment, createEmployee, updateDepartment } from '../features/staff/service';
import { createCustomer, createProject } from '../features/clients/service';
import { createBudget, createVendor } from '../features/budget/service';
import { createInvoice } from '../features/invoice/service';
import { insertAttachment } from '../features/invoice/queries';
import { companyScope } from './tx';
import { INVOICE_KINDS } from '../../domain/invoice';
import { minimalPdf } from '../../domain/pdf';
import { formatCents } from '../../domain/money';
import { seedVouchers } from './seed-vouchers';
import { seedOpenings } from './seed-openings';
import { seedPeriodEnds } from './seed-period-end';
import { DEMO_DOWNLOAD_BASE } from './demo-settings';

export const DEMO_LOGINS = [
  { username: 'admin', password: 'admin123', note: 'administrator (ADMIN): everything' },
  { username: 'clerk', password: 'clerk123', note: 'clerk: edit vouchers' },
  { username: 'auditor', password: 'audit123', note: 'auditor: audit and bookkeep' },
  { username: 'cashier', password: 'cash123', note: 'cashier: cashier sign, reimbursements' },
] as const;

export const DEMO_COMPANY_NAME = 'Demo Law Firm / 示例律师事务所';
export const SECOND_COMPANY_NAME = 'Second Branch / 第二分所';

/** Upserts the rights catalogue so new rights appear after an upgrade. */
export async function seedRights(db: Db): Promise<void> {
  const rows = flattenRights();
  for (const r of rows) {
    await db
      .insert(rights)
      .values({ id: r.id, parentId: r.parentId, nameZh: r.zh, nameEn: r.en, sort: r.sort })
      .onConflictDoUpdate({ target: rights.id, set: { parentId: r.parentId, nameZh: r.zh, nameEn: r.en, sort: r.sort } });
  }
}

/** The server's secret for signed file URLs, kept in the database so every instance agrees. */
export async function ensureFileSecret(db: Db): Promise<string> {
  const [row] = await db.select().from(systemConfig).where(eq(systemConfig.key, 'fileSecret')).limit(1);
  if (row) return row.value as string;
  const secret = randomBytes(32).toString('hex');
  await db.insert(systemConfig).values({ key: 'fileSecret', value: secret }).onConflictDoNothing();
  const [again] = await db.select().from(systemConfig).where(eq(systemConfig.key, 'fileSecret')).limit(1);
  return again.value as string;
}

const DEPARTMENTS: Array<{ code: string; name: string; children: Array<{ code: string; name: string }> }> = [
  { code: '01', name: '业务部 Practice', children: [{ code: '0101', name: '诉讼组 Litigation' }, { code: '0102', name: '非诉组 Corporate' }, { code: '0103', name: '知识产权组 IP' }] },
  { code: '02', name: '管理部 Administration', children: [{ code: '0201', name: '财务组 Finance' }, { code: '0202', name: '行政组 Office' }, { code: '0203', name: '人事组 HR' }] },
];
const SURNAMES = ['王', '李', '张', '刘', '陈', '杨', '赵', '黄'];
const GIVEN = ['伟', '芳', '娜', '敏', '静'];
const POSITIONS = ['律师 Lawyer', '助理 Assistant', '合伙人 Partner', '会计 Accountant', '行政 Clerk'];

/**
 * Demo staff: 8 departments in a 2-level tree, 40 employees (deterministic names) in the 6 leaf
 * departments; the demo users are bound to the first employees (null: none, as for the administrator,
 * who is never bound: spec 02 §3); the clerk's employee is principal of
 * the finance group, so principal departments show in the session.
 */
async function seedStaff(t: Db, companyId: number, userIds: Array<number | null>): Promise<number[]> {
  const leaves: number[] = [];
  for (const root of DEPARTMENTS) {
    const r = await createDepartment(t, { companyId, code: root.code, name: root.name, disabled: false });
    for (const c of root.children) leaves.push((await createDepartment(t, { companyId, code: c.code, name: c.name, parentId: r.id, disabled: false })).id);
  }
  const employeeIds: number[] = [];
  for (let i = 0; i < 40; i++) {
    const e = await createEmployee(t, {
      companyId, code: `E${String(i + 1).padStart(3, '0')}`, name: `${SURNAMES[i % 8]}${GIVEN[Math.floor(i / 8) % 5]}${i >= 8 ? GIVEN[i % 5] : ''}`,
      sex: i % 2 === 0 ? 1 : 0, departmentId: leaves[i % leaves.length], phone: `1380000${String(i + 1).padStart(4, '0')}`, position: POSITIONS[i % 5],
      salesman: i % 3 === 0, birthday: `19${80 + (i % 20)}-0${(i % 9) + 1}-1${i % 10}`, entryDate: `20${10 + (i % 15)}-0${(i % 9) + 1}-01`, leaveDate: null, remark: null, disabled: i === 39,
    });
    employeeIds.push(e.id);
  }
  for (const [i, userId] of userIds.entries()) if (userId !== null) await bindUser(t, companyId, employeeIds[i], userId);
  const finance = leaves[3];
  await updateDepartment(t, companyId, finance, { principalId: employeeIds[1] });
  return employeeIds;
}

const FIRM_WORDS = ['华夏', '东方', '长城', '京华', '海川', '明德', '瑞丰', '鼎新', '恒信', '博远'];
const FIRM_KINDS = ['科技有限公司', '贸易有限公司', '实业集团', '投资有限公司', '建设工程有限公司'];
const EN_WORDS = ['Apex', 'Blue River', 'Cedar', 'Delta', 'Evergreen', 'Falcon', 'Granite', 'Harbor', 'Ivy', 'Juniper'];
const EN_KINDS = ['Trading Ltd.', 'Holdings Inc.', 'Logistics Co.', 'Software LLC', 'Partners LP'];
const MATTERS = ['合同纠纷', '股权转让', '劳动争议', '知识产权', '并购尽调', '常年法律顾问', '债务重组', '行政复议'];
const EN_MATTERS = ['Contract dispute', 'Share transfer', 'Labour dispute', 'IP licensing', 'M&A due diligence', 'General counsel', 'Debt restructuring', 'Administrative review'];

/**
 * Demo clients and projects: 200 clients (alternating Chinese and English names; kinds mostly NORMAL,
 * every seventh VIP, every eleventh OTHER; owners cycling through the first 20 employees, so the
 * clerk's employee leads some) and 120 projects, each with one to three clients and one or two
 * principals. Everything is derived from the loop index: the same data on every start.
 */
/** The demo project's contract amount in cents (1,000.00 to 500,000.00). */
const projectAmount = (i: number) => ((i * 37) % 500 + 1) * 100_000;

async function seedClients(t: Db, companyId: number, employeeIds: number[]): Promise<number[]> {
  const projectIds: number[] = [];
  const clientIds: number[] = [];
  for (let i = 0; i < 200; i++) {
    const zh = i % 2 === 0;
    const name = zh ? `${FIRM_WORDS[i % 10]}${FIRM_WORDS[Math.floor(i / 10) % 10]}${FIRM_KINDS[i % 5]}` : `${EN_WORDS[i % 10]} ${EN_WORDS[Math.floor(i / 10) % 10]} ${EN_KINDS[i % 5]}`;
    const c = await createCustomer(t, {
      companyId, code: `C${String(i + 1).padStart(4, '0')}`, name: name.slice(0, 50), kind: i % 7 === 0 ? 'VIP' : i % 11 === 0 ? 'OTHER' : 'NORMAL',
      ownerId: employeeIds[i % 20], bankName: zh ? '中国工商银行北京分行' : 'Bank of China Beijing', bankAccount: `6222${String(1_000_000_000 + i * 7919).slice(0, 12)}`,
      invoiceTitle: name.slice(0, 50), taxNumber: `91110105${String(100_000_000 + i * 104_729).slice(0, 10)}`, address: zh ? `北京市朝阳区建国路 ${i + 1} 号` : `${i + 1} Jianguo Road, Beijing`,
      formerName: null, disabled: false,
    });
    clientIds.push(c.id);
  }
  for (let i = 0; i < 120; i++) {
    const zh = i % 2 === 0;
    const n = 1 + (i % 3);
    const project = await createProject(t, {
      companyId, code: `P${String(2024 + (i % 3))}${String(i + 1).padStart(3, '0')}`,
      name: zh ? `${FIRM_WORDS[i % 10]}${MATTERS[i % 8]}案` : `${EN_WORDS[i % 10]} ${EN_MATTERS[i % 8]}`,
      kind: i % 3 === 0 ? 'LITIGATION' : 'NON_LITIGATION', amount: projectAmount(i),
      clients: Array.from({ length: n }, (_, k) => clientIds[(i * 3 + k * 17) % 200]),
      principals: i % 4 === 0 ? [employeeIds[i % 20], employeeIds[(i + 7) % 20]] : [employeeIds[i % 20]],
      oppParty: i % 3 === 0 ? (zh ? `${FIRM_WORDS[(i + 3) % 10]}控股有限公司` : `${EN_WORDS[(i + 3) % 10]} Group`) : null,
      plaintiff: null, defendant: null, summary: zh ? `${MATTERS[i % 8]}相关法律服务` : `Legal services: ${EN_MATTERS[i % 8].toLowerCase()}`, remark: null, disabled: false,
    });
    projectIds.push(project.id);
  }
  // Every fiftieth client is disabled once its projects exist (a disabled client cannot be chosen anew).
  const retired = clientIds.filter((_, i) => i % 50 === 49);
  if (retired.length) await t.update(customers).set({ disabled: true }).where(inArray(customers.id, retired));
  return projectIds;
}

const TAX_OFFICES = ['北京市朝阳区税务局', '北京市海淀区税务局', 'Shanghai Pudong tax bureau', '深圳市南山区税务局'];

/**
 * Invoices of the demo projects: 1–3 for most projects (every seventh has none yet), seven for the
 * first one (its project view shows 5 rows and "more"), instalments of the contract amount (the
 * business query shows what is unbilled and outstanding); each carries a small valid PDF.
 */
async function seedInvoices(t: Db, companyId: number, adminUserId: number, projectIds: number[], contracts: number[]): Promise<void> {
  const scope = companyScope(t, companyId);
  const admin = { userId: adminUserId, isAdmin: true, viewAll: true };
  let n = 0;
  for (const [i, projectId] of projectIds.entries()) {
    const count = i === 0 ? 7 : i % 7 === 6 ? 0 : 1 + (i % 3);
    for (let k = 0; k < count; k++) {
      n++;
      const no = `0${String(44_000_000 + n * 37).padStart(8, '0')}`;
      // Instalments of the contract: one of 50 %; two of 40 % and 30 %; three of 30 %, 30 % and 20 %; the first project's seven of 10 % each.
      const share = count === 7 ? 10 : [[50], [40, 30], [30, 30, 20]][count - 1][k];
      const amount = Math.floor((contracts[i] * share) / 100) + ((i * 13 + k) % 100);
      const red = (i + k) % 11 === 0 ? Math.floor(amount / 10) : 0;
      const month = ((i + k * 4) % 10) + 1; // up to October: no invoice dated after the demo day
      const inv = await createInvoice(t, '', companyId, admin, {
        projectId, no, kind: INVOICE_KINDS[(i + k) % 4], issueOffice: TAX_OFFICES[(i + k) % 4],
        date: `${2025 + ((i + k) % 2)}-${String(month).padStart(2, '0')}-${String(((i * 7 + k) % 27) + 1).padStart(2, '0')}`,
        // Red-letter 10 % on every eleventh; the rest received in full, or half of it on every other invoice.
        amount, redAmount: red, receivedAmount: k % 2 === 0 ? amount - red : Math.floor((amount - red) / 2),
        remark: null,
      });
      const pdf = minimalPdf([`Invoice No. ${no}`, `Date ${inv.date}`, `Amount CNY ${formatCents(amount)}`, 'Ledgerdesk demo document']);
      await insertAttachment(scope, { invoiceId: inv.id, ownerId: adminUserId, name: `${no}.pdf`, content: Buffer.from(pdf) });
    }
  }
}

const HOME = [RIGHTS.HOME, RIGHTS.COMMON, RIGHTS.BUSINESS_QUERY];
/** The dashboards show the firm's books and its profit: for the finance supervisor (the auditor), not every clerk. */
const DASHBOARDS = [RIGHTS.DASHBOARD_MANAGE, RIGHTS.DASHBOARD_BUSINESS];

/** Demo budget tree (income and outcome, 2–3 levels; amounts in cents on the leaves). */
const BUDGETS: Array<{ code: string; name: string; kind?: 'INCOME' | 'OUTCOME'; amount?: number }> = [
  { code: '1001', name: '律师费收入 Legal fees', kind: 'INCOME' },
  { code: '100101', name: '诉讼业务 Litigation' },
  { code: '10010101', name: '民商事诉讼 Civil litigation', amount: 2_600_000_00 },
  { code: '10010102', name: '刑事辩护 Criminal defence', amount: 800_000_00 },
  { code: '100102', name: '非诉业务 Non-litigation', amount: 3_800_000_00 },
  { code: '1002', name: '顾问费收入 Retainers', kind: 'INCOME' },
  { code: '100201', name: '常年法律顾问 Standing counsel', amount: 900_000_00 },
  { code: '2001', name: '人员成本 Staff costs', kind: 'OUTCOME' },
  { code: '200101', name: '工资薪金 Salaries', amount: 4_200_000_00 },
  { code: '200102', name: '社会保险 Social insurance', amount: 800_000_00 },
  { code: '2002', name: '办公费用 Office costs', kind: 'OUTCOME' },
  { code: '200201', name: '房租物业 Rent', amount: 960_000_00 },
  { code: '200202', name: '差旅费 Travel' },
  { code: '20020201', name: '境内差旅 Domestic travel', amount: 240_000_00 },
  { code: '20020202', name: '境外差旅 Foreign travel', amount: 60_000_00 },
];

const VENDOR_WORDS = ['文具', '印刷', '快递', '软件', '物业', '保洁', '餐饮', '差旅', '会务', '翻译'];
const VENDOR_SUFFIX = ['有限公司', '服务社', '科技公司'];

async function seedBudgetsAndVendors(t: Db, companyId: number, accountId: number, accountYearIds: number[], employeeIds: number[]): Promise<void> {
  for (const accountYearId of accountYearIds) for (const [i, b] of BUDGETS.entries()) {
    await createBudget(t, companyId, { accountYearId, code: b.code, name: b.name, kind: b.kind, amount: b.amount, disabled: false, principalId: i % 4 === 0 ? employeeIds[i % employeeIds.length] : null });
  }
  for (let i = 0; i < 30; i++) {
    await createVendor(t, companyId, {
      accountId, code: `V${String(i + 1).padStart(3, '0')}`, name: `北京${VENDOR_WORDS[i % 10]}${VENDOR_SUFFIX[Math.floor(i / 10)]}`,
      kind: i % 7 === 0 ? 'VIP' : 'NORMAL', ownerId: employeeIds[(i * 3) % 38], disabled: i === 29,
    });
  }
}

/** Returns true when the demo data was written by this call. */
export async function seedDemo(db: Db): Promise<boolean> {
  await seedRights(db);
  await ensureFileSecret(db);
  const [{ n }] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(users);
  if (n > 0) return false;
  // A concurrent first start of a second instance must not seed twice: take an advisory lock.
  return withTx(db, async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(4242)`);
    const [{ m }] = await tx.select({ m: sql<number>`cast(count(*) as integer)` }).from(users);
    if (m > 0) return false;
    const t = tx;
    const firm = await createCompany(t, { name: DEMO_COMPANY_NAME, shortCut: 'DEMO', address: '北京市朝阳区示例路 1 号', phone: '010-12345678' });
    const branch = await createCompany(t, { name: SECOND_COMPANY_NAME, shortCut: 'BR2' });
    const main = await createAccount(t, { companyId: firm.id, name: '主账套 Main ledger', main: true });
    const year2025 = await createAccountYear(t, main.id, 2025);
    const year2026 = await createAccountYear(t, main.id, 2026);
    // The firm's second set of books (management accounts): vouchers of the main ledger can be
    // synchronised to it once its subjects are mapped (decision 024). Standard chart, 2025 and 2026;
    // receivables by customer and revenue by project as in the main ledger, costs without departments.
    const management = await createAccount(t, { companyId: firm.id, name: '管理账套 Management ledger', main: false });
    for (const y of [await createAccountYear(t, management.id, 2025, undefined, 'STANDARD'), await createAccountYear(t, management.id, 2026)]) {
      await t.update(subjects).set({ auxTypeIds: [3] }).where(and(eq(subjects.accountYearId, y.id), eq(subjects.code, '1122')));
      await t.update(subjects).set({ auxTypeIds: [5] }).where(and(eq(subjects.accountYearId, y.id), eq(subjects.code, '5001')));
    }
    const branchLedger = await createAccount(t, { companyId: branch.id, name: '分所账套 Branch ledger', main: true });
    await createAccountYear(t, branchLedger.id, 2026);

    const clerkRole = await createRole(t, { companyId: firm.id, name: '记账员 Clerk', kind: 'USER' }, [...HOME, RIGHTS.VOUCHER, 201, 20101, RIGHTS.VOUCHER_EDIT, RIGHTS.BUDGET, 202]);
    const auditorRole = await createRole(t, { companyId: firm.id, name: '审核员 Auditor', kind: 'USER' }, [...HOME, ...DASHBOARDS, RIGHTS.VOUCHER, 201, 20101, RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP, 202, 203, RIGHTS.REPORT]);
    const cashierRole = await createRole(t, { companyId: firm.id, name: '出纳 Cashier', kind: 'USER' }, [...HOME, RIGHTS.VOUCHER, 201, 20101, RIGHTS.VOUCHER_CASHIER, RIGHTS.CASHIER, RIGHTS.REIMBURSE_MANAGE, RIGHTS.REIMBURSE_EDIT]);
    await createRole(t, { companyId: firm.id, name: '系统管理员 System manager', kind: 'SYSTEM' }, [RIGHTS.SYSTEM, RIGHTS.USER_CENTER, RIGHTS.ACCOUNT_MANAGE, RIGHTS.BASIC]);

    const adminUser = await createUser(t, { username: 'admin', name: '系统管理员', password: 'admin123', kind: 'ADMIN', state: 'NORMAL', companyId: firm.id, companyIds: [firm.id, branch.id] });
    const clerkUser = await createUser(t, { username: 'clerk', name: '张记账', password: 'clerk123', kind: 'OTHER', state: 'NORMAL', companyId: firm.id, companyIds: [firm.id], roleIds: [clerkRole.id] });
    const auditorUser = await createUser(t, { username: 'auditor', name: '李审核', password: 'audit123', kind: 'OTHER', state: 'NORMAL', companyId: firm.id, companyIds: [firm.id], roleIds: [auditorRole.id] });
    const cashierUser = await createUser(t, { username: 'cashier', name: '王出纳', password: 'cash123', kind: 'OTHER', state: 'NORMAL', companyId: firm.id, companyIds: [firm.id], roleIds: [cashierRole.id] });
    const employeeIds = await seedStaff(t, firm.id, [null, clerkUser.id, auditorUser.id, cashierUser.id]);
    const projectIds = await seedClients(t, firm.id, employeeIds);
    await seedInvoices(t, firm.id, adminUser.id, projectIds, projectIds.map((_, i) => projectAmount(i)));
    await seedBudgetsAndVendors(t, firm.id, main.id, [year2025.id, year2026.id], employeeIds);
    await seedVouchers(t, firm.id, main.id, [{ id: year2025.id, year: 2025 }, { id: year2026.id, year: 2026 }], { admin: adminUser.id, clerk: clerkUser.id, auditor: auditorUser.id, cashier: cashierUser.id });
    await seedCashierSettings(t, firm.id, year2026.id);
    await seedCommonSummaries(t, firm.id);
    await seedOpenings(t, firm.id, year2025.id);
    await seedPeriodEnds(t, firm.id, year2025.id, year2026.id, adminUser.id);
    await t.insert(systemConfig).values({ key: 'downloadBase', value: DEMO_DOWNLOAD_BASE }).onConflictDoNothing();
    await seedExpenses(t, firm.id, employeeIds, { admin: adminUser.id, cashier: cashierUser.id });
    await seedCashJournal(t, firm.id, main.id, cashierUser.id);
    void companies;
    return true;
  });
}
