/**
 * The client pick-list popup (spec 02 §2.4, §2.10): 1000×800, newest first (createdAt desc),
 * enabled clients only; a keyword search shows at most the first 100 with the message
 * 'Displaying up to 100 data records'. Single (Enter / double-click / Sure) or multi (tick, Select).
 */
import { useMemo } from 'react';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { CustomerDto } from '../../../contract/clients';
import { indexColumn, type ListColumn } from '../../../../grids/list/columns';
import { NoCompanyPicker } from './no-company-picker';
import { PickerModal } from './picker-modal';
import { customerPageOptions } from './picker-queries';
import { PICKER_SIZES } from './picker-rules';

const columns: ListColumn<CustomerDto>[] = [
  indexColumn(),
  { field: 'code', headerKey: 'pickers:col.code', width: 120, sortable: true },
  { field: 'name', headerKey: 'pickers:col.name', minWidth: 220, flex: 1, sortable: true },
  { field: 'kind', headerKey: 'pickers:col.kind', width: 90, format: 'kind' },
  { field: 'ownerName', headerKey: 'pickers:col.owner', width: 110 },
  { field: 'taxNumber', headerKey: 'pickers:col.taxNumber', width: 170 },
  { field: 'createdAt', headerKey: 'pickers:col.createdAt', width: 170, sortable: true, format: 'dateTime' },
];

export function CustomerPicker({ opened, companyId, multiple, onClose, onChoose, onChooseMany }: {
  opened: boolean;
  companyId: number | null;
  multiple?: boolean;
  onClose: () => void;
  onChoose?: (c: CustomerDto) => void;
  onChooseMany?: (rows: CustomerDto[]) => void;
}) {
  const { t } = useTranslation(['pickers', 'clients']);
  const formatters = useMemo(() => ({
    kind: (v: unknown) => (v ? t(`clients:customer.kinds.${String(v)}`) : ''),
    // The moment where the user is (the server answers UTC), not the text of the UTC timestamp.
    dateTime: (v: unknown) => (typeof v === 'string' && v ? dayjs(v).format('YYYY-MM-DD HH:mm:ss') : ''),
  }), [t]);
  const title = t(multiple ? 'pickers:title.customers' : 'pickers:title.customer');
  if (opened && !companyId) return <NoCompanyPicker title={title} onClose={onClose} />;
  return (
    <PickerModal<CustomerDto>
      opened={opened}
      title={title}
      size={PICKER_SIZES.customer}
      gridId="picker.customer"
      columns={columns}
      formatters={formatters}
      query={(req) => customerPageOptions(companyId!, req)}
      initialSort={{ createdAt: 'desc' }}
      getRowId={(c) => c.id}
      keywordPlaceholder={t('pickers:keyword')}
      capKeywordResults
      multiple={multiple}
      onClose={onClose}
      onChoose={onChoose}
      onChooseMany={onChooseMany}
      testId="customer-picker"
    />
  );
}
