/**
 * /report/departmentIODetail (部门收支明细表, hidden menu page): income and expense (class 5)
 * movements carried by lines with a department, department × subject, for a period range: each
 * line's debit and credit, and its movement under Income or Expense by the subject's kind; a
 * subtotal row per department and the total, with their income, expense and net (income −
 * expense) in columns of their own. From aux_balances (auxiliary type 1).
 */
import { useMemo } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { ColDef } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../../../contract/heads';
import type { DepartmentDetailDto } from '../../../contract/report';
import { call } from '../../api/typed-client';
import { REPORT_QUERY_FRESHNESS, ReportPeriodBar, useReportPeriod } from './report-period';
import { ReportGridFrame, ReportHead, reportAmount } from './report-grid';
import { localName } from '../../../domain/names';

interface Row {
  id: string;
  department: string;
  subject: string;
  debit: string;
  credit: string;
  income: string;
  expense: string;
  /** Income − expense: on the subtotals and the total. */
  net: string;
  bold: boolean;
}

/** A subtotal or total row: its income, expense and net in their columns. */
const sumRow = (id: string, department: string, x: { income: string; expense: string; net: string }): Row => ({ id, department, subject: '', debit: '', credit: '', income: x.income, expense: x.expense, net: x.net, bold: true });

export function toDepartmentRows(d: DepartmentDetailDto, t: (k: string, o?: Record<string, unknown>) => string, en: boolean): Row[] {
  const out: Row[] = [];
  for (const dep of d.departments) {
    const name = `${dep.departmentCode ?? ''} ${dep.departmentName}`.trim();
    for (const r of d.rows.filter((x) => x.departmentId === dep.departmentId)) {
      out.push({
        id: `${r.departmentId}:${r.subjectId}`, department: name, subject: `${r.subjectCode} ${localName(en, { name: r.subjectName, nameEn: r.subjectNameEn })}`,
        debit: r.debit, credit: r.credit, income: r.kind === 'INCOME' ? r.amount : '', expense: r.kind === 'EXPENSE' ? r.amount : '', net: '', bold: false,
      });
    }
    out.push(sumRow(`${dep.departmentId}:sub`, t('department.subtotal', { name }), dep));
  }
  return out;
}

export function DepartmentDetailPage() {
  const { t, i18n } = useTranslation('report');
  const period = useReportPeriod('departmentIODetail');
  const query = period.ready ? { accountId: period.accountId!, year: period.year!, startMonth: period.month!, endMonth: period.endMonth!, bookKeep: period.bookKeep } : null;
  const answer = useQuery({
    queryKey: ['report', 'departmentIODetail', query],
    queryFn: async ({ signal }) => call(reportApi.departmentIODetail, { query: query! }, { signal }),
    enabled: query !== null,
    ...REPORT_QUERY_FRESHNESS,
  });
  const data = answer.data;
  const en = i18n.language === 'en_US';
  const rows = useMemo(() => (data ? toDepartmentRows(data, t, en) : []), [data, t, en]);
  const columns = useMemo<Array<ColDef<Row>>>(() => [
    { field: 'department', headerName: t('department.department'), minWidth: 260 },
    { field: 'subject', headerName: t('department.subject'), minWidth: 200 },
    { field: 'debit', headerName: t('department.debit'), type: ['rightAligned', 'cents'], minWidth: 110, valueFormatter: reportAmount },
    { field: 'credit', headerName: t('department.credit'), type: ['rightAligned', 'cents'], minWidth: 110, valueFormatter: reportAmount },
    { field: 'income', headerName: t('department.INCOME'), type: ['rightAligned', 'cents'], minWidth: 110, valueFormatter: reportAmount },
    { field: 'expense', headerName: t('department.EXPENSE'), type: ['rightAligned', 'cents'], minWidth: 110, valueFormatter: reportAmount },
    { field: 'net', headerName: t('department.netHead'), type: ['rightAligned', 'cents'], minWidth: 130, valueFormatter: reportAmount },
  ], [t]);
  const total = data ? [sumRow('total', t('department.total'), data.total)] : [];
  return (
    <Stack gap="sm" h="100%" data-testid="department-detail">
      <ReportHead title={t('department.title')} />
      <ReportPeriodBar period={period} mode="range" testId="dd" />
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      <ReportGridFrame testId="dd-grid" offset={300}>
        <ReadGrid<Row>
          columnDefs={columns}
          rowData={rows}
          pinnedBottomRowData={total}
          getRowId={(p) => p.data.id}
          rowClassRules={{ 'ld-report-bold': (p) => !!p.data?.bold }}
          autoSizeStrategy={{ type: 'fitGridWidth' }}
          emptyText={t('department.empty')}
          loading={answer.isFetching && !data}
        />
      </ReportGridFrame>
    </Stack>
  );
}
