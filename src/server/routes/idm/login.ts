/** Sign-in and the signed-in user's own session: /idm/user/login, logout, refreshToken, current, rights… */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { fileTypeFromBuffer } from 'file-type';
import { ok } from '../../http/reply';
import { envelope } from '../../../contract/common';
import {
  changePasswordBody, changeUsernameBody, languageBody, loginAnswer, loginBody, rightDto, roleDto, sessionUserDto, switchCompanyBody, type SessionUserDto,
} from '../../../contract/idm';
import { DomainError } from '../../../domain/result-codes';
import { AVATAR_MAX_BYTES } from '../../../domain/constants';
import { captchaRequired, clearGuard, consumeCaptcha, getGuard, issueCaptcha, recordFailure } from '../../db/queries/login-guards';
import { createSession, findUserById, loadRightsByCompany, revokeSession, revokeUserSessions, setSessionCompany } from '../../db/queries/sessions';
import { findUserByUsername, hashPassword, replaceAvatar, setUserPassword, updateUser, verifyPassword, type UserRow } from '../../db/queries/users';
import { listRoles, rightsCatalogue } from '../../db/queries/roles';
import { toUserDto } from '../dto';
import type { Access } from '../../auth/access';
import { ALL_RIGHT_IDS } from '../../../domain/rights';
import { normalizePaging } from '../../../contract/common';

// A real hash to verify against when the username is unknown, so timing does not reveal it.
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword('not-a-user-0'));

async function sessionUser(app: FastifyInstance, user: UserRow, currentCompanyId: number | null, rights: Map<number, Set<number>>): Promise<SessionUserDto> {
  const rightIds = user.kind === 'ADMIN' ? [...ALL_RIGHT_IDS] : currentCompanyId !== null ? [...(rights.get(currentCompanyId) ?? [])] : [];
  return { ...toUserDto(app, user), currentCompanyId, rightIds: rightIds.sort((a, b) => a - b) };
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

export async function loginRoutes(app: FastifyInstance): Promise<void> {
  const self = { right: null, scope: 'self' } as const;

  app.post('/login', {
    config: {
      access: { public: true },
      rateLimit: { max: app.opts.loginRateLimitMax ?? 20, timeWindow: '1 minute', keyGenerator: (req: FastifyRequest) => req.ip },
    },
    schema: { tags: ['idm'], security: [], body: loginBody, response: { 200: envelope(loginAnswer) } },
  }, async (req) => {
    const { username, password, captcha } = req.body as z.infer<typeof loginBody>;
    const db = app.db;
    const guard = await getGuard(db, username);
    if (captchaRequired(guard)) {
      if (!captcha) failLogin('CAPTCHA_REQUIRED', true, await issueCaptcha(db, username));
      if (!(await consumeCaptcha(db, username, captcha))) failLogin('CAPTCHA_WRONG', true, await issueCaptcha(db, username));
    }
    const user = await findUserByUsername(db, username);
    const good = await verifyPassword(user?.passwordHash ?? (await dummy()), password);
    if (!user || !good) {
      const failures = await recordFailure(db, username);
      const needs = captchaRequired({ failures });
      failLogin('LOGIN_FAILED', needs, needs ? await issueCaptcha(db, username) : null);
    }
    if (user.state === 'DISABLED') throw new DomainError('USER_DISABLED');
    if (user.state === 'LOCKED') throw new DomainError('USER_LOCKED');
    await clearGuard(db, username);
    const rights = await loadRightsByCompany(db, user);
    const companyId = user.companyId !== null && rights.has(user.companyId) ? user.companyId : (rights.keys().next().value ?? null);
    const { token } = await createSession(db, user.id, companyId, req.ip);
    return ok({ accessToken: token, user: await sessionUser(app, user, companyId, rights) });
  });

  /** A fresh captcha image for a username that needs one ("captcha by userName"). */
  app.get('/captcha', {
    config: { access: { public: true }, rateLimit: { max: 60, timeWindow: '1 minute' } },
    schema: { tags: ['idm'], security: [], querystring: z.object({ userName: z.string().trim().min(1).max(50) }), response: { 200: envelope(z.object({ captchaRequired: z.boolean(), captcha: z.string().nullable() })) } },
  }, async (req) => {
    const { userName } = req.query as { userName: string };
    const needed = captchaRequired(await getGuard(app.db, userName));
    return ok({ captchaRequired: needed, captcha: needed ? await issueCaptcha(app.db, userName) : null });
  });

  /** Logout ends every session of the user at once (other tabs and devices too), like a password change. */
  app.post('/logout', { config: { access: self }, schema: { tags: ['idm'], response: { 200: envelope(z.null()) } } }, async (req) => {
    await revokeUserSessions(app.db, req.access.user.id);
    return ok(null);
  });

  app.post('/refreshToken', { config: { access: self }, schema: { tags: ['idm'], response: { 200: envelope(z.object({ accessToken: z.string() })) } } }, async (req) => {
    const { token } = await createSession(app.db, req.access.user.id, req.access.currentCompanyId, req.ip);
    await revokeSession(app.db, req.access.sessionId);
    return ok({ accessToken: token });
  });

  app.get('/current', { config: { access: self }, schema: { tags: ['idm'], response: { 200: envelope(sessionUserDto) } } }, async (req) => ok(await currentUserOf(app, req.access)));

  app.get('/rights', {
    config: { access: self },
    schema: { tags: ['idm'], querystring: z.object({ companyId: z.coerce.number().int().optional() }), response: { 200: envelope(z.array(z.number().int())) } },
  }, async (req) => {
    const { companyId } = req.query as { companyId?: number };
    if (companyId !== undefined && !req.access.isLinked(companyId)) throw new DomainError('NO_PERMISSION');
    return ok(req.access.rightIds(companyId ?? req.access.currentCompanyId).sort((a, b) => a - b));
  });

  app.get('/allRights', { config: { access: self }, schema: { tags: ['idm'], response: { 200: envelope(z.array(rightDto)) } } }, async (req) => {
    const rows = await rightsCatalogue(app.db);
    return ok(rows.map((r) => ({ id: r.id, parentId: r.parentId, nameZh: r.nameZh, nameEn: r.nameEn, name: req.lang === 'en_US' ? r.nameEn : r.nameZh, sort: r.sort })));
  });

  app.get('/role', { config: { access: self }, schema: { tags: ['idm'], response: { 200: envelope(z.array(roleDto)) } } }, async (req) => {
    const companyId = req.access.currentCompanyId;
    if (companyId === null) return ok([]);
    const all = await listRoles(app.db, normalizePaging({ limit: 1000 }), companyId);
    const mine = await app.db.query.userRoles.findMany({ where: (ur, { eq }) => eq(ur.userId, req.access.user.id) });
    const ids = new Set(mine.map((m) => m.roleId));
    return ok(all.content.filter((r) => ids.has(r.id)));
  });

  app.post('/changePassword', { config: { access: self }, schema: { tags: ['idm'], body: changePasswordBody, response: { 200: envelope(z.null()) } } }, async (req) => {
    const { oldPassword, newPassword } = req.body as z.infer<typeof changePasswordBody>;
    const user = await findUserById(app.db, req.access.user.id);
    if (!user || !(await verifyPassword(user.passwordHash, oldPassword))) throw new DomainError('OLD_PASSWORD_WRONG');
    await setUserPassword(app.db, user.id, newPassword);
    // A password change ends every session of the user, this one included.
    await revokeUserSessions(app.db, user.id);
    return ok(null);
  });

  app.post('/changeUsername', { config: { access: self }, schema: { tags: ['idm'], body: changeUsernameBody, response: { 200: envelope(sessionUserDto) } } }, async (req) => {
    const { username } = req.body as z.infer<typeof changeUsernameBody>;
    const other = await findUserByUsername(app.db, username);
    if (other && other.id !== req.access.user.id) throw new DomainError('DATA_DUPLICATION');
    await updateUser(app.db, req.access.user.id, { username });
    return ok(await currentUserOf(app, req.access));
  });

  app.post('/switchCompany', { config: { access: self }, schema: { tags: ['idm'], body: switchCompanyBody, response: { 200: envelope(sessionUserDto) } } }, async (req) => {
    const { companyId } = req.body as z.infer<typeof switchCompanyBody>;
    if (!req.access.isLinked(companyId)) throw new DomainError('NO_PERMISSION');
    await setSessionCompany(app.db, req.access.sessionId, companyId);
    const user = await findUserById(app.db, req.access.user.id);
    return ok(await sessionUser(app, user!, companyId, await loadRightsByCompany(app.db, user!)));
  });

  app.post('/language', { config: { access: self }, schema: { tags: ['idm'], body: languageBody, response: { 200: envelope(z.null()) } } }, async (req) => {
    await updateUser(app.db, req.access.user.id, { language: (req.body as z.infer<typeof languageBody>).language });
    return ok(null);
  });

  /** Avatar upload: png or jpeg under 200 kB, recognised by content, not by file name. */
  app.post('/avatar', { config: { access: self }, schema: { tags: ['idm'], consumes: ['multipart/form-data'], response: { 200: envelope(sessionUserDto) } } }, async (req) => {
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
