/** Employee list (/userCenter/employee, spec 02 §2.3). */
import type { EmployeeDto } from '../../../contract/staff';
import { indexColumn, type ListColumn } from '../../../../grids/list/columns';

export const employeesColumns: ListColumn<EmployeeDto>[] = [
  indexColumn(),
  { field: 'code', headerKey: 'admin:employee.code', width: 100, sortable: true },
  { field: 'name', headerKey: 'admin:employee.name', width: 120, sortable: true },
  { field: 'department', headerKey: 'admin:employee.department', width: 140, format: 'ref' },
  { field: 'salesman', headerKey: 'admin:employee.salesman', width: 90, format: 'yesNo' },
  { field: 'position', headerKey: 'admin:employee.position', width: 120 },
  { field: 'phone', headerKey: 'admin:employee.phone', width: 130 },
  { field: 'sex', headerKey: 'admin:employee.sex', width: 70, format: 'sex' },
  { field: 'birthday', headerKey: 'admin:employee.birthday', width: 110 },
  { field: 'entryDate', headerKey: 'admin:employee.entryDate', width: 110, sortable: true },
  { field: 'leaveDate', headerKey: 'admin:employee.leaveDate', width: 110 },
  { field: 'remark', headerKey: 'admin:employee.remark', width: 150 },
  { field: 'disabled', headerKey: 'admin:employee.disabled', width: 80, format: 'yesNo' },
  { field: 'user', headerKey: 'admin:employee.account', width: 170, renderer: 'account', pinned: 'right' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 110, renderer: 'actions', resizable: false, pinned: 'right' },
];
