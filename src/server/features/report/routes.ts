/** /report: parse (by the contract), guard the ledger set or the company, answer from the report service. */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { reportApi } from '../../../contract/report';
import { DomainError } from '../../../domain/result-codes';
import { handle } from '../../http/route';
import { ok } from '../../http/reply';
import { guardAccount, guardCompany, guardRightCompanies } from '../../http/guards';
import { taskDto } from '../export/service';
import { balanceSheet, departmentDetail, incomeStatement, statistics } from './service';
import { startReportExport } from './export';
import { departmentReimbursements } from './reimbursements';
import { adminStat } from './admin-stat';
import { businessStat } from './business-stat';
import { createReportRow, deleteReportRow, findReportRow, listReportRows, reportRowDto, resetReportRows, updateReportRow } from './definitions';

/** The ledger set, and the company a `company` parameter names must be its own. */
async function guardReportAccount(req: FastifyRequest, q: { accountId: number; company?: number }) {
  const account = await guardAccount(req, q.accountId);
  if (q.company !== undefined && q.company !== account.companyId) throw new DomainError('NO_PERMISSION');
  return account;
}

async function guardRow(req: FastifyRequest, id: number) {
  const row = await findReportRow(req.server.db, id);
  if (!row) throw new DomainError('NO_PERMISSION');
  guardCompany(req, row.companyId);
  return row;
}

export async function reportRoutes(app: FastifyInstance): Promise<void> {
  handle(app, reportApi.balanceSheet, async (req) => {
    await guardReportAccount(req, req.query);
    return ok(await balanceSheet(app.db, req.query));
  });
  handle(app, reportApi.incomeStatement, async (req) => {
    await guardReportAccount(req, req.query);
    return ok(await incomeStatement(app.db, req.query));
  });
  for (const [route, report] of [[reportApi.balanceSheetExport, 'BALANCE_SHEET'], [reportApi.incomeStatementExport, 'INCOME_STATEMENT']] as const) {
    handle(app, route, async (req) => {
      const account = await guardReportAccount(req, req.body);
      const task = await startReportExport(app, { report, companyId: account.companyId, userId: req.access.user.id, query: req.body, lang: req.lang });
      return ok(taskDto(task, app.opts.fileSecret!, req.lang));
    });
  }
  handle(app, reportApi.comprehensiveStatistical, async (req) => {
    await guardReportAccount(req, req.query);
    return ok(await statistics(app.db, req.query));
  });
  handle(app, reportApi.departmentIODetail, async (req) => {
    await guardReportAccount(req, req.query);
    return ok(await departmentDetail(app.db, req.query));
  });
  handle(app, reportApi.departmentRADetail, async (req) => {
    guardCompany(req, req.query.companyId);
    return ok(await departmentReimbursements(app.db, req.query));
  });

  // The companies where the caller holds the management dashboard right (administrators: every company).
  handle(app, reportApi.adminStat, async (req) => {
    const companies = guardRightCompanies(req);
    return ok(await adminStat(app.db, req.access.isAdmin ? null : companies, req.query));
  });

  handle(app, reportApi.business, async (req) => {
    guardCompany(req, req.query.companyId);
    return ok(await businessStat(app.db, req.query));
  });

  handle(app, reportApi.definition, async (req) => {
    const companyId = guardCompany(req, req.query.companyId);
    return ok((await listReportRows(app.db, companyId, req.query.kind)).map(reportRowDto));
  });
  handle(app, reportApi.definitionCreate, async (req) => {
    guardCompany(req, req.body.companyId);
    return ok(await createReportRow(app.db, req.body, req.lang));
  });
  handle(app, reportApi.definitionReset, async (req) => ok(await resetReportRows(app.db, guardCompany(req, req.body.companyId), req.body.kind)));
  handle(app, reportApi.definitionUpdate, async (req) => {
    await guardRow(req, req.params.id);
    return ok(await updateReportRow(app.db, req.params.id, req.body, req.lang));
  });
  handle(app, reportApi.definitionRemove, async (req) => {
    await guardRow(req, req.params.id);
    await deleteReportRow(app.db, req.params.id);
    return ok(null);
  });
}
