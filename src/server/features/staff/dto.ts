/** Department and employee rows → contract DTOs (the one place they are mapped). */
import type { DepartmentDto, EmployeeDto } from '../../../contract/staff';
import type { departments, employees } from '../../db/schema';

export type DepartmentRow = typeof departments.$inferSelect;
export type EmployeeRow = typeof employees.$inferSelect;
export interface Ref { id: number; code: string; name: string }
export interface UserRef { id: number; username: string; name: string }

export const departmentDto = (d: DepartmentRow, o: { leaf: boolean; hasEmployees: boolean; principal?: Ref | null }): DepartmentDto => ({
  id: d.id, companyId: d.companyId, code: d.code, name: d.name, nameInitials: d.nameInitials || null, parentId: d.parentId, principalId: d.principalId,
  ...(o.principal !== undefined ? { principal: o.principal } : {}),
  disabled: d.disabled, leaf: o.leaf, hasEmployees: o.hasEmployees, version: d.version,
});

export const employeeDto = (e: EmployeeRow, o: { department?: Ref | null; user?: UserRef | null } = {}): EmployeeDto => ({
  id: e.id, companyId: e.companyId, code: e.code, name: e.name, nameInitials: e.nameInitials || null, sex: e.sex === 0 || e.sex === 1 ? e.sex : null,
  departmentId: e.departmentId, ...(o.department !== undefined ? { department: o.department } : {}),
  phone: e.phone, position: e.position, salesman: e.salesman, birthday: e.birthday, entryDate: e.entryDate, leaveDate: e.leaveDate,
  remark: e.remark, disabled: e.disabled, userId: e.userId, ...(o.user !== undefined ? { user: o.user } : {}), version: e.version,
});
