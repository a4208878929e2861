/**
 * Account years and their accounting periods. A new year gets 12 monthly periods; boundaries can
 * be adjusted afterwards, keeping the periods contiguous, non-empty and inside the year.
 */
import dayjs from 'dayjs';
import { DomainError } from './result-codes';

export interface PeriodSpan {
  startAt: string;
  endAt: string;
}

const fmt = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');

/** The year's span: the calendar year by default, or 12 months from a given first day. */
export function accountYearSpan(year: number, startAt?: string): PeriodSpan {
  const start = startAt ? dayjs(startAt) : dayjs(`${year}-01-01`);
  if (!start.isValid()) throw new DomainError('INVALID_INPUT', { detail: 'startAt' });
  return { startAt: fmt(start), endAt: fmt(start.add(12, 'month').subtract(1, 'day')) };
}

export function monthlyPeriods(year: number, startAt?: string): PeriodSpan[] {
  const span = accountYearSpan(year, startAt);
  const start = dayjs(span.startAt);
  return Array.from({ length: 12 }, (_, i) => ({
    startAt: fmt(start.add(i, 'month')),
    endAt: fmt(start.add(i + 1, 'month').subtract(1, 'day')),
  }));
}

/** A period is named by its start month (spec 01 §3). */
export function periodName(p: PeriodSpan): string {
  return p.startAt.slice(0, 7);
}

export interface AdjustablePeriod extends PeriodSpan {
  id: number;
  rolled: boolean;
}

/**
 * Moves one period's boundaries and shifts its neighbours so the year stays covered without gaps
 * or overlaps. Returns the periods whose boundaries change. Refuses an end before the start
 * (PERIOD_END_BEFORE_START), a span leaving the year or emptying a neighbour (PERIOD_OVERLAP), and
 * any change to a settled period, the one named or a neighbour that would move (PERIOD_SETTLED).
 */
export function adjustPeriod(periods: AdjustablePeriod[], year: PeriodSpan, id: number, next: PeriodSpan): AdjustablePeriod[] {
  if (next.endAt < next.startAt) throw new DomainError('PERIOD_END_BEFORE_START');
  if (next.startAt < year.startAt || next.endAt > year.endAt) throw new DomainError('PERIOD_OVERLAP');
  const sorted = [...periods].sort((a, b) => a.startAt.localeCompare(b.startAt));
  const i = sorted.findIndex((p) => p.id === id);
  if (i < 0) throw new DomainError('NO_PERMISSION');
  const changed: AdjustablePeriod[] = [];
  const cur = { ...sorted[i], ...next };
  const touch = (p: AdjustablePeriod) => {
    if (p.rolled) throw new DomainError('PERIOD_SETTLED');
    changed.push(p);
  };
  if (sorted[i].startAt !== cur.startAt || sorted[i].endAt !== cur.endAt) touch(cur);
  const prev = sorted[i - 1];
  if (prev) {
    const prevEnd = fmt(dayjs(cur.startAt).subtract(1, 'day'));
    if (prevEnd !== prev.endAt) {
      if (prevEnd < prev.startAt) throw new DomainError('PERIOD_OVERLAP');
      touch({ ...prev, endAt: prevEnd });
    }
  } else if (cur.startAt !== year.startAt) throw new DomainError('PERIOD_OVERLAP');
  const after = sorted[i + 1];
  if (after) {
    const nextStart = fmt(dayjs(cur.endAt).add(1, 'day'));
    if (nextStart !== after.startAt) {
      if (nextStart > after.endAt) throw new DomainError('PERIOD_OVERLAP');
      touch({ ...after, startAt: nextStart });
    }
  } else if (cur.endAt !== year.endAt) throw new DomainError('PERIOD_OVERLAP');
  return changed;
}

/** The period containing a date, else the last period (spec 01 §5 mark date rule). */
export function periodForDate<T extends PeriodSpan>(periods: T[], date: string): T | undefined {
  const sorted = [...periods].sort((a, b) => a.startAt.localeCompare(b.startAt));
  return sorted.find((p) => p.startAt <= date && date <= p.endAt) ?? sorted[sorted.length - 1];
}
