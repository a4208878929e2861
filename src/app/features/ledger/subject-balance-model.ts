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

/**
 * The digits of the chart's longest code: the code rule's levels down to the deepest one in use
 * (4-2-2: 8), or a longer code shown.
 */
export function longestCodeDigits(rule: { levels: ReadonlyArray<{ level: number; length: number }>; usedLevel: number } | undefined, codes: readonly string[]): number {
  const byRule = (rule?.levels ?? []).filter((l) => l.level <= rule!.usedLevel).reduce((n, l) => n + l.length, 0);
  return codes.reduce((n, c) => Math.max(n, c.length), byRule);
}

/** The code column's width (px) that shows a code of `digits` digits whole at the grid's font (padding included). */
export const codeColumnWidth = (digits: number): number => Math.max(80, Math.ceil(digits * 9) + 40);
