/**
 * The budget execution screens' filters: period range, one budget item or a parent with its subtree (the budget picker),
 * unbookkept vouchers, zero rows, and the saved filters (user data, one set per screen and year).
 */
import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Text } from '@mantine/core';
import { RemovablePill } from '../common/removable-pill';
import { useTranslation } from 'react-i18next';
import type { PeriodDto } from '../../../contract/account';
import { BudgetPicker } from '../pickers/budget-picker';
import { useScope } from '../../session/store';
import { PeriodRangeSelects } from './aux-filter-bar';
import { SavedFilters } from '../common/saved-filters';
import { readSavedBudgetFilter, type BudgetFilterState } from './aux-ledger-model';
import { FIELD_ROW } from '../../../../grids/list/field-row';

export function BudgetFilterBar({ queryId, state, set, replace, periods, range, withZero }: {
  /** The saved filters' query id (`report.budgetSummary` …). */
  queryId: string;
  state: BudgetFilterState;
  set: (patch: Partial<BudgetFilterState>) => void;
  replace: (next: BudgetFilterState) => void;
  periods: readonly PeriodDto[];
  range: { start: number; end: number } | null;
  withZero?: boolean;
}) {
  const { t } = useTranslation('ledgerAux');
  const { accountYearId } = useScope();
  const [picking, setPicking] = useState(false);
  return (
    <Paper withBorder p="xs">
      <Group gap="sm" align="flex-end" wrap="wrap" className={FIELD_ROW}>
        <PeriodRangeSelects periods={periods} start={range?.start ?? null} end={range?.end ?? null} onChange={(s, e) => set({ startPeriodId: s, endPeriodId: e })} />
        <div>
          <Text size="sm" fw={500} mb={4}>{t('filters.budget')}</Text>
          <Group gap={4} wrap="nowrap" data-testid="al-budget">
            {state.budget
              ? <RemovablePill label={`${state.budget.code} ${state.budget.name}`} onRemove={() => set({ budget: null })} />
              : <Text size="sm" c="dimmed">{withZero ? t('filters.allBudgets') : t('filters.noBudget')}</Text>}
            <Button size="xs" variant="light" data-testid="al-pick-budget" onClick={() => setPicking(true)}>{t('filters.pick')}</Button>
          </Group>
        </div>
        <Checkbox data-testid="al-unbooked" label={t('filters.includeUnbooked')} checked={state.includeUnbooked} onChange={(e) => set({ includeUnbooked: e.currentTarget.checked })} mb={8} />
        {withZero && <Checkbox data-testid="al-zero" label={t('filters.showZero')} checked={state.showZero} onChange={(e) => set({ showZero: e.currentTarget.checked })} mb={8} />}
        <div style={{ marginLeft: 'auto' }}>
          <SavedFilters<BudgetFilterState>
            option={{ queryId, scope: `y${accountYearId}`, value: state, apply: (f) => replace(readSavedBudgetFilter(f)) }}
            keyword={() => ''} applyKeyword={() => {}} />
        </div>
      </Group>
      {/* A parent item stands for its subtree: the summary narrows to it, the sub-ledger rolls it up. */}
      <BudgetPicker opened={picking} accountYearId={accountYearId} parents onClose={() => setPicking(false)}
        onChoose={(b) => { set({ budget: { id: b.id, code: b.code, name: b.name } }); setPicking(false); }} />
    </Paper>
  );
}
