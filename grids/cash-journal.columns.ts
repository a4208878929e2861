/**
 * Columns of the cash and bank journal sheet (/cashier/cashBankJournalEdit, decision 035): date
 * (typed as a day of the sheet's month, "5", "1-5", "2026-01-05"), number (given on save), summary,
 * income or outcome kind (F7), counterparty, receipt and payment in digit cells (one per line,
 * space moves the amount across), the running balance and the voucher made from the line (both
 * computed by the screen). A kind decides the side: an income kind takes a receipt, an outcome kind
 * a payment (a kind of the other side typed on a line with an amount takes the amount with it: the
 * screen moves it across, journal-sheet.ts keepAmountsOnKindChange). A line with a voucher takes no
 * edit; its voucher cell shows the voucher's kind and number in the reader's language ("记-0013",
 * "General-0013"), and Enter there opens the voucher (the screen's key).
 */
import { CASH_LINE_MAX_CENTS } from '../src/domain/cashier-journal';
import type { LookupResolution, SheetRow, SheetSchema } from './sheet-schema';

export interface CashJournalRow extends SheetRow {
  /** YYYY-MM-DD. */
  date: string | null;
  /** The number in the account and month (computed: stored, or the one a save will give). */
  code: string | null;
  summary: string;
  /** An income or outcome kind id, as text. */
  kindId: string | null;
  counterparty: string;
  /** Cents. */
  receipt: number | null;
  /** Cents. */
  payment: number | null;
  /** Cents, computed: opening + receipts − payments up to this line. */
  balance: number | null;
  /** The voucher made from the line as the server names it, "记-0013" (computed, read-only; shown by `voucherLabel`). */
  voucher: string | null;
}

export interface CashJournalCatalog {
  /** 'YYYY-MM' of the sheet. */
  month: string;
  kindLabel: (kindId: string) => string;
  kindDirection: (kindId: string | null) => 'INCOME' | 'OUTCOME' | null;
  resolveKind: (text: string) => LookupResolution;
  /** "2026-12-01 不在 2026-11": why a typed date of another month is refused, in the user's language. */
  dateNotInMonth: (date: string, month: string) => string;
  /** A voucher's label in the user's language, from the server's "记-0013". */
  voucherLabel: (code: string) => string;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * A typed date of the sheet's month: "5", "05", "1-5", "01/05", "1.5", "2026-01-05", "20260105".
 * A real date of another month ("12-1" in November's sheet) is refused with `notInMonth`'s words
 * (the screen's "2026-12-01 不在 2026-11"), not as text that matches nothing.
 */
export function resolveJournalDate(text: string, month: string, notInMonth?: (date: string, month: string) => string): LookupResolution {
  const t = text.trim().replace(/[．。/.]/g, '-');
  const [y, m] = month.split('-').map(Number);
  let day: number | null = null;
  let mm = m;
  let yy = y;
  let r: RegExpExecArray | null;
  if ((r = /^(\d{1,2})$/.exec(t))) day = Number(r[1]);
  else if ((r = /^(\d{1,2})-(\d{1,2})$/.exec(t))) [mm, day] = [Number(r[1]), Number(r[2])];
  else if ((r = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t)) || (r = /^(\d{4})(\d{2})(\d{2})$/.exec(t))) [yy, mm, day] = [Number(r[1]), Number(r[2]), Number(r[3])];
  // Not a calendar date at all (day 31 of November, month 13): nothing matches.
  if (day === null || mm < 1 || mm > 12 || day < 1 || day > new Date(Date.UTC(yy, mm, 0)).getUTCDate()) return { ok: false, reason: 'notFound' };
  const date = `${yy}-${pad(mm)}-${pad(day)}`;
  if (yy !== y || mm !== m) return { ok: false, reason: 'notFound', ...(notInMonth ? { message: notInMonth(date, month) } : {}) };
  return { ok: true, value: date };
}

export function cashJournalSchema(catalog: CashJournalCatalog): SheetSchema<CashJournalRow> {
  const limits = { maxAbsCents: CASH_LINE_MAX_CENTS };
  const open = (row: CashJournalRow) => !row.voucher;
  return {
    id: 'cash-journal',
    initialRows: 12,
    minRows: 12,
    rowStep: 1,
    blankRow: (id) => ({ id, date: null, code: null, summary: '', kindId: null, counterparty: '', receipt: null, payment: null, balance: null, voucher: null }),
    // Receipt and payment are the sheet's two sides: one per line, space moves the amount across.
    amountPair: { debit: 'receipt', credit: 'payment' },
    totalsLabelColumn: 'summary',
    entryOrder: ['date', 'summary', 'kindId', 'counterparty', 'receipt', 'payment'],
    columns: [
      { kind: 'index', colId: 'index', headerKey: 'grid:columns.index', width: 48 },
      {
        kind: 'lookup', field: 'date', headerKey: 'journal:columns.date', width: 96, applicable: open,
        lookup: { format: (v) => (typeof v === 'string' ? v : ''), resolve: (text) => resolveJournalDate(text, catalog.month, catalog.dateNotInMonth) },
      },
      { kind: 'text', field: 'code', headerKey: 'journal:columns.code', width: 48, computed: true },
      { kind: 'text', field: 'summary', headerKey: 'journal:columns.summary', flex: 2, minWidth: 118, maxLength: 200, applicable: open },
      {
        kind: 'lookup', field: 'kindId', headerKey: 'journal:columns.kind', flex: 1.2, minWidth: 132, picker: 'kind', applicable: open,
        lookup: { format: (v) => (typeof v === 'string' ? catalog.kindLabel(v) : ''), resolve: (text) => catalog.resolveKind(text) },
      },
      { kind: 'text', field: 'counterparty', headerKey: 'journal:columns.counterparty', flex: 1, minWidth: 80, maxLength: 100, applicable: open },
      { kind: 'amount', field: 'receipt', headerKey: 'journal:columns.receipt', limits, applicable: (row) => open(row) && catalog.kindDirection(row.kindId) !== 'OUTCOME' },
      {
        kind: 'amount', field: 'payment', headerKey: 'journal:columns.payment', limits,
        applicable: (row) => open(row) && catalog.kindDirection(row.kindId) !== 'INCOME', skipOnEnter: (row) => row.receipt !== null,
      },
      { kind: 'amount', field: 'balance', headerKey: 'journal:columns.balance', computed: true },
      // Shown in the reader's language (the voucher list's label) from the server's "记-0013"; never typed.
      // Wide enough for "General-0013"; the columns before it gave up the room, so a 1440 px window
      // still shows every column beside the menu.
      {
        kind: 'lookup', field: 'voucher', headerKey: 'journal:columns.voucher', width: 104, computed: true,
        lookup: { format: (v) => (typeof v === 'string' ? catalog.voucherLabel(v) : ''), resolve: () => ({ ok: false, reason: 'notFound' }) },
      },
    ],
  };
}

// ---- opening balances (/basic/cashBankOpeningBalance) ----------------------------------------------

export interface CashOpeningRow extends SheetRow {
  /** "B01 工行基本户" (computed). */
  account: string | null;
  /** The account's kind, in the user's language (computed). */
  kind: string | null;
  /** YYYY-MM-DD: the day the opening balance stands at the start of. */
  startDate: string | null;
  /** Cents; an overdrawn account may open below zero. */
  opening: number | null;
  /** The date of the account's first journal line (computed): the start date cannot be after it. */
  firstLine: string | null;
}

/** A typed full date: "2026-01-01", "2026/1/1", "20260101". */
export function resolveFullDate(text: string): LookupResolution {
  const t = text.trim().replace(/[．。/.]/g, '-');
  const r = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(t) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(t);
  if (!r) return { ok: false, reason: 'notFound' };
  const [y, m, d] = [Number(r[1]), Number(r[2]), Number(r[3])];
  if (m < 1 || m > 12 || d < 1 || d > new Date(Date.UTC(y, m, 0)).getUTCDate()) return { ok: false, reason: 'notFound' };
  return { ok: true, value: `${r[1]}-${pad(m)}-${pad(d)}` };
}

/** One row per bank account; rows are neither added nor removed (the screen refuses it). */
export function cashOpeningSchema(rowCount: number): SheetSchema<CashOpeningRow> {
  return {
    id: 'cash-opening',
    initialRows: rowCount,
    minRows: rowCount,
    rowStep: 0,
    blankRow: (id) => ({ id, account: null, kind: null, startDate: null, opening: null, firstLine: null }),
    entryOrder: ['startDate', 'opening'],
    totalsLabelColumn: 'account',
    columns: [
      { kind: 'index', colId: 'index', headerKey: 'grid:columns.index', width: 48 },
      { kind: 'text', field: 'account', headerKey: 'journal:bankAccount', flex: 2, minWidth: 200, computed: true },
      { kind: 'text', field: 'kind', headerKey: 'journal:report.kind', width: 100, computed: true },
      { kind: 'lookup', field: 'startDate', headerKey: 'journal:startDate', width: 130, copyDown: true, lookup: { format: (v) => (typeof v === 'string' ? v : ''), resolve: resolveFullDate } },
      { kind: 'amount', field: 'opening', headerKey: 'journal:report.opening', limits: { maxAbsCents: CASH_LINE_MAX_CENTS } },
      { kind: 'text', field: 'firstLine', headerKey: 'journal:firstLine', width: 120, computed: true },
    ],
  };
}
