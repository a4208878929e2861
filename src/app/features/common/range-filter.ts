/**
 * The ranges of a filter bar (dates from … to, periods from … to): a range that ends before it
 * starts is the contract's own refusal (contract/date-order.ts `rangeOrder`, answered by the server
 * as PERIOD_END_BEFORE_START). A filter bar says it where the clerk is, under the later field, as
 * soon as the range is reversed (in the errors catalogue's words, the reader's language), and does
 * not ask the server with it: the list keeps what it showed (or shows none) until the range is
 * mended. What the server refuses otherwise is still said by the screen (the list's `list-error`).
 *
 *   const range = useRangeCheck({ dateFrom, dateTo }, [['dateFrom', 'dateTo']]);
 *   <DateField … value={dateTo} error={range.error('dateTo')} />
 *   query={(req) => unlessReversed(journalListOptions(accountId, filter, req), range.reversed)}
 *
 * Values compare as the contract compares them (date-order.ts `reversed`): YYYY-MM-DD dates and
 * yyyy-MM months as text, numbers as numbers; an empty end leaves the range open. A range of period
 * ids compares the periods' places in the year, their start dates (`periodStart`), as the ledgers'
 * services do.
 */
import { useTranslation } from 'react-i18next';
import { dateOrderIssues, RANGE_ORDER, VALUE_RANGE_ORDER, type DatePair } from '../../../contract/date-order';
import { issueToMessage, type MessageRef } from './form-validation';

/**
 * The message of each reversed range, on its later field: `errors:PERIOD_END_BEFORE_START` for the
 * date and period ranges of `pairs`, `errors:RANGE_END_BEFORE_START` for the ranges of numbers of
 * `valuePairs` (amounts in cents, codes), as the contract's `rangeOrder` answers them.
 */
export function reversedRanges<K extends string>(values: Partial<Record<K, unknown>>, pairs: readonly DatePair<K>[], valuePairs: readonly DatePair<K>[] = []): Partial<Record<K, MessageRef>> {
  const out: Partial<Record<K, MessageRef>> = {};
  for (const issue of [...dateOrderIssues(values, pairs, RANGE_ORDER), ...dateOrderIssues(values, valuePairs, VALUE_RANGE_ORDER)]) {
    const field = issue.path[0] as K;
    out[field] = issueToMessage(issue, values[field], false);
  }
  return out;
}

/** A period's start date ('YYYY-MM-DD'): its place in the year, for a range of period ids. Undefined: none chosen, or not of these periods. */
export const periodStart = (periods: readonly { id: number; startAt: string }[] | undefined, id: number | null | undefined): string | undefined =>
  id == null ? undefined : periods?.find((p) => p.id === id)?.startAt;

const PERIOD_RANGE = [['start', 'end']] as const satisfies readonly DatePair<'start' | 'end'>[];

/** Whether a range of period ids ends before it starts (by the periods' start dates). */
export function periodRangeReversed(periods: readonly { id: number; startAt: string }[] | undefined, startId: number | null | undefined, endId: number | null | undefined): boolean {
  return Object.keys(reversedRanges({ start: periodStart(periods, startId), end: periodStart(periods, endId) }, PERIOD_RANGE)).length > 0;
}

export interface RangeCheck<K extends string> {
  /** Some range ends before it starts: the filter is not asked. */
  reversed: boolean;
  /** The localized message under `field` (a reversed range's later field), else undefined. */
  error: (field: K) => string | undefined;
}

/** A filter bar's ranges checked as the clerk types: the messages under the later fields. */
export function useRangeCheck<K extends string>(values: Partial<Record<K, unknown>>, pairs: readonly DatePair<K>[], valuePairs: readonly DatePair<K>[] = []): RangeCheck<K> {
  const { t } = useTranslation('errors');
  const messages = reversedRanges(values, pairs, valuePairs);
  return {
    reversed: Object.keys(messages).length > 0,
    error: (field) => {
      const m = messages[field];
      return m ? t(m.key, m.values) : undefined;
    },
  };
}

/** A range of period ids (two period selects) checked as the clerk chooses: `error('end')` under the end period. */
export function usePeriodRangeCheck(periods: readonly { id: number; startAt: string }[] | undefined, startId: number | null | undefined, endId: number | null | undefined): RangeCheck<'start' | 'end'> {
  return useRangeCheck({ start: periodStart(periods, startId), end: periodStart(periods, endId) }, PERIOD_RANGE);
}

/**
 * Query options that are not sent while the filter's range is reversed (`enabled: false`): a list
 * with `placeholderData: keepPreviousData` keeps the rows it showed, another shows none.
 */
export function unlessReversed<O extends object>(options: O, reversed: boolean): O {
  return reversed ? { ...options, enabled: false } : options;
}
