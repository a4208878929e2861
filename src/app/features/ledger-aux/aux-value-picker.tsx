/**
 * The pick-list popup of one auxiliary type (the catalogues' own pickers), answering {id, code, name}.
 * Departments and budget items are trees whose parents the ledgers roll up (a parent's row sums its
 * subtree, server features/ledger-aux): a parent may be chosen, standing for its subtree.
 */
import { queryOptions } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { BookValueDto } from '../../../contract/aux';
import { auxApi } from '../../../contract/heads';
import { call } from '../../api/typed-client';
import { indexColumn, type ListColumn } from '../../../../grids/list/columns';
import type { ListRequest } from '../../../../grids/list/list-grid';
import { BudgetPicker } from '../pickers/budget-picker';
import { NoCompanyPicker } from '../pickers/no-company-picker';
import { PickerModal } from '../pickers/picker-modal';
import { PICKER_SIZES } from '../pickers/picker-rules';
import { DepartmentPicker } from '../pickers/department-picker';
import { EmployeePicker } from '../pickers/employee-picker';
import { VendorPicker } from '../pickers/vendor-picker';
import type { AuxRef } from './aux-ledger-model';

export function AuxValuePicker({ auxTypeId, opened, companyId, accountId, accountYearId, onClose, onChoose }: {
  auxTypeId: number;
  opened: boolean;
  companyId: number | null;
  accountId: number | null;
  accountYearId: number | null;
  onClose: () => void;
  onChoose: (v: AuxRef) => void;
}) {
  const choose = (v: { id: number; code: string; name: string }) => {
    onChoose({ id: v.id, code: v.code, name: v.name });
    onClose();
  };
  switch (auxTypeId) {
    case 1: return <DepartmentPicker parents opened={opened} companyId={companyId} onClose={onClose} onChoose={choose} />;
    case 2: return <EmployeePicker opened={opened} companyId={companyId} disabled={undefined} onClose={onClose} onChoose={choose} />;
    case 3: return <BookValuePicker type="CUSTOMER" opened={opened} companyId={companyId} onClose={onClose} onChoose={choose} />;
    case 4: return <VendorPicker opened={opened} companyId={companyId} accountId={accountId} onClose={onClose} onChoose={choose} />;
    case 5: return <BookValuePicker type="PROJECT" opened={opened} companyId={companyId} onClose={onClose} onChoose={choose} />;
    default: return <BudgetPicker parents opened={opened} accountYearId={accountYearId} onClose={onClose} onChoose={choose} />;
  }
}

const bookColumns: ListColumn<BookValueDto>[] = [
  indexColumn(),
  { field: 'code', headerKey: 'pickers:col.code', width: 140 },
  { field: 'name', headerKey: 'pickers:col.name', minWidth: 260, flex: 1 },
];

const bookValuesOptions = (companyId: number, type: 'CUSTOMER' | 'PROJECT', req: ListRequest) =>
  queryOptions({
    queryKey: ['auxBookValues', companyId, type, req],
    queryFn: ({ signal }) => call(auxApi.bookValues, { query: { filter: { companyId, type, ...(req.keyword ? { keyword: req.keyword } : {}) }, index: req.index, size: req.size } }, { signal }),
  });

/**
 * The clients or cases a ledger is asked about: every one of the company, as the books name them
 * (/aux/bookValue). The client and case lists' own pickers show a user only those they lead.
 */
function BookValuePicker({ type, opened, companyId, onClose, onChoose }: {
  type: 'CUSTOMER' | 'PROJECT';
  opened: boolean;
  companyId: number | null;
  onClose: () => void;
  onChoose: (v: BookValueDto) => void;
}) {
  const { t } = useTranslation(['pickers']);
  const title = t(type === 'CUSTOMER' ? 'pickers:title.customer' : 'pickers:title.project');
  if (opened && !companyId) return <NoCompanyPicker title={title} onClose={onClose} />;
  return (
    <PickerModal<BookValueDto>
      opened={opened}
      title={title}
      size={PICKER_SIZES.customer}
      gridId={`picker.book.${type.toLowerCase()}`}
      columns={bookColumns}
      query={(req) => bookValuesOptions(companyId!, type, req)}
      getRowId={(v) => v.id}
      keywordPlaceholder={t('pickers:keyword')}
      onClose={onClose}
      onChoose={onChoose}
      testId={type === 'CUSTOMER' ? 'customer-picker' : 'project-picker'}
    />
  );
}
