/**
 * The floor of every authenticated call: the session of a bearer token, its user, and the user's
 * companies with the rights held in each — in one prepared statement (it used to be two statements,
 * built by the query builder on every call). Nothing is cached between calls, so sign-out, a password
 * change, a disabled user and a changed role or right take effect on the very next call.
 * The session bookkeeping (idle revocation, lastSeenAt every 30 s) stays as in features/idm/sessions.ts.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { sessions, users } from '../db/schema';
import { hashToken } from './tokens';
import { IDLE_TIMEOUT_MS } from '../../domain/constants';

/**
 * [companyId, rightIds] of every company the user may work in, by company id. Admins: every
 * undeleted company, rights implied (empty). Others: linked undeleted companies and the rights of
 * their roles there (a link without roles has no rights).
 */
const rightsByCompanySql = sql<Array<[number, number[]]>>`case when ${users.kind} = 'ADMIN' then
  (select coalesce(json_agg(json_build_array(c.id, '[]'::json) order by c.id), '[]'::json) from companies c where c.deleted = false)
else
  (select coalesce(json_agg(json_build_array(l.company_id, l.rights) order by l.company_id), '[]'::json) from (
    select uc.company_id, coalesce(json_agg(rr.right_id) filter (where rr.right_id is not null), '[]'::json) as rights
    from user_companies uc
    join companies c on c.id = uc.company_id and c.deleted = false
    left join user_roles ur on ur.user_id = uc.user_id and ur.company_id = uc.company_id
    left join role_rights rr on rr.role_id = ur.role_id
    where uc.user_id = ${users.id}
    group by uc.company_id) l)
end`;

function prepareStatements(db: Db) {
  return {
    caller: db
      // Only the columns a call needs (not the password hash): fewer values to read and map.
      .select({
        s: { id: sessions.id, companyId: sessions.companyId, expiresAt: sessions.expiresAt, lastSeenAt: sessions.lastSeenAt, revokedAt: sessions.revokedAt },
        u: { id: users.id, username: users.username, name: users.name, kind: users.kind, state: users.state, companyId: users.companyId, language: users.language },
        rights: rightsByCompanySql,
      })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(eq(sessions.tokenHash, sql.placeholder('tokenHash')))
      .limit(1)
      .prepare('ld_auth_caller'),
    touch: db.update(sessions).set({ lastSeenAt: sql`${sql.placeholder('at')}` }).where(eq(sessions.id, sql.placeholder('id'))).prepare('ld_auth_touch'),
    revoke: db.update(sessions).set({ revokedAt: sql`${sql.placeholder('at')}` }).where(eq(sessions.id, sql.placeholder('id'))).prepare('ld_auth_revoke'),
  };
}

/** Prepared once per database handle (one app = one handle; tests open many). */
const prepared = new WeakMap<Db, ReturnType<typeof prepareStatements>>();

function statementsOf(db: Db) {
  let p = prepared.get(db);
  if (!p) prepared.set(db, (p = prepareStatements(db)));
  return p;
}

type CallerRow = Pick<typeof users.$inferSelect, 'id' | 'username' | 'name' | 'kind' | 'state' | 'companyId' | 'language'>;

export type CallerLookup =
  | { status: 'ok'; sessionId: number; companyId: number | null; user: CallerRow; rights: Map<number, Set<number>> }
  | { status: 'missing' | 'expired' | 'idle' };

/**
 * Resolves a token to its session, user and rights. A token idle for longer than the idle time-out
 * is revoked and refused (the spec's 1-hour idle rule); lastSeenAt is refreshed at most every 30 s.
 */
export async function lookupCaller(db: Db, token: string, now = Date.now(), idleTimeoutMs = IDLE_TIMEOUT_MS): Promise<CallerLookup> {
  const st = statementsOf(db);
  const [row] = await st.caller.execute({ tokenHash: hashToken(token) });
  const s = row?.s;
  if (!s || s.revokedAt) return { status: 'missing' };
  if (Date.parse(s.expiresAt) <= now) return { status: 'expired' };
  const lastSeen = Date.parse(s.lastSeenAt);
  if (now - lastSeen > idleTimeoutMs) {
    await st.revoke.execute({ id: s.id, at: new Date(now).toISOString() });
    return { status: 'idle' };
  }
  if (now - lastSeen > 30_000) await st.touch.execute({ id: s.id, at: new Date(now).toISOString() });
  const rights = new Map<number, Set<number>>();
  for (const [companyId, rightIds] of row.rights ?? []) rights.set(companyId, new Set(rightIds));
  return { status: 'ok', sessionId: s.id, companyId: s.companyId, user: row.u, rights };
}
