/**
 * User administration (/userCenter/user): list, create, update, delete, disable toggle, set password.
 * Admins manage everyone; a non-admin holding the user-centre right manages the users of the
 * companies they are linked to, can only link them to those companies, and never touches admins.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok, okList } from '../../http/reply';
import { envelope, idParams, listOf, listQuerySchema, normalizePaging } from '../../../contract/common';
import { setPasswordBody, userCreateBody, userDto, userUpdateBody } from '../../../contract/idm';
import { DomainError } from '../../../domain/result-codes';
import { RIGHTS } from '../../../domain/rights';
import { revokeUserSessions } from '../../db/queries/sessions';
import { createUser, deleteUser, findUserByUsername, listUsers, setUserPassword, updateUser, userLinkedTo } from '../../db/queries/users';
import { findUserById } from '../../db/queries/sessions';
import { toUserDto } from '../dto';

const manage = { right: RIGHTS.USER_CENTER, scope: 'none' } as const;

/** The target user must be visible to the caller; invisible and missing users look the same. */
async function managedUser(req: FastifyRequest, id: number) {
  const user = await findUserById(req.server.db, id);
  if (!user) throw new DomainError('NO_PERMISSION');
  if (req.access.isAdmin) return user;
  if (user.kind === 'ADMIN') throw new DomainError('NO_PERMISSION');
  if (!(await userLinkedTo(req.server.db, id, req.access.companyIds))) throw new DomainError('NO_PERMISSION');
  return user;
}

function checkCompanies(req: FastifyRequest, ids: Array<number | null | undefined>) {
  for (const id of ids) if (id !== null && id !== undefined && !req.access.isLinked(id)) throw new DomainError('NO_PERMISSION');
}

export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.get('', { config: { access: manage }, schema: { tags: ['idm'], querystring: listQuerySchema, response: { 200: envelope(listOf(userDto)) } } }, async (req) => {
    const p = normalizePaging(req.query as never);
    const { rows, total } = await listUsers(app.db, p, { companyIds: req.access.isAdmin ? null : req.access.companyIds });
    return okList(rows.map((u) => toUserDto(app, u)), total);
  });

  app.get('/:id', { config: { access: manage }, schema: { tags: ['idm'], params: idParams, response: { 200: envelope(userDto) } } }, async (req) => {
    const user = await managedUser(req, (req.params as { id: number }).id);
    return ok(toUserDto(app, user));
  });

  app.post('', { config: { access: manage }, schema: { tags: ['idm'], body: userCreateBody, response: { 200: envelope(userDto) } } }, async (req) => {
    const body = req.body as z.infer<typeof userCreateBody>;
    if (body.kind === 'ADMIN' && !req.access.isAdmin) throw new DomainError('NO_PERMISSION');
    const companyIds = body.companyIds ?? (req.access.currentCompanyId && !req.access.isAdmin ? [req.access.currentCompanyId] : []);
    checkCompanies(req, [...companyIds, body.companyId]);
    const row = await createUser(app.db, { ...body, companyIds });
    return ok(toUserDto(app, row));
  });

  app.post('/:id', { config: { access: manage }, schema: { tags: ['idm'], params: idParams, body: userUpdateBody, response: { 200: envelope(userDto) } } }, async (req) => {
    const { id } = req.params as { id: number };
    const target = await managedUser(req, id);
    const body = req.body as z.infer<typeof userUpdateBody>;
    if (body.kind && body.kind !== target.kind && !req.access.isAdmin) throw new DomainError('NO_PERMISSION');
    if (id === req.access.user.id && body.state && body.state !== 'NORMAL') throw new DomainError('CANNOT_DISABLE_SELF');
    checkCompanies(req, [body.companyId]);
    const { companyIds: _c, roleIds: _r, ...patch } = body;
    const row = await updateUser(app.db, id, patch);
    if (patch.state && patch.state !== 'NORMAL') await revokeUserSessions(app.db, id);
    return ok(toUserDto(app, row));
  });

  /** The disable toggle of spec 01 §4: disabling ends every session of that user at once. */
  app.post('/:id/disable', {
    config: { access: manage },
    schema: { tags: ['idm'], params: idParams, body: z.object({ disabled: z.boolean() }), response: { 200: envelope(userDto) } },
  }, async (req) => {
    const { id } = req.params as { id: number };
    await managedUser(req, id);
    if (id === req.access.user.id) throw new DomainError('CANNOT_DISABLE_SELF');
    const { disabled } = req.body as { disabled: boolean };
    const row = await updateUser(app.db, id, { state: disabled ? 'DISABLED' : 'NORMAL' });
    if (disabled) await revokeUserSessions(app.db, id);
    return ok(toUserDto(app, row));
  });

  app.post('/setPassword', { config: { access: manage }, schema: { tags: ['idm'], body: setPasswordBody, response: { 200: envelope(z.null()) } } }, async (req) => {
    const { userId, password } = req.body as z.infer<typeof setPasswordBody>;
    await managedUser(req, userId);
    await setUserPassword(app.db, userId, password);
    await revokeUserSessions(app.db, userId);
    return ok(null);
  });

  app.get('/exists', {
    config: { access: manage },
    schema: { tags: ['idm'], querystring: z.object({ username: z.string().trim().min(1) }), response: { 200: envelope(z.boolean()) } },
  }, async (req) => ok(!!(await findUserByUsername(app.db, (req.query as { username: string }).username))));

  app.delete('/:id', { config: { access: manage }, schema: { tags: ['idm'], params: idParams, response: { 200: envelope(z.null()) } } }, async (req) => {
    const { id } = req.params as { id: number };
    await managedUser(req, id);
    if (id === req.access.user.id) throw new DomainError('CANNOT_DISABLE_SELF');
    await deleteUser(app.db, id);
    return ok(null);
  });
}
