/** Ledgers: parse (by the contract), guard the account year and its ledger set, answer from the balance tables. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ledgerApi } from '../../../contract/ledger';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { guardAccountYear } from '../../http/guards';
import { subjectBalance } from './subject-balance';
import { subjectDetail, subjectSummary, subjectTotal } from './subject-ledgers';
import { startBalanceExport, startDetailExport, startSummaryExport, startTotalExport } from './subject-ledger-export';
import { taskDto } from '../export/service';

export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  handle(app, ledgerApi.subjectBalance, async (req) => {
    const f = req.query.filter;
    const year = await guardAccountYear(req, f.accountYearId);
    if (year.accountId !== f.accountId) throw new DomainError('NO_PERMISSION');
    return ok(await subjectBalance(app.db, year.companyId, f));
  });

  /** The account year and its ledger set; answers the company to read in. */
  const guard = async (req: FastifyRequest, f: { accountId: number; accountYearId: number }) => {
    const year = await guardAccountYear(req, f.accountYearId);
    if (year.accountId !== f.accountId) throw new DomainError('NO_PERMISSION');
    return year.companyId;
  };
  const who = (req: FastifyRequest, companyId: number) => ({ companyId, userId: req.access.user.id, lang: req.lang });

  handle(app, ledgerApi.subjectSummary, async (req) => ok(await subjectSummary(app.db, await guard(req, req.query.filter), req.query.filter)));
  handle(app, ledgerApi.subjectTotal, async (req) => ok(await subjectTotal(app.db, await guard(req, req.query.filter), req.query.filter)));
  handle(app, ledgerApi.subjectDetail, async (req) => ok(await subjectDetail(app.db, await guard(req, req.query.filter), req.query.filter, req.query.offset, req.query.limit)));
  handle(app, ledgerApi.subjectBalanceExport, async (req) => {
    const task = await startBalanceExport(app, who(req, await guard(req, req.body.filter)), req.body.filter);
    return ok(taskDto(task, app.opts.fileSecret!, req.lang));
  });
  handle(app, ledgerApi.subjectSummaryExport, async (req) => {
    const task = await startSummaryExport(app, who(req, await guard(req, req.body.filter)), req.body.filter);
    return ok(taskDto(task, app.opts.fileSecret!, req.lang));
  });
  handle(app, ledgerApi.subjectTotalExport, async (req) => {
    const task = await startTotalExport(app, who(req, await guard(req, req.body.filter)), req.body.filter);
    return ok(taskDto(task, app.opts.fileSecret!, req.lang));
  });
  handle(app, ledgerApi.subjectDetailExport, async (req) => {
    const task = await startDetailExport(app, who(req, await guard(req, req.body.filter)), req.body.filter);
    return ok(taskDto(task, app.opts.fileSecret!, req.lang));
  });
}
