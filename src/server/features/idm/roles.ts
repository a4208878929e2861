/** Roles (owned by a company), their rights, user roles and user-company links. */
import { and, asc, eq, ilike, inArray, sql, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, rights, roleRights, roles, userCompanies, userRoles, users } from '../../db/schema';
import { countAll, likeKeyword, orderBy, outerColumn } from '../../db/queries/list';
import type { Paging } from '../../../contract/common';
import { ALL_RIGHT_IDS, withAncestorRights } from '../../../domain/rights';
import { DomainError } from '../../../domain/result-codes';
import { assertVersion, withTx, type Tx } from '../../db/tx';
import type { RoleDto } from '../../../contract/idm';

export type RoleRow = typeof roles.$inferSelect;

export async function listRoles(db: Db, p: Paging, companyId: number) {
  const conds: SQL[] = [eq(roles.companyId, companyId)];
  const kw = likeKeyword(p.filter.keyword);
  if (kw) conds.push(ilike(roles.name, kw));
  const rows = await db
    .select({ r: roles, total: countAll, userCount: sql<number>`cast((select count(*) from ${userRoles} ur where ur.role_id = ${outerColumn(roles.id)}) as integer)` })
    .from(roles)
    .where(and(...conds))
    .orderBy(...orderBy(p.sort, { name: roles.name, id: roles.id }, [asc(roles.id)]))
    .limit(p.limit)
    .offset(p.offset);
  const ids = rows.map((r) => r.r.id);
  const rr = p.expand.has('rights') && ids.length ? await db.select().from(roleRights).where(inArray(roleRights.roleId, ids)) : [];
  return {
    content: rows.map(({ r, userCount }) => ({
      ...roleDto(r), userCount,
      ...(p.expand.has('rights') ? { rightIds: rr.filter((x) => x.roleId === r.id).map((x) => x.rightId) } : {}),
    })),
    total: rows[0]?.total ?? (p.offset > 0 ? await countRoles(db, and(...conds)) : 0),
  };
}

async function countRoles(db: Db, where: SQL | undefined): Promise<number> {
  const [r] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(roles).where(where);
  return r.n;
}

/** The one mapping of a role row to its DTO. */
export function roleDto(r: RoleRow, rightIds?: number[]): RoleDto {
  return { id: r.id, companyId: r.companyId, name: r.name, kind: r.kind as RoleDto['kind'], owner: 'COMPANY', remark: r.remark, version: r.version, ...(rightIds ? { rightIds } : {}) };
}

export async function findRole(db: Db, id: number, lock = false): Promise<RoleRow | undefined> {
  const q = db.select().from(roles).where(eq(roles.id, id)).limit(1);
  const [r] = lock ? await q.for('update') : await q;
  return r;
}

/** Re-reads a role under a row lock inside the transaction, refusing a stale version and system roles. */
async function lockEditableRole(tx: Tx, id: number, version: number | undefined): Promise<RoleRow> {
  const role = await findRole(tx, id, true);
  if (!role) throw new DomainError('NO_PERMISSION');
  if (role.kind === 'SYSTEM') throw new DomainError('SYSTEM_ROLE_READONLY');
  assertVersion(role.version, version);
  return role;
}

/** The rights each of these users holds through roles, by the company of each role (links without roles: absent). */
export async function userRightsByCompany(db: Db, userIds: number[]): Promise<Map<number, Map<number, number[]>>> {
  const map = new Map<number, Map<number, number[]>>();
  if (!userIds.length) return map;
  const rows = await db
    .selectDistinct({ userId: userRoles.userId, companyId: userRoles.companyId, rightId: roleRights.rightId })
    .from(userRoles)
    .innerJoin(roleRights, eq(roleRights.roleId, userRoles.roleId))
    .where(inArray(userRoles.userId, userIds));
  for (const r of rows) {
    const byCompany = map.get(r.userId) ?? new Map<number, number[]>();
    byCompany.set(r.companyId, [...(byCompany.get(r.companyId) ?? []), r.rightId]);
    map.set(r.userId, byCompany);
  }
  return map;
}

export async function roleRightIds(db: Db, roleId: number): Promise<number[]> {
  const rows = await db.select({ id: roleRights.rightId }).from(roleRights).where(eq(roleRights.roleId, roleId)).orderBy(asc(roleRights.rightId));
  return rows.map((r) => r.id);
}

function checkRightIds(rightIds: readonly number[]): number[] {
  const unknown = rightIds.filter((id) => !ALL_RIGHT_IDS.includes(id));
  if (unknown.length) throw new DomainError('INVALID_INPUT', { field: 'rightIds', rule: 'unknownRight', ids: unknown.join(', ') });
  // An operation right implies the menus above it (else the role could never reach it).
  return withAncestorRights(rightIds);
}

async function writeRoleRights(tx: Db, role: RoleRow, rightIds: number[]): Promise<void> {
  await tx.delete(roleRights).where(eq(roleRights.roleId, role.id));
  if (rightIds.length) await tx.insert(roleRights).values(rightIds.map((rightId) => ({ roleId: role.id, rightId, companyId: role.companyId })));
}

/**
 * Replaces a role's rights. The role is locked and its version checked in the same transaction, so
 * of two editors who loaded the same version, the second gets STALE_DATA instead of erasing the
 * first one's additions.
 */
export async function replaceRoleRights(db: Db, roleId: number, rightIds: number[], version?: number): Promise<number[]> {
  const unique = checkRightIds(rightIds);
  return withTx(db, async (tx) => {
    const role = await lockEditableRole(tx, roleId, version);
    await writeRoleRights(tx, role, unique);
    await tx.update(roles).set({ version: sql`${roles.version} + 1` }).where(eq(roles.id, role.id));
    return roleRightIds(tx, role.id);
  });
}

export async function createRole(db: Db, v: { companyId: number; name: string; remark?: string | null; kind?: string }, rightIds?: number[]): Promise<RoleRow> {
  const unique = rightIds ? checkRightIds(rightIds) : undefined;
  return withTx(db, async (tx) => {
    const [row] = await tx.insert(roles).values({ companyId: v.companyId, name: v.name, remark: v.remark ?? null, kind: v.kind ?? 'USER' }).returning();
    if (unique) await writeRoleRights(tx, row, unique);
    return row;
  });
}

/**
 * Renames a role and/or replaces its rights in one transaction. Absent fields are left alone; an
 * update with nothing to change answers the role as it is.
 */
export async function updateRole(db: Db, roleId: number, patch: { name?: string; remark?: string | null }, rightIds?: number[], version?: number): Promise<RoleRow> {
  const set = Object.fromEntries(Object.entries(patch).filter(([, v]) => v !== undefined)) as typeof patch;
  const unique = rightIds ? checkRightIds(rightIds) : undefined;
  return withTx(db, async (tx) => {
    const role = await lockEditableRole(tx, roleId, version);
    if (!Object.keys(set).length && !unique) return role;
    if (unique) await writeRoleRights(tx, role, unique);
    const [row] = await tx.update(roles).set({ ...set, version: sql`${roles.version} + 1` }).where(eq(roles.id, role.id)).returning();
    return row;
  });
}

/** Deletes an unused role; the in-use check and the delete run under the role's lock. */
export async function deleteRole(db: Db, id: number): Promise<void> {
  await withTx(db, async (tx) => {
    const role = await lockEditableRole(tx, id, undefined);
    const [used] = await tx.select({ id: userRoles.id }).from(userRoles).where(eq(userRoles.roleId, role.id)).limit(1);
    if (used) throw new DomainError('IN_USE');
    await tx.delete(roles).where(eq(roles.id, role.id));
  });
}

export async function rightsCatalogue(db: Db) {
  return db.select().from(rights).orderBy(asc(rights.sort), asc(rights.id));
}

export interface LinkFilter {
  userId?: number;
  roleId?: number;
  companyId?: number;
}

/** User roles in the given companies, paged; sortable by id, userId, roleId, companyId, username, roleName. */
export async function listUserRoles(db: Db, companyIds: number[], f: LinkFilter, p: Paging) {
  const conds: SQL[] = [companyIds.length ? inArray(userRoles.companyId, companyIds) : sql`false`];
  if (f.userId) conds.push(eq(userRoles.userId, f.userId));
  if (f.roleId) conds.push(eq(userRoles.roleId, f.roleId));
  if (f.companyId) conds.push(eq(userRoles.companyId, f.companyId));
  const rows = await db
    .select({ id: userRoles.id, companyId: userRoles.companyId, userId: userRoles.userId, roleId: userRoles.roleId, roleName: roles.name, username: users.username, total: countAll })
    .from(userRoles)
    .innerJoin(roles, eq(roles.id, userRoles.roleId))
    .innerJoin(users, eq(users.id, userRoles.userId))
    .where(and(...conds))
    .orderBy(...orderBy(p.sort, { id: userRoles.id, userId: userRoles.userId, roleId: userRoles.roleId, companyId: userRoles.companyId, username: users.username, roleName: roles.name }, [asc(userRoles.id)]))
    .limit(p.limit)
    .offset(p.offset);
  const total = rows[0]?.total ?? (p.offset > 0 ? await countRows(db, userRoles, and(...conds)) : 0);
  return { content: rows.map(({ total: _t, ...r }) => r), total };
}

async function countRows(db: Db, table: typeof userRoles | typeof userCompanies, where: SQL | undefined): Promise<number> {
  const [r] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(table).where(where);
  return r.n;
}

export async function addUserRole(db: Db, userId: number, role: RoleRow) {
  // A role only makes sense in a company the user is linked to; link implicitly.
  await db.insert(userCompanies).values({ userId, companyId: role.companyId }).onConflictDoNothing();
  const [row] = await db.insert(userRoles).values({ userId, roleId: role.id, companyId: role.companyId }).onConflictDoNothing().returning();
  if (row) return row;
  const [existing] = await db.select().from(userRoles).where(and(eq(userRoles.userId, userId), eq(userRoles.roleId, role.id))).limit(1);
  return existing;
}

export async function findUserRole(db: Db, id: number) {
  const [r] = await db.select().from(userRoles).where(eq(userRoles.id, id)).limit(1);
  return r;
}

export async function deleteUserRoles(db: Db, ids: number[]) {
  if (ids.length) await db.delete(userRoles).where(inArray(userRoles.id, ids));
}

/** User-company links in the given companies (null = all), paged; sortable by id, userId, companyId, username, companyName. */
export async function listUserCompanies(db: Db, companyIds: number[] | null, f: LinkFilter, p: Paging) {
  const conds: SQL[] = [];
  if (companyIds) conds.push(companyIds.length ? inArray(userCompanies.companyId, companyIds) : sql`false`);
  if (f.userId) conds.push(eq(userCompanies.userId, f.userId));
  if (f.companyId) conds.push(eq(userCompanies.companyId, f.companyId));
  const where = conds.length ? and(...conds) : undefined;
  const rows = await db
    .select({ id: userCompanies.id, userId: userCompanies.userId, companyId: userCompanies.companyId, companyName: companies.name, username: users.username, name: users.name, total: countAll })
    .from(userCompanies)
    .innerJoin(companies, eq(companies.id, userCompanies.companyId))
    .innerJoin(users, eq(users.id, userCompanies.userId))
    .where(where)
    .orderBy(...orderBy(p.sort, { id: userCompanies.id, userId: userCompanies.userId, companyId: userCompanies.companyId, username: users.username, companyName: companies.name }, [asc(userCompanies.id)]))
    .limit(p.limit)
    .offset(p.offset);
  const total = rows[0]?.total ?? (p.offset > 0 ? await countRows(db, userCompanies, where) : 0);
  return { content: rows.map(({ total: _t, ...r }) => r), total };
}

export async function addUserCompany(db: Db, userId: number, companyId: number) {
  await db.insert(userCompanies).values({ userId, companyId }).onConflictDoNothing();
  const [row] = await db.select().from(userCompanies).where(and(eq(userCompanies.userId, userId), eq(userCompanies.companyId, companyId))).limit(1);
  return row;
}

export async function findUserCompany(db: Db, id: number) {
  const [r] = await db.select().from(userCompanies).where(eq(userCompanies.id, id)).limit(1);
  return r;
}

/** Unlinking a user from a company also removes the user's roles there. */
export async function deleteUserCompany(db: Db, link: { id: number; userId: number; companyId: number }) {
  await withTx(db, async (tx) => {
    await tx.delete(userRoles).where(and(eq(userRoles.userId, link.userId), eq(userRoles.companyId, link.companyId)));
    await tx.delete(userCompanies).where(eq(userCompanies.id, link.id));
  });
}
