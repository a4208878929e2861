/** Company rows → contract DTOs. */
import type { CompanyDto } from '../../../contract/company';
import type { companies } from '../../db/schema';
import { iso } from '../../db/queries/list';

export type CompanyRow = typeof companies.$inferSelect;

export function companyDto(c: CompanyRow): CompanyDto {
  return { id: c.id, name: c.name, shortCut: c.shortCut, taxNumber: c.taxNumber, address: c.address, phone: c.phone, remark: c.remark, deleted: c.deleted, createdAt: iso(c.createdAt) };
}
