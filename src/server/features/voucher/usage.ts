/**
 * What the books use: the one place the master-data "in use" checks ask the ledger (voucher lines
 * and vouchers). A record the ledger names cannot be deleted, and a subject with lines cannot get
 * children or change its auxiliary types without the tip7 flow (spec 02 §5).
 */
import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/tx';
import { accountYears, budgets, customers, departments, employees, periods, projects, vendors, voucherItems, vouchers } from '../../db/schema';

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

/** Auxiliary type ids (1 department … 6 budget, spec 02 §3) by the line column that holds them. */
export const AUX_DIMENSION_OF_TYPE: Record<number, AuxDimension> = { 1: 'department', 2: 'employee', 3: 'customer', 4: 'vendor', 5: 'project', 6: 'budget' };

/**
 * Whether the record may stand on a line of the account year's subjects: a record of the year's
 * company, a vendor of its ledger set, a budget item of the year itself without sub-items, a department without children.
 */
export async function auxValueOfYear(tx: Tx, dimension: AuxDimension, accountYearId: number, id: number): Promise<boolean> {
  const [year] = await tx.select({ companyId: accountYears.companyId, accountId: accountYears.accountId }).from(accountYears).where(eq(accountYears.id, accountYearId));
  if (!year) return false;
  const exists = async (q: Promise<unknown[]>) => (await q).length > 0;
  switch (dimension) {
    case 'department':
      return exists(tx.select({ id: departments.id }).from(departments).where(and(eq(departments.id, id), eq(departments.companyId, year.companyId),
        sql`not exists (select 1 from departments c where c.parent_id = ${departments.id})`)));
    case 'employee':
      return exists(tx.select({ id: employees.id }).from(employees).where(and(eq(employees.id, id), eq(employees.companyId, year.companyId))));
    case 'customer':
      return exists(tx.select({ id: customers.id }).from(customers).where(and(eq(customers.id, id), eq(customers.companyId, year.companyId))));
    case 'project':
      return exists(tx.select({ id: projects.id }).from(projects).where(and(eq(projects.id, id), eq(projects.companyId, year.companyId))));
    case 'vendor':
      return exists(tx.select({ id: vendors.id }).from(vendors).where(and(eq(vendors.id, id), eq(vendors.accountId, year.accountId))));
    case 'budget':
      return exists(tx.select({ id: budgets.id }).from(budgets).where(and(eq(budgets.id, id), eq(budgets.accountYearId, accountYearId), eq(budgets.leaf, true))));
  }
}

/** Whether any line of the subject sits in a settled period. */
export async function subjectLinesInSettledPeriod(tx: Tx, subjectId: number): Promise<boolean> {
  const rows = await tx.select({ one: sql<number>`1` }).from(voucherItems)
    .innerJoin(vouchers, eq(vouchers.id, voucherItems.voucherId))
    .innerJoin(periods, eq(periods.id, vouchers.periodId))
    .where(and(eq(voucherItems.subjectId, subjectId), eq(periods.rolled, true))).limit(1);
  return rows.length > 0;
}

/**
 * Writes the value onto the subject's lines that have none for the dimension (tip7). The ledger
 * guard lets a locked voucher's line gain an auxiliary value it lacked, and nothing else.
 */
export async function fillAuxOnLines(tx: Tx, subjectId: number, dimension: AuxDimension, id: number): Promise<number> {
  const col = auxColumns[dimension];
  const rows = await tx.update(voucherItems).set({ [`${dimension}Id`]: id }).where(and(eq(voucherItems.subjectId, subjectId), isNull(col))).returning({ id: voucherItems.id });
  return rows.length;
}
