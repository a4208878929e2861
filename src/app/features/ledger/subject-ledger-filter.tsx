/**
 * The filter bar of the subject ledgers (科目汇总表, 总账, 明细账): period range, subject code range
 * with the subject picker (or the sub-ledger's one subject), level, unbookkept vouchers, zero rows,
 * the saved filters (user data, as the lists save theirs), Export with the export progress bar.
 * `/` on the page's grid brings the focus back to the first filter (useLedgerKeys).
 */
import { forwardRef, useState, type ReactNode } from 'react';
import { ActionIcon, Button, Checkbox, Group, Paper, TextInput, Tooltip } from '@mantine/core';
import { Select } from '../common/select';
import { IconFileExport, IconFilterOff, IconListSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { SubjectDto } from '../../../contract/subject';
import { periodsQueryOptions } from '../../queries/account';
import { allSubjectsOptions, codeRuleOptions } from '../../queries/subjects';
import { SubjectPicker } from '../pickers/subject-picker';
import { SavedFilters, useClearSavedFilter } from '../common/saved-filters';
import { FirstMatchSelect } from '../common/first-match-select';
import { emptySubjectLedgerFilter, readSavedLedgerFilter, type SubjectLedgerFilterState } from './subject-ledgers-model';
import { localName } from '../../../domain/names';
import { usePeriodRangeCheck } from '../common/range-filter';
import { FIELD_ROW } from '../../../../grids/list/field-row';

export interface LedgerFilterBarProps {
  /** 'range': code range + level + zero rows (summary, general ledger); 'subject': one subject (sub-ledger). */
  mode: 'range' | 'subject';
  queryId: string;
  accountYearId: number;
  state: SubjectLedgerFilterState;
  set: (patch: Partial<SubjectLedgerFilterState>) => void;
  replace: (next: SubjectLedgerFilterState) => void;
  /** The periods shown (the state's, or the default: the current period). */
  startPeriodId: number | null;
  endPeriodId: number | null;
  /** Export: absent (hidden) without a download base (spec 02), null while there is nothing to export. */
  onExport?: (() => void) | null;
  exporting: boolean;
  exportBar: ReactNode;
  testId: string;
}

export const LedgerFilterBar = forwardRef<HTMLDivElement, LedgerFilterBarProps>(function LedgerFilterBar(p, ref) {
  const { t, i18n } = useTranslation(['subject-ledgers', 'common']);
  const periods = useQuery(periodsQueryOptions(p.accountYearId));
  const levels = (useQuery(codeRuleOptions(p.accountYearId)).data?.levels ?? []).map((_, i) => i + 1);
  const subjects = useQuery({ ...allSubjectsOptions(p.accountYearId), enabled: p.mode === 'subject' });
  const [picking, setPicking] = useState<null | 'from' | 'to' | 'subject'>(null);
  // The box of saved filters empties when the filter is reset (it no longer describes what is shown).
  const clearSavedFilter = useClearSavedFilter({ queryId: p.queryId, scope: `y${p.accountYearId}` });
  const periodOptions = (periods.data ?? []).map((x) => ({ value: String(x.id), label: x.name }));
  const english = i18n.language === 'en_US';
  const label = (s: SubjectDto) => `${s.code} ${localName(english, s)}`;
  const subjectOptions = (subjects.data?.content ?? []).map((s) => ({ value: String(s.id), label: label(s) }));
  const id = p.testId;
  // An end period before the start is said under the end; the page does not ask (useLedgerScreen's `reversed`).
  const range = usePeriodRangeCheck(periods.data, p.startPeriodId, p.endPeriodId);
  const choose = (s: SubjectDto) => {
    if (picking === 'from') p.set({ codeFrom: s.code });
    else if (picking === 'to') p.set({ codeTo: s.code });
    else p.set({ subjectId: s.id });
    setPicking(null);
  };
  const pickButton = (which: 'from' | 'to' | 'subject') => (
    <Tooltip label={t('filters.pick')} withArrow>
      <ActionIcon variant="default" size="lg" aria-label={t('filters.pick')} onClick={() => setPicking(which)} data-testid={`${id}-pick-${which}`}>
        <IconListSearch size={16} />
      </ActionIcon>
    </Tooltip>
  );

  return (
    <Paper withBorder p="xs" ref={ref}>
      <Group gap="sm" align="flex-end" wrap="wrap" className={FIELD_ROW}>
        <Select data-testid={`${id}-start`} label={t('filters.startPeriod')} data={periodOptions} w={120} allowDeselect={false} size="xs"
          value={p.startPeriodId ? String(p.startPeriodId) : null} onChange={(v) => v && p.set({ startPeriodId: Number(v), endPeriodId: p.endPeriodId })} />
        <Select data-testid={`${id}-end`} label={t('filters.endPeriod')} data={periodOptions} w={120} allowDeselect={false} size="xs"
          value={p.endPeriodId ? String(p.endPeriodId) : null} onChange={(v) => v && p.set({ endPeriodId: Number(v), startPeriodId: p.startPeriodId })} error={range.error('end')} />
        {p.mode === 'range' ? (
          <>
            <Group gap={4} align="flex-end" wrap="nowrap">
              <TextInput data-testid={`${id}-code-from`} label={t('filters.codeFrom')} w={110} size="xs" value={p.state.codeFrom} inputMode="numeric"
                onChange={(e) => p.set({ codeFrom: e.currentTarget.value.replace(/\D/g, '') })} />
              {pickButton('from')}
            </Group>
            <Group gap={4} align="flex-end" wrap="nowrap">
              <TextInput data-testid={`${id}-code-to`} label={t('filters.codeTo')} w={110} size="xs" value={p.state.codeTo} inputMode="numeric"
                onChange={(e) => p.set({ codeTo: e.currentTarget.value.replace(/\D/g, '') })} />
              {pickButton('to')}
            </Group>
            <Select data-testid={`${id}-level`} label={t('filters.level')} w={110} size="xs" allowDeselect={false}
              data={[{ value: '0', label: t('filters.allLevels') }, ...levels.map((l) => ({ value: String(l), label: t('filters.levelN', { level: l }) }))]}
              value={String(p.state.level ?? 0)} onChange={(v) => p.set({ level: v && v !== '0' ? Number(v) : null })} />
          </>
        ) : (
          <Group gap={4} align="flex-end" wrap="nowrap">
            <FirstMatchSelect data-testid={`${id}-subject`} label={t('filters.subject')} w={240} size="xs" limit={50} data={subjectOptions}
              placeholder={t('filters.noSubject')} value={p.state.subjectId ? String(p.state.subjectId) : null}
              onChange={(v) => v && p.set({ subjectId: Number(v) })} allowDeselect={false} />
            {pickButton('subject')}
          </Group>
        )}
        <Checkbox data-testid={`${id}-unbooked`} size="xs" label={t('filters.includeUnbooked')} checked={p.state.includeUnbooked} onChange={(e) => p.set({ includeUnbooked: e.currentTarget.checked })} mb={6} />
        {p.mode === 'range' && (
          <Checkbox data-testid={`${id}-zero`} size="xs" label={t('filters.showZero')} checked={p.state.showZero} onChange={(e) => p.set({ showZero: e.currentTarget.checked })} mb={6} />
        )}
        <Tooltip label={t('filters.reset')} withArrow>
          <ActionIcon size="lg" variant="subtle" aria-label={t('filters.reset')} onClick={() => { p.replace(emptySubjectLedgerFilter()); clearSavedFilter(); }} data-testid={`${id}-reset`}>
            <IconFilterOff size={16} />
          </ActionIcon>
        </Tooltip>
        <SavedFilters<SubjectLedgerFilterState>
          option={{ queryId: p.queryId, scope: `y${p.accountYearId}`, value: p.state, apply: (f) => p.replace(readSavedLedgerFilter(f)) }}
          keyword={() => ''} applyKeyword={() => {}} />
        <Group gap="xs" ml="auto" align="center">
          {p.exportBar}
          {p.onExport !== undefined && <Button size="xs" variant="default" leftSection={<IconFileExport size={16} />} disabled={!p.onExport || p.exporting} onClick={() => p.onExport?.()} data-testid={`${id}-export`}>
            {t('filters.export')}
          </Button>}
        </Group>
      </Group>
      <SubjectPicker opened={picking !== null} accountYearId={p.accountYearId} leafOnly={false} onClose={() => setPicking(null)} onChoose={choose} testId={`${id}-picker`} />
    </Paper>
  );
});
