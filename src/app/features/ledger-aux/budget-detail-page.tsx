/**
 * /budget/subLedgerByBudgetExecution (预算执行明细账, spec 01 §2; issue 9): the voucher lines
 * carrying one budget item (a parent: its leaves'), with the amount used so far on the item's own
 * side, period and year total rows; paged from GET /report/budgetDetail. A line opens its voucher.
 */
import { useCallback, useMemo, useState } from 'react';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ledgerAuxApi } from '../../../contract/heads';
import type { BudgetDetailFilter } from '../../../contract/ledger-aux';
import { formatCents } from '../../../domain/money';
import { call } from '../../api/typed-client';
import { periodsQueryOptions } from '../../queries/account';
import { useScope } from '../../session/store';
import { useTabState } from '../../shell/tab-state';
import { BudgetFilterBar } from './budget-filter-bar';
import { emptyBudgetFilter, periodsOf, toBudgetDetailFilter, type BudgetFilterState, type Drill } from './aux-ledger-model';
import { DetailGrid } from './detail-grid';
import { useDrill } from './use-drill';
import { ReportExport } from './export-button';
import { todayIso } from '../common/today';

export function BudgetDetailPage() {
  const { t } = useTranslation('ledgerAux');
  const { accountId, accountYearId } = useScope();
  const periods = useQuery(periodsQueryOptions(accountYearId));
  const [state, setState] = useTabState<BudgetFilterState>(`budgetDetail:${accountYearId}`, emptyBudgetFilter);
  const set = (patch: Partial<BudgetFilterState>) => setState((s) => ({ ...s, ...patch }));
  useDrill(useCallback((d: Drill) => setState((s) => ({ ...s, startPeriodId: d.startPeriodId, endPeriodId: d.endPeriodId, includeUnbooked: d.includeUnbooked, budget: d.value ?? s.budget })), [setState]));
  const filter = accountId && accountYearId && periods.data ? toBudgetDetailFilter(state, accountId, accountYearId, periods.data, todayIso()) : null;
  const key = JSON.stringify(filter);
  const [error, setError] = useState<string | null>(null);
  const [budget, setBudget] = useState<string | null>(null);
  // One loader per filter, known by its JSON (a new filter object each render must not restart the grid).
  const load = useMemo(() => {
    const f = JSON.parse(key) as BudgetDetailFilter | null;
    return f ? async (offset: number, limit: number) => {
      setError(null);
      try {
        const page = await call(ledgerAuxApi.budgetDetail, { query: { filter: f, offset, limit } });
        setBudget(page.budget);
        return page;
      } catch (e) {
        setError((e as Error).message);
        throw e;
      }
    } : null;
  }, [key]);
  return (
    <Stack gap="sm" h="100%" data-testid="budget-detail">
      <Group justify="space-between">
        <Title order={4}>{t('budgetDetail.title')}</Title>
        <ReportExport start={filter ? () => call(ledgerAuxApi.budgetDetailExport, { body: { filter } }) : null} />
      </Group>
      <BudgetFilterBar queryId="report.budgetDetail" state={state} set={set} replace={setState} periods={periods.data ?? []} range={periods.data ? periodsOf(state, periods.data, todayIso(), true) : null} />
      {error && <Alert color="red">{error}</Alert>}
      <Group gap="md">
        <Text size="xs" c="dimmed">{filter || state.budget ? t('hint') : t('budgetDetail.chooseBudget')}</Text>
        {filter && budget !== null && <Text size="xs" fw={500} data-testid="al-budget-amount">{t('budgetDetail.budgetLine', { amount: formatCents(Number(budget)) })}</Text>}
      </Group>
      <DetailGrid key={key} load={load} balanceHeader={t('columns.used')} showSide={false} testId="al-budget-detail-grid" />
    </Stack>
  );
}
