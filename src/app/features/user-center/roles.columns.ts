/** Roles list (/userCenter/role), left of the rights tree editor. */
import type { RoleDto } from '../../../contract/idm';
import type { ListColumn } from '../../../../grids/list/columns';

export const rolesColumns: ListColumn<RoleDto>[] = [
  // The name takes two thirds of what the kind leaves (a bilingual name, '系统管理员 System manager',
  // is whole at 1400 px beside the rights), the remark the rest.
  { field: 'name', headerKey: 'admin:role.name', minWidth: 120, flex: 2, sortable: true },
  { field: 'kind', headerKey: 'admin:role.kind', width: 90, renderer: 'kind' },
  { field: 'remark', headerKey: 'admin:role.remark', minWidth: 80, flex: 1 },
];
