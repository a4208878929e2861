/**
 * /voucher/business/subLedgerBySubject (明细账, spec 01 §2; issue 9): every line of a subject (and
 * of the subjects below it) over a period range with its running balance, the opening row, and
 * after each period its total (本期合计) and year to date (本年累计). GET /ledger/subjectDetail
 * pages the rows; the grid uses AG Grid's infinite row model, so a 60,000-line sub-ledger loads
 * 100 rows at a time as it scrolls, never rendered at once. Enter or a double click on a line opens
 * its voucher in the editor. A summary or general-ledger row opens this screen with ?subjectId=…&start=…&end=…&unbooked=….
 */
import { useEffect, useMemo, useRef } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useSearch } from '@tanstack/react-router';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { ColDef, GridApi, IDatasource, RowClassParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { ledgerApi } from '../../../contract/heads';
import type { SubjectDetailRowDto } from '../../../contract/ledger';
import { call } from '../../api/typed-client';
import { LedgerFilterBar } from './subject-ledger-filter';
import { amountFormatter, ledgerKeys, useLedgerScreen } from './subject-ledger-common';
import { readSubLedgerSearch, toSubjectDetailFilter } from './subject-ledgers-model';
import './subject-balance.css';
import { focusFirstCell } from '../../../../grids/focus-first-cell';
import { localName } from '../../../domain/names';
import { todayIso } from '../common/today';
import { FillHeight } from '../../../../grids/list/use-fill-height';
import { useBookRefresh } from './use-book-refresh';

type Row = SubjectDetailRowDto;
const PAGE = 100;

export function SubjectDetailPage() {
  const { t, i18n } = useTranslation(['subject-ledgers', 'common']);
  const navigate = useNavigate();
  const s = useLedgerScreen('subjectDetail');
  const search = useSearch({ strict: false }) as Record<string, unknown>;
  // A drill-down link sets the subject, the range and the bookkeeping choice once per link.
  const applied = useRef<string | null>(null);
  const searchKey = JSON.stringify(search);
  useEffect(() => {
    const fromLink = readSubLedgerSearch(search);
    if (!fromLink || applied.current === searchKey) return;
    applied.current = searchKey;
    s.set(fromLink);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [searchKey]);
  const filter = s.accountId && s.accountYearId && s.periods.data && !s.reversed ? toSubjectDetailFilter(s.state, s.accountId, s.accountYearId, s.periods.data, todayIso()) : null;
  const filterKey = JSON.stringify(filter);
  // The head (subject, row count) of the first page; the grid reads its own pages.
  const head = useQuery({
    queryKey: ['ledger', 'subjectDetail', filter, 0, 1],
    queryFn: async ({ signal }) => call(ledgerApi.subjectDetail, { query: { filter: filter!, offset: 0, limit: 1 } }, { signal }),
    enabled: filter !== null,
  });
  const apiRef = useRef<GridApi<Row> | null>(null);
  const datasource = useMemo<IDatasource | null>(() => (filter ? {
    getRows: (p) => {
      call(ledgerApi.subjectDetail, { query: { filter, offset: p.startRow, limit: Math.min(p.endRow - p.startRow, 1000) } })
        .then((d) => {
          p.successCallback(d.rows, d.total);
          if (p.startRow === 0 && apiRef.current && !apiRef.current.getFocusedCell()) focusFirstCell(apiRef.current, 'date');
        })
        .catch(() => p.failCallback());
    },
    // eslint-disable-next-line react-hooks/exhaustive-deps
  } : null), [filterKey]);
  useEffect(() => {
    if (apiRef.current && datasource) apiRef.current.setGridOption('datasource', datasource);
  }, [datasource]);
  useBookRefresh(apiRef);

  const money = amountFormatter<Row>((r) => !!r && r.kind !== 'LINE' && r.kind !== 'OPENING');
  const columns = useMemo<ColDef<Row>[]>(() => [
    { colId: 'date', field: 'date', headerName: t('columns.date'), width: 110, valueGetter: (p) => (p.data?.kind === 'OPENING' || p.data?.kind === 'LINE' ? p.data.date : '') },
    { colId: 'voucher', headerName: t('columns.voucher'), width: 130,
      valueGetter: (p) => (p.data?.kind === 'LINE' ? `${localName(i18n.language, { name: p.data.kindName ?? '', nameEn: p.data.kindNameEn })}-${p.data.codeText}` : '') },
    { colId: 'summary', headerName: t('columns.summary'), minWidth: 160, flex: 2,
      valueGetter: (p) => (!p.data ? '' : p.data.kind === 'LINE' ? p.data.summary : t(`rows.${p.data.kind}`)) },
    { colId: 'subject', field: 'subjectCode', headerName: t('columns.subject'), width: 90 },
    { colId: 'debit', field: 'debit', headerName: t('columns.debit'), type: 'rightAligned', minWidth: 110, flex: 1, valueFormatter: money, cellDataType: false },
    { colId: 'credit', field: 'credit', headerName: t('columns.credit'), type: 'rightAligned', minWidth: 110, flex: 1, valueFormatter: money, cellDataType: false },
    { colId: 'side', headerName: t('columns.side'), width: 64, valueGetter: (p) => (p.data ? t(`sides.${p.data.side}`) : '') },
    { colId: 'balance', field: 'balanceCents', headerName: t('columns.balance'), type: 'rightAligned', minWidth: 110, flex: 1, valueFormatter: amountFormatter<Row>(() => true), cellDataType: false },
  ], [t, i18n.language, money]);
  const drill = (r: Row) => {
    if (r.kind === 'LINE' && r.voucherId) void navigate({ href: `/newVoucher/${r.voucherId}` });
  };
  if (!s.accountYearId) return null;
  const subject = head.data?.subject;
  const subjectName = subject ? `${subject.code} ${localName(i18n.language, subject)}` : '';

  return (
    <Stack gap="xs" h="100%" data-testid="subject-detail">
      <Title order={4}>{t('titles.detail')}{subjectName && ` — ${subjectName}`}</Title>
      <LedgerFilterBar ref={s.filterRef} mode="subject" queryId="ledger.subjectDetail" accountYearId={s.accountYearId} state={s.state} set={s.set} replace={s.replace}
        startPeriodId={s.startPeriodId} endPeriodId={s.endPeriodId} testId="sd" exporting={s.progress.running} exportBar={s.progress.bar}
        onExport={!s.canExport ? undefined : filter ? () => void s.runExport(() => call(ledgerApi.subjectDetailExport, { body: { filter } })) : null} />
      {head.error && <Alert color="red">{head.error.message}</Alert>}
      {!filter && !s.state.subjectId && <Text size="sm" c="dimmed" data-testid="sd-pick-first">{t('pickSubject')}</Text>}
      {filter && (
        <FillHeight min={320} fallback="calc(100vh - 300px)" data-testid="sd-grid" data-total={head.data?.total ?? ''}>
          <ReadGrid<Row>
            key={filterKey}
            columnDefs={columns}
            rowModelType="infinite"
            datasource={datasource ?? undefined}
            cacheBlockSize={PAGE}
            maxBlocksInCache={20}
            infiniteInitialRowCount={1}
            getRowId={(p) => String(p.data.index)}
            rowClassRules={{
              'ld-sb-strong': (p: RowClassParams<Row>) => p.data?.kind === 'YTD' || p.data?.kind === 'OPENING',
              'ld-dl-total': (p: RowClassParams<Row>) => p.data?.kind === 'PERIOD' || p.data?.kind === 'YTD',
            }}
            onGridReady={(e) => {
              apiRef.current = e.api;
            }}
            onCellKeyDown={ledgerKeys<Row>(s.filterRef, drill)}
            onRowDoubleClicked={(e) => e.data && drill(e.data)}
          />
        </FillHeight>
      )}
      <Text size="xs" c="dimmed" data-testid="sd-keys">
        {head.data ? `${t('rowCount', { count: head.data.total })} · ` : ''}{t('keys.detail')}
      </Text>
    </Stack>
  );
}
