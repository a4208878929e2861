/**
 * /voucher/business/balanceBySubject (科目余额表, spec 01 §2; issue 9): per subject of the year, the
 * opening balance, the movements of a period range, the year to date and the closing balance, in
 * debit and credit columns with the closing side (借/贷/平); parents (bold) sum their children; a
 * pinned total row (a trial balance). Filters: period range, subject code range, level, include
 * unbookkept vouchers, show zero rows. Served by GET /ledger/subjectBalance from the balance tables;
 * 导出 writes the same table to .xlsx (POST /ledger/subjectBalance/export, a background task).
 * Drilling into a subject's sub-ledger comes with the sub-ledger screen.
 */
import { useMemo } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconFileExport } from '@tabler/icons-react';
import { Select } from '../common/select';
import { useQuery } from '@tanstack/react-query';
import { ReadGrid } from '../../../../grids/list/read-grid';
import type { ColDef, ColGroupDef, RowClassParams, ValueFormatterParams } from 'ag-grid-community';
import { useTranslation } from 'react-i18next';
import { ledgerApi } from '../../../contract/heads';
import type { SubjectBalanceDto, SubjectBalanceRowDto } from '../../../contract/ledger';
import { formatCents } from '../../../domain/money';
import { call } from '../../api/typed-client';
import { periodsQueryOptions } from '../../queries/account';
import { codeRuleOptions } from '../../queries/subjects';
import { useScope } from '../../session/store';
import { useTabState } from '../../shell/tab-state';
import './subject-balance.css';
import { usePeriodRangeCheck } from '../common/range-filter';
import { codeColumnWidth, emptySubjectBalanceFilter, longestCodeDigits, toSubjectBalanceFilter, type SubjectBalanceFilterState } from './subject-balance-model';
import { localName } from '../../../domain/names';
import { todayIso } from '../common/today';
import { FillHeight } from '../../../../grids/list/use-fill-height';
import { FIELD_ROW } from '../../../../grids/list/field-row';
import { systemConfigQueryOptions } from '../../queries/session';
import { notifyError } from '../../queries/admin-common';
import { useExportProgress } from '../common/export-progress';

type Row = SubjectBalanceRowDto | (SubjectBalanceDto['totals'] & { total: true });


/** Amounts in yuan; zero left blank except on the total row. */
const amount = (p: ValueFormatterParams<Row>) => {
  const cents = Number(p.value ?? 0);
  return cents === 0 && !(p.data && 'total' in p.data) ? '' : formatCents(cents);
};
const money = (field: string, headerName: string): ColDef<Row> => ({
  field: field as never, headerName, colId: field, type: 'rightAligned', minWidth: 92, valueFormatter: amount, cellDataType: false,
});

export function SubjectBalancePage() {
  const { t, i18n } = useTranslation(['ledger', 'common']);
  const { accountId, accountYearId } = useScope();
  const periods = useQuery(periodsQueryOptions(accountYearId));
  // The levels of the year's subject code rule (4-2-2-2: four levels).
  const codeRule = useQuery(codeRuleOptions(accountYearId)).data;
  const levels = (codeRule?.levels ?? []).map((_, i) => i + 1);
  const [state, setState] = useTabState<SubjectBalanceFilterState>(`subjectBalance:${accountYearId}`, emptySubjectBalanceFilter);
  const set = (patch: Partial<SubjectBalanceFilterState>) => setState((s) => ({ ...s, ...patch }));
  const filter = accountId && accountYearId && periods.data ? toSubjectBalanceFilter(state, accountId, accountYearId, periods.data, todayIso()) : null;
  // An end period before the start is said under the end and the balance is not asked (range-filter.ts).
  const range = usePeriodRangeCheck(periods.data, filter?.startPeriodId, filter?.endPeriodId);
  const answer = useQuery({
    queryKey: ['ledger', 'subjectBalance', filter],
    queryFn: async ({ signal }) => call(ledgerApi.subjectBalance, { query: { filter: filter! } }, { signal }),
    enabled: filter !== null && !range.reversed,
  });

  // 导出: the screen's filter as a background task (xlsx, the screen's columns and figures), as the other ledgers.
  const canExport = !!useQuery(systemConfigQueryOptions()).data?.downloadBase;
  const progress = useExportProgress();
  const runExport = async () => {
    if (!filter || range.reversed) return;
    try {
      progress.start((await call(ledgerApi.subjectBalanceExport, { body: { filter } })).token);
    } catch (err) {
      notifyError(err);
    }
  };

  const periodOptions = (periods.data ?? []).map((p) => ({ value: String(p.id), label: p.name }));
  // The code column shows the chart's longest code whole (8 digits: 22210101), not "222101…".
  const codeWidth = codeColumnWidth(longestCodeDigits(codeRule, (answer.data?.rows ?? []).map((r) => r.code)));
  const columns = useMemo<Array<ColDef<Row> | ColGroupDef<Row>>>(() => [
    { field: 'code' as never, colId: 'code', headerName: t('subjectBalance.columns.code'), minWidth: codeWidth, pinned: 'left',
      valueGetter: (p) => (p.data && 'total' in p.data ? t('subjectBalance.total') : (p.data as SubjectBalanceRowDto | undefined)?.code) },
    { colId: 'name', headerName: t('subjectBalance.columns.name'), minWidth: 176, pinned: 'left',
      valueGetter: (p) => {
        if (!p.data || 'total' in p.data) return '';
        const name = localName(i18n.language, p.data);
        return `${'\u3000'.repeat(p.data.level - 1)}${name}`;
      } },
    { headerName: t('subjectBalance.columns.opening'), groupId: 'opening', children: [money('openingDebit', t('subjectBalance.columns.debit')), money('openingCredit', t('subjectBalance.columns.credit'))] },
    { headerName: t('subjectBalance.columns.period'), groupId: 'period', children: [money('debit', t('subjectBalance.columns.debit')), money('credit', t('subjectBalance.columns.credit'))] },
    { headerName: t('subjectBalance.columns.ytd'), groupId: 'ytd', children: [money('ytdDebit', t('subjectBalance.columns.debit')), money('ytdCredit', t('subjectBalance.columns.credit'))] },
    { headerName: t('subjectBalance.columns.closing'), groupId: 'closing', children: [
      { colId: 'closingSide', headerName: t('subjectBalance.columns.side'), minWidth: 60, maxWidth: 70,
        valueGetter: (p) => (p.data && 'closingSide' in p.data ? t(`subjectBalance.sides.${p.data.closingSide}`) : '') },
      money('closingDebit', t('subjectBalance.columns.debit')), money('closingCredit', t('subjectBalance.columns.credit')),
    ] },
  ], [t, i18n.language, codeWidth]);

  const data = answer.data;
  const totals = data ? [{ ...data.totals, total: true as const }] : [];
  // The totals form a trial balance only over the whole chart (a code range is a part of it).
  const wholeChart = filter !== null && filter.subjectCodeFrom === undefined && filter.subjectCodeTo === undefined;
  const balanced = data && data.totals.openingDebit === data.totals.openingCredit && data.totals.debit === data.totals.credit && data.totals.closingDebit === data.totals.closingCredit;

  return (
    <Stack gap="sm" h="100%" data-testid="subject-balance">
      <Title order={4}>{t('subjectBalance.title')}</Title>
      <Paper withBorder p="xs">
        <Group gap="sm" align="flex-end" wrap="wrap" className={FIELD_ROW}>
          <Select data-testid="sb-start" label={t('subjectBalance.filters.startPeriod')} data={periodOptions} w={130} allowDeselect={false}
            value={filter ? String(filter.startPeriodId) : null} onChange={(v) => v && set({ startPeriodId: Number(v), endPeriodId: filter ? filter.endPeriodId : Number(v) })} />
          <Select data-testid="sb-end" label={t('subjectBalance.filters.endPeriod')} data={periodOptions} w={130} allowDeselect={false}
            value={filter ? String(filter.endPeriodId) : null} onChange={(v) => v && set({ endPeriodId: Number(v), startPeriodId: filter ? filter.startPeriodId : Number(v) })} error={range.error('end')} />
          <TextInput data-testid="sb-code-from" label={t('subjectBalance.filters.codeFrom')} w={130} value={state.codeFrom} inputMode="numeric"
            onChange={(e) => set({ codeFrom: e.currentTarget.value.replace(/\D/g, '') })} />
          <TextInput data-testid="sb-code-to" label={t('subjectBalance.filters.codeTo')} w={130} value={state.codeTo} inputMode="numeric"
            onChange={(e) => set({ codeTo: e.currentTarget.value.replace(/\D/g, '') })} />
          <Select data-testid="sb-level" label={t('subjectBalance.filters.level')} w={130} allowDeselect={false}
            data={[{ value: '0', label: t('subjectBalance.filters.allLevels') }, ...levels.map((l) => ({ value: String(l), label: t('subjectBalance.filters.levelN', { level: l }) }))]}
            value={String(state.level ?? 0)} onChange={(v) => set({ level: v && v !== '0' ? Number(v) : null })} />
          <Checkbox data-testid="sb-unbooked" label={t('subjectBalance.filters.includeUnbooked')} checked={state.includeUnbooked} onChange={(e) => set({ includeUnbooked: e.currentTarget.checked })} mb={8} />
          <Checkbox data-testid="sb-zero" label={t('subjectBalance.filters.showZero')} checked={state.showZero} onChange={(e) => set({ showZero: e.currentTarget.checked })} mb={8} />
          {canExport && (
            <Group gap="xs" ml="auto" align="center" mb={4}>
              {progress.bar}
              <Button size="xs" variant="default" leftSection={<IconFileExport size={16} />} disabled={!filter || range.reversed || progress.running} onClick={() => void runExport()} data-testid="sb-export">
                {t('subjectBalance.export')}
              </Button>
            </Group>
          )}
        </Group>
      </Paper>
      {answer.error && <Alert color="red">{answer.error.message}</Alert>}
      {data && wholeChart && (
        <Text size="sm" c={balanced ? 'green' : 'red'} data-testid="sb-balanced" data-balanced={balanced ? 'true' : 'false'}>
          {balanced ? t('subjectBalance.balanced') : t('subjectBalance.unbalanced')}
        </Text>
      )}
      <FillHeight min={360} fallback="calc(100vh - 290px)" data-testid="sb-grid">
        <ReadGrid<Row>
          columnDefs={columns}
          autoSizeStrategy={{ type: 'fitGridWidth' }}
          rowData={data?.rows ?? []}
          pinnedBottomRowData={totals}
          getRowId={(p) => ('total' in p.data ? 'total' : String(p.data.subjectId))}
          rowClassRules={{ 'ld-sb-strong': (p: RowClassParams<Row>) => !!p.data && ('total' in p.data || !p.data.leaf) }}
          emptyText={t('subjectBalance.empty')}
          loading={answer.isFetching && !data}
        />
      </FillHeight>
    </Stack>
  );
}
