/**
 * First-run seed: the rights catalogue (refreshed every start), and once, a demo firm with a main
 * ledger set, account years 2025 and 2026, a second company, roles and four demo users.
 * Idempotent: the demo part runs only while no user exists.
 */
import { withTx } from './tx';
import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from './client';
import { companies, rights, systemConfig, users } from './schema';
import { flattenRights, RIGHTS } from '../../domain/rights';
import { createCompany } from '../features/company/service';
import { createAccount, createAccountYear } from '../features/account/service';
import { createRole } from '../features/idm/roles';
import { createUser } from '../features/idm/users';

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

const HOME = [RIGHTS.HOME, RIGHTS.DASHBOARD_MANAGE, RIGHTS.DASHBOARD_BUSINESS, RIGHTS.COMMON, RIGHTS.BUSINESS_QUERY];

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
    await createAccountYear(t, main.id, 2025);
    await createAccountYear(t, main.id, 2026);
    const branchLedger = await createAccount(t, { companyId: branch.id, name: '分所账套 Branch ledger', main: true });
    await createAccountYear(t, branchLedger.id, 2026);

    const clerkRole = await createRole(t, { companyId: firm.id, name: '记账员 Clerk', kind: 'USER' }, [...HOME, RIGHTS.VOUCHER, 201, 20101, RIGHTS.VOUCHER_EDIT, RIGHTS.BUDGET, 202]);
    const auditorRole = await createRole(t, { companyId: firm.id, name: '审核员 Auditor', kind: 'USER' }, [...HOME, RIGHTS.VOUCHER, 201, 20101, RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP, 202, 203, RIGHTS.REPORT]);
    const cashierRole = await createRole(t, { companyId: firm.id, name: '出纳 Cashier', kind: 'USER' }, [...HOME, RIGHTS.VOUCHER, 201, 20101, RIGHTS.VOUCHER_CASHIER, RIGHTS.CASHIER, RIGHTS.REIMBURSE_MANAGE, RIGHTS.REIMBURSE_EDIT]);
    await createRole(t, { companyId: firm.id, name: '系统管理员 System manager', kind: 'SYSTEM' }, [RIGHTS.SYSTEM, RIGHTS.USER_CENTER, RIGHTS.ACCOUNT_MANAGE, RIGHTS.BASIC]);

    await createUser(t, { username: 'admin', name: '系统管理员', password: 'admin123', kind: 'ADMIN', state: 'NORMAL', companyId: firm.id, companyIds: [firm.id, branch.id] });
    await createUser(t, { username: 'clerk', name: '张记账', password: 'clerk123', kind: 'OTHER', state: 'NORMAL', companyId: firm.id, companyIds: [firm.id], roleIds: [clerkRole.id] });
    await createUser(t, { username: 'auditor', name: '李审核', password: 'audit123', kind: 'OTHER', state: 'NORMAL', companyId: firm.id, companyIds: [firm.id], roleIds: [auditorRole.id] });
    await createUser(t, { username: 'cashier', name: '王出纳', password: 'cash123', kind: 'OTHER', state: 'NORMAL', companyId: firm.id, companyIds: [firm.id], roleIds: [cashierRole.id] });
    void companies;
    return true;
  });
}
