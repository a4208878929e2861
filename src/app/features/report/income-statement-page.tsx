/**
 * /report/incomeStatement (利润表, 会小企02表; spec 01 §2, §7): the company's income statement
 * definition evaluated for a period — 本年累计金额 and 本月金额 per row, in the form's order — with the period bar,
 * bookkept only and the .xlsx / PDF exports.
 */
import { dateLine } from './report-grid';
import { useMemo } from 'react';
import { Alert, Button, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { ColDef } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../../../contract/heads';
import type { IncomeStatementRowDto } from '../../../contract/report';
import { call } from '../../api/typed-client';
import { REPORT_QUERY_FRESHNESS, ReportPeriodBar, useReportPeriod } from './report-period';
import { ReportGridFrame, ReportHead, reportAmount } from './report-grid';
import { useDefinitionsDrawer } from './definitions-drawer';
import { focusFirstCell } from '../../../../grids/focus-first-cell';

export function IncomeStatementPage() {
  const { t, i18n } = useTranslation('report');
  const period = useReportPeriod('incomeStatement');
  const query = period.ready ? { accountId: period.accountId!, year: period.year!, month: period.month!, bookKeep: period.bookKeep } : null;
  const answer = useQuery({
    queryKey: ['report', 'incomeStatement', query],
    queryFn: async ({ signal }) => call(reportApi.incomeStatement, { query: query! }, { signal }),
    enabled: query !== null,
    ...REPORT_QUERY_FRESHNESS,
  });
  const definitions = useDefinitionsDrawer('INCOME_STATEMENT', () => void answer.refetch());
  const data = answer.data;
  const en = i18n.language === 'en_US';
  const bold = (p: { data?: IncomeStatementRowDto }) => (p.data?.bold ? { fontWeight: 700 } : null);
  const columns = useMemo<Array<ColDef<IncomeStatementRowDto>>>(() => [
    // The item takes what the figures leave (its longest English lines are long); the figures keep their own width.
    { colId: 'label', headerName: t('incomeStatement.item'), flex: 1, minWidth: 320, cellStyle: bold,
      valueGetter: (p) => (p.data ? `${'\u3000'.repeat(p.data.indent)}${en ? p.data.labelEn ?? p.data.label : p.data.label}` : '') },
    { field: 'lineNo', headerName: t('incomeStatement.lineNo'), width: 70, maxWidth: 80, cellStyle: { textAlign: 'center' } },
    // The statutory form's order (会小企02表): 项目 | 行次 | 本年累计金额 | 本月金额.
    { field: 'ytd', headerName: t('incomeStatement.ytd'), type: ['rightAligned', 'cents'], width: 170, minWidth: 140, valueFormatter: reportAmount, cellStyle: bold },
    { field: 'month', headerName: t('incomeStatement.month'), type: ['rightAligned', 'cents'], width: 170, minWidth: 140, valueFormatter: reportAmount, cellStyle: bold },
  ], [t, en]);
  const exportBody = (format: 'xlsx' | 'pdf') => ({ body: { ...query!, format } });
  return (
    <Stack gap="sm" h="100%" data-testid="income-statement">
      <ReportHead title={t('incomeStatement.title')} formNumber={data?.formNumber}
        head={data ? { companyName: data.companyName, accountName: data.accountName, bookKeep: data.bookKeep, periodText: dateLine(t, 'INCOME_STATEMENT', data.periodStart, data.periodEnd) } : undefined} />
      <ReportPeriodBar period={period} testId="is" exports={[
        { key: 'xlsx', label: t('export.xlsx'), start: () => call(reportApi.incomeStatementExport, exportBody('xlsx')) },
        { key: 'pdf', label: t('export.pdf'), start: () => call(reportApi.incomeStatementExport, exportBody('pdf')) },
      ]} extra={<Button variant="subtle" data-testid="is-definitions" onClick={definitions.open}>{t('definitions.open')}</Button>} />
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      <ReportGridFrame testId="is-grid" offset={300}>
        <ReadGrid<IncomeStatementRowDto>
          onFirstDataRendered={(e) => focusFirstCell(e.api, 'label')}
          columnDefs={columns}
          rowData={data?.rows ?? []}
          getRowId={(p) => String(p.data.id)}
          loading={answer.isFetching && !data}
        />
      </ReportGridFrame>
      {definitions.drawer}
    </Stack>
  );
}
