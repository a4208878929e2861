/**
 * A ledger set for voucher tests: year 2026, users by role (two clerks, an auditor who also
 * bookkeeps, a cashier, a boss holding every voucher right, a viewer with the menu only), subjects
 * with auxiliary types (1122 customer, 5602 department, 5001 project) and their values.
 */
import { sql } from 'drizzle-orm';
import { RIGHTS } from '../../src/domain/rights';
import type { TestApp } from './harness';
import { data, makeUser, makeWorld, type MadeUser, type World } from './factories';

const MENU = [RIGHTS.VOUCHER, RIGHTS.VOUCHER_DAILY, RIGHTS.VOUCHER_OPERATE];

export interface VoucherWorld extends World {
  kindId: number;
  kindIds: number[];
  users: { clerk: MadeUser; clerk2: MadeUser; auditor: MadeUser; cashier: MadeUser; boss: MadeUser; viewer: MadeUser };
  subject: Record<'cash' | 'bank' | 'receivable' | 'revenue' | 'admin' | 'parent' | 'tax', number>;
  customerId: number;
  departmentId: number;
  parentDepartmentId: number;
  projectId: number;
}

export async function makeVoucherWorld(t: TestApp, admin: string): Promise<VoucherWorld> {
  const w = await makeWorld(t, admin);
  const post = (url: string, body: unknown) => data(t.call('POST', url, { token: admin, body }), url);
  const users = {
    clerk: await makeUser(t, admin, w.companyId, { rightIds: [...MENU, RIGHTS.VOUCHER_EDIT], name: '张记账' }),
    clerk2: await makeUser(t, admin, w.companyId, { rightIds: [...MENU, RIGHTS.VOUCHER_EDIT], name: '赵制单' }),
    auditor: await makeUser(t, admin, w.companyId, { rightIds: [...MENU, RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP], name: '李审核' }),
    cashier: await makeUser(t, admin, w.companyId, { rightIds: [...MENU, RIGHTS.VOUCHER_CASHIER], name: '王出纳' }),
    boss: await makeUser(t, admin, w.companyId, { rightIds: [...MENU, RIGHTS.VOUCHER_EDIT, RIGHTS.VOUCHER_AUDIT, RIGHTS.VOUCHER_BOOKKEEP, RIGHTS.VOUCHER_CASHIER, RIGHTS.VOUCHER_INVALIDATE], name: '钱主管' }),
    viewer: await makeUser(t, admin, w.companyId, { rightIds: MENU, name: '孙查看' }),
  };
  const kinds = (await data(t.call('GET', '/api/voucher/kind', { token: admin, query: { accountId: w.accountId } }), 'kinds')).content as Array<{ id: number }>;
  const parentDept = await post('/api/aux/department', { companyId: w.companyId, code: 'VW', name: '业务中心' });
  const dept = await post('/api/aux/department', { companyId: w.companyId, code: 'VW01', name: '诉讼部', parentId: parentDept.id });
  const emp = await post('/api/aux/employee', { companyId: w.companyId, code: 'VW1', name: '周律师', departmentId: dept.id });
  const cust = await post('/api/aux/customer', { companyId: w.companyId, code: 'VWC', name: '华夏科技有限公司' });
  const proj = await post('/api/aux/project', { companyId: w.companyId, code: 'VWP', name: '华夏合同纠纷案', clients: [cust.id], principals: [emp.id] });
  const rows = ((await t.db.db.execute(sql`select id, code from subjects where account_year_id = ${w.accountYearId} and code in ('1001','1002','1122','5001','5602','2221')`)) as unknown as { rows: Array<{ id: number; code: string }> }).rows;
  const id = (code: string) => rows.find((r) => r.code === code)!.id;
  await t.db.db.execute(sql`update subjects set aux_type_ids = '{3}' where id = ${id('1122')}`);
  await t.db.db.execute(sql`update subjects set aux_type_ids = '{1}' where id = ${id('5602')}`);
  await t.db.db.execute(sql`update subjects set aux_type_ids = '{5}' where id = ${id('5001')}`);
  const child = await post('/api/subject', { accountYearId: w.accountYearId, code: '222101', name: '应交增值税' });
  return {
    ...w, kindId: kinds[0].id, kindIds: kinds.map((k) => k.id), users,
    subject: { cash: id('1001'), bank: id('1002'), receivable: id('1122'), revenue: id('5001'), admin: id('5602'), parent: id('2221'), tax: child.id },
    customerId: cust.id, departmentId: dept.id, parentDepartmentId: parentDept.id, projectId: proj.id,
  };
}

/** A balanced two-line voucher body: cash debit, revenue (with its project) credit. */
export function simpleVoucher(w: VoucherWorld, o: { markTime?: string; cents?: number; code?: string; kindId?: number } = {}) {
  const cents = String(o.cents ?? 12_000);
  return {
    accountId: w.accountId, kindId: o.kindId ?? w.kindId, markTime: o.markTime ?? '2026-03-15', ...(o.code ? { code: o.code } : {}),
    items: [
      { summary: '收律师费', subjectId: w.subject.cash, direction: true, amount: cents },
      { summary: '收律师费', subjectId: w.subject.revenue, direction: false, amount: cents, auxes: [{ auxTypeId: 5, auxId: w.projectId }] },
    ],
  };
}
