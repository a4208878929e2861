/** Database access for departments and employees: no rules here (see service.ts). */
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { CompanyScope } from '../../db/tx';
import { budgets, departments, employees, userCompanies, users, vendors } from '../../db/schema';
import { codeNameKeyword, countAll, orderBy } from '../../db/queries/list';
import { withNameInitials } from '../../db/name-initials';
import type { Paging } from '../../../contract/common';
import type { UserKind } from '../../../domain/enums';
import type { departmentFilter, employeeFilter } from '../../../contract/staff';
import type { DepartmentRow, EmployeeRow, Ref, UserRef } from './dto';
import { sameCode } from '../../db/codes';

export type DepartmentFilter = z.output<typeof departmentFilter>;
export type EmployeeFilter = z.output<typeof employeeFilter>;

const hasChild = sql<boolean>`exists (select 1 from ${departments} c where c.company_id = ${departments.companyId} and c.parent_id = ${departments.id})`;

/** Every department of the company, ordered by code (the tree is small: one firm's departments). */
export async function allDepartments(scope: CompanyScope, lock = false): Promise<DepartmentRow[]> {
  const q = scope.db.select().from(departments).where(scope.where(departments)).orderBy(departments.code, departments.id);
  return lock ? q.for('update') : q;
}

export async function selectDepartments(scope: CompanyScope, p: Paging<DepartmentFilter>): Promise<{ rows: Array<{ d: DepartmentRow; leaf: boolean }>; total: number }> {
  const f = p.filter;
  const conds: SQL[] = [];
  const kw = codeNameKeyword(f.keyword, departments);
  if (kw) conds.push(kw);
  if (f.parentId) conds.push(eq(departments.parentId, f.parentId));
  if (f.id) conds.push(inArray(departments.id, f.id));
  if (f.disabled !== undefined) conds.push(eq(departments.disabled, f.disabled));
  if (f.leaf !== undefined) conds.push(f.leaf ? sql`not ${hasChild}` : hasChild);
  const rows = await scope.db
    .select({ d: departments, leaf: sql<boolean>`not ${hasChild}`, total: countAll })
    .from(departments)
    .where(scope.where(departments, ...conds))
    .orderBy(...orderBy(p.sort, { code: departments.code, name: departments.name, id: departments.id }, [sql`${departments.code}`, sql`${departments.id}`]))
    .limit(p.limit)
    .offset(p.offset);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [r] = await scope.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(departments).where(scope.where(departments, ...conds));
    total = r.n;
  }
  return { rows: rows.map((r) => ({ d: r.d, leaf: Boolean(r.leaf) })), total: Number(total) };
}

export async function findDepartment(scope: CompanyScope, id: number, lock = false): Promise<DepartmentRow | undefined> {
  const q = scope.db.select().from(departments).where(scope.where(departments, eq(departments.id, id))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}

/** The company a department or employee belongs to (for the route's company guard); undefined when missing. */
export async function companyOfDepartment(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ c: departments.companyId }).from(departments).where(eq(departments.id, id)).limit(1);
  return row?.c;
}
export async function companyOfEmployee(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ c: employees.companyId }).from(employees).where(eq(employees.id, id)).limit(1);
  return row?.c;
}

export async function departmentCodeTaken(scope: CompanyScope, code: string, exceptId?: number): Promise<boolean> {
  const rows = await scope.db.select({ id: departments.id }).from(departments).where(scope.where(departments, sameCode(departments.code, code))).limit(2);
  return rows.some((r) => r.id !== exceptId);
}
export async function employeeCodeTaken(scope: CompanyScope, code: string, exceptId?: number): Promise<boolean> {
  const rows = await scope.db.select({ id: employees.id }).from(employees).where(scope.where(employees, sameCode(employees.code, code))).limit(2);
  return rows.some((r) => r.id !== exceptId);
}

export async function hasChildDepartment(scope: CompanyScope, id: number): Promise<boolean> {
  const [r] = await scope.db.select({ id: departments.id }).from(departments).where(scope.where(departments, eq(departments.parentId, id))).limit(1);
  return Boolean(r);
}
/** Which of `ids` have employees (whatever their state): one statement for a page of departments. */
export async function departmentsWithEmployees(scope: CompanyScope, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return new Set();
  const rows = await scope.db.selectDistinct({ id: employees.departmentId }).from(employees).where(scope.where(employees, inArray(employees.departmentId, ids)));
  return new Set(rows.flatMap((r) => (r.id === null ? [] : [r.id])));
}
/** Whether the department has employees: it cannot take a child (PARENT_IN_USE) and is in use. */
export async function hasEmployees(scope: CompanyScope, departmentId: number): Promise<boolean> {
  return (await departmentsWithEmployees(scope, [departmentId])).has(departmentId);
}
export async function isPrincipal(scope: CompanyScope, employeeId: number): Promise<boolean> {
  const [r] = await scope.db.select({ id: departments.id }).from(departments).where(scope.where(departments, eq(departments.principalId, employeeId))).limit(1);
  return Boolean(r);
}

/** A budget's principal or a vendor's owner. */
export async function isBudgetOrVendorPerson(scope: CompanyScope, employeeId: number): Promise<boolean> {
  const [b] = await scope.db.select({ id: budgets.id }).from(budgets).where(scope.where(budgets, eq(budgets.principalId, employeeId))).limit(1);
  if (b) return true;
  const [v] = await scope.db.select({ id: vendors.id }).from(vendors).where(scope.where(vendors, eq(vendors.ownerId, employeeId))).limit(1);
  return Boolean(v);
}

export async function insertDepartment(db: Db, v: typeof departments.$inferInsert): Promise<DepartmentRow> {
  const [row] = await db.insert(departments).values(withNameInitials(v)).returning();
  return row;
}
export async function patchDepartment(db: Db, id: number, set: Partial<typeof departments.$inferInsert>): Promise<DepartmentRow> {
  const [row] = await db.update(departments).set({ ...withNameInitials(set), version: sql`${departments.version} + 1` }).where(eq(departments.id, id)).returning();
  return row;
}
export async function deleteDepartmentRow(db: Db, id: number): Promise<void> {
  await db.delete(departments).where(eq(departments.id, id));
}

export async function refsOfEmployees(scope: CompanyScope, ids: number[]): Promise<Map<number, Ref>> {
  if (!ids.length) return new Map();
  const rows = await scope.db.select({ id: employees.id, code: employees.code, name: employees.name }).from(employees).where(scope.where(employees, inArray(employees.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}
export async function refsOfDepartments(scope: CompanyScope, ids: number[]): Promise<Map<number, Ref>> {
  if (!ids.length) return new Map();
  const rows = await scope.db.select({ id: departments.id, code: departments.code, name: departments.name }).from(departments).where(scope.where(departments, inArray(departments.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}
export async function refsOfUsers(db: Db, ids: number[]): Promise<Map<number, UserRef>> {
  if (!ids.length) return new Map();
  const rows = await db.select({ id: users.id, username: users.username, name: users.name }).from(users).where(inArray(users.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function selectEmployees(scope: CompanyScope, p: Paging<EmployeeFilter>, departmentIds: number[] | null): Promise<{ rows: EmployeeRow[]; total: number }> {
  const f = p.filter;
  const conds: SQL[] = [];
  const kw = codeNameKeyword(f.keyword, employees, [employees.phone]);
  if (kw) conds.push(kw);
  if (departmentIds) conds.push(departmentIds.length ? inArray(employees.departmentId, departmentIds) : sql`false`);
  if (f.departmentId) conds.push(eq(employees.departmentId, f.departmentId));
  if (f.userId) conds.push(eq(employees.userId, f.userId));
  if (f.id) conds.push(inArray(employees.id, f.id));
  if (f.disabled !== undefined) conds.push(eq(employees.disabled, f.disabled));
  const rows = await scope.db
    .select({ e: employees, total: countAll })
    .from(employees)
    .where(scope.where(employees, ...conds))
    .orderBy(...orderBy(p.sort, { code: employees.code, name: employees.name, id: employees.id, entryDate: employees.entryDate }, [sql`${employees.code}`, sql`${employees.id}`]))
    .limit(p.limit)
    .offset(p.offset);
  let total = rows[0]?.total;
  if (total === undefined) {
    const [r] = await scope.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(employees).where(scope.where(employees, ...conds));
    total = r.n;
  }
  return { rows: rows.map((r) => r.e), total: Number(total) };
}

export async function findEmployee(scope: CompanyScope, id: number, lock = false): Promise<EmployeeRow | undefined> {
  const q = scope.db.select().from(employees).where(scope.where(employees, eq(employees.id, id))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
export async function employeeOfUser(scope: CompanyScope, userId: number, lock = false): Promise<EmployeeRow | undefined> {
  const q = scope.db.select().from(employees).where(scope.where(employees, eq(employees.userId, userId))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
export async function insertEmployee(db: Db, v: typeof employees.$inferInsert): Promise<EmployeeRow> {
  const [row] = await db.insert(employees).values(withNameInitials(v)).returning();
  return row;
}
export async function patchEmployee(db: Db, id: number, set: Partial<typeof employees.$inferInsert>): Promise<EmployeeRow> {
  const [row] = await db.update(employees).set({ ...withNameInitials(set), version: sql`${employees.version} + 1` }).where(eq(employees.id, id)).returning();
  return row;
}
export async function deleteEmployeeRow(db: Db, id: number): Promise<void> {
  await db.delete(employees).where(eq(employees.id, id));
}

/**
 * Locks the user row, so two binds of one account queue (the one-account-per-company rule), and
 * answers the user's kind when the user may work in the company: linked to it, or an administrator
 * (who sees every company). A missing user, or one of another company, answers null.
 */
export async function lockUserOfCompany(db: Db, userId: number, companyId: number): Promise<UserKind | null> {
  const [u] = await db.select({ id: users.id, kind: users.kind }).from(users).where(eq(users.id, userId)).limit(1).for('update');
  if (!u) return null;
  // The column's CHECK holds it to userKinds.
  const kind = u.kind as UserKind;
  if (kind === 'ADMIN') return kind;
  const [r] = await db.select({ id: userCompanies.id }).from(userCompanies).where(and(eq(userCompanies.userId, userId), eq(userCompanies.companyId, companyId))).limit(1);
  return r ? kind : null;
}
