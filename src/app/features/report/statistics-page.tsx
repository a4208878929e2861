/**
 * /report/comprehensiveStatistical (综合统计表): per period of the fiscal year, income, expense and
 * profit (movements) and the closing balances of cash, bank, receivables and payables, with the
 * year's total row; from the balance tables. Links to the department income and expense detail and
 * the department reimbursement detail.
 */
import { useMemo } from 'react';
import { Alert, Button, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { ColDef } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../../../contract/heads';
import type { StatisticsRowDto } from '../../../contract/report';
import { call } from '../../api/typed-client';
import { REPORT_QUERY_FRESHNESS, ReportPeriodBar, useReportPeriod } from './report-period';
import { periodColumn, ReportGridFrame, ReportHead, reportAmount } from './report-grid';
import { focusFirstCell } from '../../../../grids/focus-first-cell';

type Row = StatisticsRowDto | (Omit<StatisticsRowDto, 'month' | 'periodStart' | 'periodEnd'> & { total: true });

export function StatisticsPage() {
  const { t } = useTranslation('report');
  const navigate = useNavigate();
  const period = useReportPeriod('statistics');
  const query = period.accountId !== null && period.year !== null ? { accountId: period.accountId, year: period.year, bookKeep: period.bookKeep } : null;
  const answer = useQuery({
    queryKey: ['report', 'statistics', query],
    queryFn: async ({ signal }) => call(reportApi.comprehensiveStatistical, { query: query! }, { signal }),
    enabled: query !== null,
    ...REPORT_QUERY_FRESHNESS,
  });
  const data = answer.data;
  const money = (field: keyof StatisticsRowDto): ColDef<Row> => ({ field: field as never, headerName: t(`statistics.${field}`), type: ['rightAligned', 'cents'], minWidth: 110, valueFormatter: reportAmount });
  const columns = useMemo<Array<ColDef<Row>>>(() => [
    periodColumn<Row>(t, t('statistics.month'), t('statistics.total')),
    money('income'), money('expense'), money('profit'), money('cash'), money('bank'), money('receivables'), money('payables'),
  // eslint-disable-next-line react-hooks/exhaustive-deps
  ], [t]);
  return (
    <Stack gap="sm" h="100%" data-testid="statistics">
      <ReportHead title={t('statistics.title')} />
      <ReportPeriodBar period={period} mode="year" testId="st"
        extra={(
          <>
            <Button variant="subtle" data-testid="st-department" onClick={() => void navigate({ href: '/report/departmentIODetail' })}>{t('department.title')}</Button>
            <Button variant="subtle" data-testid="st-department-ra" onClick={() => void navigate({ href: '/report/departmentRADetail' })}>{t('departmentRa.title')}</Button>
          </>
        )} />
      <Text size="xs" c="dimmed">{t('statistics.note')}</Text>
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      <ReportGridFrame testId="st-grid" offset={320}>
        <ReadGrid<Row>
          onFirstDataRendered={(e) => focusFirstCell(e.api, 'month')}
          columnDefs={columns}
          rowData={data?.rows ?? []}
          pinnedBottomRowData={data ? [{ ...data.total, total: true as const }] : []}
          getRowId={(p) => ('total' in p.data ? 'total' : String(p.data.month))}
          rowClassRules={{ 'ld-report-bold': (p) => !!p.data && 'total' in p.data }}
          autoSizeStrategy={{ type: 'fitGridWidth' }}
          loading={answer.isFetching && !data}
        />
      </ReportGridFrame>
    </Stack>
  );
}
