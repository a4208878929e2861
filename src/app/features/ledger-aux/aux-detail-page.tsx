/**
 * /voucher/business/subLedgerByAuxiliary (辅助核算明细账, spec 01 §2; issue 9): every voucher line
 * carrying one auxiliary value (optionally of one subject and those below it), with the opening
 * balance, the running balance and each period's total and year-to-date rows; paged from the
 * server (GET /ledger/auxDetail) through an infinite grid. A line opens its voucher.
 */
import { useCallback, useMemo, useState } from 'react';
import { Alert, Group, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ledgerAuxApi } from '../../../contract/heads';
import type { AuxDetailFilter } from '../../../contract/ledger-aux';
import { call } from '../../api/typed-client';
import { periodsQueryOptions } from '../../queries/account';
import { useScope } from '../../session/store';
import { useTabState } from '../../shell/tab-state';
import { AuxFilterBar } from './aux-filter-bar';
import { emptyAuxFilter, periodsOf, toAuxDetailFilter, type AuxFilterState, type Drill } from './aux-ledger-model';
import { DetailGrid } from './detail-grid';
import { useDrill } from './use-drill';
import { ReportExport } from './export-button';
import { todayIso } from '../common/today';

export function AuxDetailPage() {
  const { t } = useTranslation('ledgerAux');
  const { accountId, accountYearId } = useScope();
  const periods = useQuery(periodsQueryOptions(accountYearId));
  const [state, setState] = useTabState<AuxFilterState>(`auxDetail:${accountYearId}`, () => emptyAuxFilter());
  const set = (patch: Partial<AuxFilterState>) => setState((s) => ({ ...s, ...patch }));
  useDrill(useCallback((d: Drill) => setState((s) => ({
    ...s, startPeriodId: d.startPeriodId, endPeriodId: d.endPeriodId, includeUnbooked: d.includeUnbooked,
    auxTypeId: d.auxTypeId ?? s.auxTypeId, values: d.value ? [d.value] : s.values, subject: d.subject ?? null,
  })), [setState]));
  const filter = accountId && accountYearId && periods.data ? toAuxDetailFilter(state, accountId, accountYearId, periods.data, todayIso()) : null;
  const key = JSON.stringify(filter);
  const [error, setError] = useState<string | null>(null);
  const [total, setTotal] = useState<number | null>(null);
  // One loader per filter, known by its JSON (a new filter object each render must not restart the grid).
  const load = useMemo(() => {
    const f = JSON.parse(key) as AuxDetailFilter | null;
    return f ? async (offset: number, limit: number) => {
      setError(null);
      try {
        return await call(ledgerAuxApi.auxDetail, { query: { filter: f, offset, limit } });
      } catch (e) {
        setError((e as Error).message);
        throw e;
      }
    } : null;
  }, [key]);
  return (
    <Stack gap="sm" h="100%" data-testid="aux-detail">
      <Group justify="space-between">
        <Title order={4}>{t('detail.title')}</Title>
        <ReportExport start={filter ? () => call(ledgerAuxApi.auxDetailExport, { body: { filter } }) : null} />
      </Group>
      <AuxFilterBar queryId="ledger.auxDetail" state={state} set={set} replace={setState} periods={periods.data ?? []} range={periods.data ? periodsOf(state, periods.data, todayIso(), true) : null} single subjectPick />
      {error && <Alert color="red">{error}</Alert>}
      <Group gap="md">
        <Text size="xs" c="dimmed">{filter || state.values.length ? t('hint') : t('detail.chooseValue')}</Text>
        {filter && total !== null && <Text size="xs" c="dimmed" data-testid="al-count">{t('detail.lines', { count: total })}</Text>}
      </Group>
      <DetailGrid key={key} load={load} onTotal={setTotal} testId="al-detail-grid" />
    </Stack>
  );
}
