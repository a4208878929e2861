/** The subject balance screen's filter state and its mapping to the API filter (pure, tested). */
import type { SubjectBalanceFilter } from '../../../contract/ledger';
import type { PeriodDto } from '../../../contract/account';

export interface SubjectBalanceFilterState {
  startPeriodId: number | null;
  endPeriodId: number | null;
  codeFrom: string;
  codeTo: string;
  /** null: every level. */
  level: number | null;
  includeUnbooked: boolean;
  showZero: boolean;
}

export const emptySubjectBalanceFilter = (): SubjectBalanceFilterState => ({
  startPeriodId: null, endPeriodId: null, codeFrom: '', codeTo: '', level: null, includeUnbooked: true, showZero: false,
});

/** The period containing `today`, else the year's last one before it, else the first. */
export function currentPeriod(periods: readonly PeriodDto[], today: string): PeriodDto | undefined {
  return periods.find((p) => p.startAt <= today && today <= p.endAt) ?? [...periods].reverse().find((p) => p.endAt < today) ?? periods[0];
}

/** The API filter, or null while the periods are not chosen yet. Default range: the current period alone. */
export function toSubjectBalanceFilter(s: SubjectBalanceFilterState, accountId: number, accountYearId: number, periods: readonly PeriodDto[], today: string): SubjectBalanceFilter | null {
  const current = currentPeriod(periods, today);
  const start = s.startPeriodId ?? current?.id;
  const end = s.endPeriodId ?? current?.id;
  if (start === undefined || end === undefined) return null;
  const code = (c: string) => (/^\d{1,40}$/.test(c.trim()) ? c.trim() : undefined);
  return {
    accountId, accountYearId, startPeriodId: start, endPeriodId: end,
    subjectCodeFrom: code(s.codeFrom), subjectCodeTo: code(s.codeTo), level: s.level ?? undefined,
    includeUnbooked: s.includeUnbooked, showZero: s.showZero,
  };
}
