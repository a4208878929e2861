/**
 * Client list (/customer/list, spec 02 §2.4): the spec's columns in its order (index, selection,
 * kind, code … createTime; the operate column stays pinned right as on every list). Default sort
 * code ascending (the server's).
 */
import type { CustomerDto } from '../../../contract/clients';
import { indexColumn, type ListColumn } from '../../../../grids/list/columns';

export const customersColumns: ListColumn<CustomerDto>[] = [
  indexColumn(),
  { field: 'kind', headerKey: 'clients:customer.kind', width: 90, format: 'kind', sortable: true },
  { field: 'code', headerKey: 'clients:customer.code', width: 110, sortable: true },
  { field: 'name', headerKey: 'clients:customer.name', minWidth: 200, flex: 1, sortable: true },
  { field: 'ownerName', headerKey: 'clients:customer.owner', width: 110 },
  { field: 'bankName', headerKey: 'clients:customer.bankName', width: 160 },
  { field: 'bankAccount', headerKey: 'clients:customer.bankAccount', width: 170 },
  { field: 'invoiceTitle', headerKey: 'clients:customer.invoiceTitle', width: 180 },
  { field: 'taxNumber', headerKey: 'clients:customer.taxNumber', width: 170 },
  { field: 'address', headerKey: 'clients:customer.address', width: 200 },
  { field: 'formerName', headerKey: 'clients:customer.formerName', width: 160 },
  { field: 'disabled', headerKey: 'clients:customer.disabled', width: 80, format: 'yesNo' },
  { field: 'createdAt', headerKey: 'clients:customer.createdAt', width: 140, sortable: true, format: 'dateTime' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 130, renderer: 'actions', resizable: false, pinned: 'right' },
];
