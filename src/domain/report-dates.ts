/**
 * The date line of the statements as their forms print it: the balance sheet is a position at the
 * period's last day (会小企01表 "____年__月__日"), the income statement covers the period (会小企02表
 * "____年__月" for a calendar month, else its first and last day). Periods are not assumed to be
 * calendar months (a set started mid-month, say): the words follow the period's own dates. The words
 * themselves are the locales' (report head.asOf / head.month / head.range), filled with these values.
 */
export type StatementKind = 'BALANCE_SHEET' | 'INCOME_STATEMENT';

export interface StatementDate {
  key: 'asOf' | 'month' | 'range';
  values: { y: number; m: number; d: number; ym: string; start: string; end: string };
}

const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();

export function statementDate(kind: StatementKind, start: string, end: string): StatementDate {
  const [y, m, d] = [Number(end.slice(0, 4)), Number(end.slice(5, 7)), Number(end.slice(8, 10))];
  const values = { y, m, d, ym: end.slice(0, 7), start, end };
  if (kind === 'BALANCE_SHEET') return { key: 'asOf', values };
  const wholeMonth = start.slice(0, 7) === end.slice(0, 7) && start.endsWith('-01') && d === lastDayOf(y, m);
  return { key: wholeMonth ? 'month' : 'range', values };
}
