/** Companies (/company): the caller's companies, company list and company info screens. */
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { ok, okList } from '../../http/reply';
import { envelope, idParams, listOf, listQuerySchema, normalizePaging, type ListQuery } from '../../../contract/common';
import { companyCreateBody, companyDto, companyFilter, companyUpdateBody } from '../../../contract/company';
import { DomainError } from '../../../domain/result-codes';
import { RIGHTS } from '../../../domain/rights';
import { guardCompanyRow, guardVisibleCompanies } from '../../http/guards';
import { guardManagedUser } from '../../http/idm-guards';
import { parseFilter } from '../../http/validation';
import { idList } from '../../db/queries/list';
import { createCompany, listCompanies, softDeleteCompany, updateCompany } from '../../db/queries/companies';
import { toCompanyDto } from '../dto';

export async function companyRoutes(app: FastifyInstance): Promise<void> {
  /** Lists the companies the caller may work in (admins: all; deleted ones only on request, admin only). */
  app.get('', { config: { access: { right: null, scope: 'company' } }, schema: { tags: ['company'], querystring: listQuerySchema, response: { 200: envelope(listOf(companyDto)) } } }, async (req) => {
    const p = normalizePaging(req.query as ListQuery, 100);
    const f = parseFilter(companyFilter, p.filter);
    // "User-company query by userId": another user's companies only for a user the caller manages.
    if (f.userId !== undefined && f.userId !== req.access.user.id) await guardManagedUser(req, f.userId);
    if (f.deleted === true && !req.access.isAdmin) throw new DomainError('NO_PERMISSION');
    // Explicitly named companies the caller cannot see answer 403 (foreign = missing), not an empty list.
    const visible = guardVisibleCompanies(req, idList(f.id));
    const { rows, total } = await listCompanies(app.db, p, visible, false);
    return okList(rows.map(toCompanyDto), total);
  });

  app.get('/:id', { config: { access: { right: null, scope: 'company' } }, schema: { tags: ['company'], params: idParams, response: { 200: envelope(companyDto) } } }, async (req) => {
    return ok(toCompanyDto(await guardCompanyRow(req, (req.params as { id: number }).id)));
  });

  app.post('', { config: { access: { right: RIGHTS.SYSTEM, scope: 'none' } }, schema: { tags: ['company'], body: companyCreateBody, response: { 200: envelope(companyDto) } } }, async (req) => {
    const body = req.body as z.infer<typeof companyCreateBody>;
    // The creator is linked to the new company (admins see every company anyway).
    const row = await createCompany(app.db, body, req.access.user.id);
    return ok(toCompanyDto(row));
  });

  app.post('/:id', { config: { access: { right: RIGHTS.SYSTEM, scope: 'company' } }, schema: { tags: ['company'], params: idParams, body: companyUpdateBody, response: { 200: envelope(companyDto) } } }, async (req) => {
    const { id } = req.params as { id: number };
    await guardCompanyRow(req, id);
    return ok(toCompanyDto(await updateCompany(app.db, id, req.body as z.infer<typeof companyUpdateBody>)));
  });

  app.delete('/:id', { config: { access: { right: RIGHTS.SYSTEM, scope: 'company', adminOnly: true } }, schema: { tags: ['company'], params: idParams, response: { 200: envelope(z.null()) } } }, async (req) => {
    const { id } = req.params as { id: number };
    await guardCompanyRow(req, id);
    await softDeleteCompany(app.db, id);
    return ok(null);
  });
}
