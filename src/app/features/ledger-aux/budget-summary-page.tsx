/**
 * /budget/summaryByBudgetExecution (预算执行汇总表, spec 01 §2; issue 9): per budget item of the
 * year, the annual budget against what the lines carrying it used in the periods and this year,
 * what remains and the execution rate; parents (bold) sum their leaves. Enter or a double click
 * opens the item's execution sub-ledger; back on this tab the caret is on the row it left. Served
 * by GET /report/budgetSummary.
 */
import { useCallback, useMemo, useRef } from 'react';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ReadGrid } from '../../../../grids/list/read-grid';
import { ledgerKeys } from '../ledger/ledger-keys';
import type { ColDef, RowClassParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { ledgerAuxApi } from '../../../contract/heads';
import type { BudgetExecRowDto } from '../../../contract/ledger-aux';
import { call } from '../../api/typed-client';
import { periodsQueryOptions } from '../../queries/account';
import { useScope } from '../../session/store';
import { useTabState } from '../../shell/tab-state';
import '../ledger/subject-balance.css';
import { BudgetFilterBar } from './budget-filter-bar';
import { drillHref, emptyBudgetFilter, periodsOf, toBudgetSummaryFilter, type BudgetFilterState, type Drill } from './aux-ledger-model';
import { moneyCol } from './grid-bits';
import { useDrill } from './use-drill';
import { ReportExport } from './export-button';
import { useKeptCaret } from '../ledger/use-kept-caret';
import { todayIso } from '../common/today';
import { FillHeight } from '../../../../grids/list/use-fill-height';

/** 1234 basis points → "12.34%". */
export const rateText = (bp: number | null) => (bp === null ? '' : `${(bp / 100).toFixed(2)}%`);

/**
 * An amount column of the execution grid: negatives (an item over its budget leaves a negative
 * remainder; refunds make a negative use) in red, as amounts are everywhere (spec 02 §9), and at
 * least `minWidth` wide so the header reads whole ("Used in the period") when the grid fits its width.
 */
export function execMoneyCol(field: keyof BudgetExecRowDto & string, headerName: string, minWidth = 96): ColDef<BudgetExecRowDto> {
  return {
    ...moneyCol<BudgetExecRowDto>(field, headerName, () => true),
    minWidth,
  };
}

export function BudgetSummaryPage() {
  const { t } = useTranslation(['ledgerAux', 'common']);
  const navigate = useNavigate();
  const { accountId, accountYearId } = useScope();
  const periods = useQuery(periodsQueryOptions(accountYearId));
  const [state, setState] = useTabState<BudgetFilterState>(`budgetSummary:${accountYearId}`, emptyBudgetFilter);
  const set = (patch: Partial<BudgetFilterState>) => setState((s) => ({ ...s, ...patch }));
  useDrill(useCallback((d: Drill) => setState((s) => ({ ...s, startPeriodId: d.startPeriodId, endPeriodId: d.endPeriodId, includeUnbooked: d.includeUnbooked })), [setState]));
  const filter = accountId && accountYearId && periods.data ? toBudgetSummaryFilter(state, accountId, accountYearId, periods.data, todayIso()) : null;
  const answer = useQuery({
    queryKey: ['report', 'budgetSummary', filter],
    queryFn: async ({ signal }) => call(ledgerAuxApi.budgetSummary, { query: { filter: filter! } }, { signal }),
    enabled: filter !== null,
  });
  // Enter drills down; Ctrl+Home/End reach the first/last row (the page's filter bar has its own keys).
  const noFilter = useRef<HTMLDivElement>(null);
  const caret = useKeptCaret(`budgetSummary:${accountYearId}`, 'code');
  const drill = (r: BudgetExecRowDto | undefined) => {
    if (!r || !filter) return;
    void navigate({ href: drillHref('/budget/subLedgerByBudgetExecution', {
      startPeriodId: filter.startPeriodId, endPeriodId: filter.endPeriodId, includeUnbooked: filter.includeUnbooked, value: { id: r.budgetId, code: r.code, name: r.name },
    }) });
  };
  const columns = useMemo<ColDef<BudgetExecRowDto>[]>(() => [
    { field: 'code', colId: 'code', headerName: t('columns.auxCode'), minWidth: 90, maxWidth: 120 },
    { colId: 'name', headerName: t('columns.item'), minWidth: 250,
      valueGetter: (p) => (p.data ? `${'\u3000'.repeat(p.data.level - 1)}${p.data.name}` : '') },
    // Wide enough for "Expense" and "Income" (and 收入 / 支出) when the grid fits its width.
    { colId: 'kind', headerName: t('columns.kind'), minWidth: 96, maxWidth: 120, valueGetter: (p) => (p.data ? t(`budgetKinds.${p.data.kind}`) : '') },
    execMoneyCol('budget', t('columns.budget')),
    execMoneyCol('actual', t('columns.actual'), 150),
    execMoneyCol('ytdActual', t('columns.ytdActual'), 130),
    execMoneyCol('remaining', t('columns.remaining')),
    { colId: 'rate', headerName: t('columns.rate'), type: 'rightAligned', minWidth: 90, valueGetter: (p) => rateText(p.data?.rateBp ?? null) },
  ], [t]);
  return (
    <Stack gap="sm" h="100%" data-testid="budget-summary">
      <Group justify="space-between">
        <Title order={4}>{t('budgetSummary.title')}</Title>
        <ReportExport start={filter ? () => call(ledgerAuxApi.budgetSummaryExport, { body: { filter } }) : null} />
      </Group>
      <BudgetFilterBar queryId="report.budgetSummary" state={state} set={set} replace={setState} periods={periods.data ?? []} range={periods.data ? periodsOf(state, periods.data, todayIso(), true) : null} withZero />
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      <Text size="xs" c="dimmed">{t('hint')}</Text>
      <FillHeight min={360} fallback="calc(100vh - 300px)" data-testid="al-budget-grid">
        <ReadGrid<BudgetExecRowDto>
          columnDefs={columns}
          autoSizeStrategy={{ type: 'fitGridWidth' }}
          rowData={answer.data?.rows ?? []}
          getRowId={(p) => String(p.data.budgetId)}
          rowClassRules={{ 'ld-sb-strong': (p: RowClassParams<BudgetExecRowDto>) => !!p.data && !p.data.leaf }}
          emptyText={t('budgetSummary.empty')}
          loading={answer.isFetching && !answer.data}
          onRowDoubleClicked={(e) => drill(e.data)}
          onCellKeyDown={ledgerKeys<BudgetExecRowDto>(noFilter, drill)}
          onCellFocused={caret.onCellFocused}
          onFirstDataRendered={caret.onFirstDataRendered}
        />
      </FillHeight>
    </Stack>
  );
}
