/** Client list (/customer/list, spec 02 §2.5): default sort code ascending (the server's). */
import type { CustomerDto } from '../../../contract/clients';
import type { ListColumn } from '../../../../grids/list/columns';

export const customersColumns: ListColumn<CustomerDto>[] = [
  { field: 'code', headerKey: 'clients:customer.code', width: 110, sortable: true },
  { field: 'name', headerKey: 'clients:customer.name', minWidth: 200, flex: 1, sortable: true },
  { field: 'kind', headerKey: 'clients:customer.kind', width: 90, format: 'kind', sortable: true },
  { field: 'ownerName', headerKey: 'clients:customer.owner', width: 110 },
  { field: 'taxNumber', headerKey: 'clients:customer.taxNumber', width: 170 },
  { field: 'bankName', headerKey: 'clients:customer.bankName', width: 160 },
  { field: 'address', headerKey: 'clients:customer.address', width: 200 },
  { field: 'disabled', headerKey: 'clients:customer.disabled', width: 80, format: 'yesNo' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 130, renderer: 'actions', resizable: false, pinned: 'right' },
];
