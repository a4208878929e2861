/**
 * What the books use: the one place the master-data "in use" checks ask the ledger (voucher lines
 * and vouchers). A record the ledger names cannot be deleted, and a subject with lines cannot get
 * children or change its auxiliary types without the tip7 flow (spec 02 §5).
 */
import { eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tx';
import { voucherItems, vouchers } from '../../db/schema';

/** The given subjects that voucher lines name. */
export async function subjectsOnVouchers(tx: Tx, subjectIds: number[]): Promise<number[]> {
  if (!subjectIds.length) return [];
  const rows = await tx.selectDistinct({ id: voucherItems.subjectId }).from(voucherItems).where(inArray(voucherItems.subjectId, subjectIds));
  return rows.map((r) => r.id);
}

/** The auxiliary dimensions a voucher line can carry, by the column that holds them. */
export const auxColumns = {
  department: voucherItems.departmentId,
  employee: voucherItems.employeeId,
  customer: voucherItems.customerId,
  vendor: voucherItems.vendorId,
  project: voucherItems.projectId,
  budget: voucherItems.budgetId,
} as const;
export type AuxDimension = keyof typeof auxColumns;

/** Whether any voucher line carries the record (already checked to be the caller's company's) as its auxiliary value. */
export async function auxOnVouchers(tx: Tx, dimension: AuxDimension, id: number): Promise<boolean> {
  const rows = await tx.select({ one: sql<number>`1` }).from(voucherItems).where(eq(auxColumns[dimension], id)).limit(1);
  return rows.length > 0;
}

/** Whether any voucher uses the kind. */
export async function kindOnVouchers(tx: Tx, kindId: number): Promise<boolean> {
  const rows = await tx.select({ one: sql<number>`1` }).from(vouchers).where(eq(vouchers.kindId, kindId)).limit(1);
  return rows.length > 0;
}

/** Whether the ledger set (or one of its account years) has vouchers. */
export async function vouchersIn(tx: Tx, where: { accountId: number } | { accountYearId: number }): Promise<boolean> {
  const cond = 'accountId' in where ? eq(vouchers.accountId, where.accountId) : eq(vouchers.accountYearId, where.accountYearId);
  const rows = await tx.select({ one: sql<number>`1` }).from(vouchers).where(cond).limit(1);
  return rows.length > 0;
}
