/**
 * The employee pick-list popup (spec 02 §2.3, §2.10): 1000×700 (large: 1000×800; multi: 1000×600), the department
 * tree on the left like the employee list, disabled employees hidden unless asked otherwise
 * (spec 02 §6). Without a company it shows the query-failed message instead of a list.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { EmployeeDto } from '../../../contract/staff';
import type { ListColumn } from '../../../../grids/list/columns';
import { NoCompanyPicker } from './no-company-picker';
import { DepartmentTreePanel } from '../staff/department-tree-panel';
import { PickerModal, pickerSideHeight } from './picker-modal';
import { employeePageOptions } from './picker-queries';
import { PICKER_SIZES } from './picker-rules';

const columns: ListColumn<EmployeeDto>[] = [
  { field: 'code', headerKey: 'pickers:col.code', width: 110, sortable: true },
  { field: 'name', headerKey: 'pickers:col.name', width: 130, sortable: true },
  { field: 'department', headerKey: 'pickers:col.department', width: 150, format: 'ref' },
  { field: 'position', headerKey: 'pickers:col.position', width: 120 },
  { field: 'phone', headerKey: 'pickers:col.phone', minWidth: 120, flex: 1 },
  { field: 'disabled', headerKey: 'pickers:col.disabled', width: 80, format: 'yesNo' },
];

export function EmployeePicker({ opened, companyId, multiple, large, disabled, initialKeyword, onClose, onChoose, onChooseMany }: {
  opened: boolean;
  /** The keyword the list opens searched by (the text typed in the field that opened it). */
  initialKeyword?: string;
  /** The 1000×800 variant (spec 02 §2.10), for a picker opened from another popup. */
  large?: boolean;
  companyId: number | null;
  multiple?: boolean;
  /** false hides disabled employees; undefined shows all. */
  disabled: false | undefined;
  onClose: () => void;
  onChoose?: (e: EmployeeDto) => void;
  onChooseMany?: (rows: EmployeeDto[]) => void;
}) {
  const { t } = useTranslation(['pickers']);
  const [departmentId, setDepartmentId] = useState<number | null>(null);
  const size = multiple ? PICKER_SIZES.employeeMulti : large ? PICKER_SIZES.employeeLarge : PICKER_SIZES.employee;
  const formatters = useMemo(() => ({
    ref: (v: unknown) => (v && typeof v === 'object' && 'name' in v ? String((v as { name: string }).name) : ''),
    yesNo: (v: unknown) => (v ? t('pickers:yes') : ''),
  }), [t]);
  if (opened && !companyId) return <NoCompanyPicker onClose={onClose} title={t(multiple ? 'pickers:title.employees' : 'pickers:title.employee')} />;
  return (
    <PickerModal<EmployeeDto>
      opened={opened}
      title={t(multiple ? 'pickers:title.employees' : 'pickers:title.employee')}
      size={size}
      gridId="picker.employee"
      columns={columns}
      formatters={formatters}
      query={(req) => employeePageOptions(companyId!, req, departmentId, disabled)}
      resetKey={departmentId}
      getRowId={(e) => e.id}
      keywordPlaceholder={t('pickers:keyword')}
      initialKeyword={initialKeyword}
      side={companyId ? <DepartmentTreePanel companyId={companyId} value={departmentId} onChange={setDepartmentId} height={pickerSideHeight(size)} /> : null}
      multiple={multiple}
      onClose={onClose}
      onChoose={onChoose}
      onChooseMany={onChooseMany}
      testId="employee-picker"
    />
  );
}
