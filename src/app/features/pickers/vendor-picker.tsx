/** The vendor pick-list popup (spec 02 §2.7, §2.10): enabled vendors of the account; it needs a company (spec 02 §5). */
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { VendorDto } from '../../../contract/budget';
import type { ListColumn } from '../../../../grids/list/columns';
import { NoCompanyPicker } from './no-company-picker';
import { PickerModal } from './picker-modal';
import { vendorPageOptions } from './picker-queries';
import { PICKER_SIZES } from './picker-rules';

const columns: ListColumn<VendorDto>[] = [
  { field: 'code', headerKey: 'pickers:col.code', width: 140, sortable: true },
  { field: 'name', headerKey: 'pickers:col.name', minWidth: 240, flex: 1, sortable: true },
  { field: 'kind', headerKey: 'pickers:col.kind', width: 100, format: 'kind' },
  { field: 'owner', headerKey: 'pickers:col.owner', width: 140, format: 'ref' },
];

export function VendorPicker({ opened, companyId, accountId, onClose, onChoose }: {
  opened: boolean;
  companyId: number | null;
  accountId: number | null;
  onClose: () => void;
  onChoose: (v: VendorDto) => void;
}) {
  const { t } = useTranslation(['pickers', 'budget']);
  const formatters = useMemo(() => ({
    kind: (v: unknown) => (v ? t(`budget:vendor.kinds.${String(v)}`) : ''),
    ref: (v: unknown) => (v && typeof v === 'object' && 'name' in v ? String((v as { name: string }).name) : ''),
  }), [t]);
  const title = t('pickers:title.vendor');
  if (opened && (!companyId || !accountId)) return <NoCompanyPicker title={title} onClose={onClose} />;
  return (
    <PickerModal<VendorDto>
      opened={opened}
      title={title}
      size={PICKER_SIZES.vendor}
      gridId="picker.vendor"
      columns={columns}
      formatters={formatters}
      query={(req) => vendorPageOptions(accountId!, req)}
      getRowId={(v) => v.id}
      keywordPlaceholder={t('pickers:keyword')}
      onClose={onClose}
      onChoose={onChoose}
      testId="vendor-picker"
    />
  );
}
