/**
 * /dashboard/business (业务驾驶舱, right 10102, the company chosen): the company's year as of a
 * date (GET /report/business, its main ledger set): income, expense and profit so far and month
 * by month, where the money stands (cash, bank, receivables, payables at the date's period end),
 * the largest receivables by customer and the largest revenues by case (project). Keys: the months'
 * grid takes the focus; arrows move in a grid, Tab goes on to the next; `/` goes to the date.
 */
import { useMemo, useRef, type RefObject } from 'react';
import { Alert, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import type { ColDef, FirstDataRenderedEvent } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { reportApi } from '../../../contract/heads';
import type { BusinessStatDto } from '../../../contract/report';
import { formatCents } from '../../../domain/money';
import { call } from '../../api/typed-client';
import { ReadGrid } from '../../../../grids/list/read-grid';
import { focusFirstCell } from '../../../../grids/focus-first-cell';
import { DateField } from '../common/date-field';
import { StatTiles } from './stat-tiles';
import { ledgerKeys } from '../ledger/ledger-keys';
import { periodColumn, reportAmount } from '../report/report-grid';
import { useScope } from '../../session/store';
import { todayIso } from '../common/today';
import { useTabState } from '../../shell/tab-state';
import { FIELD_ROW } from '../../../../grids/list/field-row';

type Month = BusinessStatDto['months'][number] | { month: 0; periodStart: ''; income: string; expense: string; profit: string; total: true };
type Top = BusinessStatDto['topCustomers'][number];

const noDrill = () => undefined;

export function BusinessDashboardPage() {
  const { t } = useTranslation('report');
  const { companyId } = useScope();
  const [date, setDate] = useTabState<string>(`businessDashboard:date:${companyId}`, () => todayIso());
  const filterRef = useRef<HTMLDivElement>(null);
  const answer = useQuery({
    queryKey: ['report', 'business', companyId, date],
    queryFn: async ({ signal }) => call(reportApi.business, { query: { companyId: companyId!, ...(date ? { date } : {}) } }, { signal }),
    enabled: companyId !== null,
  });
  const data = answer.data;
  const monthColumns = useMemo<ColDef<Month>[]>(() => [
    periodColumn<Month>(t, t('business.month'), t('business.yearTotal')),
    { field: 'income', headerName: t('business.income'), type: ['rightAligned', 'cents'], minWidth: 120, valueFormatter: reportAmount },
    { field: 'expense', headerName: t('business.expense'), type: ['rightAligned', 'cents'], minWidth: 120, valueFormatter: reportAmount },
    { field: 'profit', headerName: t('business.profit'), type: ['rightAligned', 'cents'], minWidth: 120, valueFormatter: reportAmount },
  ], [t]);
  const topColumns = (amount: string): ColDef<Top>[] => [
    { field: 'code', headerName: t('business.code'), width: 90 },
    { field: 'name', headerName: t('business.name'), minWidth: 140 },
    { field: 'cents', headerName: amount, type: ['rightAligned', 'cents'], width: 130, valueFormatter: reportAmount },
  ];
  const yearTotal = useMemo<Month[]>(() => {
    if (!data?.months.length) return [];
    const sum = (k: 'income' | 'expense' | 'profit') => String(data.months.reduce((s, m) => s + BigInt(m[k]), 0n));
    return [{ month: 0, periodStart: '', income: sum('income'), expense: sum('expense'), profit: sum('profit'), total: true }];
  }, [data]);

  // Cents travel as integer strings; sums are taken as BigInt, never as floats.
  const money = (cents: string | undefined) => formatCents(BigInt(cents ?? 0));
  // The tiles stand from the start (dashes until the answer), and go only for a company without books.
  const known = data && data.accountId !== null ? data : null;
  const figure = (cents: string | undefined) => (known ? money(cents) : null);
  const tiles = data && data.accountId === null ? [] : [
    { key: 'income', value: figure(known?.ytd.income) },
    { key: 'expense', value: figure(known?.ytd.expense) },
    { key: 'profit', value: figure(known?.ytd.profit), alert: !!known && BigInt(known.ytd.profit) < 0n },
    { key: 'funds', value: known ? money(String(BigInt(known.position.cash) + BigInt(known.position.bank))) : null, sub: known ? t('business.fundsSplit', { cash: money(known.position.cash), bank: money(known.position.bank) }) : null },
    { key: 'receivables', value: figure(known?.position.receivables) },
    { key: 'payables', value: figure(known?.position.payables) },
  ];

  return (
    <Stack gap="sm" data-testid="business-dashboard">
      <Group justify="space-between" align="flex-end" ref={filterRef} className={FIELD_ROW}>
        <div>
          <Title order={4}>{t('business.title')}</Title>
          {data?.accountId !== null && data && (
            <Text size="sm" c="dimmed" data-testid="bs-head">
              {t('business.head', { company: data.companyName, account: data.accountName, year: data.year, month: data.month, start: data.periodStart, end: data.periodEnd })}
            </Text>
          )}
        </div>
        <DateField size="xs" label={t('adminStat.date')} value={date} onChange={(v) => v && setDate(v)} clearable={false} w={150} data-testid="bs-date" />
      </Group>
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      {data && data.accountId === null && <Alert color="orange" data-testid="bs-no-books">{t('business.noBooks', { company: data.companyName })}</Alert>}
      <StatTiles tiles={tiles.map((x) => ({ ...x, label: t(`business.tiles.${x.key}`) }))} testId="bs" cols={{ base: 2, sm: 3, lg: 6 }} />
      <Text size="xs" c="dimmed" data-testid="bs-keys">{t('business.keys')}</Text>
      {/* Twelve months and the year's total, all shown: the grid is as high as its rows. */}
      <div data-testid="bs-months">
        <ReadGrid<Month>
          domLayout="autoHeight"
          columnDefs={monthColumns}
          rowData={data?.months ?? []}
          pinnedBottomRowData={yearTotal}
          getRowId={(p) => String(p.data.month)}
          autoSizeStrategy={{ type: 'fitGridWidth' }}
          rowClassRules={{ 'ld-report-bold': (p) => !!p.data && (p.data.month === data?.month || 'total' in p.data) }}
          emptyText={t('business.empty')}
          loading={answer.isFetching && !data}
          onCellKeyDown={ledgerKeys<Month>(filterRef, noDrill)}
          onFirstDataRendered={(e: FirstDataRenderedEvent<Month>) => focusFirstCell(e.api, 'month', Math.max(0, (data?.month ?? 1) - 1))}
        />
      </div>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
        <TopTable title={t('business.topCustomers')} rows={data?.topCustomers} columns={topColumns(t('business.receivable'))} testId="bs-customers" empty={t('business.none')} filterRef={filterRef} />
        <TopTable title={t('business.topProjects')} rows={data?.topProjects} columns={topColumns(t('business.revenue'))} testId="bs-projects" empty={t('business.none')} filterRef={filterRef} />
      </SimpleGrid>
    </Stack>
  );
}

function TopTable({ title, rows, columns, testId, empty, filterRef }: { title: string; rows: Top[] | undefined; columns: ColDef<Top>[]; testId: string; empty: string; filterRef: RefObject<HTMLDivElement | null> }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>{title}</Text>
      <div style={{ height: 220 }} data-testid={testId}>
        <ReadGrid<Top>
          columnDefs={columns}
          rowData={rows ?? []}
          getRowId={(p) => String(p.data.auxId)}
          autoSizeStrategy={{ type: 'fitGridWidth' }}
          emptyText={empty}
          onCellKeyDown={ledgerKeys<Top>(filterRef, noDrill)}
        />
      </div>
    </Stack>
  );
}
