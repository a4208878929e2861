/**
 * What the three subject ledgers share on screen: the scope and filter state of the tab, the
 * effective API filter (not asked while its period range is reversed), the export task with its progress bar, and the grid keys (Enter drills
 * down, `/` returns to the filter).
 */
import { useRef } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { ValueFormatterParams } from 'ag-grid-community';
import { formatCents } from '../../../domain/money';
import { periodsQueryOptions } from '../../queries/account';
import { systemConfigQueryOptions } from '../../queries/session';
import { notifyError } from '../../queries/admin-common';
import { useScope } from '../../session/store';
import { useTabState } from '../../shell/tab-state';
import { useExportProgress } from '../common/export-progress';
import { emptySubjectLedgerFilter, type SubjectLedgerFilterState } from './subject-ledgers-model';
import { currentPeriod } from './subject-balance-model';
import { todayIso } from '../common/today';
import { periodRangeReversed } from '../common/range-filter';

export function useLedgerScreen(slot: string) {
  const { accountId, accountYearId } = useScope();
  const periods = useQuery(periodsQueryOptions(accountYearId));
  const [state, setState] = useTabState<SubjectLedgerFilterState>(`${slot}:${accountYearId}`, emptySubjectLedgerFilter);
  const set = (patch: Partial<SubjectLedgerFilterState>) => setState((s) => ({ ...s, ...patch }));
  const current = periods.data ? currentPeriod(periods.data, todayIso()) : undefined;
  const config = useQuery(systemConfigQueryOptions());
  const progress = useExportProgress();
  const filterRef = useRef<HTMLDivElement>(null);
  const runExport = async (start: () => Promise<{ token: string }>) => {
    try {
      progress.start((await start()).token);
    } catch (err) {
      notifyError(err);
    }
  };
  const startPeriodId = state.startPeriodId ?? current?.id ?? null;
  const endPeriodId = state.endPeriodId ?? current?.id ?? null;
  return {
    accountId, accountYearId, periods, state, set, replace: setState, startPeriodId, endPeriodId,
    /** The period range ends before it starts: said under its end (the filter bar), the ledger not asked. */
    reversed: periodRangeReversed(periods.data, startPeriodId, endPeriodId),
    canExport: !!config.data?.downloadBase,
    runExport, progress, filterRef,
  };
}

/** Amounts in yuan; zero blank unless `keepZero` says the row shows it. */
export const amountFormatter = <T,>(keepZero: (row: T | undefined) => boolean) => (p: ValueFormatterParams<T>) => {
  const cents = Number(p.value ?? 0);
  return cents === 0 && !keepZero(p.data) ? '' : formatCents(cents);
};

export { ledgerKeys } from './ledger-keys';
