/**
 * A multi-value reference field (project clients, project directors): a searchable multi-select
 * over a server search (200 ms, only for a non-empty keyword) keeping the chosen records' labels,
 * plus the search icon / F7 opening a multi-select pick-list popup whose Select adds the ticked rows.
 * Typing then Enter ticks the first match ("hxhx" + Enter: the client whose initials start so), as
 * the single selects take theirs (FirstMatchMultiSelect).
 */
import { useState, type ReactNode } from 'react';
import { FirstMatchMultiSelect } from '../common/first-match-select';
import { onF7, PickerIcon } from './picker-icon';
import { recordOptionsFilter, type RecordOption } from './picker-rules';

export interface Ref { id: number; code: string; name: string; nameInitials?: string | null }

const optionsOf = (rows: readonly Ref[], known: readonly Ref[]) => {
  const all = [...known.filter((k) => !rows.some((r) => r.id === k.id)), ...rows];
  return all.map((r): RecordOption => ({ value: String(r.id), label: `${r.code} ${r.name}`, initials: r.nameInitials }));
};

export function RefMultiField({ label, known, rows, onSearch, testId, value, onChange, onBlur, error, withAsterisk, picker }: {
  label: string;
  /** The chosen records (their labels). */
  known: readonly Ref[];
  /** The current search's results. */
  rows: readonly Ref[];
  onSearch: (s: string) => void;
  testId: string;
  value: string[];
  onChange: (v: string[]) => void;
  onBlur?: () => void;
  error?: string;
  withAsterisk?: boolean;
  /** Renders the popup; `close` closes it. */
  picker: (opened: boolean, close: () => void) => ReactNode;
}) {
  const [search, setSearch] = useState('');
  const [popup, setPopup] = useState(false);
  return (
    <>
      <FirstMatchMultiSelect
        label={label}
        withAsterisk={withAsterisk}
        data={optionsOf(rows, known)}
        // A search found by the server on the initials stays listed: label or initials.
        filter={recordOptionsFilter}
        searchValue={search}
        onSearchChange={(s) => {
          setSearch(s);
          onSearch(s);
        }}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        onKeyDown={onF7(() => setPopup(true))}
        error={error}
        nothingFoundMessage="—"
        rightSectionPointerEvents="all"
        rightSection={<PickerIcon onOpen={() => setPopup(true)} testId={`${testId}-open`} />}
        data-testid={testId}
      />
      {picker(popup, () => setPopup(false))}
    </>
  );
}
