/** Database access for clients and projects: no rules here (see service.ts). */
import { and, asc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import type { CompanyScope } from '../../db/tx';
import { customers, departments, employees, projectClients, projectPrincipals, projects } from '../../db/schema';
import { codeNameKeyword, countAll, orderBy } from '../../db/queries/list';
import { withNameInitials } from '../../db/name-initials';
import type { Paging } from '../../../contract/common';
import type { customerFilter, projectFilter } from '../../../contract/clients';
import type { BookValueDto, bookValueFilter } from '../../../contract/aux';
import type { CustomerRow, ProjectRow, Ref } from './dto';
import { sameCode } from '../../db/codes';

export type CustomerFilter = z.output<typeof customerFilter>;
export type ProjectFilter = z.output<typeof projectFilter>;
/** null: every row of the company; a number: rows led by that employee; 'none': nothing. */
export type Leader = number | null | 'none';

async function paged<R>(rows: Array<{ r: R; total: number }>, count: () => Promise<number>): Promise<{ rows: R[]; total: number }> {
  const total = rows[0]?.total ?? (await count());
  return { rows: rows.map((x) => x.r), total: Number(total) };
}

export async function selectCustomers(scope: CompanyScope, p: Paging<CustomerFilter>, leader: Leader): Promise<{ rows: CustomerRow[]; total: number }> {
  const f = p.filter;
  const conds: SQL[] = [];
  const kw = codeNameKeyword(f.keyword, customers);
  if (kw) conds.push(kw);
  if (leader === 'none') conds.push(sql`false`);
  else if (leader !== null) conds.push(eq(customers.ownerId, leader));
  if (f.leaderId) conds.push(eq(customers.ownerId, f.leaderId));
  if (f.id) conds.push(inArray(customers.id, f.id));
  if (f.kind) conds.push(eq(customers.kind, f.kind));
  if (f.disabled !== undefined) conds.push(eq(customers.disabled, f.disabled));
  const rows = await scope.db.select({ r: customers, total: countAll }).from(customers).where(scope.where(customers, ...conds))
    .orderBy(...orderBy(p.sort, { code: customers.code, name: customers.name, id: customers.id, createdAt: customers.createdAt, kind: customers.kind }, [sql`${customers.code}`, sql`${customers.id}`]))
    .limit(p.limit).offset(p.offset);
  return paged(rows, async () => (await scope.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(customers).where(scope.where(customers, ...conds)))[0].n);
}

export async function findCustomer(scope: CompanyScope, id: number, lock = false): Promise<CustomerRow | undefined> {
  const q = scope.db.select().from(customers).where(scope.where(customers, eq(customers.id, id))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
export async function companyOfCustomer(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ c: customers.companyId }).from(customers).where(eq(customers.id, id)).limit(1);
  return row?.c;
}
export async function customerCodeTaken(scope: CompanyScope, code: string, exceptId?: number): Promise<boolean> {
  const rows = await scope.db.select({ id: customers.id }).from(customers).where(scope.where(customers, sameCode(customers.code, code))).limit(2);
  return rows.some((r) => r.id !== exceptId);
}
export async function insertCustomer(db: Db, v: typeof customers.$inferInsert): Promise<CustomerRow> {
  const [row] = await db.insert(customers).values(withNameInitials(v)).returning();
  return row;
}
export async function patchCustomer(db: Db, id: number, set: Partial<typeof customers.$inferInsert>): Promise<CustomerRow> {
  const [row] = await db.update(customers).set({ ...withNameInitials(set), version: sql`${customers.version} + 1` }).where(eq(customers.id, id)).returning();
  return row;
}
export async function deleteCustomerRow(db: Db, id: number): Promise<void> {
  await db.delete(customers).where(eq(customers.id, id));
}
/** Whether a project names the client. */
export async function customerOnProject(scope: CompanyScope, id: number): Promise<boolean> {
  const [r] = await scope.db.select({ id: projectClients.projectId }).from(projectClients).where(and(eq(projectClients.companyId, scope.companyId), eq(projectClients.customerId, id))).limit(1);
  return Boolean(r);
}
/** Whether a client or project names the employee (owner or principal). */
export async function employeeOnClients(scope: CompanyScope, employeeId: number): Promise<boolean> {
  const [c] = await scope.db.select({ id: customers.id }).from(customers).where(scope.where(customers, eq(customers.ownerId, employeeId))).limit(1);
  if (c) return true;
  const [p] = await scope.db.select({ id: projectPrincipals.projectId }).from(projectPrincipals).where(and(eq(projectPrincipals.companyId, scope.companyId), eq(projectPrincipals.employeeId, employeeId))).limit(1);
  return Boolean(p);
}
export async function departmentOnProject(scope: CompanyScope, departmentId: number): Promise<boolean> {
  const [r] = await scope.db.select({ id: projects.id }).from(projects).where(scope.where(projects, eq(projects.departmentId, departmentId))).limit(1);
  return Boolean(r);
}

export async function refsOf(scope: CompanyScope, table: typeof employees | typeof customers | typeof departments, ids: number[]): Promise<Map<number, Ref>> {
  if (!ids.length) return new Map();
  const rows = await scope.db.select({ id: table.id, code: table.code, name: table.name }).from(table).where(scope.where(table, inArray(table.id, [...new Set(ids)])));
  return new Map(rows.map((r) => [r.id, r]));
}

const ledBy = (employeeId: number) => sql`exists (select 1 from ${projectPrincipals} pp where pp.project_id = ${projects.id} and pp.employee_id = ${employeeId})`;

export async function selectProjects(scope: CompanyScope, p: Paging<ProjectFilter>, leader: Leader): Promise<{ rows: ProjectRow[]; total: number }> {
  const f = p.filter;
  const conds: SQL[] = [];
  const kw = codeNameKeyword(f.keyword, projects);
  if (kw) conds.push(kw);
  if (leader === 'none') conds.push(sql`false`);
  else if (leader !== null) conds.push(ledBy(leader));
  if (f.leaderId) conds.push(ledBy(f.leaderId));
  if (f.id) conds.push(inArray(projects.id, f.id));
  if (f.kind) conds.push(eq(projects.kind, f.kind));
  if (f.disabled !== undefined) conds.push(eq(projects.disabled, f.disabled));
  if (f.customerId) conds.push(sql`exists (select 1 from ${projectClients} pc where pc.project_id = ${projects.id} and pc.customer_id = ${f.customerId})`);
  const rows = await scope.db.select({ r: projects, total: countAll }).from(projects).where(scope.where(projects, ...conds))
    .orderBy(...orderBy(p.sort, { code: projects.code, name: projects.name, id: projects.id, createdAt: projects.createdAt, amount: projects.amountCents, kind: projects.kind }, [sql`${projects.code} desc`, sql`${projects.id} desc`]))
    .limit(p.limit).offset(p.offset);
  return paged(rows, async () => (await scope.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(projects).where(scope.where(projects, ...conds)))[0].n);
}

export async function findProject(scope: CompanyScope, id: number, lock = false): Promise<ProjectRow | undefined> {
  const q = scope.db.select().from(projects).where(scope.where(projects, eq(projects.id, id))).limit(1);
  const [row] = lock ? await q.for('update') : await q;
  return row;
}
export async function companyOfProject(db: Db, id: number): Promise<number | undefined> {
  const [row] = await db.select({ c: projects.companyId }).from(projects).where(eq(projects.id, id)).limit(1);
  return row?.c;
}
export async function projectCodeTaken(scope: CompanyScope, code: string, exceptId?: number): Promise<boolean> {
  const rows = await scope.db.select({ id: projects.id }).from(projects).where(scope.where(projects, sameCode(projects.code, code))).limit(2);
  return rows.some((r) => r.id !== exceptId);
}
export async function insertProject(db: Db, v: typeof projects.$inferInsert): Promise<ProjectRow> {
  const [row] = await db.insert(projects).values(withNameInitials(v)).returning();
  return row;
}
export async function patchProject(db: Db, id: number, set: Partial<typeof projects.$inferInsert>): Promise<ProjectRow> {
  const [row] = await db.update(projects).set({ ...withNameInitials(set), version: sql`${projects.version} + 1` }).where(eq(projects.id, id)).returning();
  return row;
}
export async function deleteProjectRow(db: Db, id: number): Promise<void> {
  await db.delete(projects).where(eq(projects.id, id));
}

/** The client and principal ids of projects, in their saved order. */
export async function linksOf(scope: CompanyScope, projectIds: number[]): Promise<{ clients: Map<number, number[]>; principals: Map<number, number[]> }> {
  const clients = new Map<number, number[]>();
  const principals = new Map<number, number[]>();
  if (!projectIds.length) return { clients, principals };
  const cs = await scope.db.select().from(projectClients).where(and(eq(projectClients.companyId, scope.companyId), inArray(projectClients.projectId, projectIds))).orderBy(asc(projectClients.position));
  for (const c of cs) clients.set(c.projectId, [...(clients.get(c.projectId) ?? []), c.customerId]);
  const ps = await scope.db.select().from(projectPrincipals).where(and(eq(projectPrincipals.companyId, scope.companyId), inArray(projectPrincipals.projectId, projectIds))).orderBy(asc(projectPrincipals.position));
  for (const e of ps) principals.set(e.projectId, [...(principals.get(e.projectId) ?? []), e.employeeId]);
  return { clients, principals };
}

export async function replaceLinks(scope: CompanyScope, projectId: number, clientIds: number[] | undefined, principalIds: number[] | undefined): Promise<void> {
  const companyId = scope.companyId;
  if (clientIds) {
    await scope.db.delete(projectClients).where(eq(projectClients.projectId, projectId));
    await scope.db.insert(projectClients).values(clientIds.map((customerId, position) => ({ companyId, projectId, customerId, position })));
  }
  if (principalIds) {
    await scope.db.delete(projectPrincipals).where(eq(projectPrincipals.projectId, projectId));
    await scope.db.insert(projectPrincipals).values(principalIds.map((employeeId, position) => ({ companyId, projectId, employeeId, position })));
  }
}

/**
 * Clients or cases as the books name them (/aux/bookValue): every one of the company, whoever leads
 * it, code and name only; code order.
 */
export async function selectBookValues(scope: CompanyScope, p: Paging<z.output<typeof bookValueFilter>>): Promise<{ rows: BookValueDto[]; total: number }> {
  const t = p.filter.type === 'CUSTOMER' ? customers : projects;
  const conds: SQL[] = [];
  const kw = codeNameKeyword(p.filter.keyword, t);
  if (kw) conds.push(kw);
  if (p.filter.id) conds.push(inArray(t.id, p.filter.id));
  const rows = await scope.db.select({ r: { id: t.id, code: t.code, name: t.name, nameInitials: t.nameInitials, disabled: t.disabled }, total: countAll }).from(t)
    .where(scope.where(t, ...conds)).orderBy(asc(t.code), asc(t.id)).limit(p.limit).offset(p.offset);
  return paged(rows, async () => (await scope.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(t).where(scope.where(t, ...conds)))[0].n);
}
