/**
 * The subject a bank account or an income/outcome kind links (decision 028): a searchable select of
 * the year's subjects the rule accepts (type a code or name), and F7 or the search icon opens the
 * subject catalogue in popup mode, which refuses a subject the rule refuses with its reason. The
 * rule is the server's (src/domain/cashier-settings.ts).
 */
import { useMemo, useState } from 'react';
import { Select } from '../common/select';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubjectDto } from '../../../contract/subject';
import type { LinkProblem, SubjectLike } from '../../../domain/cashier-settings';
import { allSubjectsOptions } from '../../queries/subjects';
import { onF7, PickerIcon } from '../pickers/picker-icon';
import { SubjectPicker } from '../pickers/subject-picker';
import { localName } from '../../../domain/names';

export interface SubjectRef { id: number; accountYearId: number; code: string; name: string; nameEn: string | null }

export function SubjectLinkField({ accountYearId, value, current, problem, onChange, onPopup, label, description, error, testId }: {
  accountYearId: number | null;
  value: number | null;
  /** The linked subject as the record has it (maybe of another year). */
  current?: SubjectRef | null;
  problem: (s: SubjectLike) => LinkProblem | null;
  onChange: (s: SubjectDto | null) => void;
  /** The popup opened or closed (the dialog around turns its Escape off meanwhile). */
  onPopup?: (open: boolean) => void;
  label: string;
  description?: string;
  error?: string;
  testId?: string;
}) {
  const { t, i18n } = useTranslation('cashier');
  const english = i18n.language === 'en_US';
  const [popup, setPopupState] = useState(false);
  const setPopup = (open: boolean) => {
    setPopupState(open);
    onPopup?.(open);
  };
  const all = useQuery(allSubjectsOptions(accountYearId));
  const nameOf = (s: { name: string; nameEn: string | null }) => localName(english, s);
  const options = useMemo(() => {
    const rows = (all.data?.content ?? []).filter((s) => problem(s) === null || s.id === value).map((s) => ({ value: String(s.id), label: `${s.code} ${nameOf(s)}` }));
    if (value !== null && current && current.id === value && !rows.some((r) => r.value === String(value))) rows.unshift({ value: String(value), label: `${current.code} ${nameOf(current)}` });
    return rows;
    // nameOf reads `english`
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [all.data, problem, value, current, english]);
  const choose = (id: string | null) => onChange(id === null ? null : (all.data?.content ?? []).find((s) => String(s.id) === id) ?? null);
  return (
    <>
      <Select
        label={label}
        description={description}
        withAsterisk
        searchable
        clearable
        data={options}
        value={value === null ? null : String(value)}
        onChange={choose}
        onKeyDown={onF7(() => setPopup(true))}
        placeholder={t('settings.subjectHint')}
        nothingFoundMessage="—"
        error={error}
        limit={200}
        rightSectionPointerEvents="all"
        rightSection={<PickerIcon onOpen={() => setPopup(true)} testId={testId ? `${testId}-open` : undefined} />}
        data-testid={testId}
      />
      <SubjectPicker
        opened={popup}
        accountYearId={accountYearId}
        refuse={(s) => {
          const p = problem(s);
          return p ? t(`settings.refused.${p}`, { name: `${s.code} ${nameOf(s)}` }) : null;
        }}
        onClose={() => setPopup(false)}
        onChoose={(s) => {
          setPopup(false);
          onChange(s);
        }}
        testId={testId ? `${testId}-picker` : 'subject-picker'}
      />
    </>
  );
}
