/**
 * /aux/auxType (the auxiliary types catalogue) and /aux/auxUsed (one used-check for every
 * auxiliary record). auxUsed runs the very check of the record's own /aux/<kind>/:id/used route:
 * same guard, same service, so the two cannot disagree. A failed check answers its error (the
 * client then refuses the delete), never "not used".
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auxApi, type AuxTypeName } from '../../../contract/aux';
import { auxTypes } from '../../../domain/enums';
import { handle } from '../../http/route';
import { ok, okList } from '../../http/reply';
import { budgetUsedCheck, vendorUsedCheck } from '../budget/routes';
import { customerUsedCheck, projectUsedCheck } from '../clients/routes';
import { departmentUsedCheck, employeeUsedCheck } from '../staff/routes';
import { localTypeName } from '../../../domain/names';
import { companyOfFilter } from '../../http/guards';
import { companyScope } from '../../db/tx';
import { selectBookValues } from '../clients/queries';

const usedChecks: Record<AuxTypeName, (req: FastifyRequest, id: number) => Promise<boolean>> = {
  DEPARTMENT: departmentUsedCheck,
  EMPLOYEE: employeeUsedCheck,
  CUSTOMER: customerUsedCheck,
  VENDOR: vendorUsedCheck,
  PROJECT: projectUsedCheck,
  BUDGET: budgetUsedCheck,
};

export async function auxRoutes(app: FastifyInstance): Promise<void> {
  handle(app, auxApi.types, async (req) => {
    req.access.noteScopeChecked('none');
    const content = auxTypes.map(({ id, type, nameZh, nameEn }) => ({ id, type, nameZh, nameEn, name: localTypeName(req.lang, { nameZh, nameEn }) }));
    return okList(content, content.length);
  });

  handle(app, auxApi.used, async (req) => ok(await usedChecks[req.query.type](req, req.query.id)));

  handle(app, auxApi.bookValues, async (req) => {
    const companyId = companyOfFilter(req, req.query.filter.companyId);
    const { rows, total } = await selectBookValues(companyScope(app.db, companyId), req.query);
    return okList(rows, total);
  });
}
