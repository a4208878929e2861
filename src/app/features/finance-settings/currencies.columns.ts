/** Currencies (/basic/currencyType). */
import type { CurrencyDto } from '../../../contract/finance-settings';
import type { ListColumn } from '../../../../grids/list/columns';

export const currenciesColumns: ListColumn<CurrencyDto>[] = [
  { field: 'code', headerKey: 'finance:currency.code', width: 120 },
  { field: 'name', headerKey: 'finance:currency.name', minWidth: 180, flex: 1 },
  { field: 'rate', headerKey: 'finance:currency.rate', width: 140, align: 'right' },
  { field: 'base', headerKey: 'finance:currency.base', width: 120, renderer: 'base', align: 'center' },
  { field: 'disabled', headerKey: 'finance:currency.disabled', width: 100, renderer: 'disabled', align: 'center' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 200, renderer: 'actions', resizable: false, pinned: 'right' },
];
