/**
 * Rules of departments and employees (spec 02 §3, §5). Each operation runs its checks and writes in
 * one transaction: the company's department rows are locked before a tree change (two concurrent
 * moves cannot build a cycle or slip a child under a department that just got employees), the edited
 * row is locked and version-checked, and "in use" is decided by explicit calls (departmentInUse,
 * employeeInUse) that later modules extend with their own references.
 */
import type { Db } from '../../db/client';
import { assertAssignable, assertVersion, companyScope, withTx, type CompanyScope, type Tx } from '../../db/tx';
import { DomainError } from '../../../domain/result-codes';
import { BINDABLE_USER_KIND, buildTree, descendantIds, isLeafDepartment, wouldCycle } from '../../../domain/staff';
import type { Paging } from '../../../contract/common';
import type { DepartmentDto, DepartmentTreeNode, EmployeeDto } from '../../../contract/staff';
import { departmentDto, employeeDto, type DepartmentRow, type EmployeeRow } from './dto';
import * as q from './queries';
import { departmentOnProject, employeeOnClients } from '../clients/queries';
import { employees } from '../../db/schema';
import { auxOnVouchers } from '../voucher/usage';
import { submitsReimbursements } from '../expense/queries';
import { dateOrderIssues, EMPLOYEE_DATES } from '../../../contract/date-order';
import { InputValidationError } from '../../http/validation';

type EmployeeInsert = typeof employees.$inferInsert;

type Body<T> = { [K in keyof T]: T[K] };

/** A department is in use while it has child departments, employees, projects or voucher lines. */
export async function departmentInUse(tx: Tx, companyId: number, id: number): Promise<boolean> {
  const scope = companyScope(tx, companyId);
  return (await q.hasChildDepartment(scope, id)) || (await q.hasEmployees(scope, id)) || (await departmentOnProject(scope, id)) || (await auxOnVouchers(tx, 'department', id));
}

/** An employee is in use while it is a department's or budget's principal, a client's owner, a project's principal, a vendor's owner or on voucher lines. */
export async function employeeInUse(tx: Tx, companyId: number, id: number): Promise<boolean> {
  const scope = companyScope(tx, companyId);
  return (await q.isPrincipal(scope, id)) || (await employeeOnClients(scope, id)) || (await q.isBudgetOrVendorPerson(scope, id)) || (await auxOnVouchers(tx, 'employee', id)) || (await submitsReimbursements(tx, companyId, id));
}

// ---- departments -------------------------------------------------------------------------------

async function departmentDtos(scope: CompanyScope, rows: Array<{ d: DepartmentRow; leaf: boolean }>): Promise<DepartmentDto[]> {
  const principals = await q.refsOfEmployees(scope, rows.flatMap((r) => (r.d.principalId ? [r.d.principalId] : [])));
  const staffed = await q.departmentsWithEmployees(scope, rows.map((r) => r.d.id));
  return rows.map((r) => departmentDto(r.d, { leaf: r.leaf, hasEmployees: staffed.has(r.d.id), principal: r.d.principalId ? principals.get(r.d.principalId) ?? null : null }));
}

async function oneDepartmentDto(scope: CompanyScope, d: DepartmentRow): Promise<DepartmentDto> {
  return (await departmentDtos(scope, [{ d, leaf: !(await q.hasChildDepartment(scope, d.id)) }]))[0];
}

export async function listDepartments(db: Db, companyId: number, p: Paging<q.DepartmentFilter>): Promise<{ content: DepartmentDto[]; total: number }> {
  const scope = companyScope(db, companyId);
  const { rows, total } = await q.selectDepartments(scope, p);
  return { content: await departmentDtos(scope, rows), total };
}

/** The departments whose principal is the user's employee in the company (spec 01 §6). */
export async function principalDepartments(db: Db, companyId: number, userId: number): Promise<DepartmentDto[]> {
  const scope = companyScope(db, companyId);
  const employee = await q.employeeOfUser(scope, userId);
  if (!employee) return [];
  const all = await q.allDepartments(scope);
  const mine = all.filter((d) => d.principalId === employee.id);
  return departmentDtos(scope, mine.map((d) => ({ d, leaf: isLeafDepartment(all, d.id) })));
}

/** The company's department tree, children under subItems, optionally with each department's employees. */
export async function departmentTree(db: Db, companyId: number, withEmployees: boolean): Promise<DepartmentTreeNode[]> {
  const scope = companyScope(db, companyId);
  const all = await q.allDepartments(scope);
  const dtos = await departmentDtos(scope, all.map((d) => ({ d, leaf: isLeafDepartment(all, d.id) })));
  const staff = withEmployees ? (await q.selectEmployees(scope, { offset: 0, limit: 100_000, sort: {}, expand: new Set(), filter: {} }, null)).rows : [];
  const toNode = (n: ReturnType<typeof buildTree<DepartmentDto>>[number]): DepartmentTreeNode => ({
    ...n.item,
    subItems: n.subItems.map(toNode),
    ...(withEmployees ? { employees: staff.filter((e) => e.departmentId === n.item.id).map((e) => employeeDto(e)) } : {}),
  });
  return buildTree(dtos).map(toNode);
}

async function checkParent(scope: CompanyScope, all: DepartmentRow[], id: number | null, parentId: number | null | undefined): Promise<void> {
  if (parentId === null || parentId === undefined) return;
  if (!all.some((d) => d.id === parentId)) throw new DomainError('NO_PERMISSION');
  if (id !== null && wouldCycle(all, id, parentId)) throw new DomainError('PARENT_IS_SELF');
  // Employees sit in last-level departments only: a department with employees cannot get a child.
  if (await q.hasEmployees(scope, parentId)) throw new DomainError('PARENT_IN_USE');
}

/** A department's principal, chosen anew: the company's employee, not a disabled one (EMPLOYEE_DISABLED). */
async function checkPrincipal(scope: CompanyScope, principalId: number | null | undefined): Promise<void> {
  if (principalId === null || principalId === undefined) return;
  await assertAssignable(scope, employees, [principalId], 'EMPLOYEE_DISABLED');
}

export async function createDepartment(db: Db, v: { companyId: number; code: string; name: string; parentId?: number | null; principalId?: number | null; disabled: boolean }): Promise<DepartmentDto> {
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, v.companyId);
    const all = await q.allDepartments(scope, true);
    await checkParent(scope, all, null, v.parentId);
    await checkPrincipal(scope, v.principalId);
    if (await q.departmentCodeTaken(scope, v.code)) throw new DomainError('DATA_DUPLICATION');
    const row = await q.insertDepartment(tx, { companyId: v.companyId, code: v.code, name: v.name, parentId: v.parentId ?? null, principalId: v.principalId ?? null, disabled: v.disabled });
    return oneDepartmentDto(scope, row);
  });
}

export async function updateDepartment(db: Db, companyId: number, id: number, patch: { code?: string; name?: string; parentId?: number | null; principalId?: number | null; disabled?: boolean | null; version?: number }): Promise<DepartmentDto> {
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, companyId);
    const all = await q.allDepartments(scope, true);
    const current = all.find((d) => d.id === id);
    if (!current) throw new DomainError('NO_PERMISSION');
    assertVersion(current.version, patch.version);
    const set: Partial<DepartmentRow> = {};
    if (patch.code !== undefined && patch.code !== current.code) {
      if (await q.departmentCodeTaken(scope, patch.code, id)) throw new DomainError('DATA_DUPLICATION');
      set.code = patch.code;
    }
    if (patch.name !== undefined && patch.name !== current.name) set.name = patch.name;
    if (patch.parentId !== undefined && patch.parentId !== current.parentId) {
      await checkParent(scope, all, id, patch.parentId);
      set.parentId = patch.parentId;
    }
    if (patch.principalId !== undefined && patch.principalId !== current.principalId) {
      await checkPrincipal(scope, patch.principalId);
      set.principalId = patch.principalId;
    }
    if (patch.disabled !== undefined && (patch.disabled === true) !== current.disabled) set.disabled = patch.disabled === true;
    // Nothing changed: answer success without writing.
    return oneDepartmentDto(scope, Object.keys(set).length ? await q.patchDepartment(tx, id, set) : current);
  });
}

/** Deletes unused departments (all or none): the used-check runs inside the same transaction. */
export async function deleteDepartments(db: Db, companyId: number, ids: number[]): Promise<void> {
  await withTx(db, async (tx) => {
    const scope = companyScope(tx, companyId);
    const all = await q.allDepartments(scope, true);
    for (const id of ids) if (!all.some((d) => d.id === id)) throw new DomainError('NO_PERMISSION');
    // Deleting a parent together with all its children is allowed: delete leaves first.
    const order = [...ids].sort((a, b) => descendantIds(all, a).length - descendantIds(all, b).length);
    for (const id of order) {
      if (await departmentInUse(tx, companyId, id)) throw new DomainError('IN_USE');
      await q.deleteDepartmentRow(tx, id);
    }
  });
}

// ---- employees ---------------------------------------------------------------------------------

async function employeeDtos(scope: CompanyScope, rows: EmployeeRow[]): Promise<EmployeeDto[]> {
  const depts = await q.refsOfDepartments(scope, rows.map((e) => e.departmentId));
  const users = await q.refsOfUsers(scope.db, rows.flatMap((e) => (e.userId ? [e.userId] : [])));
  return rows.map((e) => employeeDto(e, { department: depts.get(e.departmentId) ?? null, user: e.userId ? users.get(e.userId) ?? null : null }));
}

export async function listEmployees(db: Db, companyId: number, p: Paging<q.EmployeeFilter>): Promise<{ content: EmployeeDto[]; total: number }> {
  const scope = companyScope(db, companyId);
  const departmentIds = p.filter.parentDepartmentId ? descendantIds(await q.allDepartments(scope), p.filter.parentDepartmentId) : null;
  const { rows, total } = await q.selectEmployees(scope, p, departmentIds);
  return { content: await employeeDtos(scope, rows), total };
}

/** The user's employee in the company, if bound. */
export async function employeeOfUser(db: Db, companyId: number, userId: number): Promise<EmployeeDto | null> {
  const scope = companyScope(db, companyId);
  const row = await q.employeeOfUser(scope, userId);
  return row ? (await employeeDtos(scope, [row]))[0] : null;
}

/** Employees join last-level departments of their company only (spec 02 §5); the department is locked so it cannot get a child meanwhile. */
async function checkDepartment(scope: CompanyScope, departmentId: number): Promise<void> {
  const d = await q.findDepartment(scope, departmentId, true);
  if (!d) throw new DomainError('NO_PERMISSION');
  // Chosen anew (a new employee, a move): not a disabled department, which the picker hides.
  if (d.disabled) throw new DomainError('DEPARTMENT_DISABLED', { name: `${d.code} ${d.name}` });
  if (await q.hasChildDepartment(scope, d.id)) throw new DomainError('DEPARTMENT_NOT_LEAF');
}

type EmployeeFields = Omit<Body<EmployeeInsert>, 'id' | 'companyId' | 'createdAt' | 'version' | 'userId'>;

export async function createEmployee(db: Db, v: { companyId: number } & EmployeeFields): Promise<EmployeeDto> {
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, v.companyId);
    await checkDepartment(scope, v.departmentId);
    if (await q.employeeCodeTaken(scope, v.code)) throw new DomainError('DATA_DUPLICATION');
    const row = await q.insertEmployee(tx, { ...v, userId: null });
    return (await employeeDtos(scope, [row]))[0];
  });
}

export async function updateEmployee(db: Db, companyId: number, id: number, patch: Partial<Omit<EmployeeFields, 'disabled' | 'salesman'>> & { disabled?: boolean | null; salesman?: boolean | null; version?: number }): Promise<EmployeeDto> {
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, companyId);
    const current = await q.findEmployee(scope, id, true);
    if (!current) throw new DomainError('NO_PERMISSION');
    const { version, ...fields } = patch;
    assertVersion(current.version, version);
    const set: Record<string, unknown> = {};
    for (const [k, raw] of Object.entries(fields)) {
      if (raw === undefined) continue;
      // A false flag may arrive as null (spec 02 §4).
      const value = k === 'disabled' || k === 'salesman' ? raw === true : raw;
      if (value !== current[k as keyof EmployeeRow]) set[k] = value;
    }
    if (typeof set.departmentId === 'number') await checkDepartment(scope, set.departmentId);
    if (typeof set.code === 'string' && (await q.employeeCodeTaken(scope, set.code, id))) throw new DomainError('DATA_DUPLICATION');
    checkEmployeeDates(current, fields);
    const row = Object.keys(set).length ? await q.patchEmployee(tx, id, set as Partial<EmployeeRow>) : current;
    return (await employeeDtos(scope, [row]))[0];
  });
}

/**
 * An update sending one date of a pair (the contract checks the dates it sends against each other)
 * is checked against the stored other date, refused like the contract refuses a reversed pair
 * ('Leave date cannot be before Entry date'). Only pairs the update touches: an edit of the phone
 * leaves a record whose stored dates were already reversed alone.
 */
function checkEmployeeDates(current: EmployeeRow, fields: Partial<Record<string, unknown>>): void {
  const sent = (k: string) => fields[k] !== undefined;
  const touched = EMPLOYEE_DATES.filter(([a, b]) => sent(a) || sent(b));
  if (!touched.length) return;
  const merged: Record<string, unknown> = {};
  for (const k of ['birthday', 'entryDate', 'leaveDate'] as const) merged[k] = sent(k) ? fields[k] : current[k];
  const issues = dateOrderIssues(merged, touched);
  if (issues.length) throw new InputValidationError(issues, merged);
}

/**
 * Binds a user account to the employee. One account is bound to at most one employee per company:
 * the user row is locked first, so two concurrent binds of one account queue and the second one
 * sees the first binding.
 */
export async function bindUser(db: Db, companyId: number, id: number, userId: number, version?: number): Promise<EmployeeDto> {
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, companyId);
    const kind = await q.lockUserOfCompany(tx, userId, companyId);
    if (!kind) throw new DomainError('NO_PERMISSION');
    // Employees are bound to ordinary accounts only (the bind list offers no administrator either).
    if (kind !== BINDABLE_USER_KIND) throw new DomainError('ACCOUNT_NOT_BINDABLE');
    const employee = await q.findEmployee(scope, id, true);
    if (!employee) throw new DomainError('NO_PERMISSION');
    assertVersion(employee.version, version);
    const other = await q.employeeOfUser(scope, userId);
    if (other && other.id !== id) throw new DomainError('ACCOUNT_ALREADY_BOUND');
    const row = employee.userId === userId ? employee : await q.patchEmployee(tx, id, { userId });
    return (await employeeDtos(scope, [row]))[0];
  });
}

export async function unbindUser(db: Db, companyId: number, id: number, version?: number): Promise<EmployeeDto> {
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, companyId);
    const employee = await q.findEmployee(scope, id, true);
    if (!employee) throw new DomainError('NO_PERMISSION');
    assertVersion(employee.version, version);
    const row = employee.userId === null ? employee : await q.patchEmployee(tx, id, { userId: null });
    return (await employeeDtos(scope, [row]))[0];
  });
}

/** Deletes unused employees (all or none). */
export async function deleteEmployees(db: Db, companyId: number, ids: number[]): Promise<void> {
  await withTx(db, async (tx) => {
    const scope = companyScope(tx, companyId);
    for (const id of ids) {
      const e = await q.findEmployee(scope, id, true);
      if (!e) throw new DomainError('NO_PERMISSION');
      if (await employeeInUse(tx, companyId, id)) throw new DomainError('IN_USE');
      await q.deleteEmployeeRow(tx, id);
    }
  });
}
