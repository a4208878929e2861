/** Client and project rows → contract DTOs (the one place they are mapped). */
import type { CustomerDto, ProjectDto } from '../../../contract/clients';
import type { customers, projects } from '../../db/schema';
import { iso } from '../../db/queries/list';

export type CustomerRow = typeof customers.$inferSelect;
export type ProjectRow = typeof projects.$inferSelect;
export interface Ref { id: number; code: string; name: string }

export const customerDto = (c: CustomerRow, owner: Ref | null): CustomerDto => ({
  id: c.id, companyId: c.companyId, kind: c.kind as CustomerDto['kind'], code: c.code, name: c.name, nameInitials: c.nameInitials || null,
  ownerId: c.ownerId, owner, ownerName: owner?.name ?? null,
  bankName: c.bankName, bankAccount: c.bankAccount, invoiceTitle: c.invoiceTitle, taxNumber: c.taxNumber,
  address: c.address, formerName: c.formerName, disabled: c.disabled, createdAt: iso(c.createdAt), version: c.version,
});

export const projectDto = (p: ProjectRow, o: { department: Ref | null; clients: Ref[]; principals: Ref[] }): ProjectDto => ({
  id: p.id, companyId: p.companyId, kind: p.kind as ProjectDto['kind'], code: p.code, name: p.name, nameInitials: p.nameInitials || null, amount: Number(p.amountCents),
  departmentId: p.departmentId, department: o.department, departmentName: o.department?.name ?? null,
  oppParty: p.oppParty, plaintiff: p.plaintiff, defendant: p.defendant, summary: p.summary, remark: p.remark, disabled: p.disabled,
  clients: o.clients, clientIds: o.clients.map((c) => c.id), clientNames: o.clients.map((c) => c.name).join(', '),
  principals: o.principals, principalIds: o.principals.map((e) => e.id), principalNames: o.principals.map((e) => e.name).join(', '),
  createdAt: iso(p.createdAt), version: p.version,
});
