/**
 * /cashier/balanceByCashBank (spec 01 §2; decision 035): per bank account of the ledger set the
 * opening, receipts, payments and closing of a date range, in total or per day or month, with the
 * sum of all accounts pinned below. Enter or a double click on a row drills into the journal query
 * for that account and span. The second tab checks the journal against the books on the end date
 * (books-check.tsx).
 */
import { useMemo } from 'react';
import { Alert, Group, Paper, SegmentedControl, Stack, Tabs, Title } from '@mantine/core';
import { FirstMatchMultiSelect } from '../common/first-match-select';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { CellKeyDownEvent, ColDef, ValueFormatterParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { CashBalanceRowDto } from '../../../contract/cashier-journal';
import { formatCents } from '../../../domain/money';
import { useScope } from '../../session/store';
import { journalBalanceOptions, journalRefsOptions } from '../../queries/cashier-journal';
import { DateField } from '../common/date-field';
import { unlessReversed, useRangeCheck } from '../common/range-filter';
import { CashBooksCheck } from './books-check';
import { useTabState } from '../../shell/tab-state';
import { focusFirstCell } from '../../../../grids/focus-first-cell';
import { FillHeight } from '../../../../grids/list/use-fill-height';
import { FIELD_ROW } from '../../../../grids/list/field-row';

type Row = CashBalanceRowDto | (Omit<CashBalanceRowDto, 'bankAccountId'> & { bankAccountId: -1; total: true });
type Group = 'TOTAL' | 'DAY' | 'MONTH';

/** The dates a row covers, within the report's range. */
export function spanOf(bucket: string | null, from: string, to: string): { dateFrom: string; dateTo: string } {
  if (!bucket) return { dateFrom: from, dateTo: to };
  if (bucket.length === 10) return { dateFrom: bucket, dateTo: bucket };
  const start = `${bucket}-01`;
  const end = dayjs(start).endOf('month').format('YYYY-MM-DD');
  return { dateFrom: start > from ? start : from, dateTo: end < to ? end : to };
}

export function CashBankBalancePage() {
  const { t } = useTranslation(['journal', 'errors']);
  const { accountId } = useScope();
  const navigate = useNavigate();
  const refs = useQuery(journalRefsOptions(accountId));
  const [dateFrom, setDateFrom] = useTabState<string>(`cashBalance:dateFrom:${accountId}`, () => dayjs().startOf('month').format('YYYY-MM-DD'));
  const [dateTo, setDateTo] = useTabState<string>(`cashBalance:dateTo:${accountId}`, () => dayjs().endOf('month').format('YYYY-MM-DD'));
  const [groupBy, setGroupBy] = useTabState<Group>(`cashBalance:groupBy:${accountId}`, () => 'TOTAL');
  const [ids, setIds] = useTabState<string[]>(`cashBalance:ids:${accountId}`, () => []);
  const [view, setView] = useTabState<string | null>(`cashBalance:view:${accountId}`, () => 'balances');
  // A range ending before it starts is said under its end and not asked (range-filter.ts); the books check still reads its end date.
  const range = useRangeCheck({ dateFrom, dateTo }, [['dateFrom', 'dateTo']]);
  const answer = useQuery(unlessReversed(journalBalanceOptions(accountId, { bankAccountIds: ids.map(Number), dateFrom, dateTo, groupBy }), range.reversed));
  const cents = (p: ValueFormatterParams<Row>) => formatCents(Number(p.value ?? 0));
  const columns = useMemo<ColDef<Row>[]>(() => [
    { field: 'bankAccountCode', headerName: t('journal:report.code'), width: 100 },
    { field: 'bankAccountName', headerName: t('journal:report.name'), flex: 1, minWidth: 150 },
    { field: 'kind', headerName: t('journal:report.kind'), width: 90, valueFormatter: (p) => (p.value ? t(`journal:kinds.${String(p.value)}`) : '') },
    ...(groupBy === 'TOTAL' ? [] : [{ field: 'bucket' as const, headerName: groupBy === 'DAY' ? t('journal:columns.date') : t('journal:month'), width: 110 }]),
    { field: 'openingCents', headerName: t('journal:report.opening'), width: 140, type: ['rightAligned', 'cents'], valueFormatter: cents },
    { field: 'receiptCents', headerName: t('journal:report.receipts'), width: 140, type: ['rightAligned', 'cents'], valueFormatter: cents },
    { field: 'paymentCents', headerName: t('journal:report.payments'), width: 140, type: ['rightAligned', 'cents'], valueFormatter: cents },
    { field: 'closingCents', headerName: t('journal:report.closing'), width: 140, type: ['rightAligned', 'cents'], valueFormatter: cents },
    { headerName: t('journal:report.count'), width: 90, type: 'rightAligned', valueGetter: (p) => (p.data && !('total' in p.data) ? p.data.receiptCount + p.data.paymentCount : '') },
  ], [t, groupBy]);
  if (!accountId) return <Alert color="orange">{t('errors:MISSING_ACCOUNT_OR_PERIOD')}</Alert>;
  const data = answer.data;
  const totals: Row[] = data
    ? [{ bankAccountId: -1, total: true, bankAccountCode: t('journal:report.total'), bankAccountName: '', kind: '', bucket: null, ...data.total, receiptCount: 0, paymentCount: 0 }]
    : [];
  const drill = (r: Row | undefined) => {
    if (!r || 'total' in r) return;
    const span = spanOf(r.bucket, dateFrom, dateTo);
    void navigate({ href: `/cashier/cashBankJournalQuery?bankAccountId=${r.bankAccountId}&dateFrom=${span.dateFrom}&dateTo=${span.dateTo}` });
  };
  return (
    <Stack gap="xs" p="xs" data-testid="cash-balance">
      <Title order={5}>{t('journal:report.title')}</Title>
      <Paper withBorder p="xs">
        <Group gap="md" align="flex-end" wrap="wrap" className={FIELD_ROW}>
          <DateField size="xs" label={t('journal:dateFrom')} value={dateFrom} onChange={(v) => setDateFrom(v)} w={150} data-testid="cb-from" />
          <DateField size="xs" label={t('journal:dateTo')} value={dateTo} onChange={(v) => setDateTo(v)} w={150} error={range.error('dateTo')} data-testid="cb-to" />
          <FirstMatchMultiSelect
            size="xs"
            label={t('journal:bankAccount')}
            placeholder={t('journal:report.allAccounts')}
            data={(refs.data?.accounts ?? []).map((a) => ({ value: String(a.id), label: `${a.code} ${a.name}` }))}
            value={ids}
            onChange={setIds}
            clearable
            w={320}
            data-testid="cb-accounts"
          />
          <SegmentedControl
            size="xs"
            value={groupBy}
            onChange={(v) => setGroupBy(v as Group)}
            data={(['TOTAL', 'DAY', 'MONTH'] as const).map((g) => ({ value: g, label: t(`journal:report.by.${g}`) }))}
            data-testid="cb-group"
          />
        </Group>
      </Paper>
      <Tabs value={view} onChange={setView} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="balances" data-testid="cb-tab-balances">{t('journal:report.title')}</Tabs.Tab>
          <Tabs.Tab value="books" data-testid="cb-tab-books">{t('journal:check.tab')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="balances" pt="xs">
          {answer.error && <Alert color="red">{answer.error.message}</Alert>}
          <FillHeight min={320} fallback="calc(100vh - 300px)" data-testid="cb-grid">
            <ReadGrid<Row>
              onFirstDataRendered={(e) => focusFirstCell(e.api, 'bankAccountCode')}
              columnDefs={columns}
              autoSizeStrategy={{ type: 'fitGridWidth' }}
              rowData={data?.rows ?? []}
              pinnedBottomRowData={totals}
              getRowId={(p) => ('total' in p.data ? 'total' : `${p.data.bankAccountId}:${p.data.bucket ?? ''}`)}
              onRowDoubleClicked={(e) => drill(e.data)}
              onCellKeyDown={(e: CellKeyDownEvent<Row>) => {
                if ((e.event as KeyboardEvent | undefined)?.key === 'Enter') drill(e.data);
              }}
              emptyText={t('journal:report.empty')}
              loading={answer.isFetching && !data}
            />
          </FillHeight>
        </Tabs.Panel>
        <Tabs.Panel value="books" pt="xs">
          <CashBooksCheck accountId={accountId} date={dateTo} bankAccountIds={ids.map(Number)} />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
