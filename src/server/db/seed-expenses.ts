/**
 * Demo reimbursements (decision 034): the firm's expense kinds (one disabled) and 40 documents of
 * September to November 2026 with 1–4 invoice lines each, made by the cashier through the same
 * service rules as the editor; every other one audited (by the admin), so both states show.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Db } from './client';
import { employees } from './schema';
import { createExpense, createKind, lockExpenses, updateKind, type Actor } from '../features/expense/service';

const KINDS = ['差旅费', '交通费', '餐饮费', '办公用品', '通讯费', '住宿费', '招待费'];
const REMARKS = ['出差北京', '打车', '客户午餐', '打印纸', '话费', '酒店两晚', '', '地铁', '快递费', ''];

export async function seedExpenses(t: Db, companyId: number, employeeIds: number[], users: { admin: number; cashier: number }): Promise<void> {
  const kinds: number[] = [];
  for (const name of KINDS) kinds.push((await createKind(t, companyId, { name, disabled: false })).id);
  // The last kind is disabled after the documents that use it are saved: old lines keep it.
  const staff = await t.select({ id: employees.id }).from(employees)
    .where(and(eq(employees.companyId, companyId), inArray(employees.id, employeeIds), eq(employees.disabled, false))).orderBy(asc(employees.id));
  const cashier: Actor = { id: users.cashier, kind: 'ADMIN', rightIds: [] };
  const admin: Actor = { id: users.admin, kind: 'ADMIN', rightIds: [] };
  const audited: number[] = [];
  for (let i = 0; i < 40; i++) {
    const month = 9 + Math.floor(i / 14);
    const day = 1 + (i % 14) * 2;
    const markAt = `2026-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
    const lines = 1 + (i % 4);
    const invoices = Array.from({ length: lines }, (_, j) => {
      const n = i * 4 + j;
      return {
        expenseKindId: kinds[(i + j) % kinds.length],
        issueAt: `2026-${String(month).padStart(2, '0')}-${String(Math.max(1, day - 1 - j)).padStart(2, '0')}`,
        no: `0${String(44_100_000 + n * 37).padStart(8, '0')}`,
        amount: 1_000 + ((n * 7_919) % 180_000),
        remark: REMARKS[n % REMARKS.length] || null,
      };
    });
    const total = invoices.reduce((s, l) => s + l.amount, 0);
    const doc = await createExpense(t, cashier, companyId, {
      markAt, submitAt: markAt, submitterId: staff[(i * 3) % staff.length].id, payAt: i % 2 === 0 ? markAt : null, payAmount: i % 2 === 0 ? total : 0, markerId: null, invoices,
    });
    if (i % 2 === 0) audited.push(doc.id);
  }
  await lockExpenses(t, admin, companyId, true, audited, 'zh_CN');
  await updateKind(t, kinds[kinds.length - 1], { disabled: true });
}
