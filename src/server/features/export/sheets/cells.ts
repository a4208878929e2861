/** Cell readers shared by the sheet definitions: yes/no, enums, dates, amounts, references by code. */
import { codeKey, halfWidth } from '../../../../domain/half-width';
import type ExcelJS from 'exceljs';
import { MAX_PAGE_LIMIT } from '../../../../domain/constants';
import { parsePastedAmount } from '../../../../domain/money';
import { isCalendarDate, type Paging } from '../../../../contract/common';
import type { Parsed } from '../sheet';

/** A yes/no cell: TRUE/FALSE cells, or Y/Yes/是/1/true as text; empty = false. */
export function parseFlag(value: unknown, text: string): boolean | 'invalid' {
  if (typeof value === 'boolean') return value;
  const t = text.trim().toUpperCase();
  if (!t || ['N', 'NO', '否', '0', 'FALSE'].includes(t)) return false;
  if (['Y', 'YES', '是', '1', 'TRUE'].includes(t)) return true;
  return 'invalid';
}

export const flag = (text: string, raw: ExcelJS.CellValue): Parsed => {
  const b = parseFlag(raw, text);
  return b === 'invalid' ? { error: 'yesNo' } : { value: b };
};

/** Text of an optional field: empty clears it (null). */
export const optionalText = (text: string): Parsed => ({ value: text === '' ? null : text });

/** One of an enum's codes (any case), or one of its words (中文 / English); empty = not sent (the default applies). */
export const oneOf = (values: readonly string[], words: Record<string, readonly string[]> = {}) => (text: string): Parsed => {
  if (text === '') return { skip: true };
  const t = halfWidth(text).toUpperCase();
  const hit = values.find((v) => v === t || (words[v] ?? []).some((w) => w.toUpperCase() === t));
  return hit ? { value: hit } : { error: 'oneOf', params: { values: values.join(' / ') } };
};

/**
 * A code of digits only (subjects, budgets): a letter is refused, not dropped (the form's input drops
 * it as typed). Digits typed in full width (５６０２) are the same digits (halfWidth): cells of codes,
 * amounts, dates and references read the half-width form, as the forms keep it.
 */
export const digits = (text: string): Parsed => {
  const t = halfWidth(text);
  return t === '' || /^\d+$/.test(t) ? { value: t } : { error: 'digitsOnly' };
};

/** A date cell (an Excel date) or text YYYY-MM-DD (also YYYY/MM/DD) of a real day; empty clears it. */
export const date = (text: string, raw: ExcelJS.CellValue): Parsed => {
  if (raw instanceof Date) return Number.isNaN(raw.getTime()) ? { error: 'dateFormat' } : { value: raw.toISOString().slice(0, 10) };
  if (text === '') return { value: null };
  const m = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})$/.exec(halfWidth(text));
  const iso = m ? `${m[1]}-${m[2].padStart(2, '0')}-${m[3].padStart(2, '0')}` : '';
  return isCalendarDate(iso) ? { value: iso } : { error: 'dateFormat' };
};

/**
 * An amount in currency units as a sheet writes it ("1,234.50", "¥1,234.50", full-width digits), read
 * into integer cents by the pasted-amount rules (never a float; "1,00" is not 100); empty = not sent.
 */
export const amount = (text: string): Parsed => {
  if (text === '') return { skip: true };
  const r = parsePastedAmount(text, { allowNegative: false });
  return r.ok ? { value: r.cents } : { error: 'amount' };
};

/**
 * Cents as the sheet shows them: a number of currency units Excel can sum, shown with two decimals
 * (`AMOUNT_NUM_FMT` on the column). cents / 100 is the double nearest the decimal and prints back as
 * that decimal (up to 15 significant digits, far above the largest amount), so the import, which
 * reads the cell's text through the money rules, gets the same cents.
 */
export const centsCell = (cents: number | bigint | string): number => Number(cents) / 100;
/** Excel's number format of amount columns: thousands separators, two decimals. */
export const AMOUNT_NUM_FMT = '#,##0.00;-#,##0.00';

/** A record referred to by its code; empty clears it (null). */
export const refByCode = (ids: (ctx: never) => Map<string, number>) => (text: string, _raw: ExcelJS.CellValue, ctx: unknown): Parsed => {
  if (text === '') return { value: null };
  const code = halfWidth(text);
  const id = ids(ctx as never).get(codeKey(code));
  return id === undefined ? { error: 'IMPORT_REFERENCE_UNKNOWN', params: { code } } : { value: id };
};

/** Several records by their codes, separated by , ， 、 ; or spaces; empty = none. */
export const refsByCodes = (ids: (ctx: never) => Map<string, number>) => (text: string, _raw: ExcelJS.CellValue, ctx: unknown): Parsed => {
  const codes = text.split(/[,，、;；\s]+/).map((c) => halfWidth(c).trim()).filter(Boolean);
  const out: number[] = [];
  for (const code of codes) {
    const id = ids(ctx as never).get(codeKey(code));
    if (id === undefined) return { error: 'IMPORT_REFERENCE_UNKNOWN', params: { code } };
    out.push(id);
  }
  return { value: out };
};

export const joinCodes = (refs: ReadonlyArray<{ code: string }>) => refs.map((r) => r.code).join(',');

/** Every record of a paged list function (page by page, MAX_PAGE_LIMIT at a time). */
export async function collect<T, F>(page: (p: Paging<F>) => Promise<{ content: T[]; total: number }>, filter: F): Promise<T[]> {
  const all: T[] = [];
  for (;;) {
    const { content, total } = await page({ filter, offset: all.length, limit: MAX_PAGE_LIMIT, sort: {}, expand: new Set() });
    all.push(...content);
    if (!content.length || all.length >= total) return all;
  }
}

/** Records' ids by code, known by codeKey (a reference typed c001 finds C001). */
export const byCode = <T extends { code: string; id: number }>(rows: readonly T[]) => new Map(rows.map((r) => [codeKey(r.code), r.id]));
/** The existing records an import updates, by codeKey (the rows' keys: sheet.ts). */
export const keyed = <T extends { code: string }>(rows: readonly T[]) => new Map(rows.map((r) => [codeKey(r.code), r]));

export const listPaging = <F>(filter: F, offset: number, limit: number): Paging<F> => ({ filter, offset, limit, sort: {}, expand: new Set() });
