/** User roles (/idm/userRole) and user-company links (/idm/userCompany). */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { ok, okList } from '../../http/reply';
import { deleteByFilterSchema, envelope, idParams, listOf } from '../../../contract/common';
import { userCompanyBody, userCompanyDto, userRoleBody, userRoleDto } from '../../../contract/idm';
import { DomainError } from '../../../domain/result-codes';
import { RIGHTS } from '../../../domain/rights';
import { guardCompany } from '../../http/guards';
import { addUserCompany, addUserRole, deleteUserCompany, deleteUserRoles, findRole, findUserCompany, findUserRole, listUserCompanies, listUserRoles } from '../../db/queries/roles';
import { findUserById } from '../../db/queries/sessions';
import { userLinkedTo } from '../../db/queries/users';

const manage = { right: RIGHTS.USER_CENTER, scope: 'company' } as const;

const linkFilter = z.object({
  filter: z.preprocess((v) => (typeof v === 'string' && v ? JSON.parse(v) : v), z.object({ userId: z.coerce.number().int().optional(), roleId: z.coerce.number().int().optional(), companyId: z.coerce.number().int().optional() }).optional()),
  userId: z.coerce.number().int().optional(),
  roleId: z.coerce.number().int().optional(),
  companyId: z.coerce.number().int().optional(),
}).passthrough();

/** The user being linked must be visible to the caller (admins see all; others their companies' users). */
async function assertUserVisible(req: FastifyRequest, userId: number) {
  const user = await findUserById(req.server.db, userId);
  if (!user) throw new DomainError('NO_PERMISSION');
  if (req.access.isAdmin) return user;
  if (user.kind === 'ADMIN' || !(await userLinkedTo(req.server.db, userId, req.access.companyIds))) throw new DomainError('NO_PERMISSION');
  return user;
}

function managedCompanies(req: FastifyRequest): number[] {
  return req.access.companyIds.filter((c) => req.access.has(RIGHTS.USER_CENTER, c));
}

export async function linkRoutes(app: FastifyInstance): Promise<void> {
  app.get('/userRole', { config: { access: manage }, schema: { tags: ['idm'], querystring: linkFilter, response: { 200: envelope(listOf(userRoleDto)) } } }, async (req) => {
    const q = req.query as z.infer<typeof linkFilter>;
    const f = { ...q, ...(q.filter ?? {}) };
    if (f.companyId !== undefined) guardCompany(req, f.companyId);
    const rows = await listUserRoles(app.db, managedCompanies(req), f);
    return okList(rows, rows.length);
  });

  app.post('/userRole', { config: { access: manage }, schema: { tags: ['idm'], body: userRoleBody, response: { 200: envelope(userRoleDto) } } }, async (req) => {
    const { userId, roleId } = req.body as z.infer<typeof userRoleBody>;
    const role = await findRole(app.db, roleId);
    if (!role) throw new DomainError('NO_PERMISSION');
    guardCompany(req, role.companyId);
    await assertUserVisible(req, userId);
    return ok(await addUserRole(app.db, userId, role));
  });

  app.delete('/userRole/:id', { config: { access: manage }, schema: { tags: ['idm'], params: idParams, response: { 200: envelope(z.null()) } } }, async (req) => {
    const link = await findUserRole(app.db, (req.params as { id: number }).id);
    if (!link) throw new DomainError('NO_PERMISSION');
    guardCompany(req, link.companyId);
    await deleteUserRoles(app.db, [link.id]);
    return ok(null);
  });

  app.delete('/userRole', { config: { access: manage }, schema: { tags: ['idm'], querystring: deleteByFilterSchema, response: { 200: envelope(z.number().int()) } } }, async (req) => {
    const ids = (req.query as z.infer<typeof deleteByFilterSchema>).filter.id;
    for (const id of ids) {
      const link = await findUserRole(app.db, id);
      if (!link) throw new DomainError('NO_PERMISSION');
      guardCompany(req, link.companyId);
    }
    await deleteUserRoles(app.db, ids);
    return ok(ids.length);
  });

  app.get('/userCompany', { config: { access: manage }, schema: { tags: ['idm'], querystring: linkFilter, response: { 200: envelope(listOf(userCompanyDto)) } } }, async (req) => {
    const q = req.query as z.infer<typeof linkFilter>;
    const f = { ...q, ...(q.filter ?? {}) };
    if (f.companyId !== undefined) guardCompany(req, f.companyId);
    const rows = await listUserCompanies(app.db, req.access.isAdmin ? null : managedCompanies(req), f);
    return okList(rows, rows.length);
  });

  app.post('/userCompany', { config: { access: manage }, schema: { tags: ['idm'], body: userCompanyBody, response: { 200: envelope(userCompanyDto) } } }, async (req) => {
    const { userId, companyId } = req.body as z.infer<typeof userCompanyBody>;
    guardCompany(req, companyId);
    await assertUserVisible(req, userId);
    return ok(await addUserCompany(app.db, userId, companyId));
  });

  app.delete('/userCompany/:id', { config: { access: manage }, schema: { tags: ['idm'], params: idParams, response: { 200: envelope(z.null()) } } }, async (req) => {
    const link = await findUserCompany(app.db, (req.params as { id: number }).id);
    if (!link) throw new DomainError('NO_PERMISSION');
    guardCompany(req, link.companyId);
    await deleteUserCompany(app.db, link);
    return ok(null);
  });
}
