/** Accounting periods of one account year (/basic/accountPeriod); boundaries edit inline. */
import type { PeriodDto } from '../../../contract/account';
import type { ListColumn } from '../../../../grids/list/columns';

export const periodsColumns: ListColumn<PeriodDto>[] = [
  { field: 'name', headerKey: 'admin:period.name', width: 140 },
  { field: 'startAt', headerKey: 'admin:period.startAt', width: 170, editable: (p) => !p.rolled, cellEditor: 'agDateStringCellEditor' },
  { field: 'endAt', headerKey: 'admin:period.endAt', width: 170, editable: (p) => !p.rolled, cellEditor: 'agDateStringCellEditor' },
  { field: 'days', headerKey: 'admin:period.days', width: 90, format: 'days', align: 'right' },
  { field: 'rolled', headerKey: 'admin:period.rolled', width: 120, renderer: 'rolled' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', minWidth: 100, flex: 1, renderer: 'actions', resizable: false },
];
