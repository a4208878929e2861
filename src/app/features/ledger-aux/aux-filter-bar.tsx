/**
 * The filter bar of the auxiliary ledgers: period range, auxiliary type, the values (picked with the
 * catalogues' pickers; none: every value), subject code range or one subject, unbookkept vouchers,
 * zero rows, for a tree type (departments, budget items) on the balance the level and leaf-only
 * choices, and the saved filters (user data, the lists' and subject ledgers' SavedFilters control,
 * one set per screen and account year). Each screen shows the controls it takes.
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Text, TextInput } from '@mantine/core';
import { Select } from '../common/select';
import { useTranslation } from 'react-i18next';
import type { PeriodDto } from '../../../contract/account';
import { SubjectPicker } from '../pickers/subject-picker';
import { useScope } from '../../session/store';
import { AuxValuePicker } from './aux-value-picker';
import { SavedFilters } from '../common/saved-filters';
import { RemovablePill } from '../common/removable-pill';
import { usePeriodRangeCheck } from '../common/range-filter';
import { isTreeType, readSavedAuxFilter, type AuxFilterState } from './aux-ledger-model';
import { FIELD_ROW } from '../../../../grids/list/field-row';

export function PeriodRangeSelects({ periods, start, end, onChange }: {
  periods: readonly PeriodDto[];
  start: number | null;
  end: number | null;
  onChange: (start: number, end: number) => void;
}) {
  const { t } = useTranslation('ledgerAux');
  const options = periods.map((p) => ({ value: String(p.id), label: p.name }));
  // An end period before the start is said under the end; the ledger is not asked (aux-ledger-model.ts, range-filter.ts).
  const range = usePeriodRangeCheck(periods, start, end);
  return (
    <>
      <Select data-testid="al-start" label={t('filters.startPeriod')} data={options} w={120} allowDeselect={false}
        value={start === null ? null : String(start)} onChange={(v) => v && onChange(Number(v), end ?? Number(v))} />
      <Select data-testid="al-end" label={t('filters.endPeriod')} data={options} w={120} allowDeselect={false}
        value={end === null ? null : String(end)} onChange={(v) => v && onChange(start ?? Number(v), Number(v))} error={range.error('end')} />
    </>
  );
}

export function AuxFilterBar({ queryId, state, set, replace, periods, range, single, subjectPick, levels }: {
  /** The saved filters' query id (`ledger.auxBalance` …). */
  queryId: string;
  state: AuxFilterState;
  set: (patch: Partial<AuxFilterState>) => void;
  /** A saved filter picked: the whole state. */
  replace: (next: AuxFilterState) => void;
  periods: readonly PeriodDto[];
  /** The range in force (defaults filled in). */
  range: { start: number; end: number } | null;
  /** One value only (the sub-ledger). */
  single?: boolean;
  /** One subject instead of a code range (the sub-ledger). */
  subjectPick?: boolean;
  /** The balance: the deepest level of the type's tree (level and leaf-only shown for a tree type). */
  levels?: number;
}) {
  const { t } = useTranslation('ledgerAux');
  const { companyId, accountId, accountYearId } = useScope();
  const [picking, setPicking] = useState(false);
  const [pickingSubject, setPickingSubject] = useState(false);
  const types = [1, 2, 3, 4, 5, 6].map((id) => ({ value: String(id), label: t(`auxTypes.${id}`) }));
  return (
    <Paper withBorder p="xs">
      <Group gap="sm" align="flex-end" wrap="wrap" className={FIELD_ROW}>
        <PeriodRangeSelects periods={periods} start={range?.start ?? null} end={range?.end ?? null} onChange={(s, e) => set({ startPeriodId: s, endPeriodId: e })} />
        <Select data-testid="al-type" label={t('filters.auxType')} data={types} w={130} allowDeselect={false}
          value={String(state.auxTypeId)} onChange={(v) => v && set({ auxTypeId: Number(v), values: [], level: null, leafOnly: false })} />
        <div>
          <Text size="sm" fw={500} mb={4}>{single ? t('filters.value') : t('filters.values')}</Text>
          <Group gap={4} wrap="nowrap" data-testid="al-values">
            {state.values.length === 0 && !single && <Text size="sm" c="dimmed">{t('filters.allValues')}</Text>}
            {state.values.map((v) => (
              <RemovablePill key={v.id} label={`${v.code} ${v.name}`} onRemove={() => set({ values: state.values.filter((x) => x.id !== v.id) })} />
            ))}
            <Button size="xs" variant="light" data-testid="al-pick" onClick={() => setPicking(true)}>{t('filters.pick')}</Button>
          </Group>
        </div>
        {subjectPick ? (
          <div>
            <Text size="sm" fw={500} mb={4}>{t('filters.subject')}</Text>
            <Group gap={4} wrap="nowrap">
              {state.subject
                ? <RemovablePill label={`${state.subject.code} ${state.subject.name}`} onRemove={() => set({ subject: null })} />
                : <Text size="sm" c="dimmed">{t('filters.allSubjects')}</Text>}
              <Button size="xs" variant="light" data-testid="al-pick-subject" onClick={() => setPickingSubject(true)}>{t('filters.pick')}</Button>
            </Group>
          </div>
        ) : (
          <>
            <TextInput data-testid="al-code-from" label={t('filters.codeFrom')} w={120} value={state.codeFrom} inputMode="numeric"
              onChange={(e) => set({ codeFrom: e.currentTarget.value.replace(/\D/g, '') })} />
            <TextInput data-testid="al-code-to" label={t('filters.codeTo')} w={110} value={state.codeTo} inputMode="numeric"
              onChange={(e) => set({ codeTo: e.currentTarget.value.replace(/\D/g, '') })} />
          </>
        )}
        <Checkbox data-testid="al-unbooked" label={t('filters.includeUnbooked')} checked={state.includeUnbooked} onChange={(e) => set({ includeUnbooked: e.currentTarget.checked })} mb={8} />
        {levels !== undefined && isTreeType(state.auxTypeId) && (
          <>
            <Select data-testid="al-level" label={t('filters.level')} w={110} allowDeselect={false}
              data={[{ value: '0', label: t('filters.allLevels') }, ...Array.from({ length: Math.max(levels, state.level ?? 1) }, (_, i) => ({ value: String(i + 1), label: t('filters.levelN', { level: i + 1 }) }))]}
              value={String(state.level ?? 0)} onChange={(v) => set({ level: v && v !== '0' ? Number(v) : null })} />
            <Checkbox data-testid="al-leaf" label={t('filters.leafOnly')} checked={state.leafOnly} onChange={(e) => set({ leafOnly: e.currentTarget.checked })} mb={8} />
          </>
        )}
        {!single && <Checkbox data-testid="al-zero" label={t('filters.showZero')} checked={state.showZero} onChange={(e) => set({ showZero: e.currentTarget.checked })} mb={8} />}
        <div style={{ marginLeft: 'auto' }}>
          <SavedFilters<AuxFilterState>
            option={{ queryId, scope: `y${accountYearId}`, value: state, apply: (f) => replace(readSavedAuxFilter(f, state.auxTypeId)) }}
            keyword={() => ''} applyKeyword={() => {}} />
        </div>
      </Group>
      <AuxValuePicker auxTypeId={state.auxTypeId} opened={picking} companyId={companyId} accountId={accountId} accountYearId={accountYearId}
        onClose={() => setPicking(false)}
        onChoose={(v) => set({ values: single ? [v] : state.values.some((x) => x.id === v.id) ? state.values : [...state.values, v] })} />
      <SubjectPicker opened={pickingSubject} accountYearId={accountYearId} leafOnly={false} onClose={() => setPickingSubject(false)}
        onChoose={(s) => { set({ subject: { id: s.id, code: s.code, name: s.name } }); setPickingSubject(false); }} />
    </Paper>
  );
}
