/** Sign-in and the signed-in user's own session: /idm/user/login, logout, refreshToken, current, rights… */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { fileTypeFromBuffer } from 'file-type';
import { ok } from '../../http/reply';
import { handle } from '../../http/route';
import { normalizePaging } from '../../../contract/common';
import { sessionApi, type SessionUserDto } from '../../../contract/idm';
import { DomainError } from '../../../domain/result-codes';
import { AVATAR_MAX_BYTES } from '../../../domain/constants';
import { ALL_RIGHT_IDS } from '../../../domain/rights';
import { captchaRequired, clearGuard, consumeCaptcha, getGuard, issueCaptcha, mayVerify, reserveAttempt } from './login-guards';
import { createSession, findUserById, loadRightsByCompany, revokeSession, revokeUserSessions, setSessionCompany } from './sessions';
import { findUserByUsername, hashPassword, replaceAvatar, setUserPassword, updateUser, verifyPassword, type UserRow } from './users';
import { listRoles, rightsCatalogue } from './roles';
import { toUserDto } from './dto';
import { employeeOfUser, principalDepartments as staffPrincipalDepartments } from '../staff/service';
import type { Access } from '../../auth/access';
import { localTypeName } from '../../../domain/names';

// A real hash to verify against when the username is unknown, so timing does not reveal it.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('not-a-user-0'));

async function sessionUser(app: FastifyInstance, user: UserRow, currentCompanyId: number | null, rights: Map<number, Set<number>>): Promise<SessionUserDto> {
  const rightIds = user.kind === 'ADMIN' ? [...ALL_RIGHT_IDS] : currentCompanyId !== null ? [...(rights.get(currentCompanyId) ?? [])] : [];
  const employee = currentCompanyId !== null ? await employeeOfUser(app.db, currentCompanyId, user.id) : null;
  const principalDepartments = currentCompanyId !== null && employee ? await staffPrincipalDepartments(app.db, currentCompanyId, user.id) : [];
  return { ...toUserDto(app, user), currentCompanyId, rightIds: rightIds.sort((a, b) => a - b), employee, principalDepartments };
}

async function currentUserOf(app: FastifyInstance, access: Access): Promise<SessionUserDto> {
  const user = await findUserById(app.db, access.user.id);
  if (!user) throw new DomainError('UNAUTHENTICATED');
  const rights = await loadRightsByCompany(app.db, user);
  return sessionUser(app, user, access.currentCompanyId, rights);
}

function failLogin(code: 'LOGIN_FAILED' | 'CAPTCHA_REQUIRED' | 'CAPTCHA_WRONG', captchaRequiredNow: boolean, captcha: string | null): never {
  throw new DomainError(code, {}, { captchaRequired: captchaRequiredNow, captcha });
}

/** Renames per signed-in user (authentication runs before the limiter), not per address. */
const usernameChangeLimit = { max: 10, timeWindow: '10 minutes', keyGenerator: (req: FastifyRequest) => `changeUsername:${req.access?.user.id ?? req.ip}` };

export async function sessionRoutes(app: FastifyInstance): Promise<void> {
  handle(app, sessionApi.login, async (req) => {
    const { username, password, captcha } = req.body;
    const db = app.db;
    const guard = await getGuard(db, username);
    let captchaSolved = false;
    if (captchaRequired(guard)) {
      if (!captcha) failLogin('CAPTCHA_REQUIRED', true, await issueCaptcha(db, username));
      if (!(await consumeCaptcha(db, username, captcha))) failLogin('CAPTCHA_WRONG', true, await issueCaptcha(db, username));
      captchaSolved = true;
    }
    // Counted before the (slow) password check, atomically: concurrent wrong passwords past the
    // threshold are refused without a real check unless they solved a captcha.
    const attempt = await reserveAttempt(db, username);
    if (!mayVerify(attempt, captchaSolved)) failLogin('CAPTCHA_REQUIRED', true, await issueCaptcha(db, username));
    const user = await findUserByUsername(db, username);
    const good = await verifyPassword(user?.passwordHash ?? (await dummy()), password);
    if (!user || !good) {
      const needs = captchaRequired({ failures: attempt });
      failLogin('LOGIN_FAILED', needs, needs ? await issueCaptcha(db, username) : null);
    }
    // The right password: the reserved attempt was no failure.
    await clearGuard(db, username);
    if (user.state === 'DISABLED') throw new DomainError('USER_DISABLED');
    if (user.state === 'LOCKED') throw new DomainError('USER_LOCKED');
    const rights = await loadRightsByCompany(db, user);
    const companyId = user.companyId !== null && rights.has(user.companyId) ? user.companyId : (rights.keys().next().value ?? null);
    const { token } = await createSession(db, user.id, companyId, req.ip);
    return ok({ accessToken: token, user: await sessionUser(app, user, companyId, rights) });
  }, { config: { rateLimit: { max: app.opts.loginRateLimitMax ?? 20, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => req.ip } } });

  /** A fresh captcha image for a username that needs one ("captcha by userName"). */
  handle(app, sessionApi.captcha, async (req) => {
    const { userName } = req.query;
    const needed = captchaRequired(await getGuard(app.db, userName));
    return ok({ captchaRequired: needed, captcha: needed ? await issueCaptcha(app.db, userName) : null });
  }, { config: { rateLimit: { max: 60, timeWindow: '1 minute' } } });

  /** Logout ends every session of the user at once (other tabs and devices too), like a password change. */
  handle(app, sessionApi.logout, async (req) => {
    await revokeUserSessions(app.db, req.access.user.id);
    return ok(null);
  });

  handle(app, sessionApi.refreshToken, async (req) => {
    const { token } = await createSession(app.db, req.access.user.id, req.access.currentCompanyId, req.ip);
    await revokeSession(app.db, req.access.sessionId);
    return ok({ accessToken: token });
  });

  handle(app, sessionApi.current, async (req) => ok(await currentUserOf(app, req.access)));

  handle(app, sessionApi.rights, async (req) => {
    const { companyId } = req.query;
    if (companyId !== undefined && !req.access.isLinked(companyId)) throw new DomainError('NO_PERMISSION');
    return ok(req.access.rightIds(companyId ?? req.access.currentCompanyId).sort((a, b) => a - b));
  });

  handle(app, sessionApi.allRights, async (req) => {
    const rows = await rightsCatalogue(app.db);
    return ok(rows.map((r) => ({ id: r.id, parentId: r.parentId, nameZh: r.nameZh, nameEn: r.nameEn, name: localTypeName(req.lang, r), sort: r.sort })));
  });

  handle(app, sessionApi.myRoles, async (req) => {
    const companyId = req.access.currentCompanyId;
    if (companyId === null) return ok([]);
    const all = await listRoles(app.db, normalizePaging({ limit: 1000 }), companyId);
    const mine = await app.db.query.userRoles.findMany({ where: (ur, { eq }) => eq(ur.userId, req.access.user.id) });
    const ids = new Set(mine.map((m) => m.roleId));
    return ok(all.content.filter((r) => ids.has(r.id)));
  });

  handle(app, sessionApi.changePassword, async (req) => {
    const { oldPassword, newPassword } = req.body;
    const user = await findUserById(app.db, req.access.user.id);
    if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) throw new DomainError('OLD_PASSWORD_WRONG');
    await setUserPassword(app.db, user.id, newPassword);
    // A password change ends every session of the user, this one included.
    await revokeUserSessions(app.db, user.id);
    return ok(null);
  });

  /**
   * Renames the caller only (the body names no user). Usernames are global, so a name taken in any
   * company answers the spec's "Data duplication!" — and nothing else about its holder; the attempts
   * are rate-limited per user so the route cannot serve to list the names of other companies.
   */
  handle(app, sessionApi.changeUsername, async (req) => {
    const { username } = req.body;
    const other = await findUserByUsername(app.db, username);
    if (other && other.id !== req.access.user.id) throw new DomainError('DATA_DUPLICATION');
    // A concurrent rename to the same name hits the unique index: also DATA_DUPLICATION (errors.ts).
    await updateUser(app.db, req.access.user.id, { username });
    return ok(await currentUserOf(app, req.access));
  }, { config: { rateLimit: usernameChangeLimit } });

  handle(app, sessionApi.switchCompany, async (req) => {
    const { companyId } = req.body;
    if (!req.access.isLinked(companyId)) throw new DomainError('NO_PERMISSION');
    await setSessionCompany(app.db, req.access.sessionId, companyId);
    const user = await findUserById(app.db, req.access.user.id);
    return ok(await sessionUser(app, user!, companyId, await loadRightsByCompany(app.db, user!)));
  });

  handle(app, sessionApi.language, async (req) => {
    await updateUser(app.db, req.access.user.id, { language: req.body.language });
    return ok(null);
  });

  /** Avatar upload: png or jpeg under 200 kB, recognised by content, not by file name. */
  handle(app, sessionApi.avatar, async (req) => {
    const part = await req.file({ limits: { fileSize: AVATAR_MAX_BYTES } });
    if (!part) throw new DomainError('INVALID_INPUT', { detail: 'file' });
    const buf = await part.toBuffer();
    if (part.file.truncated || buf.length > AVATAR_MAX_BYTES) throw new DomainError('FILE_TOO_LARGE');
    const type = await fileTypeFromBuffer(buf);
    if (!type || !['image/png', 'image/jpeg'].includes(type.mime)) throw new DomainError('FILE_TYPE_NOT_ALLOWED');
    // The replaced avatar is removed with it, so old images do not pile up.
    await replaceAvatar(app.db, req.access.user.id, { name: part.filename || `avatar.${type.ext}`, mime: type.mime, content: buf });
    return ok(await currentUserOf(app, req.access));
  });
}
