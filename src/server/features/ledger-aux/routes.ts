/** Ledgers by auxiliary dimension and budget execution: parse (by the contract), guard the year and its ledger set, answer. */
import type { FastifyInstance } from 'fastify';
import { ledgerAuxApi } from '../../../contract/ledger-aux';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { guardAccountYear } from '../../http/guards';
import type { FastifyRequest } from 'fastify';
import { auxBalance } from './aux-balance';
import { auxTotal } from './aux-total';
import { auxDetail } from './aux-detail';
import { budgetDetail, budgetSummary } from './budget-execution';
import { taskDto } from '../export/service';
import { exportAuxBalance, exportAuxDetail, exportAuxTotal, exportBudgetDetail, exportBudgetSummary } from './export';

/** The filter's year must be reachable with the route's right and belong to the filter's ledger set. */
async function companyOf(req: FastifyRequest, f: { accountId: number; accountYearId: number }): Promise<number> {
  const year = await guardAccountYear(req, f.accountYearId);
  if (year.accountId !== f.accountId) throw new DomainError('NO_PERMISSION');
  return year.companyId;
}

export async function ledgerAuxRoutes(app: FastifyInstance): Promise<void> {
  handle(app, ledgerAuxApi.auxBalance, async (req) => ok(await auxBalance(app.db, await companyOf(req, req.query.filter), req.query.filter, req.lang)));
  handle(app, ledgerAuxApi.auxTotal, async (req) => ok(await auxTotal(app.db, await companyOf(req, req.query.filter), req.query.filter, req.lang)));
  handle(app, ledgerAuxApi.auxDetail, async (req) => ok(await auxDetail(app.db, await companyOf(req, req.query.filter), req.query.filter, req.query, req.lang)));
  handle(app, ledgerAuxApi.budgetSummary, async (req) => ok(await budgetSummary(app.db, await companyOf(req, req.query.filter), req.query.filter)));
  handle(app, ledgerAuxApi.budgetDetail, async (req) => ok(await budgetDetail(app.db, await companyOf(req, req.query.filter), req.query.filter, req.query)));

  // Exports: the same filter in the body; the answer is the task.
  const who = async (req: FastifyRequest, f: { accountId: number; accountYearId: number }) => ({ companyId: await companyOf(req, f), userId: req.access.user!.id, lang: req.lang });
  const task = (req: FastifyRequest, t: Awaited<ReturnType<typeof exportAuxBalance>>) => ok(taskDto(t, app.opts.fileSecret!, req.lang));
  handle(app, ledgerAuxApi.auxBalanceExport, async (req) => task(req, await exportAuxBalance(app, await who(req, req.body.filter), req.body.filter)));
  handle(app, ledgerAuxApi.auxTotalExport, async (req) => task(req, await exportAuxTotal(app, await who(req, req.body.filter), req.body.filter)));
  handle(app, ledgerAuxApi.auxDetailExport, async (req) => task(req, await exportAuxDetail(app, await who(req, req.body.filter), req.body.filter)));
  handle(app, ledgerAuxApi.budgetSummaryExport, async (req) => task(req, await exportBudgetSummary(app, await who(req, req.body.filter), req.body.filter)));
  handle(app, ledgerAuxApi.budgetDetailExport, async (req) => task(req, await exportBudgetDetail(app, await who(req, req.body.filter), req.body.filter)));
}
