/**
 * Project list (/project/list, spec 02 §2.5): index, then the spec's columns in its order (summary
 * and remark are long texts: cut off, whole in the list's full-text tooltip). Default sort code
 * descending (the server's).
 */
import type { ProjectDto } from '../../../contract/clients';
import { indexColumn, type ListColumn } from '../../../../grids/list/columns';

export const projectsColumns: ListColumn<ProjectDto>[] = [
  indexColumn(),
  { field: 'code', headerKey: 'clients:project.code', width: 120, sortable: true },
  { field: 'name', headerKey: 'clients:project.name', minWidth: 200, flex: 1, sortable: true },
  { field: 'kind', headerKey: 'clients:project.kind', width: 110, format: 'kind', sortable: true },
  { field: 'amount', headerKey: 'clients:project.amount', width: 140, format: 'cents', negative: true, align: 'right', sortable: true },
  { field: 'clientNames', headerKey: 'clients:project.clients', width: 220 },
  { field: 'oppParty', headerKey: 'clients:project.oppParty', width: 160 },
  { field: 'departmentName', headerKey: 'clients:project.department', width: 120 },
  { field: 'principalNames', headerKey: 'clients:project.principals', width: 140 },
  { field: 'plaintiff', headerKey: 'clients:project.plaintiff', width: 140 },
  { field: 'defendant', headerKey: 'clients:project.defendant', width: 140 },
  { field: 'summary', headerKey: 'clients:project.summary', width: 200 },
  { field: 'remark', headerKey: 'clients:project.remark', width: 200 },
  { field: 'disabled', headerKey: 'clients:project.disabled', width: 80, format: 'yesNo' },
  { field: 'createdAt', headerKey: 'clients:project.createdAt', width: 140, sortable: true, format: 'dateTime' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 130, renderer: 'actions', resizable: false, pinned: 'right' },
];
