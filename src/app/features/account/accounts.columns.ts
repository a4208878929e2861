/** Ledger sets (/basic/accountList). */
import type { AccountDto } from '../../../contract/account';
import type { ListColumn } from '../../../../grids/list/columns';

export const accountsColumns: ListColumn<AccountDto>[] = [
  { field: 'id', headerKey: 'admin:account.id', width: 80, sortable: true },
  { field: 'name', headerKey: 'admin:account.name', minWidth: 200, flex: 1, sortable: true },
  { field: 'main', headerKey: 'admin:account.main', width: 100, renderer: 'main', align: 'center' },
  { field: 'state', headerKey: 'admin:account.state', width: 100, renderer: 'state' },
  { field: 'accountYears', headerKey: 'admin:account.years', width: 200, format: 'years' },
  { field: 'createdAt', headerKey: 'admin:common.createdAt', width: 160, sortable: true, format: 'dateTime' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 260, renderer: 'actions', resizable: false, pinned: 'right' },
];
