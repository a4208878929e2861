/** Companies (/company): the caller's companies, company list and company info screens. */
import type { FastifyInstance } from 'fastify';
import { companyApi } from '../../../contract/company';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok, okList } from '../../http/reply';
import { guardCompanyRow, guardVisibleCompanies } from '../../http/guards';
import { guardManagedUser } from '../../http/idm-guards';
import { companyDto } from './dto';
import * as service from './service';

export async function companyRoutes(app: FastifyInstance): Promise<void> {
  handle(app, companyApi.list, async (req) => {
    const f = req.query.filter;
    // "User-company query by userId": another user's companies only for a user the caller manages.
    if (f.userId !== undefined && f.userId !== req.access.user.id) await guardManagedUser(req, f.userId);
    if (f.deleted === true && !req.access.isAdmin) throw new DomainError('NO_PERMISSION');
    // Explicitly named companies the caller cannot see answer 403 (foreign = missing), not an empty list.
    const visible = guardVisibleCompanies(req, f.id ?? null);
    const { rows, total } = await service.listCompanies(app.db, req.query, visible);
    return okList(rows.map(companyDto), total);
  });

  handle(app, companyApi.get, async (req) => ok(companyDto(await guardCompanyRow(req, req.params.id))));

  // The creator is linked to the new company (admins see every company anyway).
  handle(app, companyApi.create, async (req) => ok(companyDto(await service.createCompany(app.db, req.body, req.access.user.id))));

  handle(app, companyApi.update, async (req) => {
    await guardCompanyRow(req, req.params.id);
    return ok(await service.updateCompany(app.db, req.params.id, req.body));
  });

  handle(app, companyApi.remove, async (req) => {
    await guardCompanyRow(req, req.params.id);
    await service.deleteCompany(app.db, req.params.id);
    return ok(null);
  });
}
