/** Project list (/project/list, spec 02 §2.5): default sort code descending (the server's). */
import type { ProjectDto } from '../../../contract/clients';
import type { ListColumn } from '../../../../grids/list/columns';

export const projectsColumns: ListColumn<ProjectDto>[] = [
  { field: 'code', headerKey: 'clients:project.code', width: 120, sortable: true },
  { field: 'name', headerKey: 'clients:project.name', minWidth: 200, flex: 1, sortable: true },
  { field: 'kind', headerKey: 'clients:project.kind', width: 110, format: 'kind', sortable: true },
  { field: 'amount', headerKey: 'clients:project.amount', width: 140, format: 'cents', align: 'right', sortable: true },
  { field: 'clientNames', headerKey: 'clients:project.clients', width: 220 },
  { field: 'principalNames', headerKey: 'clients:project.principals', width: 140 },
  { field: 'departmentName', headerKey: 'clients:project.department', width: 120 },
  { field: 'disabled', headerKey: 'clients:project.disabled', width: 80, format: 'yesNo' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 130, renderer: 'actions', resizable: false, pinned: 'right' },
];
