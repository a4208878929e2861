/**
 * Dates (and months) as clerks type them (the date fields of every screen): 2026-09-01, 2026/9/1, 2026.9.1,
 * 20260901, and without the year 9-1, 9/1, 0901 (the reference year: the field's current date or
 * today). Only complete, real dates parse; anything else is null (a half-typed text changes nothing).
 */
import dayjs from 'dayjs';

const pad = (n: number) => String(n).padStart(2, '0');

function real(y: number, m: number, d: number): string | null {
  if (y < 1900 || y > 2999 || m < 1 || m > 12 || d < 1 || d > 31) return null;
  const s = `${y}-${pad(m)}-${pad(d)}`;
  const parsed = dayjs(s);
  return parsed.isValid() && parsed.format('YYYY-MM-DD') === s ? s : null;
}

/** The shapes a typed date may take, each read as [year or null (the reference year), month, day]. */
const DATE_SHAPES: readonly RegExp[] = [/^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/, /^(\d{4})(\d{2})(\d{2})$/, /^()(\d{1,2})[-/.](\d{1,2})$/, /^()(\d{2})(\d{2})$/];

function dateParts(text: string): [year: number | null, month: number, day: number] | null {
  const t = text.trim();
  for (const shape of DATE_SHAPES) {
    const m = shape.exec(t);
    if (m) return [m[1] ? Number(m[1]) : null, Number(m[2]), Number(m[3])];
  }
  return null;
}

/** Whether a text is shaped like a date (its digits and separators) whether or not the day exists: 2026-02-30 is, 2026-0 is not. */
export function looksLikeDate(text: string): boolean {
  return dateParts(text) !== null;
}

export function parseTypedDate(text: string, referenceYear: number): string | null {
  const parts = dateParts(text);
  return parts && real(parts[0] ?? referenceYear, parts[1], parts[2]);
}

/**
 * The date a text being typed already names for certain: it reads as a date, its day has both its
 * digits and no further digit could make it another one ("2026-06-15", "20260615", "0615").
 * "2026-06-1" is not yet the 1st: it may become the 15th; nor is "2026-02-3" the 3rd: the clerk may
 * be typing 30 (a typo of a day that does not exist, which must be refused, not taken as the 3rd).
 * A date field takes such a text only on Enter or when left.
 */
export function completeTypedDate(text: string, referenceYear: number): string | null {
  const date = parseTypedDate(text, referenceYear);
  if (date === null || /(^|\D)\d$/.test(text.trim())) return null;
  for (let digit = 0; digit <= 9; digit++) if (parseTypedDate(`${text.trimEnd()}${digit}`, referenceYear) !== null) return null;
  return date;
}

/**
 * A month as clerks type it (the month fields): 2026-10, 2026/10, 2026.10, 2026-1, 202610,
 * 2026年10月, and without the year 10 or 10月 (the reference year). Answers 'YYYY-MM'; anything
 * else is null. "2026-1" is January: the field commits on Enter, never while typing.
 */
export function parseTypedMonth(text: string, referenceYear: number): string | null {
  const t = text.trim();
  const month = (y: number, m: number) => (y >= 1900 && y <= 2999 && m >= 1 && m <= 12 ? `${y}-${pad(m)}` : null);
  let m = /^(\d{4})(?:[-/.]|年)(\d{1,2})月?$/.exec(t);
  if (m) return month(Number(m[1]), Number(m[2]));
  m = /^(\d{4})(\d{2})$/.exec(t);
  if (m) return month(Number(m[1]), Number(m[2]));
  m = /^(\d{1,2})月?$/.exec(t);
  if (m) return month(referenceYear, Number(m[1]));
  return null;
}

/** The month `steps` months after a 'YYYY-MM' month (before it when negative). */
export function addMonths(month: string, steps: number): string {
  const [y, m] = month.split('-').map(Number);
  const index = y * 12 + (m - 1) + steps;
  return `${Math.floor(index / 12)}-${pad((index % 12) + 1)}`;
}

/**
 * The calendar date of a moment where the user (the app) or the firm (the server: its TZ) is, as
 * 'YYYY-MM-DD'. Not `toISOString().slice(0, 10)`: that is the date in Greenwich, which in Beijing is
 * yesterday until 8 in the morning (a report opened at 7:30 on the 1st showed last month).
 */
export function localIsoDate(moment: Date): string {
  return `${moment.getFullYear()}-${String(moment.getMonth() + 1).padStart(2, '0')}-${String(moment.getDate()).padStart(2, '0')}`;
}
