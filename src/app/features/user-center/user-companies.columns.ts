/** User-company links (/userCenter/userCompany): companies on the left, linked users on the right. */
import type { CompanyDto } from '../../../contract/company';
import type { z } from 'zod';
import type { userCompanyDto } from '../../../contract/idm';
import type { ListColumn } from '../../../../grids/list/columns';

export const linkCompaniesColumns: ListColumn<CompanyDto>[] = [
  { field: 'id', headerKey: 'admin:company.id', width: 70, sortable: true },
  { field: 'name', headerKey: 'admin:company.name', minWidth: 160, flex: 1, sortable: true },
  { field: 'shortCut', headerKey: 'admin:company.shortCut', width: 110 },
];

export const linkedUsersColumns: ListColumn<z.infer<typeof userCompanyDto>>[] = [
  { field: 'username', headerKey: 'admin:user.username', width: 150 },
  { field: 'name', headerKey: 'admin:user.name', minWidth: 140, flex: 1 },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 110, renderer: 'actions', resizable: false },
];
