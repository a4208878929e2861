/**
 * /voucher/business/balanceByAuxiliary (辅助核算余额表, spec 01 §2; issue 9): for an auxiliary type,
 * per value (bold, its subjects summed) and per subject under it, the opening balance, the range's
 * movements, the year to date and the closing balance, in debit and credit columns with the side;
 * a pinned total row. Departments and budget items come as their tree, names indented by level, a
 * parent's rows summing its subtree, with a level and leaf-only choice. Enter or a double click
 * opens the row's sub-ledger (the value, and the subject on a subject row). Every value asked, the
 * part of each subject's balance without a value of the type follows as 未指定 / Unassigned (its
 * subject rows open the subject's own sub-ledger), so the total reconciles to the subject balance
 * table. Saved filters in the
 * filter bar. Served by GET /ledger/auxBalance from the balance tables.
 */
import { useCallback, useMemo, useRef } from 'react';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { ReadGrid } from '../../../../grids/list/read-grid';
import { ledgerKeys } from '../ledger/ledger-keys';
import type { ColDef, ColGroupDef, RowClassParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { ledgerAuxApi } from '../../../contract/heads';
import { UNASSIGNED_AUX_ID, type AuxBalanceDto, type AuxBalanceRowDto } from '../../../contract/ledger-aux';
import { call } from '../../api/typed-client';
import { periodsQueryOptions } from '../../queries/account';
import { useScope } from '../../session/store';
import { useTabState } from '../../shell/tab-state';
import '../ledger/subject-balance.css';
import { AuxFilterBar } from './aux-filter-bar';
import { drillHref, emptyAuxFilter, periodsOf, toAuxBalanceFilter, type AuxFilterState, type Drill } from './aux-ledger-model';
import { moneyCol } from './grid-bits';
import { useDrill } from './use-drill';
import { ReportExport } from './export-button';
import { useKeptCaret } from '../ledger/use-kept-caret';
import { localName } from '../../../domain/names';
import { todayIso } from '../common/today';
import { FillHeight } from '../../../../grids/list/use-fill-height';

type Row = AuxBalanceRowDto | (AuxBalanceDto['totals'] & { total: true });
const isTotal = (r: Row | undefined): r is AuxBalanceDto['totals'] & { total: true } => !!r && 'total' in r;

export function AuxBalancePage() {
  const { t, i18n } = useTranslation(['ledgerAux', 'common']);
  const navigate = useNavigate();
  const { accountId, accountYearId } = useScope();
  const periods = useQuery(periodsQueryOptions(accountYearId));
  const [state, setState] = useTabState<AuxFilterState>(`auxBalance:${accountYearId}`, () => emptyAuxFilter());
  const set = (patch: Partial<AuxFilterState>) => setState((s) => ({ ...s, ...patch }));
  useDrill(useCallback((d: Drill) => setState((s) => ({ ...s, startPeriodId: d.startPeriodId, endPeriodId: d.endPeriodId, includeUnbooked: d.includeUnbooked, auxTypeId: d.auxTypeId ?? s.auxTypeId, values: d.value ? [d.value] : [] })), [setState]));
  const filter = accountId && accountYearId && periods.data ? toAuxBalanceFilter(state, accountId, accountYearId, periods.data, todayIso()) : null;
  const answer = useQuery({
    queryKey: ['ledger', 'auxBalance', filter],
    queryFn: async ({ signal }) => call(ledgerAuxApi.auxBalance, { query: { filter: filter! } }, { signal }),
    enabled: filter !== null,
  });

  // Enter drills down; Ctrl+Home/End reach the first/last row (the page's filter bar has its own keys).
  const noFilter = useRef<HTMLDivElement>(null);
  // Back from the sub-ledger's tab, the caret is on the row it drilled from.
  const caret = useKeptCaret(`auxBalance:${accountYearId}`, 'auxCode');
  const drill = (r: Row | undefined) => {
    if (!r || isTotal(r) || !filter) return;
    // The unassigned part is of a subject: its group row has no lines of its own to open.
    if (r.auxId === UNASSIGNED_AUX_ID && r.subjectId === null) return;
    void navigate({ href: drillHref('/voucher/business/subLedgerByAuxiliary', {
      startPeriodId: filter.startPeriodId, endPeriodId: filter.endPeriodId, includeUnbooked: filter.includeUnbooked, auxTypeId: filter.auxTypeId,
      value: { id: r.auxId, code: r.auxCode, name: r.auxId === UNASSIGNED_AUX_ID ? t('rows.unassigned') : r.auxName },
      subject: r.subjectId === null ? undefined : { id: r.subjectId, code: r.subjectCode ?? '', name: localName(i18n.language === 'en_US', { name: r.subjectName ?? '', nameEn: r.subjectNameEn }) },
    }) });
  };

  const english = i18n.language === 'en_US';
  const columns = useMemo<Array<ColDef<Row> | ColGroupDef<Row>>>(() => [
    { colId: 'auxCode', headerName: t('columns.auxCode'), minWidth: 80, pinned: 'left',
      valueGetter: (p) => (isTotal(p.data) ? t('rows.total') : p.data?.kind === 'VALUE' ? p.data.auxCode : '') },
    { colId: 'auxName', headerName: t('columns.auxName'), minWidth: 124, pinned: 'left',
      // A tree type's levels indented, as the subject balance indents subject levels.
      valueGetter: (p) => (!p.data || isTotal(p.data) || p.data.kind !== 'VALUE' ? '' : p.data.auxId === UNASSIGNED_AUX_ID ? t('rows.unassigned') : `${'\u3000'.repeat(p.data.auxLevel - 1)}${p.data.auxName}`) },
    { colId: 'subject', headerName: t('columns.subjectName'), minWidth: 106,
      valueGetter: (p) => (!p.data || isTotal(p.data) || p.data.kind === 'VALUE' ? '' : `${p.data.subjectCode} ${localName(english, { name: p.data.subjectName ?? '', nameEn: p.data.subjectNameEn })}`) },
    { headerName: t('columns.opening'), groupId: 'opening', children: [moneyCol<Row>('openingDebit', t('columns.debit'), isTotal), moneyCol<Row>('openingCredit', t('columns.credit'), isTotal)] },
    { headerName: t('columns.period'), groupId: 'period', children: [moneyCol<Row>('debit', t('columns.debit'), isTotal), moneyCol<Row>('credit', t('columns.credit'), isTotal)] },
    { headerName: t('columns.ytd'), groupId: 'ytd', children: [moneyCol<Row>('ytdDebit', t('columns.debit'), isTotal), moneyCol<Row>('ytdCredit', t('columns.credit'), isTotal)] },
    { headerName: t('columns.closing'), groupId: 'closing', children: [
      { colId: 'closingSide', headerName: t('columns.side'), minWidth: 60, maxWidth: 70,
        valueGetter: (p) => (p.data && !isTotal(p.data) ? t(`sides.${p.data.closingSide}`) : '') },
      moneyCol<Row>('closingDebit', t('columns.debit'), isTotal), moneyCol<Row>('closingCredit', t('columns.credit'), isTotal),
    ] },
  ], [t, english]);

  const data = answer.data;
  return (
    <Stack gap="sm" h="100%" data-testid="aux-balance">
      <Group justify="space-between">
        <Title order={4}>{t('balance.title')}</Title>
        <ReportExport start={filter ? () => call(ledgerAuxApi.auxBalanceExport, { body: { filter } }) : null} />
      </Group>
      <AuxFilterBar queryId="ledger.auxBalance" state={state} set={set} replace={setState} levels={data?.levels ?? 1} periods={periods.data ?? []} range={periods.data ? periodsOf(state, periods.data, todayIso(), false) : null} />
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      <Text size="xs" c="dimmed">{t('hint')}</Text>
      <FillHeight min={360} fallback="calc(100vh - 300px)" data-testid="al-grid">
        <ReadGrid<Row>
          columnDefs={columns}
          autoSizeStrategy={{ type: 'fitGridWidth' }}
          rowData={data?.rows ?? []}
          pinnedBottomRowData={data ? [{ ...data.totals, total: true as const }] : []}
          getRowId={(p) => (isTotal(p.data) ? 'total' : `${p.data.auxId}:${p.data.subjectId ?? 'v'}`)}
          rowClassRules={{ 'ld-sb-strong': (p: RowClassParams<Row>) => isTotal(p.data) || p.data?.kind === 'VALUE' }}
          emptyText={t('balance.empty')}
          loading={answer.isFetching && !data}
          onRowDoubleClicked={(e) => drill(e.data)}
          onCellKeyDown={ledgerKeys<Row>(noFilter, drill)}
          onCellFocused={caret.onCellFocused}
          onFirstDataRendered={caret.onFirstDataRendered}
        />
      </FillHeight>
    </Stack>
  );
}
