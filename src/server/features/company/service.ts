/**
 * Rules of companies: a new company is linked to its creator and gets its base currency (CNY) and the
 * standard report definitions (decision 033) in the same transaction.
 */
import type { Db } from '../../db/client';
import { withTx } from '../../db/tx';
import type { companies } from '../../db/schema';
import { DomainError } from '../../../domain/result-codes';
import type { CompanyDto } from '../../../contract/company';
import { companyDto, type CompanyRow } from './dto';
import * as q from './queries';
import { seedCompanyCurrencies } from '../finance-settings/service';
import { seedReportDefinitions } from '../report/definitions';

export async function createCompany(db: Db, values: Omit<typeof companies.$inferInsert, 'id'>, linkUserId?: number): Promise<CompanyRow> {
  return withTx(db, async (tx) => {
    const row = await q.insertCompany(tx, values);
    if (linkUserId) await q.linkUser(tx, row.id, linkUserId);
    await seedCompanyCurrencies(tx, row.id);
    await seedReportDefinitions(tx, row.id);
    return row;
  });
}

export async function updateCompany(db: Db, id: number, patch: Partial<typeof companies.$inferInsert>): Promise<CompanyDto> {
  const row = await q.updateCompany(db, id, patch);
  if (!row) throw new DomainError('NO_PERMISSION');
  return companyDto(row);
}

/**
 * Deletes a company (soft: its rows stay, it leaves every list and every caller's reach) — only while
 * it holds no books (decision 063): deleting cannot be undone, so a company with vouchers, settled
 * periods, invoices, reimbursements or cash journal lines answers COMPANY_HAS_BOOKS. The company row
 * is locked, so two deletes queue.
 */
export async function deleteCompany(db: Db, id: number): Promise<void> {
  await withTx(db, async (tx) => {
    if (!(await q.lockLiveCompany(tx, id))) throw new DomainError('NO_PERMISSION');
    if (await q.companyHoldsBooks(tx, id)) throw new DomainError('COMPANY_HAS_BOOKS');
    await q.softDeleteCompany(tx, id);
  });
}

export { listCompanies } from './queries';
