/**
 * /voucher/business/generalLedgerBySubject (总账, spec 01 §2; issue 9): per subject its opening
 * balance (期初余额), then for every period of the range its movements (本期合计) and year to date
 * (本年累计), each with the balance and its side (借/贷/平). GET /ledger/subjectTotal (balance
 * tables). Enter or a double click opens the sub-ledger of the subject: a period row for that
 * period, a year-to-date row from the year's first period, the opening row for the whole range.
 */
import { useMemo } from 'react';
import { Alert, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { ColDef, RowClassParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { ledgerApi } from '../../../contract/heads';
import { generalLedgerRows, type GeneralLedgerRow } from '../../../domain/general-ledger-rows';
import { call } from '../../api/typed-client';
import { LedgerFilterBar } from './subject-ledger-filter';
import { amountFormatter, ledgerKeys, useLedgerScreen } from './subject-ledger-common';
import { subLedgerHref, toSubjectLedgerFilter } from './subject-ledgers-model';
import './subject-balance.css';
import { useKeptCaret } from './use-kept-caret';
import { localName } from '../../../domain/names';
import { todayIso } from '../common/today';
import { FillHeight } from '../../../../grids/list/use-fill-height';

type Row = GeneralLedgerRow;

export function SubjectTotalPage() {
  const { t, i18n } = useTranslation(['subject-ledgers', 'common']);
  const navigate = useNavigate();
  const s = useLedgerScreen('subjectTotal');
  // Back from the sub-ledger's tab, the caret is on the row it drilled from.
  const caret = useKeptCaret(`subjectTotal:${s.accountYearId}`, 'code');
  const filter = s.accountId && s.accountYearId && s.periods.data && !s.reversed ? toSubjectLedgerFilter(s.state, s.accountId, s.accountYearId, s.periods.data, todayIso()) : null;
  const answer = useQuery({
    queryKey: ['ledger', 'subjectTotal', filter],
    queryFn: async ({ signal }) => call(ledgerApi.subjectTotal, { query: { filter: filter! } }, { signal }),
    enabled: filter !== null,
  });
  const rows = useMemo(() => (answer.data ? generalLedgerRows(answer.data) : []), [answer.data]);
  const money = amountFormatter<Row>((r) => r?.kind !== 'OPENING');
  const columns = useMemo<ColDef<Row>[]>(() => [
    { colId: 'code', headerName: t('columns.code'), width: 100, valueGetter: (p) => (p.data?.first ? p.data.code : '') },
    { colId: 'name', headerName: t('columns.name'), minWidth: 160, flex: 2,
      valueGetter: (p) => (p.data?.first ? `${'\u3000'.repeat(p.data.level - 1)}${localName(i18n.language, p.data)}` : '') },
    { colId: 'period', field: 'periodName', headerName: t('columns.period'), width: 90 },
    { colId: 'summary', headerName: t('columns.summary'), width: 136, valueGetter: (p) => (p.data ? t(`rows.${p.data.kind}`) : '') },
    { colId: 'debit', field: 'debit', headerName: t('columns.debit'), type: 'rightAligned', minWidth: 110, flex: 1, valueFormatter: money, cellDataType: false },
    { colId: 'credit', field: 'credit', headerName: t('columns.credit'), type: 'rightAligned', minWidth: 110, flex: 1, valueFormatter: money, cellDataType: false },
    { colId: 'side', headerName: t('columns.side'), width: 64, valueGetter: (p) => (p.data ? t(`sides.${p.data.side}`) : '') },
    { colId: 'balance', field: 'balanceCents', headerName: t('columns.balance'), type: 'rightAligned', minWidth: 110, flex: 1, valueFormatter: amountFormatter<Row>(() => true), cellDataType: false },
  ], [t, i18n.language, money]);
  const drill = (r: Row) => {
    if (!filter || !s.periods.data) return;
    const range = r.kind === 'PERIOD' ? { startPeriodId: r.periodId!, endPeriodId: r.periodId! }
      : r.kind === 'YTD' ? { startPeriodId: s.periods.data[0].id, endPeriodId: r.periodId! }
        : { startPeriodId: filter.startPeriodId, endPeriodId: filter.endPeriodId };
    void navigate({ href: subLedgerHref({ subjectId: r.subjectId, ...range, includeUnbooked: filter.includeUnbooked }) });
  };
  if (!s.accountYearId) return null;

  return (
    <Stack gap="xs" h="100%" data-testid="subject-total">
      <Title order={4}>{t('titles.total')}</Title>
      <LedgerFilterBar ref={s.filterRef} mode="range" queryId="ledger.subjectTotal" accountYearId={s.accountYearId} state={s.state} set={s.set} replace={s.replace}
        startPeriodId={s.startPeriodId} endPeriodId={s.endPeriodId} testId="st" exporting={s.progress.running} exportBar={s.progress.bar}
        onExport={!s.canExport ? undefined : filter ? () => void s.runExport(() => call(ledgerApi.subjectTotalExport, { body: { filter } })) : null} />
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      <FillHeight min={320} fallback="calc(100vh - 290px)" data-testid="st-grid">
        <ReadGrid<Row>
          columnDefs={columns}
          rowData={rows}
          getRowId={(p) => p.data.key}
          rowClassRules={{
            'ld-sb-strong': (p: RowClassParams<Row>) => p.data?.kind === 'YTD',
            'ld-gl-first': (p: RowClassParams<Row>) => !!p.data?.first,
          }}
          emptyText={t('empty')}
          loading={answer.isFetching && !answer.data}
          onCellKeyDown={ledgerKeys<Row>(s.filterRef, drill)}
          onRowDoubleClicked={(e) => e.data && drill(e.data)}
          onCellFocused={caret.onCellFocused}
          onFirstDataRendered={caret.onFirstDataRendered}
        />
      </FillHeight>
      <Text size="xs" c="dimmed" data-testid="st-keys">{t('keys.total')}</Text>
    </Stack>
  );
}
