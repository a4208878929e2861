/** Users: list, create, update, state changes, passwords. */
import { withTx } from '../../db/tx';
import { and, eq, ilike, inArray, isNotNull, or, sql, type SQL } from 'drizzle-orm';
import { union } from 'drizzle-orm/pg-core';
import { hash, verify } from '@node-rs/argon2';
import type { Db } from '../../db/client';
import { files, userCompanies, userRoles, roles, users } from '../../db/schema';
import { countAll, idList, likeKeyword, orderBy } from '../../db/queries/list';
import type { Paging } from '../../../contract/common';
import { DomainError } from '../../../domain/result-codes';

export type UserRow = typeof users.$inferSelect;

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes).
const ARGON = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
// PASSWORD_HASH_COST=test (the API tests only: vite.config.ts, tests/api/global-setup.ts): the least
// argon2id allows, so the suite's ~1,500 hashes and checks cost ~1 ms each instead of ~25 ms of CPU.
// A check reads the cost from the stored hash, so a database keeps working under either setting.
const ARGON_TEST = { memoryCost: 1_024, timeCost: 1, parallelism: 1 } as const;
export const hashPassword = (plain: string) => hash(plain, process.env.PASSWORD_HASH_COST === 'test' ? ARGON_TEST : ARGON);
export async function verifyPassword(hashed: string, plain: string): Promise<boolean> {
  try {
    return await verify(hashed, plain);
  } catch {
    return false;
  }
}

export async function findUserByUsername(db: Db, username: string): Promise<UserRow | undefined> {
  const [u] = await db.select().from(users).where(sql`lower(${users.username}) = lower(${username})`).limit(1);
  return u;
}

export interface UserListScope {
  /** Only users linked to one of these companies; null = all users (admins without a company filter). */
  companyIds: number[] | null;
  /** Leave ADMIN users out (callers who are not admins never see them). */
  excludeAdmins: boolean;
}

export async function listUsers(db: Db, p: Paging, scope: UserListScope) {
  const f = p.filter;
  const conds: SQL[] = [];
  const kw = likeKeyword(f.keyword);
  if (kw) conds.push(or(ilike(users.username, kw), ilike(users.name, kw), ilike(users.mobileTel, kw), ilike(users.email, kw))!);
  if (typeof f.kind === 'string') conds.push(eq(users.kind, f.kind));
  if (typeof f.state === 'string') conds.push(eq(users.state, f.state));
  const ids = idList(f.id);
  if (ids) conds.push(ids.length ? inArray(users.id, ids) : sql`false`);
  if (scope.excludeAdmins) conds.push(sql`${users.kind} <> 'ADMIN'`);
  if (scope.companyIds) {
    conds.push(scope.companyIds.length ? sql`exists (select 1 from ${userCompanies} uc where uc.user_id = ${users.id} and uc.company_id in ${scope.companyIds})` : sql`false`);
  }
  const rows = await db
    .select({ user: users, total: countAll })
    .from(users)
    .where(conds.length ? and(...conds) : undefined)
    .orderBy(...orderBy(p.sort, { username: users.username, name: users.name, createdAt: users.createdAt, state: users.state, kind: users.kind, id: users.id }, [sql`${users.id}`]))
    .limit(p.limit)
    .offset(p.offset);
  const total = rows[0]?.total ?? (p.offset > 0 ? await countUsers(db, conds) : 0);
  return { rows: rows.map((r) => r.user), total };
}

async function countUsers(db: Db, conds: SQL[]): Promise<number> {
  const [r] = await db.select({ n: sql<number>`cast(count(*) as integer)` }).from(users).where(conds.length ? and(...conds) : undefined);
  return r.n;
}

export async function userLinkedTo(db: Db, userId: number, companyIds: number[]): Promise<boolean> {
  if (!companyIds.length) return false;
  const [r] = await db.select({ id: userCompanies.id }).from(userCompanies).where(and(eq(userCompanies.userId, userId), inArray(userCompanies.companyId, companyIds))).limit(1);
  return !!r;
}

/**
 * Every company each of these users is tied to: linked companies, companies of the user's roles and
 * the home company (users tied to none: absent). A caller may act on a user only when it manages
 * all of them (http/idm-guards.ts, one query for a whole page of users).
 */
export async function companiesOfUsers(db: Db, userIds: number[]): Promise<Map<number, number[]>> {
  const map = new Map<number, number[]>();
  if (!userIds.length) return map;
  const rows = await union(
    db.select({ userId: userCompanies.userId, companyId: userCompanies.companyId }).from(userCompanies).where(inArray(userCompanies.userId, userIds)),
    db.select({ userId: userRoles.userId, companyId: userRoles.companyId }).from(userRoles).where(inArray(userRoles.userId, userIds)),
    db.select({ userId: users.id, companyId: sql<number>`${users.companyId}` }).from(users).where(and(inArray(users.id, userIds), isNotNull(users.companyId))),
  );
  for (const r of rows) {
    const userId = Number(r.userId);
    map.set(userId, [...(map.get(userId) ?? []), Number(r.companyId)]);
  }
  return map;
}

export interface NewUser {
  username: string;
  name: string;
  password: string;
  kind: 'ADMIN' | 'OTHER';
  state: 'NORMAL' | 'DISABLED' | 'LOCKED';
  companyId?: number | null;
  mobileTel?: string | null;
  email?: string | null;
  companyIds?: number[];
  roleIds?: number[];
}

/**
 * Creates a user with company links and roles. Role ids must have been checked by the caller
 * (routes: guardAssignableRole); a role also links the user to its company, as addUserRole does.
 */
export async function createUser(db: Db, u: NewUser): Promise<UserRow> {
  if (await findUserByUsername(db, u.username)) throw new DomainError('DATA_DUPLICATION');
  const passwordHash = await hashPassword(u.password);
  return withTx(db, async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({ username: u.username, name: u.name, passwordHash, kind: u.kind, state: u.state, companyId: u.companyId ?? null, mobileTel: u.mobileTel ?? null, email: u.email ?? null })
      .returning();
    const rs = u.roleIds?.length ? await tx.select({ id: roles.id, companyId: roles.companyId }).from(roles).where(inArray(roles.id, u.roleIds)) : [];
    if (rs.length !== new Set(u.roleIds ?? []).size) throw new DomainError('NO_PERMISSION');
    const companyIds = [...new Set([...(u.companyIds ?? []), ...(u.companyId ? [u.companyId] : []), ...rs.map((r) => r.companyId)])];
    if (companyIds.length) await tx.insert(userCompanies).values(companyIds.map((companyId) => ({ userId: row.id, companyId }))).onConflictDoNothing();
    if (rs.length) await tx.insert(userRoles).values(rs.map((r) => ({ userId: row.id, roleId: r.id, companyId: r.companyId }))).onConflictDoNothing();
    return row;
  });
}

type UserPatch = Partial<Pick<UserRow, 'name' | 'kind' | 'state' | 'companyId' | 'mobileTel' | 'email' | 'language' | 'avatarFileId' | 'username'>>;

/**
 * Refuses (LAST_ADMIN) a change that would leave no active administrator: the target is an ADMIN in
 * state NORMAL and afterwards is not (demoted, disabled, locked; `after` null = deleted) while no
 * other active admin exists. Inside a transaction the active admins are row-locked in id order, so
 * two admins demoting each other at the same time cannot both succeed.
 */
export async function refuseLastAdmin(db: Db, userId: number, after: { kind?: string; state?: string } | null): Promise<void> {
  if (after && (after.kind ?? 'ADMIN') === 'ADMIN' && (after.state ?? 'NORMAL') === 'NORMAL') return;
  const active = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.kind, 'ADMIN'), eq(users.state, 'NORMAL')))
    .orderBy(users.id)
    .for('update');
  if (active.some((a) => a.id === userId) && active.length <= 1) throw new DomainError('LAST_ADMIN');
}

/** Company links and roles an update adds (checked by the caller, as createUser's). */
export interface UserLinks {
  companyIds: number[];
  roles: ReadonlyArray<{ id: number; companyId: number }>;
}

/**
 * Changes the user's fields and adds the links and roles given (never removes one: the link routes
 * do), in one transaction; a role also links its company, as addUserRole does.
 */
export async function updateUser(db: Db, id: number, patch: UserPatch, links: UserLinks = { companyIds: [], roles: [] }): Promise<UserRow> {
  const write = async (tx: Db) => {
    const [row] = await tx.update(users).set({ ...patch, updatedAt: sql`now()` }).where(eq(users.id, id)).returning();
    if (!row) throw new DomainError('NO_PERMISSION');
    const companyIds = [...new Set([...links.companyIds, ...links.roles.map((r) => r.companyId)])];
    if (companyIds.length) await tx.insert(userCompanies).values(companyIds.map((companyId) => ({ userId: id, companyId }))).onConflictDoNothing();
    if (links.roles.length) await tx.insert(userRoles).values(links.roles.map((r) => ({ userId: id, roleId: r.id, companyId: r.companyId }))).onConflictDoNothing();
    return row;
  };
  const linking = links.companyIds.length > 0 || links.roles.length > 0;
  if (patch.kind === undefined && patch.state === undefined && !linking) return write(db);
  return withTx(db, async (tx) => {
    if (patch.kind !== undefined || patch.state !== undefined) await refuseLastAdmin(tx, id, { kind: patch.kind, state: patch.state });
    return write(tx);
  });
}

export async function setUserPassword(db: Db, id: number, plain: string): Promise<void> {
  await db.update(users).set({ passwordHash: await hashPassword(plain), updatedAt: sql`now()` }).where(eq(users.id, id));
}

/** Stores a new avatar and removes the one it replaces, in one transaction. */
export async function replaceAvatar(db: Db, userId: number, file: { name: string; mime: string; content: Buffer }): Promise<UserRow> {
  return withTx(db, async (tx) => {
    const [old] = await tx.select({ avatarFileId: users.avatarFileId }).from(users).where(eq(users.id, userId)).limit(1);
    const [f] = await tx.insert(files).values({ ownerId: userId, name: file.name, mime: file.mime, size: file.content.length, content: file.content }).returning({ id: files.id });
    const [row] = await tx.update(users).set({ avatarFileId: f.id, updatedAt: sql`now()` }).where(eq(users.id, userId)).returning();
    if (old?.avatarFileId) await tx.delete(files).where(and(eq(files.id, old.avatarFileId), eq(files.ownerId, userId)));
    return row;
  });
}

/**
 * Deletes a user with the avatar; sessions, links, roles and saved data go by cascade. Other files
 * the user uploaded stay (owner_id becomes null): they belong to the company.
 */
export async function deleteUser(db: Db, id: number): Promise<void> {
  await withTx(db, async (tx) => {
    await refuseLastAdmin(tx, id, null);
    const [u] = await tx.delete(users).where(eq(users.id, id)).returning({ avatarFileId: users.avatarFileId });
    if (u?.avatarFileId) await tx.delete(files).where(eq(files.id, u.avatarFileId));
  });
}
