/**
 * Employee autocomplete (spec 02 §2.9, §4, §6): typing searches the company's enabled employees on
 * the server after 200 ms (disabled ones are hidden); choosing emits the record, clearing emits null.
 */
import { useMemo, useState } from 'react';
import { Select } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { EmployeeDto } from '../../../contract/staff';
import { employeePickerOptions } from '../../queries/staff';

export interface EmployeeRef {
  id: number;
  code: string;
  name: string;
}

const labelOf = (e: EmployeeRef) => `${e.code} ${e.name}`;
export const SEARCH_DEBOUNCE_MS = 200;

export function EmployeeSelect({ companyId, value, current, onChange, onBlur, label, error, testId }: {
  companyId: number;
  value: number | null;
  /** The chosen employee as the record shows it (so its name shows before any search). */
  current?: EmployeeRef | null;
  onChange: (e: EmployeeDto | null) => void;
  onBlur?: () => void;
  label: string;
  error?: string;
  testId?: string;
}) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<EmployeeRef | null>(current ?? null);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const shownLabel = picked && picked.id === value ? labelOf(picked) : null;
  // The box shows the chosen label after a pick: that is no search.
  const keyword = debounced === shownLabel ? '' : debounced.trim();
  const { data } = useQuery(employeePickerOptions(companyId, keyword));
  const list = useMemo(() => data?.content ?? [], [data]);
  const options = useMemo(() => {
    const rows: EmployeeRef[] = [...list];
    if (picked && picked.id === value && !rows.some((e) => e.id === picked.id)) rows.unshift(picked);
    return rows.map((e) => ({ value: String(e.id), label: labelOf(e) }));
  }, [list, picked, value]);
  return (
    <Select
      label={label}
      searchable
      clearable
      data={options}
      searchValue={search}
      onSearchChange={setSearch}
      value={value === null ? null : String(value)}
      onChange={(v) => {
        const e = v === null ? null : (list.find((x) => String(x.id) === v) ?? null);
        setPicked(e);
        onChange(e);
      }}
      onBlur={onBlur}
      error={error}
      nothingFoundMessage="—"
      data-testid={testId}
    />
  );
}
