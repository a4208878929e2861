/** Sessions: create on sign-in, resolve a bearer token, idle time-out, revoke. */
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { companies, roleRights, sessions, userCompanies, userRoles, users } from '../../db/schema';
import { hashToken, newToken } from '../../auth/tokens';
import { IDLE_TIMEOUT_MS, LOGIN_COOKIE_DAYS } from '../../../domain/constants';

export async function createSession(db: Db, userId: number, companyId: number | null, ip: string | null): Promise<{ token: string; sessionId: number }> {
  const token = newToken();
  const expiresAt = new Date(Date.now() + LOGIN_COOKIE_DAYS * 86_400_000).toISOString();
  const [row] = await db.insert(sessions).values({ userId, tokenHash: hashToken(token), companyId, expiresAt, ip }).returning({ id: sessions.id });
  return { token, sessionId: row.id };
}

export type SessionLookup =
  | { status: 'ok'; sessionId: number; userId: number; companyId: number | null; user: typeof users.$inferSelect }
  | { status: 'missing' | 'expired' | 'idle' };

/**
 * Resolves a token. A token idle for longer than the idle time-out is revoked and refused
 * (the spec's 1-hour idle rule, enforced here as well as in the app). lastSeenAt is refreshed
 * at most every 30 s to keep writes down.
 */
export async function resolveSession(db: Db, token: string, now = Date.now(), idleTimeoutMs = IDLE_TIMEOUT_MS): Promise<SessionLookup> {
  // The session and its user in one query (authentication costs two queries per request with the rights).
  const [row] = await db.select({ s: sessions, u: users }).from(sessions).innerJoin(users, eq(users.id, sessions.userId)).where(eq(sessions.tokenHash, hashToken(token))).limit(1);
  const s = row?.s;
  if (!s || s.revokedAt) return { status: 'missing' };
  if (Date.parse(s.expiresAt) <= now) return { status: 'expired' };
  const lastSeen = Date.parse(s.lastSeenAt);
  if (now - lastSeen > idleTimeoutMs) {
    await db.update(sessions).set({ revokedAt: new Date(now).toISOString() }).where(eq(sessions.id, s.id));
    return { status: 'idle' };
  }
  if (now - lastSeen > 30_000) {
    await db.update(sessions).set({ lastSeenAt: new Date(now).toISOString() }).where(eq(sessions.id, s.id));
  }
  return { status: 'ok', sessionId: s.id, userId: s.userId, companyId: s.companyId, user: row.u };
}

export async function revokeSession(db: Db, sessionId: number): Promise<void> {
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Ends every session of a user at once (logout everywhere, disable, password change). */
export async function revokeUserSessions(db: Db, userId: number, exceptSessionId?: number): Promise<void> {
  const cond = exceptSessionId
    ? and(eq(sessions.userId, userId), isNull(sessions.revokedAt), sql`${sessions.id} <> ${exceptSessionId}`)
    : and(eq(sessions.userId, userId), isNull(sessions.revokedAt));
  await db.update(sessions).set({ revokedAt: sql`now()` }).where(cond);
}

export async function setSessionCompany(db: Db, sessionId: number, companyId: number): Promise<void> {
  await db.update(sessions).set({ companyId }).where(eq(sessions.id, sessionId));
}

/**
 * Companies a user may work in and the rights held in each. ADMIN: every undeleted company (rights
 * are implied). OTHER: the linked, undeleted companies with the rights of the user's roles there.
 */
export async function loadRightsByCompany(db: Db, user: { id: number; kind: string }): Promise<Map<number, Set<number>>> {
  const map = new Map<number, Set<number>>();
  if (user.kind === 'ADMIN') {
    const rows = await db.select({ id: companies.id }).from(companies).where(eq(companies.deleted, false)).orderBy(companies.id);
    for (const r of rows) map.set(r.id, new Set());
    return map;
  }
  // Links and the rights of the roles held there, in one query (a link without roles gives one null row).
  const rows = await db
    .select({ companyId: userCompanies.companyId, rightId: roleRights.rightId })
    .from(userCompanies)
    .innerJoin(companies, and(eq(companies.id, userCompanies.companyId), eq(companies.deleted, false)))
    .leftJoin(userRoles, and(eq(userRoles.userId, userCompanies.userId), eq(userRoles.companyId, userCompanies.companyId)))
    .leftJoin(roleRights, eq(roleRights.roleId, userRoles.roleId))
    .where(eq(userCompanies.userId, user.id))
    .orderBy(userCompanies.companyId);
  for (const r of rows) {
    if (!map.has(r.companyId)) map.set(r.companyId, new Set());
    if (r.rightId !== null) map.get(r.companyId)!.add(r.rightId);
  }
  return map;
}

export async function findUserById(db: Db, id: number) {
  const [u] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return u;
}
