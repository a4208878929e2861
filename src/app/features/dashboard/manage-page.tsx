/**
 * /dashboard/manage (管理驾驶舱, right 10101, no company chosen): the state of the books of every
 * company the user oversees, as of a date (GET /report/adminStat): vouchers waiting for an
 * examiner or a bookkeeper, vouchers examined as errors, months past due for settling,
 * reimbursements waiting for an auditor or for their voucher. The totals on top, one row per
 * company below (companies behind first is left to the eye: overdue months are drawn red).
 * Keys: the grid takes the focus; Enter on a company works in it (the company switches, after the
 * unsaved-tabs question, and its voucher list opens); `/` goes to the date.
 */
import { useMemo, useRef } from 'react';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ReadGrid, SORTABLE_READ_COL } from '../../../../grids/list/read-grid';
import type { ColDef, FirstDataRenderedEvent, ValueFormatterParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../../../contract/heads';
import type { AdminStatCompanyDto } from '../../../contract/report';
import { formatCents } from '../../../domain/money';
import { call } from '../../api/typed-client';
import { focusFirstCell } from '../../../../grids/focus-first-cell';
import { DateField } from '../common/date-field';
import { StatTiles } from './stat-tiles';
import { ledgerKeys } from '../ledger/ledger-keys';
import { ReportGridFrame } from '../report/report-grid';
import { changeCompany } from '../../shell/scope-selectors';
import { confirmDiscardDirtyTabs } from '../../shell/dirty-guard';
import { useScope } from '../../session/store';
import { todayIso } from '../common/today';
import { useTabState } from '../../shell/tab-state';
import { FIELD_ROW } from '../../../../grids/list/field-row';

type Row = AdminStatCompanyDto;

export function ManageDashboardPage() {
  const { t } = useTranslation('report');
  const navigate = useNavigate();
  const scope = useScope();
  const [date, setDate] = useTabState<string>(`manageDashboard:date`, () => todayIso());
  const filterRef = useRef<HTMLDivElement>(null);
  const answer = useQuery({
    queryKey: ['report', 'adminStat', date],
    queryFn: async ({ signal }) => call(reportApi.adminStat, { query: date ? { date } : {} }, { signal }),
  });
  const data = answer.data;
  const count = (p: ValueFormatterParams<Row>) => (p.value ? String(p.value) : '');
  const columns = useMemo<ColDef<Row>[]>(() => [
    // Pinned: the row's company stays in sight while the figures scroll (13 columns are wider than a laptop's window).
    { colId: 'company', field: 'companyName', headerName: t('adminStat.company'), minWidth: 220, flex: 2, pinned: 'left' },
    { colId: 'account', headerName: t('adminStat.account'), minWidth: 130, flex: 1,
      valueGetter: (p) => (p.data?.accountName ? (p.data.accounts > 1 ? t('adminStat.accountMore', { name: p.data.accountName, count: p.data.accounts }) : p.data.accountName) : t('adminStat.noAccount')) },
    { field: 'year', headerName: t('adminStat.year'), width: 80 },
    { field: 'lastSettled', headerName: t('adminStat.lastSettled'), width: 120, valueFormatter: (p) => (p.value ? String(p.value).slice(0, 7) : t('adminStat.none')) },
    { field: 'overduePeriods', headerName: t('adminStat.overduePeriods'), width: 135, type: 'rightAligned', valueFormatter: count,
      cellClassRules: { 'ld-negative': (p) => Number(p.value) > 0 } },
    { field: 'toExamine', headerName: t('adminStat.toExamine'), width: 100, type: 'rightAligned', valueFormatter: count },
    { field: 'examinedError', headerName: t('adminStat.examinedError'), width: 140, type: 'rightAligned', valueFormatter: count,
      cellClassRules: { 'ld-negative': (p) => Number(p.value) > 0 } },
    { field: 'toBookKeep', headerName: t('adminStat.toBookKeep'), width: 100, type: 'rightAligned', valueFormatter: count },
    { field: 'lastVoucherDate', headerName: t('adminStat.lastVoucherDate'), width: 120, valueFormatter: (p) => (p.value ? String(p.value) : '') },
    { field: 'reimbursementsToAudit', headerName: t('adminStat.reimbursementsToAudit'), width: 125, type: 'rightAligned', valueFormatter: count },
    { field: 'reimbursementsToAuditCents', headerName: t('adminStat.reimbursementsToAuditCents'), width: 130, type: ['rightAligned', 'cents'],
      valueFormatter: (p) => (p.value && p.value !== '0' ? formatCents(BigInt(p.value)) : '') },
    { field: 'reimbursementsToVoucher', headerName: t('adminStat.reimbursementsToVoucher'), width: 140, type: 'rightAligned', valueFormatter: count },
    { field: 'users', headerName: t('adminStat.users'), width: 80, type: 'rightAligned' },
  ], [t]);

  /** Work in the company: switch to it (its main ledger set and year follow) and open its voucher list. */
  const open = async (row: Row) => {
    if (row.companyId !== scope.companyId) {
      if (!(await confirmDiscardDirtyTabs())) return;
      if (!(await changeCompany(row.companyId))) return;
    }
    await navigate({ href: '/voucher/daily/list' });
  };

  const totals = data?.totals;
  // The tiles stand from the start (dashes until the answer): the page does not jump when it comes.
  const figure = (v: number | undefined) => (v === undefined ? null : String(v));
  const tiles: Array<{ key: string; value: string | null; sub?: string | null; alert?: boolean }> = [
    { key: 'companies', value: figure(totals?.companies), sub: totals ? t('adminStat.companiesBehind', { count: totals.companiesBehind }) : null, alert: !!totals && totals.companiesBehind > 0 },
    { key: 'overduePeriods', value: figure(totals?.overduePeriods), alert: !!totals && totals.overduePeriods > 0 },
    { key: 'toExamine', value: figure(totals?.toExamine) },
    { key: 'examinedError', value: figure(totals?.examinedError), alert: !!totals && totals.examinedError > 0 },
    { key: 'toBookKeep', value: figure(totals?.toBookKeep) },
    { key: 'reimbursementsToAudit', value: figure(totals?.reimbursementsToAudit), sub: totals ? formatCents(BigInt(totals.reimbursementsToAuditCents)) : null },
    { key: 'reimbursementsToVoucher', value: figure(totals?.reimbursementsToVoucher) },
  ];

  return (
    <Stack gap="sm" h="100%" data-testid="manage-dashboard">
      <Group justify="space-between" align="flex-end" ref={filterRef} className={FIELD_ROW}>
        <Title order={4}>{t('adminStat.title')}</Title>
        <DateField size="xs" label={t('adminStat.date')} value={date} onChange={(v) => v && setDate(v)} clearable={false} w={150} data-testid="ms-date" />
      </Group>
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      <StatTiles tiles={tiles.map((x) => ({ ...x, label: t(`adminStat.tiles.${x.key}`) }))} testId="ms" cols={{ base: 2, sm: 4, lg: 7 }} />
      <Text size="xs" c="dimmed" data-testid="ms-keys">{t('adminStat.keys')}</Text>
      <ReportGridFrame testId="ms-grid" offset={330}>
        <ReadGrid<Row>
          columnDefs={columns}
          rowData={data?.companies ?? []}
          getRowId={(p) => String(p.data.companyId)}
          defaultColDef={SORTABLE_READ_COL}
          emptyText={t('adminStat.empty')}
          loading={answer.isFetching && !data}
          onRowDoubleClicked={(e) => e.data && void open(e.data)}
          onCellKeyDown={ledgerKeys<Row>(filterRef, (r) => void open(r))}
          onFirstDataRendered={(e: FirstDataRenderedEvent<Row>) => focusFirstCell(e.api, 'company')}
        />
      </ReportGridFrame>
    </Stack>
  );
}
