/** Roles and role rights (/idm/role, /idm/roleRights). Roles belong to a company. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, okList } from '../../http/reply';
import { envelope, idParams, listOf, listQuerySchema, normalizePaging } from '../../../contract/common';
import { roleCreateBody, roleDto, roleRightsBody, roleUpdateBody } from '../../../contract/idm';
import { DomainError } from '../../../domain/result-codes';
import { assertGrantable, guardRole as guardedRole } from '../../http/idm-guards';
import { RIGHTS } from '../../../domain/rights';
import { companyOfFilter, guardCompany } from '../../http/guards';
import { createRole, deleteRole, findRole, listRoles, replaceRoleRights, roleRightIds, updateRole } from '../../db/queries/roles';

const manage = { right: RIGHTS.USER_CENTER, scope: 'company' } as const;

const toDto = (r: Awaited<ReturnType<typeof findRole>> & object, rightIds?: number[]) => ({
  id: r.id, companyId: r.companyId, name: r.name, kind: r.kind as 'SYSTEM' | 'USER', owner: 'COMPANY' as const, remark: r.remark, ...(rightIds ? { rightIds } : {}),
});

export async function roleRoutes(app: FastifyInstance): Promise<void> {
  app.get('/role', { config: { access: manage }, schema: { tags: ['idm'], querystring: listQuerySchema, response: { 200: envelope(listOf(roleDto)) } } }, async (req) => {
    const p = normalizePaging(req.query as never);
    const companyId = companyOfFilter(req, p.filter.companyId);
    const { content, total } = await listRoles(app.db, p, companyId);
    return okList(content, total);
  });

  app.get('/role/:id', { config: { access: manage }, schema: { tags: ['idm'], params: idParams, response: { 200: envelope(roleDto) } } }, async (req) => {
    const role = await guardedRole(req, (req.params as { id: number }).id);
    return ok(toDto(role, await roleRightIds(app.db, role.id)));
  });

  app.post('/role', { config: { access: manage }, schema: { tags: ['idm'], body: roleCreateBody, response: { 200: envelope(roleDto) } } }, async (req) => {
    const body = req.body as z.infer<typeof roleCreateBody>;
    guardCompany(req, body.companyId);
    if (body.rightIds) assertGrantable(req, body.companyId, body.rightIds);
    const role = await createRole(app.db, body, body.rightIds);
    return ok(toDto(role, await roleRightIds(app.db, role.id)));
  });

  app.post('/role/:id', { config: { access: manage }, schema: { tags: ['idm'], params: idParams, body: roleUpdateBody, response: { 200: envelope(roleDto) } } }, async (req) => {
    const role = await guardedRole(req, (req.params as { id: number }).id);
    if (role.kind === 'SYSTEM') throw new DomainError('SYSTEM_ROLE_READONLY');
    const body = req.body as z.infer<typeof roleUpdateBody>;
    // Check before writing anything: a refused right set must not leave a renamed role behind.
    if (body.rightIds) assertGrantable(req, role.companyId, body.rightIds);
    const updated = await updateRole(app.db, role, { name: body.name, remark: body.remark }, body.rightIds);
    return ok(toDto(updated, await roleRightIds(app.db, role.id)));
  });

  app.delete('/role/:id', { config: { access: manage }, schema: { tags: ['idm'], params: idParams, response: { 200: envelope(z.null()) } } }, async (req) => {
    const role = await guardedRole(req, (req.params as { id: number }).id);
    if (role.kind === 'SYSTEM') throw new DomainError('SYSTEM_ROLE_READONLY');
    await deleteRole(app.db, role.id);
    return ok(null);
  });

  app.get('/roleRights', {
    config: { access: manage },
    schema: { tags: ['idm'], querystring: z.object({ roleId: z.coerce.number().int().positive() }).passthrough(), response: { 200: envelope(z.array(z.number().int())) } },
  }, async (req) => {
    const role = await guardedRole(req, (req.query as { roleId: number }).roleId);
    return ok(await roleRightIds(app.db, role.id));
  });

  /** Replaces a role's rights with the given set (the rights-tree editor saves the whole tree). */
  app.post('/roleRights', { config: { access: manage }, schema: { tags: ['idm'], body: roleRightsBody, response: { 200: envelope(z.array(z.number().int())) } } }, async (req) => {
    const { roleId, rightIds } = req.body as z.infer<typeof roleRightsBody>;
    const role = await guardedRole(req, roleId);
    if (role.kind === 'SYSTEM') throw new DomainError('SYSTEM_ROLE_READONLY');
    assertGrantable(req, role.companyId, rightIds);
    return ok(await replaceRoleRights(app.db, role, rightIds));
  });
}
