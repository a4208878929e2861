/**
 * Rules of clients and projects (spec 02 §5, §6). Each operation runs its checks and writes in one
 * transaction: the edited row is locked and version-checked, referenced employees, clients and
 * departments are checked to belong to the company and share-locked (assertAssignable, which also refuses a disabled one chosen anew), and "in use" is decided by
 * explicit calls (customerInUse, projectInUse). The visibility rule applies to reads and writes:
 * a row the caller cannot see answers NO_PERMISSION, like a missing one.
 */
import type { Db } from '../../db/client';
import { assertAssignable, assertVersion, companyScope, withTx, type CompanyScope, type Tx } from '../../db/tx';
import { DomainError } from '../../../domain/result-codes';
import { projectProblem, visibleLeader } from '../../../domain/clients';
import type { Paging } from '../../../contract/common';
import type { CustomerDto, ProjectDto } from '../../../contract/clients';
import { customers, departments, employees, type projects } from '../../db/schema';
import { employeeOfUser, hasChildDepartment } from '../staff/queries';
import { customerDto, projectDto, type CustomerRow, type ProjectRow } from './dto';
import * as q from './queries';
import { auxOnVouchers } from '../voucher/usage';
import { invoiceOnProject } from '../invoice/queries';

/** Who is asking: the visibility rule needs the user, admin kind and whether the view-all right is held. */
export interface Viewer { userId: number; isAdmin: boolean; viewAll: boolean }

/** Whose cases the viewer sees: null every one, an employee id those they direct, 'none' nothing. */
export async function leaderOf(scope: CompanyScope, v: Viewer): Promise<q.Leader> {
  if (v.isAdmin || v.viewAll) return null;
  const e = await employeeOfUser(scope, v.userId);
  return visibleLeader({ isAdmin: v.isAdmin, viewAll: v.viewAll, employeeId: e?.id ?? null });
}

/** A client is in use while a project or a voucher line names it. */
export async function customerInUse(tx: Tx, companyId: number, id: number): Promise<boolean> {
  return (await q.customerOnProject(companyScope(tx, companyId), id)) || (await auxOnVouchers(tx, 'customer', id));
}

/** A project is in use once invoices or voucher lines name it. */
export async function projectInUse(tx: Tx, companyId: number, id: number): Promise<boolean> {
  return (await invoiceOnProject(companyScope(tx, companyId), id)) || (await auxOnVouchers(tx, 'project', id));
}

// ---- clients -----------------------------------------------------------------------------------

async function customerDtos(scope: CompanyScope, rows: CustomerRow[]): Promise<CustomerDto[]> {
  const owners = await q.refsOf(scope, employees, rows.flatMap((c) => (c.ownerId ? [c.ownerId] : [])));
  return rows.map((c) => customerDto(c, c.ownerId ? owners.get(c.ownerId) ?? null : null));
}

export async function listCustomers(db: Db, companyId: number, viewer: Viewer, p: Paging<q.CustomerFilter>): Promise<{ content: CustomerDto[]; total: number }> {
  const scope = companyScope(db, companyId);
  const { rows, total } = await q.selectCustomers(scope, p, await leaderOf(scope, viewer));
  return { content: await customerDtos(scope, rows), total };
}

async function visibleCustomer(scope: CompanyScope, viewer: Viewer, id: number, lock: boolean): Promise<CustomerRow> {
  const row = await q.findCustomer(scope, id, lock);
  const leader = await leaderOf(scope, viewer);
  if (!row || leader === 'none' || (leader !== null && row.ownerId !== leader)) throw new DomainError('NO_PERMISSION');
  return row;
}

export async function customerUsed(db: Db, companyId: number, viewer: Viewer, id: number): Promise<boolean> {
  return withTx(db, async (tx) => {
    await visibleCustomer(companyScope(tx, companyId), viewer, id, false);
    return customerInUse(tx, companyId, id);
  });
}

type CustomerFields = Omit<typeof customers.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'version'>;

export async function createCustomer(db: Db, v: { companyId: number } & CustomerFields): Promise<CustomerDto> {
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, v.companyId);
    if (v.ownerId) await assertAssignable(scope, employees, [v.ownerId], 'EMPLOYEE_DISABLED');
    if (await q.customerCodeTaken(scope, v.code)) throw new DomainError('DATA_DUPLICATION');
    const row = await q.insertCustomer(tx, { ...v, kind: v.kind ?? 'NORMAL' });
    return (await customerDtos(scope, [row]))[0];
  });
}

export async function updateCustomer(db: Db, companyId: number, viewer: Viewer, id: number, patch: Partial<Omit<CustomerFields, 'disabled'>> & { disabled?: boolean | null; version?: number }): Promise<CustomerDto> {
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, companyId);
    const current = await visibleCustomer(scope, viewer, id, true);
    const { version, ...fields } = patch;
    assertVersion(current.version, version);
    const set: Record<string, unknown> = {};
    for (const [k, raw] of Object.entries(fields)) {
      if (raw === undefined) continue;
      const value = k === 'disabled' ? raw === true : raw;
      if (value !== current[k as keyof CustomerRow]) set[k] = value;
    }
    if (typeof set.ownerId === 'number') await assertAssignable(scope, employees, [set.ownerId], 'EMPLOYEE_DISABLED');
    if (typeof set.code === 'string' && (await q.customerCodeTaken(scope, set.code, id))) throw new DomainError('DATA_DUPLICATION');
    // Nothing changed: answer success without writing.
    const row = Object.keys(set).length ? await q.patchCustomer(tx, id, set as Partial<CustomerRow>) : current;
    return (await customerDtos(scope, [row]))[0];
  });
}

/** Deletes an unused client: the used-check runs inside the same transaction as the delete. */
export async function deleteCustomer(db: Db, companyId: number, viewer: Viewer, id: number): Promise<void> {
  await withTx(db, async (tx) => {
    await visibleCustomer(companyScope(tx, companyId), viewer, id, true);
    if (await customerInUse(tx, companyId, id)) throw new DomainError('IN_USE');
    await q.deleteCustomerRow(tx, id);
  });
}

// ---- projects ----------------------------------------------------------------------------------

async function projectDtos(scope: CompanyScope, rows: ProjectRow[]): Promise<ProjectDto[]> {
  const links = await q.linksOf(scope, rows.map((p) => p.id));
  const depts = await q.refsOf(scope, departments, rows.flatMap((p) => (p.departmentId ? [p.departmentId] : [])));
  const clients = await q.refsOf(scope, customers, [...links.clients.values()].flat());
  const principals = await q.refsOf(scope, employees, [...links.principals.values()].flat());
  return rows.map((p) => projectDto(p, {
    department: p.departmentId ? depts.get(p.departmentId) ?? null : null,
    clients: (links.clients.get(p.id) ?? []).flatMap((id) => clients.get(id) ?? []),
    principals: (links.principals.get(p.id) ?? []).flatMap((id) => principals.get(id) ?? []),
  }));
}

export async function listProjects(db: Db, companyId: number, viewer: Viewer, p: Paging<q.ProjectFilter>): Promise<{ content: ProjectDto[]; total: number }> {
  const scope = companyScope(db, companyId);
  const { rows, total } = await q.selectProjects(scope, p, await leaderOf(scope, viewer));
  return { content: await projectDtos(scope, rows), total };
}

async function visibleProject(scope: CompanyScope, viewer: Viewer, id: number, lock: boolean): Promise<ProjectRow> {
  const row = await q.findProject(scope, id, lock);
  if (!row) throw new DomainError('NO_PERMISSION');
  const leader = await leaderOf(scope, viewer);
  if (leader === 'none') throw new DomainError('NO_PERMISSION');
  if (leader !== null && !(await q.linksOf(scope, [id])).principals.get(id)?.includes(leader)) throw new DomainError('NO_PERMISSION');
  return row;
}

export async function projectUsed(db: Db, companyId: number, viewer: Viewer, id: number): Promise<boolean> {
  return withTx(db, async (tx) => {
    await visibleProject(companyScope(tx, companyId), viewer, id, false);
    return projectInUse(tx, companyId, id);
  });
}

/**
 * Clients, principals and the department must be the company's (share-locked against a concurrent
 * delete) and, when chosen anew, not disabled: those the project has already (`kept`) stay even if
 * they were disabled since.
 */
async function checkRefs(
  scope: CompanyScope,
  v: { clients?: number[]; principals?: number[]; departmentId?: number | null },
  kept: { clients: readonly number[]; principals: readonly number[]; departmentId: number | null } = { clients: [], principals: [], departmentId: null },
): Promise<void> {
  if (v.clients) await assertAssignable(scope, customers, v.clients, 'CUSTOMER_DISABLED', kept.clients);
  if (v.principals) await assertAssignable(scope, employees, v.principals, 'EMPLOYEE_DISABLED', kept.principals);
  if (v.departmentId) await assertAssignable(scope, departments, [v.departmentId], 'DEPARTMENT_DISABLED', kept.departmentId ? [kept.departmentId] : []);
}

/**
 * A project's department is a last-level one (spec 02 §5), as an employee's is (staff/service.ts):
 * the form, the API and the import refuse a parent alike. Run after checkRefs share-locked the
 * department, so a child added meanwhile (createDepartment locks the company's departments) is seen.
 */
async function checkLeafDepartment(scope: CompanyScope, departmentId: number | null | undefined): Promise<void> {
  if (departmentId && (await hasChildDepartment(scope, departmentId))) throw new DomainError('DEPARTMENT_NOT_LEAF');
}
const uniq = (ids: number[] | undefined) => (ids ? [...new Set(ids)] : undefined);

type ProjectFields = Omit<typeof projects.$inferInsert, 'id' | 'companyId' | 'createdAt' | 'version' | 'amountCents'> & { amount?: number };

export async function createProject(db: Db, v: { companyId: number; clients: number[]; principals: number[] } & ProjectFields): Promise<ProjectDto> {
  const problem = projectProblem({ clientIds: v.clients, principalIds: v.principals });
  if (problem) throw new DomainError(problem);
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, v.companyId);
    const { clients, principals, amount, ...fields } = v;
    await checkRefs(scope, v);
    await checkLeafDepartment(scope, v.departmentId);
    if (await q.projectCodeTaken(scope, v.code)) throw new DomainError('DATA_DUPLICATION');
    const row = await q.insertProject(tx, { ...fields, amountCents: amount ?? 0 });
    await q.replaceLinks(scope, row.id, uniq(clients), uniq(principals));
    return (await projectDtos(scope, [row]))[0];
  });
}

export async function updateProject(db: Db, companyId: number, viewer: Viewer, id: number, patch: Partial<Omit<ProjectFields, 'disabled'>> & { clients?: number[]; principals?: number[]; disabled?: boolean | null; version?: number }): Promise<ProjectDto> {
  return withTx(db, async (tx) => {
    const scope = companyScope(tx, companyId);
    const current = await visibleProject(scope, viewer, id, true);
    const { version, clients, principals, amount, ...fields } = patch;
    assertVersion(current.version, version);
    const problem = projectProblem({ clientIds: clients ?? [0], principalIds: principals ?? [0] });
    if (problem) throw new DomainError(problem);
    const links = await q.linksOf(scope, [id]);
    await checkRefs(scope, patch, { clients: links.clients.get(id) ?? [], principals: links.principals.get(id) ?? [], departmentId: current.departmentId });
    const set: Record<string, unknown> = {};
    for (const [k, raw] of Object.entries(fields)) {
      if (raw === undefined) continue;
      const value = k === 'disabled' ? raw === true : raw;
      if (value !== current[k as keyof ProjectRow]) set[k] = value;
    }
    if (amount !== undefined && amount !== Number(current.amountCents)) set.amountCents = amount;
    // Only a department the edit changes: an edit of the name leaves an older project's department alone.
    if (typeof set.departmentId === 'number') await checkLeafDepartment(scope, set.departmentId);
    if (typeof set.code === 'string' && (await q.projectCodeTaken(scope, set.code, id))) throw new DomainError('DATA_DUPLICATION');
    const same = (a: number[] | undefined, b: number[]) => a === undefined || (a.length === b.length && a.every((x, i) => x === b[i]));
    const newClients = uniq(clients);
    const newPrincipals = uniq(principals);
    const linksChanged = !same(newClients, links.clients.get(id) ?? []) || !same(newPrincipals, links.principals.get(id) ?? []);
    // Nothing changed: answer success without writing.
    if (!Object.keys(set).length && !linksChanged) return (await projectDtos(scope, [current]))[0];
    const row = await q.patchProject(tx, id, set as Partial<ProjectRow>);
    if (linksChanged) await q.replaceLinks(scope, id, newClients, newPrincipals);
    return (await projectDtos(scope, [row]))[0];
  });
}

export async function deleteProject(db: Db, companyId: number, viewer: Viewer, id: number): Promise<void> {
  await withTx(db, async (tx) => {
    await visibleProject(companyScope(tx, companyId), viewer, id, true);
    if (await projectInUse(tx, companyId, id)) throw new DomainError('IN_USE');
    await q.deleteProjectRow(tx, id);
  });
}
