/**
 * Vendor select with list popup (spec 02 §2.10, §5): typing searches the account's enabled vendors
 * after 200 ms, only for a non-empty keyword (size 10); the search icon or F7 opens the vendor
 * picker. Without a company the popup shows the query-failed message. Choosing emits the record.
 */
import { useMemo, useState } from 'react';
import { useDebouncedValue } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import type { VendorDto } from '../../../contract/budget';
import { SEARCH_DEBOUNCE_MS } from '../../../domain/constants';
import { FirstMatchSelect } from '../common/first-match-select';
import { onF7, PickerIcon } from './picker-icon';
import { vendorPageOptions } from './picker-queries';
import { remoteKeyword } from './picker-rules';
import { VendorPicker } from './vendor-picker';

interface VendorRef { id: number; code: string; name: string }
const labelOf = (v: VendorRef) => `${v.code} ${v.name}`;

export function VendorField({ companyId, accountId, value, current, onChange, label, error, testId }: {
  companyId: number | null;
  accountId: number | null;
  value: number | null;
  current?: VendorRef | null;
  onChange: (v: VendorDto | null) => void;
  label: string;
  error?: string;
  testId?: string;
}) {
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<VendorRef | null>(current ?? null);
  const [popup, setPopup] = useState(false);
  const [debounced] = useDebouncedValue(search, SEARCH_DEBOUNCE_MS);
  const shown = picked && picked.id === value ? labelOf(picked) : null;
  const keyword = debounced === shown ? null : remoteKeyword(debounced);
  const found = useQuery({ ...vendorPageOptions(accountId ?? 0, { index: 0, size: 10, sort: {}, keyword: keyword ?? '' }), enabled: !!accountId && !!companyId && !!keyword });
  const list = useMemo(() => (keyword ? found.data?.content ?? [] : []), [keyword, found.data]);
  const options = useMemo(() => {
    const rows: VendorRef[] = [...list];
    if (picked && picked.id === value && !rows.some((v) => v.id === picked.id)) rows.unshift(picked);
    return rows.map((v) => ({ value: String(v.id), label: labelOf(v) }));
  }, [list, picked, value]);
  const choose = (v: VendorDto | null) => {
    setPicked(v);
    setSearch(v ? labelOf(v) : '');
    onChange(v);
  };
  return (
    <>
      <FirstMatchSelect
        label={label}
        clearable
        clearSectionMode="both"
        data={options}
        filter={({ options: o }) => o}
        searchValue={search}
        onSearchChange={setSearch}
        value={value === null ? null : String(value)}
        onChange={(id) => {
          if (id === null) return choose(null);
          const v = list.find((x) => String(x.id) === id);
          if (v) choose(v);
        }}
        onKeyDown={onF7(() => setPopup(true))}
        error={error}
        nothingFoundMessage="—"
        rightSectionPointerEvents="all"
        rightSection={<PickerIcon onOpen={() => setPopup(true)} testId={testId ? `${testId}-open` : undefined} />}
        data-testid={testId}
      />
      <VendorPicker
        opened={popup}
        companyId={companyId}
        accountId={accountId}
        onClose={() => setPopup(false)}
        onChoose={(v) => {
          setPopup(false);
          choose(v);
        }}
      />
    </>
  );
}
