/** Roles list (/userCenter/role), left of the rights tree editor. */
import type { RoleDto } from '../../../contract/idm';
import type { ListColumn } from '../../../../grids/list/columns';

export const rolesColumns: ListColumn<RoleDto>[] = [
  { field: 'name', headerKey: 'admin:role.name', minWidth: 120, flex: 1, sortable: true },
  { field: 'kind', headerKey: 'admin:role.kind', width: 100, renderer: 'kind' },
  { field: 'remark', headerKey: 'admin:role.remark', width: 160 },
];
