/**
 * Roles and role rights (/idm/role, /idm/roleRights). Roles belong to a company. A non-admin edits
 * or deletes only a role whose rights they hold themselves (guardAssignableRole): else a manager
 * could strip an auditor's role of rights it cannot judge.
 */
import type { FastifyInstance } from 'fastify';
import { ok, okList } from '../../http/reply';
import { handle } from '../../http/route';
import { roleApi } from '../../../contract/idm';
import { DomainError } from '../../../domain/result-codes';
import { assertGrantable, guardAssignableRole, guardRole as guardedRole } from '../../http/idm-guards';
import { companyOfFilter, guardCompany } from '../../http/guards';
import { createRole, deleteRole, listRoles, replaceRoleRights, roleDto, roleRightIds, updateRole } from './roles';

export async function roleRoutes(app: FastifyInstance): Promise<void> {
  handle(app, roleApi.list, async (req) => {
    const p = req.query;
    const companyId = companyOfFilter(req, p.filter.companyId);
    const { content, total } = await listRoles(app.db, p, companyId);
    return okList(content, total);
  });

  handle(app, roleApi.get, async (req) => {
    const role = await guardedRole(req, req.params.id);
    return ok(roleDto(role, await roleRightIds(app.db, role.id)));
  });

  handle(app, roleApi.create, async (req) => {
    const body = req.body;
    guardCompany(req, body.companyId);
    if (body.rightIds) assertGrantable(req, body.companyId, body.rightIds);
    const role = await createRole(app.db, body, body.rightIds);
    return ok(roleDto(role, await roleRightIds(app.db, role.id)));
  });

  handle(app, roleApi.update, async (req) => {
    const role = await guardAssignableRole(req, req.params.id);
    if (role.kind === 'SYSTEM') throw new DomainError('SYSTEM_ROLE_READONLY');
    const body = req.body;
    // Check before writing anything: a refused right set must not leave a renamed role behind.
    if (body.rightIds) assertGrantable(req, role.companyId, body.rightIds);
    const updated = await updateRole(app.db, role.id, { name: body.name, remark: body.remark }, body.rightIds, body.version);
    return ok(roleDto(updated, await roleRightIds(app.db, role.id)));
  });

  handle(app, roleApi.remove, async (req) => {
    const role = await guardAssignableRole(req, req.params.id);
    if (role.kind === 'SYSTEM') throw new DomainError('SYSTEM_ROLE_READONLY');
    await deleteRole(app.db, role.id);
    return ok(null);
  });

  handle(app, roleApi.rights, async (req) => {
    const role = await guardedRole(req, req.query.roleId);
    return ok(await roleRightIds(app.db, role.id));
  });

  /** Replaces a role's rights with the given set (the rights-tree editor saves the whole tree). */
  handle(app, roleApi.setRights, async (req) => {
    const { roleId, rightIds, version } = req.body;
    const role = await guardAssignableRole(req, roleId);
    if (role.kind === 'SYSTEM') throw new DomainError('SYSTEM_ROLE_READONLY');
    assertGrantable(req, role.companyId, rightIds);
    return ok(await replaceRoleRights(app.db, role.id, rightIds, version));
  });
}
