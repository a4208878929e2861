/**
 * The voucher save rules of spec 01 §5 and the voucher transforms of §4, pure: line and header
 * validation with row-indexed result codes, the voucher code rule, the mark date → period rule,
 * and copy / synchronised copy. The editor runs them on save for its messages; the server runs
 * them again before the write (the posting gate). Sums go through the money helpers (dinero.js).
 * The amount in Chinese uppercase is `toChineseUppercase` of money.ts.
 */
import dayjs from 'dayjs';
import { BILL_COUNT_MAX, TEXT_BASE, VOUCHER_CODE_LENGTH_DEFAULT, VOUCHER_LINE_MAX_CENTS } from './constants';
import { formatCents, sumCents } from './money';
import { periodForDate, type PeriodSpan } from './periods';
import type { ResultCode } from './result-codes';

export const VOUCHER_SUMMARY_MAX = TEXT_BASE;

/** One row of the editor's detail grid. */
export interface VoucherLineInput {
  summary: string;
  subjectId: number | null;
  /** The auxiliary types the chosen subject requires (department, employee, …); empty without a subject. */
  requiredAuxTypeIds: readonly number[];
  /** The auxiliary types chosen on the row (from its auxiliary popup). */
  chosenAuxTypeIds: readonly number[];
  /** Integer cents; null or 0 is an empty cell. Negative amounts are red-ink entries (红字). */
  debitCents: number | null;
  creditCents: number | null;
}

/** A complete line as it is saved: direction true for debit (spec 01 §3 voucher item). */
export interface VoucherLine {
  /** The grid row it came from (0-based). */
  row: number;
  summary: string;
  subjectId: number;
  direction: boolean;
  amountCents: number;
}

/** The parts of a line a refusal is about (an editor flags those cells and puts the caret on the first). */
export type VoucherLineField = 'summary' | 'subject' | 'aux' | 'amount';

/** A refusal; `row` is the 0-based grid row, null for the whole voucher. `params.row` is 1-based for the message. */
export interface VoucherRuleError {
  row: number | null;
  code: ResultCode;
  params: Record<string, string | number>;
  /** For a row's refusal: what in the row is wrong, in entry order. */
  fields?: VoucherLineField[];
}

export type VoucherLinesResult =
  | { ok: true; lines: VoucherLine[]; debitCentsTotal: number; creditCentsTotal: number }
  | { ok: false; errors: VoucherRuleError[]; debitCentsTotal: number; creditCentsTotal: number };

const amountOf = (cents: number | null) => cents ?? 0;
const textLength = (s: string) => [...s].length;

/** A summary the server writes itself (a red reversal's), cut to what a summary holds, counted as the rule counts (characters, not UTF-16 units). */
export const fitSummary = (s: string): string => [...s].slice(0, VOUCHER_SUMMARY_MAX).join('').trim();

/** A row with nothing in it: skipped on save (the grid shows 20 rows by default). */
export function isBlankLine(line: VoucherLineInput): boolean {
  return line.summary.trim() === '' && line.subjectId === null && amountOf(line.debitCents) === 0 && amountOf(line.creditCents) === 0 && line.chosenAuxTypeIds.length === 0;
}

/** The first error of one non-blank row, or its complete line. */
function checkLine(line: VoucherLineInput, row: number): VoucherLine | VoucherRuleError {
  const err = (code: ResultCode, fields: VoucherLineField[], params: Record<string, string | number> = {}): VoucherRuleError => ({ row, code, params: { row: row + 1, ...params }, fields });
  const summary = line.summary.trim();
  if (textLength(summary) > VOUCHER_SUMMARY_MAX) return err('VOUCHER_SUMMARY_TOO_LONG', ['summary'], { max: VOUCHER_SUMMARY_MAX });
  for (const cents of [line.debitCents, line.creditCents]) {
    if (cents !== null && !Number.isSafeInteger(cents)) return err('INVALID_INPUT', ['amount'], { detail: 'amount' });
    if (cents !== null && Math.abs(cents) > VOUCHER_LINE_MAX_CENTS) return err('VOUCHER_AMOUNT_TOO_LARGE', ['amount'], { max: formatCents(VOUCHER_LINE_MAX_CENTS) });
  }
  const debit = amountOf(line.debitCents);
  const credit = amountOf(line.creditCents);
  if (debit !== 0 && credit !== 0) return err('VOUCHER_DEBIT_AND_CREDIT', ['amount']);
  const auxMissing = line.requiredAuxTypeIds.some((t) => !line.chosenAuxTypeIds.includes(t));
  if (summary === '' || line.subjectId === null || auxMissing) {
    const missing: VoucherLineField[] = [];
    if (summary === '') missing.push('summary');
    if (line.subjectId === null) missing.push('subject');
    else if (auxMissing) missing.push('aux');
    return err('VOUCHER_ROW_INCOMPLETE', missing);
  }
  if (debit === 0 && credit === 0) return err('VOUCHER_ZERO_LINE', ['amount']);
  return { row, summary, subjectId: line.subjectId, direction: debit !== 0, amountCents: debit !== 0 ? debit : credit };
}

/**
 * The line rules of spec 01 §5: blank rows are skipped; every other row needs a summary (at most
 * 50 characters), a subject, every auxiliary type its subject requires, and an amount on exactly
 * one side within VOUCHER_LINE_MAX_CENTS; at least one complete row; total debit = total credit.
 * Every row's first error is reported, then the voucher's own.
 */
export function validateVoucherLines(rows: readonly VoucherLineInput[]): VoucherLinesResult {
  const errors: VoucherRuleError[] = [];
  const lines: VoucherLine[] = [];
  rows.forEach((line, row) => {
    if (isBlankLine(line)) return;
    const r = checkLine(line, row);
    if ('code' in r) errors.push(r);
    else lines.push(r);
  });
  // Totals of the rows whose amounts are whole cents in range, so the imbalance shows even while a row is incomplete.
  const counted = rows.filter((l) => !isBlankLine(l) && [l.debitCents, l.creditCents].every((c) => c === null || (Number.isSafeInteger(c) && Math.abs(c) <= VOUCHER_LINE_MAX_CENTS)));
  const debitCentsTotal = sumCents(counted.map((l) => l.debitCents));
  const creditCentsTotal = sumCents(counted.map((l) => l.creditCents));
  if (lines.length === 0 && errors.length === 0) errors.push({ row: null, code: 'VOUCHER_NO_COMPLETE_ROW', params: {} });
  if (debitCentsTotal !== creditCentsTotal) {
    errors.push({ row: null, code: 'DEBIT_CREDIT_IMBALANCE', params: { debit: formatCents(debitCentsTotal), credit: formatCents(creditCentsTotal) } });
  }
  return errors.length > 0 ? { ok: false, errors, debitCentsTotal, creditCentsTotal } : { ok: true, lines, debitCentsTotal, creditCentsTotal };
}

/** A saved line as the debit and credit cells of the grid. */
export function lineAmounts(line: { direction: boolean; amountCents: number }): { debitCents: number | null; creditCents: number | null } {
  return line.direction ? { debitCents: line.amountCents, creditCents: null } : { debitCents: null, creditCents: line.amountCents };
}

export type VoucherCodeResult = { ok: true; code: number } | { ok: false; code: 'VOUCHER_CODE_INVALID'; params: { length: number } };

/**
 * The voucher code as saved (spec 01 §5): digits only, at most the code rule's length (default 4),
 * shown padded with zeros to that length (`padVoucherCode` of finance-settings.ts). The padding
 * zeros are stripped on save, so "0012" saves as 12; the spec's "trailing zeros" are read as
 * these padding zeros (docs/decisions/020): stripping zeros at the end would turn 10 into 1.
 * Zero is no code.
 */
export function normalizeVoucherCode(text: string, length: number = VOUCHER_CODE_LENGTH_DEFAULT): VoucherCodeResult {
  const s = text.trim();
  const bad = { ok: false as const, code: 'VOUCHER_CODE_INVALID' as const, params: { length } };
  if (!/^\d+$/.test(s)) return bad;
  const digits = s.replace(/^0+/, '');
  if (digits === '' || digits.length > length) return bad;
  return { ok: true, code: Number(digits) };
}

export interface VoucherHeaderInput {
  kindId: number | null;
  code: string;
  markDate: string;
  billCount: number | null;
}

/** The required header fields of spec 01 §5: kind, code, mark date and bill count (0 to 9999). */
export function validateVoucherHeader(h: VoucherHeaderInput, codeLength: number = VOUCHER_CODE_LENGTH_DEFAULT): VoucherRuleError[] {
  const errors: VoucherRuleError[] = [];
  const required = (field: string) => errors.push({ row: null, code: 'VOUCHER_FIELD_REQUIRED', params: { field } });
  if (h.kindId === null) required('kind');
  if (h.code.trim() === '') required('code');
  else {
    const c = normalizeVoucherCode(h.code, codeLength);
    if (!c.ok) errors.push({ row: null, code: c.code, params: c.params });
  }
  if (h.markDate.trim() === '') required('markDate');
  else if (!isDateString(h.markDate)) errors.push({ row: null, code: 'INVALID_INPUT', params: { detail: 'markDate' } });
  if (h.billCount === null) required('billCount');
  else if (!Number.isInteger(h.billCount) || h.billCount < 0 || h.billCount > BILL_COUNT_MAX) {
    errors.push({ row: null, code: 'VOUCHER_BILL_COUNT_INVALID', params: { max: BILL_COUNT_MAX } });
  }
  return errors;
}

export function isDateString(s: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(s) && dayjs(s).isValid() && dayjs(s).format('YYYY-MM-DD') === s;
}

export interface YearWithPeriods extends PeriodSpan {
  id: number;
  periods: ReadonlyArray<PeriodSpan & { id: number }>;
}

export type MarkDateResult =
  | { ok: true; accountYearId: number; periodId: number }
  | { ok: false; code: 'MARK_DATE_OUT_OF_RANGE' | 'MISSING_ACCOUNT_OR_PERIOD' | 'INVALID_INPUT'; params: Record<string, string> };

/** The account year a date belongs to: the one containing it, else (a gap between years) the last one before it. */
function yearOfDate(years: readonly YearWithPeriods[], date: string): YearWithPeriods | undefined {
  const sorted = [...years].sort((a, b) => a.startAt.localeCompare(b.startAt));
  return sorted.find((y) => y.startAt <= date && date <= y.endAt) ?? sorted.filter((y) => y.startAt <= date).pop();
}

/**
 * The period of a mark date (spec 01 §5): the date may not lie before the first account year or
 * after the last (MARK_DATE_OUT_OF_RANGE); inside, it belongs to the period containing it, and a
 * date no period of its year contains uses that year's last period.
 */
export function resolveMarkDate(date: string, years: readonly YearWithPeriods[]): MarkDateResult {
  if (!isDateString(date)) return { ok: false, code: 'INVALID_INPUT', params: { detail: 'markDate' } };
  if (years.length === 0) return { ok: false, code: 'MISSING_ACCOUNT_OR_PERIOD', params: {} };
  const from = years.reduce((m, y) => (y.startAt < m ? y.startAt : m), years[0].startAt);
  const to = years.reduce((m, y) => (y.endAt > m ? y.endAt : m), years[0].endAt);
  if (date < from || date > to) return { ok: false, code: 'MARK_DATE_OUT_OF_RANGE', params: { from, to } };
  const year = yearOfDate(years, date)!;
  const period = periodForDate([...year.periods], date);
  if (!period) return { ok: false, code: 'MISSING_ACCOUNT_OR_PERIOD', params: {} };
  return { ok: true, accountYearId: year.id, periodId: period.id };
}

/**
 * Whether changing the mark date moves the voucher into another account year — with subjects
 * filled the editor then asks whether to clear the subjects or keep the old date (spec 01 §5),
 * since subjects belong to one account year.
 */
export function markDateChangesYear(oldDate: string, newDate: string, years: readonly YearWithPeriods[]): boolean {
  if (!isDateString(oldDate) || !isDateString(newDate)) return false;
  return yearOfDate(years, oldDate)?.id !== yearOfDate(years, newDate)?.id;
}

/** The voucher fields of spec 01 §3 that copying touches. */
export interface VoucherRecord<Item extends { id: number | null } = { id: number | null }> {
  id: number | null;
  periodId: number | null;
  kindId: number;
  markTime: string | null;
  code: number | null;
  billCount: number;
  items: Item[];
  state: 'NORMAL' | 'INVALID';
  auditAt: string | null;
  auditBy: number | null;
  auditByName: string | null;
  auditPass: boolean | null;
  bookKeepAt: string | null;
  bookKeepBy: number | null;
  bookKeepByName: string | null;
  cashierAt: string | null;
  cashierBy: number | null;
  cashierByName: string | null;
  createdBy: number | null;
  createdByName: string | null;
  voucherRelationInfos: Array<{ targetId: number; voucherId: number; accountId: number; accountName: string }>;
}

const NO_PROCESSING = {
  auditAt: null,
  auditBy: null,
  auditByName: null,
  auditPass: null,
  bookKeepAt: null,
  bookKeepBy: null,
  bookKeepByName: null,
  cashierAt: null,
  cashierBy: null,
  cashierByName: null,
} as const;

/** The lines of a copy are new lines (no ids); what they say stays. */
const freshItems = <Item extends { id: number | null }>(items: Item[]): Item[] => items.map((i) => ({ ...i, id: null }));

/**
 * Copy (spec 01 §4): a new NORMAL voucher with the source's kind and lines; id, code, mark date,
 * period, relations, audit, bookkeeping and cashier data cleared; bill count 0. The maker is the
 * one who saves the copy.
 */
export function copyVoucher<Item extends { id: number | null }>(v: VoucherRecord<Item>): VoucherRecord<Item> {
  return { ...v, ...NO_PROCESSING, id: null, code: null, markTime: null, periodId: null, voucherRelationInfos: [], billCount: 0, state: 'NORMAL', createdBy: null, createdByName: null, items: freshItems(v.items) };
}

/**
 * Synchronised copy to another account set (spec 01 §4): state NORMAL; id, code, period and
 * relations cleared; mark date and bill count kept. The audit, bookkeeping and cashier data of the
 * source are cleared too: they were given in the source ledger and cannot vouch for the copy
 * (docs/decisions/020). The maker is the one who synchronises.
 */
export function syncCopyVoucher<Item extends { id: number | null }>(v: VoucherRecord<Item>): VoucherRecord<Item> {
  return { ...v, ...NO_PROCESSING, id: null, code: null, periodId: null, voucherRelationInfos: [], state: 'NORMAL', createdBy: null, createdByName: null, items: freshItems(v.items) };
}
