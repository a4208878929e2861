/**
 * User administration (/userCenter/user): list, create, update, delete, disable toggle, set password.
 * Admins manage everyone. Another caller manages the companies where they hold the user-centre
 * right (10): the non-admin users linked to one of them; they link users only to those companies
 * and give only roles whose rights they hold (http/idm-guards.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok, okList } from '../../http/reply';
import { envelope, idParams, listOf, listQuerySchema, normalizePaging, type ListQuery } from '../../../contract/common';
import { setPasswordBody, userCreateBody, userDto, userFilter, userUpdateBody } from '../../../contract/idm';
import { DomainError } from '../../../domain/result-codes';
import { RIGHTS } from '../../../domain/rights';
import { revokeUserSessions } from '../../db/queries/sessions';
import { createUser, deleteUser, findUserByUsername, listUsers, setUserPassword, updateUser } from '../../db/queries/users';
import { guardCompany, guardRightCompanies } from '../../http/guards';
import { guardAssignableRole, guardManagedUser } from '../../http/idm-guards';
import { parseFilter } from '../../http/validation';
import { idList } from '../../db/queries/list';
import { toUserDto } from '../dto';

const manage = { right: RIGHTS.USER_CENTER, scope: 'company' } as const;

/** Every company named must be one the caller manages (foreign = missing = NO_PERMISSION). */
function guardManagedCompanyIds(req: FastifyRequest, ids: Array<number | null | undefined>) {
  for (const id of ids) if (id !== null && id !== undefined) guardCompany(req, id, RIGHTS.USER_CENTER);
}

export async function userRoutes(app: FastifyInstance): Promise<void> {
  app.get('', { config: { access: manage }, schema: { tags: ['idm'], querystring: listQuerySchema, response: { 200: envelope(listOf(userDto)) } } }, async (req) => {
    const p = normalizePaging(req.query as ListQuery);
    const f = parseFilter(userFilter, p.filter);
    // A named company must be managed; without one, all managed companies (admins: everyone).
    const companyIds = f.companyId !== undefined ? [guardCompany(req, f.companyId)] : guardRightCompanies(req);
    for (const id of idList(f.id) ?? []) await guardManagedUser(req, id);
    const all = req.access.isAdmin && f.companyId === undefined;
    const { rows, total } = await listUsers(app.db, p, { companyIds: all ? null : companyIds, excludeAdmins: !req.access.isAdmin });
    return okList(rows.map((u) => toUserDto(app, u)), total);
  });

  app.get('/:id', { config: { access: manage }, schema: { tags: ['idm'], params: idParams, response: { 200: envelope(userDto) } } }, async (req) => {
    const user = await guardManagedUser(req, (req.params as { id: number }).id);
    return ok(toUserDto(app, user));
  });

  app.post('', { config: { access: manage }, schema: { tags: ['idm'], body: userCreateBody, response: { 200: envelope(userDto) } } }, async (req) => {
    const body = req.body as z.infer<typeof userCreateBody>;
    if (body.kind === 'ADMIN' && !req.access.isAdmin) throw new DomainError('NO_PERMISSION');
    const companyIds = body.companyIds ?? (req.access.currentCompanyId && !req.access.isAdmin ? [req.access.currentCompanyId] : []);
    guardManagedCompanyIds(req, [...companyIds, body.companyId]);
    for (const roleId of body.roleIds ?? []) await guardAssignableRole(req, roleId);
    if (!companyIds.length && !body.companyId && !body.roleIds?.length) guardRightCompanies(req);
    const row = await createUser(app.db, { ...body, companyIds });
    return ok(toUserDto(app, row));
  });

  app.post('/:id', { config: { access: manage }, schema: { tags: ['idm'], params: idParams, body: userUpdateBody, response: { 200: envelope(userDto) } } }, async (req) => {
    const { id } = req.params as { id: number };
    const target = await guardManagedUser(req, id);
    const body = req.body as z.infer<typeof userUpdateBody>;
    if (body.kind && body.kind !== target.kind && !req.access.isAdmin) throw new DomainError('NO_PERMISSION');
    if (id === req.access.user.id && body.state && body.state !== 'NORMAL') throw new DomainError('CANNOT_DISABLE_SELF');
    guardManagedCompanyIds(req, [body.companyId]);
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
    await guardManagedUser(req, id);
    if (id === req.access.user.id) throw new DomainError('CANNOT_DISABLE_SELF');
    const { disabled } = req.body as { disabled: boolean };
    const row = await updateUser(app.db, id, { state: disabled ? 'DISABLED' : 'NORMAL' });
    if (disabled) await revokeUserSessions(app.db, id);
    return ok(toUserDto(app, row));
  });

  app.post('/setPassword', { config: { access: manage }, schema: { tags: ['idm'], body: setPasswordBody, response: { 200: envelope(z.null()) } } }, async (req) => {
    const { userId, password } = req.body as z.infer<typeof setPasswordBody>;
    await guardManagedUser(req, userId);
    await setUserPassword(app.db, userId, password);
    await revokeUserSessions(app.db, userId);
    return ok(null);
  });

  /** Whether a username is taken (the create dialog checks on blur); usernames are global. */
  app.get('/exists', {
    config: { access: manage },
    schema: { tags: ['idm'], querystring: z.object({ username: z.string().trim().min(1) }), response: { 200: envelope(z.boolean()) } },
  }, async (req) => {
    guardRightCompanies(req);
    return ok(!!(await findUserByUsername(app.db, (req.query as { username: string }).username)));
  });

  app.delete('/:id', { config: { access: manage }, schema: { tags: ['idm'], params: idParams, response: { 200: envelope(z.null()) } } }, async (req) => {
    const { id } = req.params as { id: number };
    await guardManagedUser(req, id);
    if (id === req.access.user.id) throw new DomainError('CANNOT_DISABLE_SELF');
    await deleteUser(app.db, id);
    return ok(null);
  });
}
