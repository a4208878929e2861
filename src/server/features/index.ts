/** All /api routes, by feature. Each feature registers handlers for the routes its contract declares. */
import type { FastifyInstance } from 'fastify';
import { sessionRoutes } from './idm/session-routes';
import { userRoutes } from './idm/user-routes';
import { roleRoutes } from './idm/role-routes';
import { linkRoutes } from './idm/link-routes';
import { companyRoutes } from './company/routes';
import { accountRoutes } from './account/routes';
import { subjectRoutes } from './subject/routes';
import { systemRoutes } from './system/routes';
import { financeSettingsRoutes } from './finance-settings/routes';
import { fileRoutes } from './system/file-routes';
import { staffRoutes } from './staff/routes';
import { clientRoutes } from './clients/routes';
import { exportRoutes } from './export/routes';
import { budgetRoutes } from './budget/routes';
import { invoiceRoutes } from './invoice/routes';
import { auxRoutes } from './aux/routes';
import { voucherRoutes } from './voucher/routes';
import { expenseRoutes } from './expense/routes';
import { subjectRelationRoutes } from './subject/relation-routes';
import { voucherSyncRoutes } from './voucher/sync-routes';
import { subjectBalanceRoutes } from './subject/balance';
import { voucherProcRoutes } from './voucher/procs';
import { voucherStepRoutes } from './voucher/step';
import { voucherDocsRoutes } from './voucher/docs-routes';
import { ledgerRoutes } from './ledger/routes';
import { ledgerAuxRoutes } from './ledger-aux/routes';
import { cashierSettingsRoutes } from './cashier-settings/routes';
import { summaryRoutes } from './summary/routes';
import { openingRoutes } from './opening/routes';
import { periodEndRoutes } from './period-end/routes';
import { reportRoutes } from './report/routes';
import { retrievalRoutes } from './retrieval/routes';
import { businessRoutes } from './business/routes';
import { cashierJournalRoutes } from './cashier-journal/routes';
import { docToVoucherRoutes } from './doc-to-voucher/routes';

export { API_VERSION } from '../api-version';

export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes);
  await app.register(companyRoutes);
  await app.register(accountRoutes);
  await app.register(financeSettingsRoutes);
  // POST /subject/export is a static path: Fastify prefers it to subjectRoutes' POST /subject/:id.
  await app.register(exportRoutes);
  // GET/POST/DELETE /subject/relation are static paths: Fastify prefers them to /subject/:id.
  await app.register(subjectRelationRoutes);
  await app.register(subjectRoutes);
  await app.register(cashierSettingsRoutes);
  await app.register(summaryRoutes);
  await app.register(cashierJournalRoutes);
  await app.register(sessionRoutes);
  await app.register(userRoutes);
  await app.register(roleRoutes);
  await app.register(linkRoutes);
  await app.register(fileRoutes);
  await app.register(staffRoutes);
  await app.register(clientRoutes);
  await app.register(budgetRoutes);
  await app.register(invoiceRoutes);
  await app.register(auxRoutes);
  // GET /voucher/billQuery, POST /voucher/bill(s)Transfer: static paths win over /voucher/:id.
  await app.register(docToVoucherRoutes);
  await app.register(voucherRoutes);
  // POST /voucher/:id/sync: the static last segment wins over /voucher/:id/:action.
  await app.register(voucherSyncRoutes);
  await app.register(subjectBalanceRoutes);
  await app.register(voucherProcRoutes);
  await app.register(voucherStepRoutes);
  await app.register(voucherDocsRoutes);
  await app.register(ledgerRoutes);
  await app.register(ledgerAuxRoutes);
  await app.register(openingRoutes);
  await app.register(expenseRoutes);
  // POST /voucher/profitTransfer and /account/:id/roll … are static segments: they win over /voucher/:id and /account/:id.
  await app.register(periodEndRoutes);
  await app.register(businessRoutes);
  await app.register(reportRoutes);
  await app.register(retrievalRoutes);
}
