/**
 * /report/departmentIODetail (部门收支明细表, hidden menu page): income and expense (class 5)
 * movements carried by lines with a department, department × subject, for a period range; a
 * subtotal row per department and the total. From aux_balances (auxiliary type 1).
 */
import { useMemo } from 'react';
import { Alert, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { ColDef } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../../../contract/heads';
import type { DepartmentDetailDto } from '../../../contract/report';
import { formatCents } from '../../../domain/money';
import { call } from '../../api/typed-client';
import { REPORT_QUERY_FRESHNESS, ReportPeriodBar, useReportPeriod } from './report-period';
import { ReportGridFrame, ReportHead, reportAmount } from './report-grid';
import { localName } from '../../../domain/names';

interface Row {
  id: string;
  department: string;
  subject: string;
  kind: string;
  debit: string;
  credit: string;
  amount: string;
  bold: boolean;
}

const fmt = (cents: string) => formatCents(Number(cents));
/** "收入 1,000.00 · 支出 200.00". */
const sums = (t: (k: string) => string, x: { income: string; expense: string }) => `${t('department.income')} ${fmt(x.income)} · ${t('department.expense')} ${fmt(x.expense)}`;

function toRows(d: DepartmentDetailDto, t: (k: string, o?: Record<string, unknown>) => string, en: boolean): Row[] {
  const out: Row[] = [];
  for (const dep of d.departments) {
    const name = `${dep.departmentCode ?? ''} ${dep.departmentName}`.trim();
    for (const r of d.rows.filter((x) => x.departmentId === dep.departmentId)) {
      out.push({ id: `${r.departmentId}:${r.subjectId}`, department: name, subject: `${r.subjectCode} ${localName(en, { name: r.subjectName, nameEn: r.subjectNameEn })}`, kind: t(`department.${r.kind}`), debit: r.debit, credit: r.credit, amount: r.amount, bold: false });
    }
    out.push({ id: `${dep.departmentId}:sub`, department: t('department.subtotal', { name }), subject: sums(t, dep), kind: t('department.net'), debit: '', credit: '', amount: dep.net, bold: true });
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
  const rows = useMemo(() => (data ? toRows(data, t, en) : []), [data, t, en]);
  const columns = useMemo<Array<ColDef<Row>>>(() => [
    { field: 'department', headerName: t('department.department'), minWidth: 180 },
    { field: 'subject', headerName: t('department.subject'), minWidth: 200 },
    { field: 'kind', headerName: t('department.kind'), width: 90 },
    { field: 'debit', headerName: t('department.debit'), type: 'rightAligned', minWidth: 120, valueFormatter: reportAmount },
    { field: 'credit', headerName: t('department.credit'), type: 'rightAligned', minWidth: 120, valueFormatter: reportAmount },
    { field: 'amount', headerName: t('department.amount'), type: 'rightAligned', minWidth: 130, valueFormatter: reportAmount },
  ], [t]);
  const total = data ? [{ id: 'total', department: t('department.total'), subject: sums(t, data.total), kind: t('department.net'), debit: '', credit: '', amount: data.total.net, bold: true }] : [];
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
