/**
 * What every auxiliary ledger needs first: the account year's periods and the range asked, the
 * values of an auxiliary type (code and name, checked to belong to the company and year), and the
 * voucher-line column that carries a type.
 */
import { and, asc, eq, inArray, type SQL } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { Tx } from '../../db/tx';
import { budgets, customers, departments, employees, periods, projects, vendors, voucherItems } from '../../db/schema';
import { DomainError } from '../../../domain/result-codes';
import type { TreeNode } from '../../../domain/tree-rollup';

export interface PeriodRange {
  /** Every period of the year, in order, with its name (the start month, YYYY-MM). */
  all: Array<{ id: number; name: string }>;
  /** The periods of the range, in order. */
  inRange: number[];
  /** The year's periods from the first through the end of the range. */
  throughEnd: number[];
  /** The periods before the range. */
  before: number[];
}

export async function periodRange(tx: Tx, companyId: number, accountYearId: number, startPeriodId: number, endPeriodId: number): Promise<PeriodRange> {
  const rows = await tx.select({ id: periods.id, companyId: periods.companyId, startAt: periods.startAt }).from(periods)
    .where(eq(periods.accountYearId, accountYearId)).orderBy(asc(periods.startAt), asc(periods.id));
  const start = rows.findIndex((p) => p.id === startPeriodId);
  const end = rows.findIndex((p) => p.id === endPeriodId);
  if (start < 0 || end < 0 || rows[0].companyId !== companyId) throw new DomainError('MISSING_ACCOUNT_OR_PERIOD');
  if (start > end) throw new DomainError('PERIOD_END_BEFORE_START');
  const ids = rows.map((p) => p.id);
  return {
    all: rows.map((p) => ({ id: p.id, name: p.startAt.slice(0, 7) })),
    inRange: ids.slice(start, end + 1),
    throughEnd: ids.slice(0, end + 1),
    before: ids.slice(0, start),
  };
}

/** The voucher-line column carrying each auxiliary type. */
export const auxColumns: Record<number, PgColumn> = {
  1: voucherItems.departmentId,
  2: voucherItems.employeeId,
  3: voucherItems.customerId,
  4: voucherItems.vendorId,
  5: voucherItems.projectId,
  6: voucherItems.budgetId,
};

export interface AuxValue { id: number; code: string; name: string }

/**
 * The values of a type the ledger may show: those named (each must be the company's, of the ledger
 * set for vendors and of the year for budgets, else NO_PERMISSION), or every value of the type.
 */
export async function auxValues(tx: Tx, o: { companyId: number; accountId: number; accountYearId: number; auxTypeId: number; ids?: readonly number[] }): Promise<Map<number, AuxValue>> {
  // Every one of the six tables has id, company_id, code and name: read them through one shape.
  const t = ({ 1: departments, 2: employees, 3: customers, 4: vendors, 5: projects, 6: budgets } as Record<number, unknown>)[o.auxTypeId] as typeof departments;
  const where: SQL[] = [eq(t.companyId, o.companyId)];
  if (o.auxTypeId === 4) where.push(eq(vendors.accountId, o.accountId));
  if (o.auxTypeId === 6) where.push(eq(budgets.accountYearId, o.accountYearId));
  const named = o.ids && o.ids.length > 0 ? [...new Set(o.ids)] : undefined;
  if (named) where.push(inArray(t.id, named));
  const rows = await tx.select({ id: t.id, code: t.code, name: t.name }).from(t).where(and(...where)).orderBy(asc(t.code), asc(t.id));
  if (named && rows.length !== named.length) throw new DomainError('NO_PERMISSION');
  return new Map(rows.map((r) => [r.id, r]));
}

/**
 * The tree of a tree type (departments of the company, budget items of the year: decision 031's
 * roll-up), or null for a flat type.
 */
export async function auxTree(tx: Tx, o: { companyId: number; accountYearId: number; auxTypeId: number }): Promise<TreeNode[] | null> {
  if (o.auxTypeId === 1) return tx.select({ id: departments.id, parentId: departments.parentId, code: departments.code }).from(departments).where(eq(departments.companyId, o.companyId));
  if (o.auxTypeId === 6) {
    return tx.select({ id: budgets.id, parentId: budgets.parentId, code: budgets.code }).from(budgets)
      .where(and(eq(budgets.companyId, o.companyId), eq(budgets.accountYearId, o.accountYearId)));
  }
  return null;
}

/** Debit-positive balance → side and amount. */
export { sideOf } from '../ledger/subject-balance';
