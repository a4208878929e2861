/**
 * /report/departmentRADetail (部门报销明细表, hidden menu page, linked from the comprehensive
 * statistics): reimbursement invoice-line amounts by the submitter's department × expense kind for
 * the chosen periods' dates, audited only or all, a subtotal per department and the total. The
 * documents of the focused row are listed below; Enter (or a double click) on a row moves to its
 * documents, Enter on a document opens it (/newReimburse/{id}).
 */
import { useMemo, useRef, useState } from 'react';
import { Alert, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import type { AgGridReact } from 'ag-grid-react';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { CellKeyDownEvent, ColDef } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../../../contract/heads';
import type { DepartmentRaDto } from '../../../contract/report';
import { call } from '../../api/typed-client';
import { ReportPeriodBar, useReportPeriod } from './report-period';
import { ReportGridFrame, ReportHead, reportAmount } from './report-grid';

interface Row {
  id: string;
  departmentId: number | null;
  kindId: number | null;
  department: string;
  kind: string;
  lines: number | null;
  documents: number | null;
  amount: string;
  bold: boolean;
}
type Doc = DepartmentRaDto['documents'][number];

const isEnter = (e: { event?: Event | null }) => (e.event as KeyboardEvent | undefined)?.key === 'Enter';
const showCode = (code: string) => `${code.slice(0, 6)}-${code.slice(6)}`;

function toRows(d: DepartmentRaDto, t: (k: string, o?: Record<string, unknown>) => string): Row[] {
  const out: Row[] = [];
  for (const dep of d.departments) {
    const name = dep.departmentId === null ? t('departmentRa.noDepartment') : `${dep.departmentCode ?? ''} ${dep.departmentName ?? ''}`.trim();
    for (const r of d.rows.filter((x) => x.departmentId === dep.departmentId)) {
      out.push({ id: `${r.departmentId ?? '-'}:${r.kindId}`, departmentId: r.departmentId, kindId: r.kindId, department: name, kind: r.kindName, lines: r.lines, documents: r.documents, amount: r.amount, bold: false });
    }
    out.push({ id: `${dep.departmentId ?? '-'}:sub`, departmentId: dep.departmentId, kindId: null, department: t('departmentRa.subtotal', { name }), kind: '', lines: null, documents: null, amount: dep.amount, bold: true });
  }
  return out;
}

export function DepartmentRaPage() {
  const { t } = useTranslation('report');
  const navigate = useNavigate();
  const period = useReportPeriod('departmentRADetail');
  const first = period.month !== null ? period.periods[period.month - 1] : undefined;
  const last = period.endMonth !== null ? period.periods[period.endMonth - 1] : undefined;
  const query = period.companyId !== null && period.ready && first && last ? { companyId: period.companyId, startDate: first.startAt, endDate: last.endAt, audited: period.bookKeep } : null;
  const answer = useQuery({
    queryKey: ['report', 'departmentRADetail', query],
    queryFn: async ({ signal }) => call(reportApi.departmentRADetail, { query: query! }, { signal }),
    enabled: query !== null,
  });
  const data = answer.data;
  const rows = useMemo(() => (data ? toRows(data, t) : []), [data, t]);
  const [focused, setFocused] = useState<Row | null>(null);
  const docsGrid = useRef<AgGridReact<Doc>>(null);
  const docs = useMemo(() => {
    if (!data || !focused) return [];
    return data.documents.filter((d) => d.departmentId === focused.departmentId && (focused.kindId === null || d.kindId === focused.kindId));
  }, [data, focused]);
  const open = (d: Doc | undefined) => { if (d) void navigate({ href: `/newReimburse/${d.id}` }); };
  const toDocuments = () => {
    const api = docsGrid.current?.api;
    if (api && api.getDisplayedRowCount() > 0) api.setFocusedCell(0, 'code');
  };
  const columns = useMemo<Array<ColDef<Row>>>(() => [
    { field: 'department', headerName: t('departmentRa.department'), minWidth: 200 },
    { field: 'kind', headerName: t('departmentRa.kind'), minWidth: 160 },
    { field: 'documents', headerName: t('departmentRa.documents'), type: 'rightAligned', width: 110 },
    { field: 'lines', headerName: t('departmentRa.lines'), type: 'rightAligned', width: 110 },
    { field: 'amount', headerName: t('departmentRa.amount'), type: ['rightAligned', 'cents'], minWidth: 140, valueFormatter: reportAmount },
  ], [t]);
  const docColumns = useMemo<Array<ColDef<Doc>>>(() => [
    { field: 'code', headerName: t('departmentRa.code'), minWidth: 130, valueFormatter: (p) => (p.value ? showCode(p.value as string) : '') },
    { field: 'markAt', headerName: t('departmentRa.markAt'), minWidth: 120 },
    { field: 'submitterName', headerName: t('departmentRa.submitter'), minWidth: 140 },
    { colId: 'audited', headerName: t('departmentRa.audited'), width: 110, valueGetter: (p) => (p.data?.audited ? t('departmentRa.yes') : '') },
    { field: 'amount', headerName: t('departmentRa.amount'), type: ['rightAligned', 'cents'], minWidth: 140, valueFormatter: reportAmount },
  ], [t]);
  const total = data ? [{ id: 'total', departmentId: null, kindId: null, department: t('departmentRa.total'), kind: '', lines: null, documents: null, amount: data.total, bold: true }] : [];
  return (
    <Stack gap="sm" h="100%" data-testid="department-ra">
      <ReportHead title={t('departmentRa.title')} />
      <ReportPeriodBar period={period} mode="range" testId="ra" bookKeepLabel={t('departmentRa.auditedOnly')} />
      {query && <Text size="xs" c="dimmed" data-testid="ra-range">{t('departmentRa.range', { from: query.startDate, to: query.endDate })}</Text>}
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      <ReportGridFrame testId="ra-grid" offset={560}>
        <ReadGrid<Row>
          columnDefs={columns}
          rowData={rows}
          pinnedBottomRowData={total}
          getRowId={(p) => p.data.id}
          rowClassRules={{ 'ld-report-bold': (p) => !!p.data?.bold }}
          autoSizeStrategy={{ type: 'fitGridWidth' }}
          emptyText={t('departmentRa.empty')}
          loading={answer.isFetching && !data}
          onCellFocused={(e) => {
            if (e.rowPinned || e.rowIndex === null || e.rowIndex === undefined) return;
            setFocused(e.api.getDisplayedRowAtIndex(e.rowIndex)?.data ?? null);
          }}
          onCellKeyDown={(e: CellKeyDownEvent<Row>) => { if (isEnter(e) && e.data && !e.rowPinned) setTimeout(toDocuments, 0); }}
          onRowDoubleClicked={() => setTimeout(toDocuments, 0)}
        />
      </ReportGridFrame>
      <Text size="sm" fw={500}>{focused ? t('departmentRa.documentsOf', { name: [focused.department, focused.kind].filter(Boolean).join(' · ') }) : t('departmentRa.pick')}</Text>
      <div style={{ height: 200 }} data-testid="ra-docs">
        <ReadGrid<Doc>
          ref={docsGrid}
          columnDefs={docColumns}
          rowData={docs}
          getRowId={(p) => `${p.data.id}:${p.data.kindId}`}
          autoSizeStrategy={{ type: 'fitGridWidth' }}
          emptyText={t('departmentRa.docsEmpty')}
          onCellKeyDown={(e: CellKeyDownEvent<Doc>) => { if (isEnter(e)) open(e.data); }}
          onRowDoubleClicked={(e) => open(e.data)}
        />
      </div>
    </Stack>
  );
}
