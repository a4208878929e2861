/** User roles (/idm/userRole) and user-company links (/idm/userCompany). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok, okList } from '../../http/reply';
import { deleteByFilterSchema, envelope, idParams, idsOfDeleteQuery, listOf, listQuerySchema, normalizePaging, type ListQuery } from '../../../contract/common';
import { userCompanyBody, userCompanyDto, userLinkFilter, userRoleBody, userRoleDto } from '../../../contract/idm';
import { DomainError } from '../../../domain/result-codes';
import { RIGHTS } from '../../../domain/rights';
import { guardCompany, guardRightCompanies } from '../../http/guards';
import { guardAssignableRole, guardManagedUser, guardRole } from '../../http/idm-guards';
import { parseFilter } from '../../http/validation';
import { addUserCompany, addUserRole, deleteUserCompany, deleteUserRoles, findUserCompany, findUserRole, listUserCompanies, listUserRoles } from '../../db/queries/roles';

const manage = { right: RIGHTS.USER_CENTER, scope: 'company' } as const;
const DEFAULT_LINK_PAGE = 100;

/**
 * The list scope: the named company (must be managed) or every managed company. A named user or
 * role must be managed too — a foreign id answers like a missing one, never as an empty list.
 */
async function linkListScope(req: FastifyRequest) {
  const p = normalizePaging(req.query as ListQuery, DEFAULT_LINK_PAGE);
  const f = parseFilter(userLinkFilter, p.filter);
  const companyIds = f.companyId !== undefined ? [guardCompany(req, f.companyId)] : guardRightCompanies(req);
  if (f.userId !== undefined) await guardManagedUser(req, f.userId);
  if (f.roleId !== undefined) await guardRole(req, f.roleId);
  return { p, f, companyIds };
}

export async function linkRoutes(app: FastifyInstance): Promise<void> {
  app.get('/userRole', { config: { access: manage }, schema: { tags: ['idm'], querystring: listQuerySchema, response: { 200: envelope(listOf(userRoleDto)) } } }, async (req) => {
    const { p, f, companyIds } = await linkListScope(req);
    const { content, total } = await listUserRoles(app.db, companyIds, f, p);
    return okList(content, total);
  });

  /** Gives a user a role: both managed, every right of the role held by the caller, never to oneself (non-admin). */
  app.post('/userRole', { config: { access: manage }, schema: { tags: ['idm'], body: userRoleBody, response: { 200: envelope(userRoleDto) } } }, async (req) => {
    const { userId, roleId } = req.body as z.infer<typeof userRoleBody>;
    const role = await guardAssignableRole(req, roleId);
    await guardManagedUser(req, userId);
    if (!req.access.isAdmin && userId === req.access.user.id) throw new DomainError('NO_PERMISSION');
    return ok(await addUserRole(app.db, userId, role));
  });

  app.delete('/userRole/:id', { config: { access: manage }, schema: { tags: ['idm'], params: idParams, response: { 200: envelope(z.null()) } } }, async (req) => {
    const link = await findUserRole(app.db, (req.params as { id: number }).id);
    if (!link) throw new DomainError('NO_PERMISSION');
    guardCompany(req, link.companyId);
    await guardManagedUser(req, link.userId);
    await deleteUserRoles(app.db, [link.id]);
    return ok(null);
  });

  app.delete('/userRole', { config: { access: manage }, schema: { tags: ['idm'], querystring: deleteByFilterSchema, response: { 200: envelope(z.number().int()) } } }, async (req) => {
    const ids = idsOfDeleteQuery(req.query as z.infer<typeof deleteByFilterSchema>);
    for (const id of ids) {
      const link = await findUserRole(app.db, id);
      if (!link) throw new DomainError('NO_PERMISSION');
      guardCompany(req, link.companyId);
      await guardManagedUser(req, link.userId);
    }
    if (!ids.length) guardRightCompanies(req);
    await deleteUserRoles(app.db, ids);
    return ok(ids.length);
  });

  app.get('/userCompany', { config: { access: manage }, schema: { tags: ['idm'], querystring: listQuerySchema, response: { 200: envelope(listOf(userCompanyDto)) } } }, async (req) => {
    const { p, f, companyIds } = await linkListScope(req);
    const { content, total } = await listUserCompanies(app.db, req.access.isAdmin && f.companyId === undefined ? null : companyIds, f, p);
    return okList(content, total);
  });

  app.post('/userCompany', { config: { access: manage }, schema: { tags: ['idm'], body: userCompanyBody, response: { 200: envelope(userCompanyDto) } } }, async (req) => {
    const { userId, companyId } = req.body as z.infer<typeof userCompanyBody>;
    guardCompany(req, companyId);
    await guardManagedUser(req, userId);
    return ok(await addUserCompany(app.db, userId, companyId));
  });

  app.delete('/userCompany/:id', { config: { access: manage }, schema: { tags: ['idm'], params: idParams, response: { 200: envelope(z.null()) } } }, async (req) => {
    const link = await findUserCompany(app.db, (req.params as { id: number }).id);
    if (!link) throw new DomainError('NO_PERMISSION');
    guardCompany(req, link.companyId);
    await guardManagedUser(req, link.userId);
    await deleteUserCompany(app.db, link);
    return ok(null);
  });
}
