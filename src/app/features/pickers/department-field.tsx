/**
 * Department field (spec 02 §2.3, §5): a searchable list of the last-level departments only, each
 * labelled with its ancestor path; the search icon or F7 opens the department picker, which
 * refuses a parent department.
 */
import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { allDepartmentsOptions } from '../../queries/staff';
import { FirstMatchSelect } from '../common/first-match-select';
import { DepartmentPicker } from './department-picker';
import { onF7, PickerIcon } from './picker-icon';
import { leafDepartments, recordOptionsFilter, type RecordOption } from './picker-rules';

export function DepartmentField({ companyId, value, onChange, onBlur, label, error, testId, withAsterisk, clearable }: {
  companyId: number | null;
  value: string | null;
  onChange: (id: string | null) => void;
  onBlur?: () => void;
  label: string;
  error?: string;
  testId?: string;
  withAsterisk?: boolean;
  clearable?: boolean;
}) {
  const [popup, setPopup] = useState(false);
  const { data } = useQuery(allDepartmentsOptions(companyId));
  const options = useMemo(
    () => leafDepartments((data?.content ?? []).filter((d) => !d.disabled || String(d.id) === value)).map(({ department: d, path }): RecordOption => ({ value: String(d.id), label: `${d.code} ${path}`, initials: d.nameInitials })),
    [data, value],
  );
  return (
    <>
      <FirstMatchSelect
        label={label}
        withAsterisk={withAsterisk}
        clearable={clearable}
        clearSectionMode="both"
        data={options}
        // By the label (code and path) or the start of the department's pinyin initials.
        filter={recordOptionsFilter}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        onKeyDown={onF7(() => setPopup(true))}
        error={error}
        nothingFoundMessage="—"
        rightSectionPointerEvents="all"
        rightSection={<PickerIcon onOpen={() => setPopup(true)} testId={testId ? `${testId}-open` : undefined} />}
        data-testid={testId}
      />
      <DepartmentPicker
        opened={popup}
        companyId={companyId}
        onClose={() => setPopup(false)}
        onChoose={(d) => {
          setPopup(false);
          onChange(String(d.id));
        }}
      />
    </>
  );
}
