/** User roles (/idm/userRole) and user-company links (/idm/userCompany). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ok, okList } from '../../http/reply';
import { handle } from '../../http/route';
import { idsOfDeleteQuery, type Paging } from '../../../contract/common';
import { linkApi, type userLinkFilter } from '../../../contract/idm';
import type { z } from 'zod';
import { DomainError } from '../../../domain/result-codes';
import { guardCompany, guardRightCompanies } from '../../http/guards';
import { guardAssignableRole, guardManagedUser, guardRole, guardVisibleUser } from '../../http/idm-guards';
import { addUserCompany, addUserRole, deleteUserCompany, deleteUserRoles, findUserCompany, findUserRole, listUserCompanies, listUserRoles } from './roles';

/**
 * The list scope: the named company (must be managed) or every managed company. A named user or
 * role must be managed too — a foreign id answers like a missing one, never as an empty list.
 */
async function linkListScope(req: FastifyRequest, p: Paging<z.output<typeof userLinkFilter>>) {
  const f = p.filter;
  const companyIds = f.companyId !== undefined ? [guardCompany(req, f.companyId)] : guardRightCompanies(req);
  if (f.userId !== undefined) await guardVisibleUser(req, f.userId);
  if (f.roleId !== undefined) await guardRole(req, f.roleId);
  return { p, f, companyIds };
}

export async function linkRoutes(app: FastifyInstance): Promise<void> {
  handle(app, linkApi.userRoles, async (req) => {
    const { p, f, companyIds } = await linkListScope(req, req.query);
    const { content, total } = await listUserRoles(app.db, companyIds, f, p);
    return okList(content, total);
  });

  /** Gives a user a role: both managed, every right of the role held by the caller, never to oneself (non-admin). */
  handle(app, linkApi.addUserRole, async (req) => {
    const { userId, roleId } = req.body;
    const role = await guardAssignableRole(req, roleId);
    await guardManagedUser(req, userId);
    if (!req.access.isAdmin && userId === req.access.user.id) throw new DomainError('NO_PERMISSION');
    return ok(await addUserRole(app.db, userId, role));
  });

  handle(app, linkApi.removeUserRole, async (req) => {
    const link = await findUserRole(app.db, req.params.id);
    if (!link) throw new DomainError('NO_PERMISSION');
    guardCompany(req, link.companyId);
    await guardManagedUser(req, link.userId);
    await deleteUserRoles(app.db, [link.id]);
    return ok(null);
  });

  handle(app, linkApi.removeUserRoles, async (req) => {
    const ids = idsOfDeleteQuery(req.query);
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

  handle(app, linkApi.userCompanies, async (req) => {
    const { p, f, companyIds } = await linkListScope(req, req.query);
    const { content, total } = await listUserCompanies(app.db, req.access.isAdmin && f.companyId === undefined ? null : companyIds, f, p);
    return okList(content, total);
  });

  handle(app, linkApi.addUserCompany, async (req) => {
    const { userId, companyId } = req.body;
    guardCompany(req, companyId);
    await guardManagedUser(req, userId);
    return ok(await addUserCompany(app.db, userId, companyId));
  });

  handle(app, linkApi.removeUserCompany, async (req) => {
    const link = await findUserCompany(app.db, req.params.id);
    if (!link) throw new DomainError('NO_PERMISSION');
    guardCompany(req, link.companyId);
    await guardManagedUser(req, link.userId);
    await deleteUserCompany(app.db, link);
    return ok(null);
  });
}
