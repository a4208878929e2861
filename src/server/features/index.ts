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
import { ledgerRoutes } from './ledger/routes';

export { API_VERSION } from '../api-version';

export async function registerApiRoutes(app: FastifyInstance): Promise<void> {
  await app.register(systemRoutes);
  await app.register(companyRoutes);
  await app.register(accountRoutes);
  await app.register(financeSettingsRoutes);
  // POST /subject/export is a static path: Fastify prefers it to subjectRoutes' POST /subject/:id.
  await app.register(exportRoutes);
  await app.register(subjectRoutes);
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
  await app.register(voucherRoutes);
  await app.register(ledgerRoutes);
}
