/**
 * User administration (/userCenter/user): list, create, update, delete, disable toggle, set password.
 * Admins manage everyone. Another caller manages the companies where they hold the user-centre
 * right (10): the non-admin users linked to one of them; they link users only to those companies
 * and give only roles whose rights they hold (http/idm-guards.ts).
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, okList } from '../../http/reply';
import { handle } from '../../http/route';
import { userApi } from '../../../contract/idm';
import { DomainError } from '../../../domain/result-codes';
import { RIGHTS } from '../../../domain/rights';
import { revokeUserSessions } from './sessions';
import { createUser, deleteUser, findUserByUsername, listUsers, refuseLastAdmin, setUserPassword, updateUser } from './users';
import { guardCompany, guardRightCompanies } from '../../http/guards';
import { guardAssignableRole, guardManagedUser, guardVisibleUser, manageableUsers } from '../../http/idm-guards';
import { toUserDto } from './dto';

/** Every company named must be one the caller manages (foreign = missing = NO_PERMISSION). */
function guardManagedCompanyIds(req: FastifyRequest, ids: Array<number | null | undefined>) {
  for (const id of ids) if (id !== null && id !== undefined) guardCompany(req, id, RIGHTS.USER_CENTER);
}

export async function userRoutes(app: FastifyInstance): Promise<void> {
  handle(app, userApi.list, async (req) => {
    const p = req.query;
    const f = p.filter;
    // A named company must be managed; without one, all managed companies (admins: everyone).
    const companyIds = f.companyId !== undefined ? [guardCompany(req, f.companyId)] : guardRightCompanies(req);
    for (const id of f.id ?? []) await guardVisibleUser(req, id);
    const all = req.access.isAdmin && f.companyId === undefined;
    const { rows, total } = await listUsers(app.db, p, { companyIds: all ? null : companyIds, excludeAdmins: !req.access.isAdmin });
    // Each row says whether the caller may act on that user (the guard's rule, for the whole page at once).
    const manageable = await manageableUsers(req, rows);
    return okList(rows.map((u) => ({ ...toUserDto(app, u), manageable: manageable.has(u.id) })), total);
  });

  handle(app, userApi.get, async (req) => {
    const user = await guardVisibleUser(req, req.params.id);
    return ok(toUserDto(app, user));
  });

  handle(app, userApi.create, async (req) => {
    const body = req.body;
    if (body.kind === 'ADMIN' && !req.access.isAdmin) throw new DomainError('NO_PERMISSION');
    const companyIds = body.companyIds ?? (req.access.currentCompanyId && !req.access.isAdmin ? [req.access.currentCompanyId] : []);
    guardManagedCompanyIds(req, [...companyIds, body.companyId]);
    for (const roleId of body.roleIds ?? []) await guardAssignableRole(req, roleId);
    if (!companyIds.length && !body.companyId && !body.roleIds?.length) guardRightCompanies(req);
    const row = await createUser(app.db, { ...body, companyIds });
    return ok(toUserDto(app, row));
  });

  handle(app, userApi.update, async (req) => {
    const { id } = req.params;
    const target = await guardManagedUser(req, id);
    const body = req.body;
    if (body.kind && body.kind !== target.kind && !req.access.isAdmin) throw new DomainError('NO_PERMISSION');
    if (id === req.access.user.id && body.state && body.state !== 'NORMAL') throw new DomainError('CANNOT_DISABLE_SELF');
    // The last active admin (self-demotion included) hears why; the write checks again under a row lock.
    await refuseLastAdmin(app.db, id, { kind: body.kind, state: body.state });
    // Companies and roles are checked like a create's, all before anything is written: one the
    // caller does not manage refuses the whole update (never a success that quietly skips it).
    const { companyIds = [], roleIds = [], ...patch } = body;
    guardManagedCompanyIds(req, [body.companyId, ...companyIds]);
    const roles = [];
    for (const roleId of roleIds) roles.push(await guardAssignableRole(req, roleId));
    // Nobody but an admin hands themselves a role (as /idm/userRole).
    if (roles.length && !req.access.isAdmin && id === req.access.user.id) throw new DomainError('NO_PERMISSION');
    const row = await updateUser(app.db, id, patch, { companyIds, roles });
    if (patch.state && patch.state !== 'NORMAL') await revokeUserSessions(app.db, id);
    return ok(toUserDto(app, row));
  });

  /** The disable toggle of spec 01 §4: disabling ends every session of that user at once. */
  handle(app, userApi.disable, async (req) => {
    const { id } = req.params;
    await guardManagedUser(req, id);
    const { disabled } = req.body;
    if (id === req.access.user.id) throw new DomainError('CANNOT_DISABLE_SELF');
    if (disabled) await refuseLastAdmin(app.db, id, { state: 'DISABLED' });
    const row = await updateUser(app.db, id, { state: disabled ? 'DISABLED' : 'NORMAL' });
    if (disabled) await revokeUserSessions(app.db, id);
    return ok(toUserDto(app, row));
  });

  handle(app, userApi.setPassword, async (req) => {
    const { userId, password } = req.body;
    await guardManagedUser(req, userId);
    await setUserPassword(app.db, userId, password);
    await revokeUserSessions(app.db, userId);
    return ok(null);
  });

  /** Whether a username is taken (the create dialog checks on blur); usernames are global. */
  handle(app, userApi.exists, async (req) => {
    guardRightCompanies(req);
    return ok(!!(await findUserByUsername(app.db, req.query.username)));
  });

  handle(app, userApi.remove, async (req) => {
    const { id } = req.params;
    await guardManagedUser(req, id);
    if (id === req.access.user.id) throw new DomainError('CANNOT_DISABLE_SELF');
    await refuseLastAdmin(app.db, id, null);
    await deleteUser(app.db, id);
    return ok(null);
  });
}
