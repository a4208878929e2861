/** Pure helpers of the periods page: the default next year, day counts, boundary checks. */
import dayjs from 'dayjs';
import type { AccountYearDto } from '../../../contract/account';

/** The year offered by "create next year": one after the last, else the current calendar year. */
export function nextAccountYear(years: readonly Pick<AccountYearDto, 'year'>[], today = new Date()): number {
  if (!years.length) return today.getFullYear();
  return Math.max(...years.map((y) => y.year)) + 1;
}

/** The start date offered for a new year: the day after the last year's end (fiscal years follow on). */
export function nextYearStart(years: readonly Pick<AccountYearDto, 'year' | 'endAt'>[]): string | null {
  if (!years.length) return null;
  const last = [...years].sort((a, b) => a.year - b.year).at(-1)!;
  return dayjs(last.endAt).add(1, 'day').format('YYYY-MM-DD');
}

/** Inclusive day count of a period; 0 for broken input. */
export function periodDays(startAt: string, endAt: string): number {
  const s = dayjs(startAt);
  const e = dayjs(endAt);
  if (!s.isValid() || !e.isValid()) return 0;
  return Math.max(e.diff(s, 'day') + 1, 0);
}

/** The boundary edit the client can reject before asking the server. */
export function boundaryProblem(startAt: string | null, endAt: string | null): 'required' | 'PERIOD_END_BEFORE_START' | null {
  if (!startAt || !endAt) return 'required';
  return dayjs(endAt).isBefore(dayjs(startAt), 'day') ? 'PERIOD_END_BEFORE_START' : null;
}

/** The year to show: the wanted one when it belongs to the account, else the last year. */
export function pickYearId(years: readonly Pick<AccountYearDto, 'id' | 'year'>[], wanted: number | null): number | null {
  if (wanted && years.some((y) => y.id === wanted)) return wanted;
  const last = [...years].sort((a, b) => a.year - b.year).at(-1);
  return last?.id ?? null;
}
