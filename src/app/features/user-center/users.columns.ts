/** Users list (/userCenter/user). */
import type { UserDto } from '../../../contract/idm';
import type { ListColumn } from '../../../../grids/list/columns';

export const usersColumns: ListColumn<UserDto>[] = [
  { field: 'username', headerKey: 'admin:user.username', width: 120, sortable: true },
  { field: 'name', headerKey: 'admin:user.name', width: 130, sortable: true },
  { field: 'kind', headerKey: 'admin:user.kind', width: 120, sortable: true, renderer: 'kind' },
  { field: 'state', headerKey: 'admin:user.state', width: 110, sortable: true, renderer: 'state' },
  { field: 'enabled', source: '*', headerKey: 'admin:user.enabled', width: 90, renderer: 'enabled', align: 'center' },
  { field: 'mobileTel', headerKey: 'admin:user.mobileTel', width: 130 },
  { field: 'email', headerKey: 'admin:user.email', minWidth: 160, flex: 1 },
  { field: 'createdAt', headerKey: 'admin:common.createdAt', width: 160, sortable: true, format: 'dateTime' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 200, renderer: 'actions', resizable: false, pinned: 'right' },
];
