/**
 * The period bar every report shares: fiscal year (the ledger set's account years), period (the
 * n-th period of that year, shown by its name), the bookkept-only toggle and the export buttons
 * with the shared export progress bar. State lives in the tab (useTabState), so a report keeps its
 * period when the user comes back to the tab.
 */
import type { ReactNode } from 'react';
import { Button, Checkbox, Group, Paper } from '@mantine/core';
import { Select } from '../common/select';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { accountsQueryOptions, periodsQueryOptions } from '../../queries/account';
import { useScope } from '../../session/store';
import { useTabState } from '../../shell/tab-state';
import { useExportProgress } from '../common/export-progress';
import { notifyError } from '../../queries/admin-common';
import { systemConfigQueryOptions } from '../../queries/session';
import { todayIso } from '../common/today';
import { periodLabel } from './report-grid';
import { useRangeCheck } from '../common/range-filter';
import { FIELD_ROW } from '../../../../grids/list/field-row';

export interface ReportPeriodState {
  /** The chosen account year (null: the scope's). */
  accountYearId: number | null;
  /** 1-based period of the year (null: the period holding today, else the last). */
  month: number | null;
  /** Range end for range reports (null: same as month; before it: said under the end, not asked). */
  endMonth: number | null;
  bookKeep: boolean;
}

const initial = (): ReportPeriodState => ({ accountYearId: null, month: null, endMonth: null, bookKeep: false });

export function useReportPeriod(slot: string) {
  const { companyId, accountId, accountYearId: scopeYearId } = useScope();
  const [state, setState] = useTabState<ReportPeriodState>(`${slot}:${accountId}`, initial);
  const accounts = useQuery(accountsQueryOptions(companyId));
  const years = [...(accounts.data?.find((a) => a.id === accountId)?.accountYears ?? [])].sort((a, b) => a.year - b.year);
  const yearRow = years.find((y) => y.id === (state.accountYearId ?? scopeYearId)) ?? years.at(-1);
  const periods = useQuery(periodsQueryOptions(yearRow?.id ?? null)).data ?? [];
  const todayIndex = periods.findIndex((p) => p.startAt <= todayIso() && todayIso() <= p.endAt);
  const month = state.month !== null && state.month <= periods.length ? state.month : periods.length ? (todayIndex >= 0 ? todayIndex + 1 : periods.length) : null;
  const endMonth = state.endMonth !== null && month !== null && state.endMonth <= periods.length ? state.endMonth : month;
  // A range ending before it starts is said under its end (the bar) and not asked (range-filter.ts).
  const range = useRangeCheck({ month, endMonth }, [['month', 'endMonth']]);
  const set = (patch: Partial<ReportPeriodState>) => setState((s) => ({ ...s, ...patch }));
  return {
    accountId, companyId, years, year: yearRow?.year ?? null, periods, month, endMonth, bookKeep: state.bookKeep, set, range,
    /** Ready to query: a ledger set, a year and a period (a range in order). */
    ready: accountId !== null && yearRow !== undefined && month !== null && !range.reversed,
  };
}

export type ReportPeriod = ReturnType<typeof useReportPeriod>;

/**
 * A report is the books as they stand: asked again each time its page is shown (a tab gone back
 * to, a period chosen again), not served from a cache 30 s old. Vouchers written, changed or
 * transferred on other screens do not tell the reports (the balance sheet of a month whose profit
 * was just transferred must not still say it does not balance); the cached figures show while
 * the fresh ones load.
 */
export const REPORT_QUERY_FRESHNESS = { staleTime: 0 } as const;

/** The bar: year, period (or a period range), bookkept only, and the given export actions. */
export function ReportPeriodBar({ period, mode = 'month', exports, extra, testId, bookKeepLabel }: {
  period: ReportPeriod;
  /** One period (default), a period range (from … to), or the year alone. */
  mode?: 'month' | 'range' | 'year';
  /** Export starters: each answers the task token. */
  exports?: Array<{ key: string; label: string; start: () => Promise<{ token: string }> }>;
  extra?: ReactNode;
  testId: string;
  /** The label of the toggle kept in `bookKeep` (default: bookkept only). */
  bookKeepLabel?: string;
}) {
  const { t } = useTranslation('report');
  const progress = useExportProgress();
  // Exports only with a download base configured (decision 015), as every other export button.
  const config = useQuery(systemConfigQueryOptions());
  const canExport = !!config.data?.downloadBase;
  const periodOptions = period.periods.map((p, i) => ({ value: String(i + 1), label: periodLabel(t, i + 1, p.startAt) }));
  const yearOptions = period.years.map((y) => ({ value: String(y.id), label: String(y.year) }));
  const yearId = period.years.find((y) => y.year === period.year)?.id;
  return (
    <Paper withBorder p="xs">
      <Group gap="sm" align="flex-end" wrap="wrap" className={FIELD_ROW}>
        <Select data-testid={`${testId}-year`} label={t('filters.year')} data={yearOptions} w={110} allowDeselect={false}
          value={yearId ? String(yearId) : null} onChange={(v) => v && period.set({ accountYearId: Number(v), month: null, endMonth: null })} />
        {mode !== 'year' && (
          <Select data-testid={`${testId}-month`} label={mode === 'range' ? t('filters.startMonth') : t('filters.month')} data={periodOptions} w={190} allowDeselect={false}
            // In a range the end stays where it was shown (it followed the start only while both were the default).
            value={period.month ? String(period.month) : null} onChange={(v) => v && period.set(mode === 'range' ? { month: Number(v), endMonth: period.endMonth } : { month: Number(v) })} />
        )}
        {mode === 'range' && (
          <Select data-testid={`${testId}-end`} label={t('filters.endMonth')} data={periodOptions} w={190} allowDeselect={false}
            value={period.endMonth ? String(period.endMonth) : null} onChange={(v) => v && period.set({ endMonth: Number(v) })} error={period.range.error('endMonth')} />
        )}
        <Checkbox data-testid={`${testId}-bookkeep`} label={bookKeepLabel ?? t('filters.bookKeep')} checked={period.bookKeep} onChange={(e) => period.set({ bookKeep: e.currentTarget.checked })} mb={8} />
        {extra}
        {canExport && exports?.map((x) => (
          <Button key={x.key} variant="default" data-testid={`${testId}-export-${x.key}`} disabled={!period.ready || progress.running}
            onClick={async () => {
              try {
                progress.start((await x.start()).token);
              } catch (err) {
                notifyError(err);
              }
            }}>
            {x.label}
          </Button>
        ))}
        {progress.bar}
      </Group>
    </Paper>
  );
}
