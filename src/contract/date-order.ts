/**
 * Dates that come in a natural order (an employee's entry before their leave, a range's start before
 * its end), declared once per schema and checked wherever the schema runs: the server's route
 * validation, the app's forms (the same contract schemas), and the Excel imports.
 *
 *   z.object({ entryDate, leaveDate }).superRefine(dateOrder([['entryDate', 'leaveDate']]))
 *
 * A pair is checked only when both values are there: an empty (null, absent, blank) date leaves the
 * range open (no leave date yet), never refused. An update that sends one date of a pair is checked by
 * its service against the stored other date (`dateOrderIssues` on the merged record).
 *
 * Two ways to refuse, by what the pair is:
 * - a record's fields (`dateOrder`): an issue on the later field with the message `dateOrder` and the
 *   earlier field's name in `params.after`, read as "Leave date cannot be before Entry date"
 *   (errors.json validation.dateOrder on the server, admin.json validation.dateOrder in forms);
 * - a query's range (`rangeOrder`): the result code PERIOD_END_BEFORE_START as the message, which the
 *   server answers as that code ("The period end cannot be before its start"), as the ledgers and
 *   reports whose ranges are period ids (checked by their services) already do.
 *
 * Values compare as they travel: real YYYY-MM-DD dates (and yyyy-MM months) in text order, month
 * numbers as numbers. A value that is no date (2024-13-45) is left to its field's own rule.
 */
import type { z } from 'zod';
import { isCalendarDate } from './common';

/** The message of a record pair's issue (validation.dateOrder in the catalogues). */
export const DATE_ORDER = 'dateOrder';
/** The message (a result code) of a query's date or period range reversed. */
export const RANGE_ORDER = 'PERIOD_END_BEFORE_START';
/** The message (a result code) of a query's range of numbers reversed (amounts, codes): 'The end of a range cannot be less than its start'. */
export const VALUE_RANGE_ORDER = 'RANGE_END_BEFORE_START';

/** [earlier, later]: the later value must not be before the earlier one. */
export type DatePair<K extends string = string> = readonly [earlier: K, later: K];

/** The employee's dates: born, then entered, then left (each pair checked where both are given). */
export const EMPLOYEE_DATES = [['birthday', 'entryDate'], ['entryDate', 'leaveDate'], ['birthday', 'leaveDate']] as const satisfies readonly DatePair[];

type Comparable = string | number;
const present = (v: unknown): v is Comparable =>
  (typeof v === 'string' && (isCalendarDate(v) || /^\d{4}-(0[1-9]|1[0-2])$/.test(v))) || (typeof v === 'number' && Number.isFinite(v));

/** An issue of a reversed pair, as zod's custom issues are shaped (path at the later field). */
export type DateOrderIssue = {
  code: 'custom';
  path: [string];
  message: typeof DATE_ORDER | typeof RANGE_ORDER | typeof VALUE_RANGE_ORDER;
  params: { after: string };
};

/** Whether `later` is before `earlier` (both present and of one kind: two dates, two months, two numbers). */
export function reversed(earlier: unknown, later: unknown): boolean {
  if (!present(earlier) || !present(later) || typeof earlier !== typeof later) return false;
  if (typeof earlier === 'string' && earlier.length !== (later as string).length) return false;
  return later < earlier;
}

/**
 * The reversed pairs of `values`, one issue per later field (its first reversed pair), in pair order.
 * `message` is DATE_ORDER for a record's fields, RANGE_ORDER for a query's range.
 */
export function dateOrderIssues(values: unknown, pairs: readonly DatePair[], message: DateOrderIssue['message'] = DATE_ORDER): DateOrderIssue[] {
  if (values === null || typeof values !== 'object') return [];
  const v = values as Record<string, unknown>;
  const out: DateOrderIssue[] = [];
  for (const [earlier, later] of pairs) {
    if (out.some((i) => i.path[0] === later)) continue;
    if (reversed(v[earlier], v[later])) out.push({ code: 'custom', path: [later], message, params: { after: earlier } });
  }
  return out;
}

function refinement<T>(pairs: readonly DatePair[], message: DateOrderIssue['message']) {
  return (value: T, ctx: z.RefinementCtx<T>) => {
    for (const issue of dateOrderIssues(value, pairs, message)) ctx.addIssue(issue);
  };
}

/** A record's date pairs (`.superRefine(dateOrder(pairs))`): a reversed pair is refused on its later field. */
export function dateOrder<T extends object>(pairs: readonly DatePair<keyof T & string>[]) {
  return refinement<T>(pairs, DATE_ORDER);
}

/**
 * A query's ranges (`.superRefine(rangeOrder(pairs))`): a reversed range of dates or periods answers
 * PERIOD_END_BEFORE_START; `valuePairs`, ranges of numbers (an amount from/to, a code from/to),
 * answer RANGE_END_BEFORE_START. Both refuse the query instead of answering an empty list.
 */
export function rangeOrder<T extends object>(pairs: readonly DatePair<keyof T & string>[], valuePairs: readonly DatePair<keyof T & string>[] = []) {
  const dates = refinement<T>(pairs, RANGE_ORDER);
  const values = refinement<T>(valuePairs, VALUE_RANGE_ORDER);
  return (value: T, ctx: z.RefinementCtx<T>) => {
    dates(value, ctx);
    values(value, ctx);
  };
}
