/** Company list (/system/companyList). */
import type { CompanyDto } from '../../../contract/company';
import type { ListColumn } from '../../../../grids/list/columns';

export const companiesColumns: ListColumn<CompanyDto>[] = [
  { field: 'id', headerKey: 'admin:company.id', width: 80, sortable: true },
  { field: 'name', headerKey: 'admin:company.name', minWidth: 280, flex: 1, sortable: true, renderer: 'name' },
  { field: 'shortCut', headerKey: 'admin:company.shortCut', width: 130, sortable: true },
  { field: 'taxNumber', headerKey: 'admin:company.taxNumber', width: 180 },
  { field: 'phone', headerKey: 'admin:company.phone', width: 140 },
  { field: 'address', headerKey: 'admin:company.address', width: 200 },
  { field: 'createdAt', headerKey: 'admin:common.createdAt', width: 160, sortable: true, format: 'dateTime' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 150, renderer: 'actions', resizable: false, pinned: 'right' },
];
