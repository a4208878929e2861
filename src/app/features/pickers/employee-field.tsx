/**
 * Employee autocomplete (spec 02 §2.10, §4, §5, §6): the company's employees are loaded in the
 * background, page after page until the total, and typing filters them; while they are still loading
 * typing searches the server after 200 ms (only for a non-empty keyword). Choosing emits the record; clearing emits null (the
 * caller stores nothing): the clear button takes no Tab, so emptying the box's text and leaving it
 * (Tab, a click elsewhere) clears the choice too. The search icon (reachable by Tab) or F7 opens
 * the 1000×700 picker with the department tree, its keyword box holding the text typed in the box.
 * Disabled employees are hidden unless `hideDisabled` is false.
 */
import { useMemo, useRef, useState, type Ref } from 'react';
import type { MantineSize } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { EmployeeDto } from '../../../contract/staff';
import { SEARCH_DEBOUNCE_MS } from '../../../domain/constants';
import { FirstMatchSelect } from '../common/first-match-select';
import { EmployeePicker } from './employee-picker';
import { onF7, PickerIcon } from './picker-icon';
import { employeeSearchOptions, employeesAllOptions } from './picker-queries';
import { employeeDisabledFilter, recordOptionsFilter, remoteKeyword, type RecordOption } from './picker-rules';

export interface EmployeeRef {
  id: number;
  code: string;
  name: string;
  /** The pinyin initials of the name (the box finds the employee by them too). */
  nameInitials?: string | null;
}

const labelOf = (e: EmployeeRef) => `${e.code} ${e.name}`;

/**
 * Whether leaving the box clears the choice: a value is chosen and the user emptied the text
 * (typing, Backspace, cutting) since entering the box. A box that shows nothing only because the
 * chosen employee's name has not loaded yet keeps its value when the user merely passes through.
 */
export const clearsOnLeave = (value: number | null, text: string, edited: boolean) => value !== null && edited && text.trim() === '';

/** The keyword the picker opens with: the text typed in the box, not the chosen employee's label it shows. */
export const pickerKeyword = (text: string, shownLabel: string | null) => (text === shownLabel ? '' : text.trim());

export function EmployeeField({ companyId, value, current, onChange, onBlur, label, error, testId, hideDisabled = true, withAsterisk, large, size, ref }: {
  companyId: number | null;
  value: number | null;
  /** The chosen employee as the record shows it (so its name shows before anything loads). */
  current?: EmployeeRef | null;
  onChange: (e: EmployeeDto | null) => void;
  onBlur?: () => void;
  label: string;
  error?: string;
  testId?: string;
  hideDisabled?: boolean;
  withAsterisk?: boolean;
  /** The 1000×800 picker (a field inside another popup). */
  large?: boolean;
  /** The box's input (a screen puts the caret here after a refused save). */
  ref?: Ref<HTMLInputElement>;
  /** The box's size (a filter row of small inputs). */
  size?: MantineSize;
}) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<EmployeeRef | null>(current ?? null);
  /** The keyword the open picker started with (null: the picker is closed). */
  const [popup, setPopup] = useState<string | null>(null);
  /** The box's text was changed by the user since the caret entered it. */
  const edited = useRef(false);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const disabled = employeeDisabledFilter({ hideDisabled });
  const shownLabel = picked && picked.id === value ? labelOf(picked) : null;
  // The box shows the chosen label after a pick: that is no search.
  const all = useQuery(employeesAllOptions(companyId, disabled));
  // Once every page is loaded the box filters the list itself; until then a keyword asks the server.
  const keyword = debounced === shownLabel || all.data ? null : remoteKeyword(debounced);
  const found = useQuery(employeeSearchOptions(companyId, keyword, disabled));
  const list = useMemo(() => (keyword ? found.data?.content : all.data?.content) ?? [], [keyword, found.data, all.data]);
  const options = useMemo(() => {
    const rows: EmployeeRef[] = [...list];
    if (picked && picked.id === value && !rows.some((e) => e.id === picked.id)) rows.unshift(picked);
    return rows.map((e): RecordOption => ({ value: String(e.id), label: labelOf(e), initials: e.nameInitials }));
  }, [list, picked, value]);

  const choose = (e: EmployeeDto | null) => {
    setPicked(e);
    setSearch(e ? labelOf(e) : '');
    onChange(e);
  };

  const openPicker = () => setPopup(pickerKeyword(search, shownLabel));

  return (
    <>
      <FirstMatchSelect
        ref={ref}
        size={size}
        label={label}
        withAsterisk={withAsterisk}
        clearable
        clearSectionMode="both"
        data={options}
        // Remote results are already filtered; the list shows them all. The loaded list is searched by label or initials.
        filter={keyword ? ({ options: o }) => o : recordOptionsFilter}
        limit={keyword ? undefined : 200}
        searchValue={search}
        onSearchChange={setSearch}
        value={value === null ? null : String(value)}
        onChange={(v) => {
          if (v === null) return choose(null);
          const e = list.find((x) => String(x.id) === v);
          if (e) choose(e);
        }}
        onKeyDown={onF7(openPicker)}
        onFocus={() => { edited.current = false; }}
        onInput={() => { edited.current = true; }}
        onBlur={(e) => {
          // Mantine puts the chosen label back as the box is left; an emptied box means "none".
          if (clearsOnLeave(value, e.currentTarget.value, edited.current)) choose(null);
          edited.current = false;
          onBlur?.();
        }}
        error={error}
        nothingFoundMessage="—"
        rightSectionPointerEvents="all"
        rightSection={<PickerIcon onOpen={openPicker} testId={testId ? `${testId}-open` : undefined} />}
        data-testid={testId}
      />
      <EmployeePicker
        opened={popup !== null}
        initialKeyword={popup ?? ''}
        companyId={companyId}
        disabled={disabled}
        large={large}
        onClose={() => setPopup(null)}
        onChoose={(e) => {
          setPopup(null);
          choose(e);
        }}
      />
    </>
  );
}
