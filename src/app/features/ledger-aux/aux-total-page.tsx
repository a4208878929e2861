/**
 * /voucher/business/generalLedgerByAuxiliary (辅助核算总账, spec 01 §2; issue 9): per value of an
 * auxiliary type × subject, the opening balance, then for every period of the range its total
 * (本期合计) and year to date (本年累计) with the balance and its side. Enter or a double click
 * opens the sub-ledger of the value and subject (a period's rows: that period alone). Every value
 * asked, each subject's part without a value of the type follows as 未指定 / Unassigned (opening the
 * subject's own sub-ledger), so the ledger reconciles to the subjects' balances. Served by
 * GET /ledger/auxTotal from the balance tables.
 */
import { useCallback, useMemo, useRef } from 'react';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ReadGrid } from '../../../../grids/list/read-grid';
import { ledgerKeys } from '../ledger/ledger-keys';
import type { ColDef, RowClassParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { ledgerAuxApi } from '../../../contract/heads';
import { UNASSIGNED_AUX_ID, type AuxTotalDto } from '../../../contract/ledger-aux';
import { call } from '../../api/typed-client';
import { periodsQueryOptions } from '../../queries/account';
import { useScope } from '../../session/store';
import { useTabState } from '../../shell/tab-state';
import '../ledger/subject-balance.css';
import { AuxFilterBar } from './aux-filter-bar';
import { drillHref, emptyAuxFilter, periodsOf, toAuxTotalFilter, type AuxFilterState, type Drill } from './aux-ledger-model';
import { moneyCol } from './grid-bits';
import { useDrill } from './use-drill';
import { ReportExport } from './export-button';
import { useKeptCaret } from '../ledger/use-kept-caret';
import { localName } from '../../../domain/names';
import { todayIso } from '../common/today';
import { FillHeight } from '../../../../grids/list/use-fill-height';

interface Row {
  id: string;
  kind: 'OPENING' | 'PERIOD' | 'YEAR';
  first: boolean;
  auxId: number; auxCode: string; auxName: string;
  subjectId: number; subjectCode: string; subjectName: string;
  periodId: number | null; periodName: string;
  debit: string; credit: string; side: string; balanceCents: string;
}

/** The groups as grid rows: opening, then each period's total and year to date. */
export function totalRows(answer: AuxTotalDto, english: boolean): Row[] {
  return answer.groups.flatMap((g) => {
    const base = { auxId: g.auxId, auxCode: g.auxCode, auxName: g.auxName, subjectId: g.subjectId, subjectCode: g.subjectCode, subjectName: localName(english, { name: g.subjectName, nameEn: g.subjectNameEn }) };
    const key = `${g.auxId}:${g.subjectId}`;
    return [
      { ...base, id: `${key}:o`, kind: 'OPENING' as const, first: true, periodId: null, periodName: '', debit: '0', credit: '0', side: g.openingSide, balanceCents: g.openingCents },
      ...g.periods.flatMap((p) => [
        { ...base, id: `${key}:${p.periodId}:p`, kind: 'PERIOD' as const, first: false, periodId: p.periodId, periodName: p.periodName, debit: p.debit, credit: p.credit, side: p.side, balanceCents: p.balanceCents },
        { ...base, id: `${key}:${p.periodId}:y`, kind: 'YEAR' as const, first: false, periodId: p.periodId, periodName: p.periodName, debit: p.ytdDebit, credit: p.ytdCredit, side: p.side, balanceCents: p.balanceCents },
      ]),
    ];
  });
}

export function AuxTotalPage() {
  const { t, i18n } = useTranslation(['ledgerAux', 'common']);
  const navigate = useNavigate();
  const { accountId, accountYearId } = useScope();
  const periods = useQuery(periodsQueryOptions(accountYearId));
  const [state, setState] = useTabState<AuxFilterState>(`auxTotal:${accountYearId}`, () => emptyAuxFilter());
  const set = (patch: Partial<AuxFilterState>) => setState((s) => ({ ...s, ...patch }));
  useDrill(useCallback((d: Drill) => setState((s) => ({ ...s, startPeriodId: d.startPeriodId, endPeriodId: d.endPeriodId, includeUnbooked: d.includeUnbooked, auxTypeId: d.auxTypeId ?? s.auxTypeId, values: d.value ? [d.value] : [] })), [setState]));
  const filter = accountId && accountYearId && periods.data ? toAuxTotalFilter(state, accountId, accountYearId, periods.data, todayIso()) : null;
  const answer = useQuery({
    queryKey: ['ledger', 'auxTotal', filter],
    queryFn: async ({ signal }) => call(ledgerAuxApi.auxTotal, { query: { filter: filter! } }, { signal }),
    enabled: filter !== null,
  });
  const english = i18n.language === 'en_US';
  const rows = useMemo(() => (answer.data ? totalRows(answer.data, english) : []), [answer.data, english]);

  // Enter drills down; Ctrl+Home/End reach the first/last row (the page's filter bar has its own keys).
  const noFilter = useRef<HTMLDivElement>(null);
  // Back from the sub-ledger's tab, the caret is on the row it drilled from.
  const caret = useKeptCaret(`auxTotal:${accountYearId}`, 'aux');
  const drill = (r: Row | undefined) => {
    if (!r || !filter) return;
    const startPeriodId = r.kind === 'PERIOD' && r.periodId ? r.periodId : filter.startPeriodId;
    const endPeriodId = r.kind === 'PERIOD' && r.periodId ? r.periodId : r.periodId ?? filter.endPeriodId;
    void navigate({ href: drillHref('/voucher/business/subLedgerByAuxiliary', {
      startPeriodId, endPeriodId,
      includeUnbooked: filter.includeUnbooked, auxTypeId: filter.auxTypeId,
      // The unassigned part (未指定) opens the subject's lines without a value of the type.
      value: { id: r.auxId, code: r.auxCode, name: r.auxId === UNASSIGNED_AUX_ID ? t('rows.unassigned') : r.auxName }, subject: { id: r.subjectId, code: r.subjectCode, name: r.subjectName },
    }) });
  };
  const columns = useMemo<ColDef<Row>[]>(() => [
    { colId: 'aux', headerName: t('columns.auxName'), minWidth: 160,
      valueGetter: (p) => (!p.data?.first ? '' : p.data.auxId === UNASSIGNED_AUX_ID ? t('rows.unassigned') : `${p.data.auxCode} ${p.data.auxName}`) },
    { colId: 'subject', headerName: t('columns.subjectName'), minWidth: 160, valueGetter: (p) => (p.data?.first ? `${p.data.subjectCode} ${p.data.subjectName}` : '') },
    { colId: 'period', headerName: t('columns.periodName'), minWidth: 90, maxWidth: 110, valueGetter: (p) => p.data?.periodName ?? '' },
    { colId: 'summary', headerName: t('columns.summary'), minWidth: 110, valueGetter: (p) => (p.data ? t(`rows.${p.data.kind}`) : '') },
    moneyCol<Row>('debit', t('columns.debit'), (r) => r?.kind !== 'OPENING'),
    moneyCol<Row>('credit', t('columns.credit'), (r) => r?.kind !== 'OPENING'),
    { colId: 'side', headerName: t('columns.side'), minWidth: 56, maxWidth: 66, valueGetter: (p) => (p.data ? t(`sides.${p.data.side}`) : '') },
    moneyCol<Row>('balanceCents', t('columns.balance'), () => true),
  ], [t]);

  return (
    <Stack gap="sm" h="100%" data-testid="aux-total">
      <Group justify="space-between">
        <Title order={4}>{t('total.title')}</Title>
        <ReportExport start={filter ? () => call(ledgerAuxApi.auxTotalExport, { body: { filter } }) : null} />
      </Group>
      <AuxFilterBar queryId="ledger.auxTotal" state={state} set={set} replace={setState} periods={periods.data ?? []} range={periods.data ? periodsOf(state, periods.data, todayIso(), true) : null} />
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      <Text size="xs" c="dimmed">{t('hint')}</Text>
      <FillHeight min={360} fallback="calc(100vh - 300px)" data-testid="al-total-grid">
        <ReadGrid<Row>
          columnDefs={columns}
          autoSizeStrategy={{ type: 'fitGridWidth' }}
          rowData={rows}
          getRowId={(p) => p.data.id}
          rowClassRules={{ 'ld-sb-strong': (p: RowClassParams<Row>) => p.data?.kind === 'YEAR' }}
          emptyText={t('total.empty')}
          loading={answer.isFetching && !answer.data}
          onRowDoubleClicked={(e) => drill(e.data)}
          onCellKeyDown={ledgerKeys<Row>(noFilter, drill)}
          onCellFocused={caret.onCellFocused}
          onFirstDataRendered={caret.onFirstDataRendered}
        />
      </FillHeight>
    </Stack>
  );
}
