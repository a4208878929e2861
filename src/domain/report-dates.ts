/**
 * The date line of the statements as their forms print it: the balance sheet is a position at the
 * period's last day (会小企01表 "____年__月__日"), the income statement covers the period (会小企02表
 * "____年__月" for a calendar month, else its first and last day). Periods are not assumed to be
 * calendar months (a set started mid-month, say): the words follow the period's own dates.
 */
export type StatementKind = 'BALANCE_SHEET' | 'INCOME_STATEMENT';

const parts = (iso: string) => ({ y: Number(iso.slice(0, 4)), m: Number(iso.slice(5, 7)), d: Number(iso.slice(8, 10)) });
const lastDayOf = (y: number, m: number) => new Date(Date.UTC(y, m, 0)).getUTCDate();
const EN_MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

export function statementDateText(kind: StatementKind, start: string, end: string, lang: 'zh_CN' | 'en_US'): string {
  const e = parts(end);
  if (kind === 'BALANCE_SHEET') return lang === 'en_US' ? `As at ${e.d} ${EN_MONTHS[e.m - 1]} ${e.y}` : `${e.y} 年 ${e.m} 月 ${e.d} 日`;
  const s = parts(start);
  const wholeMonth = s.y === e.y && s.m === e.m && s.d === 1 && e.d === lastDayOf(e.y, e.m);
  if (wholeMonth) return lang === 'en_US' ? `${EN_MONTHS[e.m - 1]} ${e.y}` : `${e.y} 年 ${e.m} 月`;
  return lang === 'en_US' ? `${start} to ${end}` : `${start} 至 ${end}`;
}
