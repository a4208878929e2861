/** Voucher kinds (/basic/voucherKind). */
import type { VoucherKindDto } from '../../../contract/finance-settings';
import type { ListColumn } from '../../../../grids/list/columns';

export const voucherKindsColumns: ListColumn<VoucherKindDto>[] = [
  { field: 'name', headerKey: 'finance:voucherKind.name', width: 140 },
  { field: 'nameEn', headerKey: 'finance:voucherKind.nameEn', minWidth: 160, flex: 1 },
  { field: 'isDefault', headerKey: 'finance:voucherKind.isDefault', width: 110, renderer: 'isDefault', align: 'center' },
  { field: 'actions', source: '*', headerKey: 'admin:common.actions', width: 200, renderer: 'actions', resizable: false, pinned: 'right' },
];
