/**
 * /voucher/business/summaryBySubject (科目汇总表, spec 01 §2; issue 9): per subject the debit and
 * credit of a period range and the lines behind them, parents (bold) summing their children, a
 * pinned total row with the voucher count. GET /ledger/subjectSummary (balance tables). Enter or a
 * double click opens the subject's sub-ledger for the same range.
 */
import { useMemo } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { ColDef, RowClassParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { ledgerApi } from '../../../contract/heads';
import type { SubjectSummaryDto, SubjectSummaryRowDto } from '../../../contract/ledger';
import { call } from '../../api/typed-client';
import { LedgerFilterBar } from './subject-ledger-filter';
import { amountFormatter, ledgerKeys, useLedgerScreen } from './subject-ledger-common';
import { subLedgerHref, toSubjectLedgerFilter } from './subject-ledgers-model';
import './subject-balance.css';
import { useKeptCaret } from './use-kept-caret';
import { localName } from '../../../domain/names';
import { todayIso } from '../common/today';
import { FillHeight } from '../../../../grids/list/use-fill-height';

type Row = SubjectSummaryRowDto | (SubjectSummaryDto['totals'] & { total: true; voucherCount: number });
const isTotal = (r: Row | undefined): r is Extract<Row, { total: true }> => !!r && 'total' in r;

export function SubjectSummaryPage() {
  const { t, i18n } = useTranslation(['subject-ledgers', 'common']);
  const navigate = useNavigate();
  const s = useLedgerScreen('subjectSummary');
  // Back from the sub-ledger's tab, the caret is on the row it drilled from.
  const caret = useKeptCaret(`subjectSummary:${s.accountYearId}`, 'code');
  const filter = s.accountId && s.accountYearId && s.periods.data && !s.reversed ? toSubjectLedgerFilter(s.state, s.accountId, s.accountYearId, s.periods.data, todayIso()) : null;
  const answer = useQuery({
    queryKey: ['ledger', 'subjectSummary', filter],
    queryFn: async ({ signal }) => call(ledgerApi.subjectSummary, { query: { filter: filter! } }, { signal }),
    enabled: filter !== null,
  });
  const money = amountFormatter<Row>(isTotal);
  const columns = useMemo<ColDef<Row>[]>(() => [
    { colId: 'code', headerName: t('columns.code'), width: 110, valueGetter: (p) => (isTotal(p.data) ? t('total') : p.data?.code) },
    { colId: 'name', headerName: t('columns.name'), minWidth: 240, flex: 2,
      valueGetter: (p) => {
        if (!p.data) return '';
        if (isTotal(p.data)) return t('voucherCount', { count: p.data.voucherCount });
        const name = localName(i18n.language, p.data);
        return `${'\u3000'.repeat(p.data.level - 1)}${name}`;
      } },
    { colId: 'debit', field: 'debit', headerName: t('columns.debit'), type: 'rightAligned', minWidth: 130, flex: 1, valueFormatter: money, cellDataType: false },
    { colId: 'credit', field: 'credit', headerName: t('columns.credit'), type: 'rightAligned', minWidth: 130, flex: 1, valueFormatter: money, cellDataType: false },
    { colId: 'lines', field: 'lines', headerName: t('columns.lines'), type: 'rightAligned', width: 90, cellDataType: false },
  ], [t, i18n.language, money]);
  const data = answer.data;
  const drill = (r: Row) => {
    if (isTotal(r) || !filter) return;
    void navigate({ href: subLedgerHref({ subjectId: r.subjectId, startPeriodId: filter.startPeriodId, endPeriodId: filter.endPeriodId, includeUnbooked: filter.includeUnbooked }) });
  };
  if (!s.accountYearId) return null;

  return (
    <Stack gap="xs" h="100%" data-testid="subject-summary">
      <Title order={4}>{t('titles.summary')}</Title>
      <LedgerFilterBar ref={s.filterRef} mode="range" queryId="ledger.subjectSummary" accountYearId={s.accountYearId} state={s.state} set={s.set} replace={s.replace}
        startPeriodId={s.startPeriodId} endPeriodId={s.endPeriodId} testId="ss" exporting={s.progress.running} exportBar={s.progress.bar}
        onExport={!s.canExport ? undefined : filter ? () => void s.runExport(() => call(ledgerApi.subjectSummaryExport, { body: { filter } })) : null} />
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      <FillHeight min={320} fallback="calc(100vh - 290px)" data-testid="ss-grid">
        <ReadGrid<Row>
          columnDefs={columns}
          rowData={data?.rows ?? []}
          pinnedBottomRowData={data ? [{ ...data.totals, total: true as const, voucherCount: data.voucherCount }] : []}
          getRowId={(p) => (isTotal(p.data) ? 'total' : String(p.data.subjectId))}
          rowClassRules={{ 'ld-sb-strong': (p: RowClassParams<Row>) => !!p.data && (isTotal(p.data) || !p.data.leaf) }}
          emptyText={t('empty')}
          loading={answer.isFetching && !data}
          onCellKeyDown={ledgerKeys<Row>(s.filterRef, drill)}
          onRowDoubleClicked={(e) => e.data && drill(e.data)}
          onCellFocused={caret.onCellFocused}
          onFirstDataRendered={caret.onFirstDataRendered}
        />
      </FillHeight>
      <Text size="xs" c="dimmed" data-testid="ss-keys">{t('keys.summary')}</Text>
    </Stack>
  );
}
