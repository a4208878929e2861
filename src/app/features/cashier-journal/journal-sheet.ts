/**
 * The journal sheet's own logic, free of React (unit-tested): stored lines → sheet rows, the figures
 * the screen computes after every event (running balance in journal order, the number a save will
 * give, the voucher link), the save payload (new, changed and deleted lines), the days' closings,
 * the voucher's label in the reader's language and the amount a kind of the other side takes along.
 */
import { isBlankRow, type SheetSchema } from '../../../../grids/sheet-schema';
import type { SheetEvent } from '../../../../grids/sheet';
import type { CashJournalRow } from '../../../../grids/cash-journal.columns';
import type { CashLineDto } from '../../../contract/cashier-journal';
import { cashLineProblem } from '../../../domain/cashier-journal';

export const STORED_PREFIX = 'line-';
export const storedIdOf = (rowId: string): number | null => (rowId.startsWith(STORED_PREFIX) ? Number(rowId.slice(STORED_PREFIX.length)) : null);

/** The voucher cell of a stored line: the server's "记-0013" (the id only if the server named none). */
const voucherOf = (l: CashLineDto | undefined): string | null => (l?.voucherId ? (l.voucherCode ?? `#${l.voucherId}`) : null);

/** A voucher's label in the reader's language (voucher-mapping.ts), as the journal's voucher column shows it. */
export { voucherLabelIn } from '../voucher/voucher-mapping';

export function rowsOfLines(lines: readonly CashLineDto[]): CashJournalRow[] {
  return lines.map((l) => ({
    id: `${STORED_PREFIX}${l.id}`,
    date: l.date,
    code: String(l.code),
    summary: l.summary,
    kindId: l.kindId === null ? null : String(l.kindId),
    counterparty: l.counterparty ?? '',
    receipt: Number(l.receiptCents) || null,
    payment: Number(l.paymentCents) || null,
    balance: Number(l.balanceCents),
    voucher: voucherOf(l),
  }));
}

const hasAmount = (r: CashJournalRow) => (r.receipt ?? 0) !== 0 || (r.payment ?? 0) !== 0;

/**
 * Recomputes the computed cells: the running balance in journal order (date, then stored lines by
 * id, then new lines in sheet order, as the server numbers them), the number (stored, or the next
 * ones of the month for new lines), the voucher link of stored lines. Rows whose figures do not
 * change keep their identity (the grid redraws only what changed).
 */
export function withComputed(rows: readonly CashJournalRow[], stored: ReadonlyMap<number, CashLineDto>, openingCents: number): readonly CashJournalRow[] {
  // Runs after every edit of a sheet that may hold a month of thousands of lines: one pass for the
  // stored lines, and the sort only when the lines are not in journal order already (they mostly are).
  const sids = rows.map((r) => storedIdOf(r.id));
  const order: Array<{ r: CashJournalRow; i: number; sid: number }> = [];
  rows.forEach((r, i) => {
    if (r.date && hasAmount(r)) order.push({ r, i, sid: sids[i] ?? Number.MAX_SAFE_INTEGER });
  });
  const before = (a: (typeof order)[number], b: (typeof order)[number]) => (a.r.date === b.r.date ? a.sid - b.sid || a.i - b.i : a.r.date! < b.r.date! ? -1 : 1);
  if (order.some((x, k) => k > 0 && before(order[k - 1], x) > 0)) order.sort(before);
  const balance = new Map<string, number>();
  let running = openingCents;
  for (const x of order) balance.set(x.r.id, (running += (x.r.receipt ?? 0) - (x.r.payment ?? 0)));
  let next = 1;
  const lineOf = sids.map((sid) => (sid !== null ? stored.get(sid) : undefined));
  for (const line of lineOf) if (line) next = Math.max(next, line.code + 1);
  let changed = false;
  const out = rows.map((r, i) => {
    const line = lineOf[i];
    const filled = !isBlankJournalRow(r);
    const code = line ? String(line.code) : filled ? String(next++) : null;
    const voucher = voucherOf(line);
    const bal = balance.get(r.id) ?? null;
    if (r.code === code && r.voucher === voucher && r.balance === bal) return r;
    changed = true;
    return { ...r, code, voucher, balance: bal };
  });
  return changed ? out : rows;
}

/** An amount a kind change moved to the kind's side. */
export interface MovedAmount {
  rowIndex: number;
  kindId: string;
  cents: number;
  to: 'receipt' | 'payment';
}

/**
 * A kind of the other side given to a line that holds an amount (办公费 typed over a receipt's
 * kind) takes the amount with it: the sheet emptied the side the kind does not take, and the
 * amount goes to the side it does (receipt 100 → payment 100) instead of being lost. Only rows
 * whose kind changed and whose amount the change emptied; the screen says what moved.
 */
export function keepAmountsOnKindChange(
  before: readonly CashJournalRow[],
  after: readonly CashJournalRow[],
  kindDirection: (kindId: string | null) => 'INCOME' | 'OUTCOME' | null,
): { rows: readonly CashJournalRow[]; moved: MovedAmount[] } {
  const was = new Map(before.map((r) => [r.id, r]));
  const moved: MovedAmount[] = [];
  let out: CashJournalRow[] | null = null;
  after.forEach((r, rowIndex) => {
    const old = was.get(r.id);
    if (!old || r === old || r.kindId === old.kindId || r.kindId === null || r.receipt !== null || r.payment !== null) return;
    const direction = kindDirection(r.kindId);
    const cents = direction === 'OUTCOME' ? old.receipt : direction === 'INCOME' ? old.payment : null;
    if (cents === null) return;
    const to = direction === 'OUTCOME' ? 'payment' : 'receipt';
    out ??= [...after];
    out[rowIndex] = { ...r, [to]: cents };
    moved.push({ rowIndex, kindId: r.kindId, cents, to });
  });
  return { rows: out ?? after, moved };
}

/**
 * The events whose kind change takes the amount along: a kind typed, picked, copied down or pasted
 * alone — not a paste that also writes the amounts (the pasted row says what it wants).
 */
export function changesKindOnly(e: SheetEvent<CashJournalRow>): boolean {
  if (e.type === 'sheet.setCell' || e.type === 'sheet.copyFromRow') return e.field === 'kindId';
  return e.type === 'sheet.paste' && e.fields.includes('kindId') && !e.fields.includes('receipt') && !e.fields.includes('payment');
}

export function isBlankJournalRow(r: CashJournalRow): boolean {
  return !r.date && !r.summary && !r.kindId && !r.counterparty && r.receipt === null && r.payment === null;
}

/** Rows with content but no date take the date of the row above (a day's lines are typed under its first). */
export function withDates(rows: readonly CashJournalRow[], fallback: string): readonly CashJournalRow[] {
  let last: string | null = null;
  let changed = false;
  const out = rows.map((r) => {
    if (r.date) {
      last = r.date;
      return r;
    }
    if (isBlankJournalRow(r)) return r;
    changed = true;
    return { ...r, date: last ?? fallback };
  });
  return changed ? out : rows;
}

export interface SaveLine {
  id?: number;
  version?: number;
  date: string;
  summary: string;
  kindId: number | null;
  counterparty: string | null;
  receiptCents: number;
  paymentCents: number;
}

export type RowProblem = { rowIndex: number; problem: 'noDate' | 'noAmount' | 'bothAmounts' | 'negative' | 'tooLarge' };

/** The save: new and changed lines, stored lines no longer in the sheet; problems by row. */
export function savePayload(rows: readonly CashJournalRow[], stored: ReadonlyMap<number, CashLineDto>): { lines: SaveLine[]; deleteIds: number[]; problems: RowProblem[] } {
  const lines: SaveLine[] = [];
  const problems: RowProblem[] = [];
  const kept = new Set<number>();
  const cleared = new Set<number>();
  rows.forEach((r, rowIndex) => {
    const sid = storedIdOf(r.id);
    if (sid !== null) kept.add(sid);
    if (isBlankJournalRow(r)) {
      if (sid !== null) cleared.add(sid);
      return;
    }
    const line = sid !== null ? stored.get(sid) : undefined;
    if (line?.voucherId) return;
    if (!r.date) return void problems.push({ rowIndex, problem: 'noDate' });
    const body: SaveLine = {
      date: r.date, summary: r.summary.trim(), kindId: r.kindId === null ? null : Number(r.kindId), counterparty: r.counterparty.trim() || null,
      receiptCents: r.receipt ?? 0, paymentCents: r.payment ?? 0,
    };
    const p = cashLineProblem(body);
    if (p) return void problems.push({ rowIndex, problem: p });
    if (!line) return void lines.push(body);
    const same = line.date === body.date && line.summary === body.summary && line.kindId === body.kindId && (line.counterparty ?? null) === body.counterparty
      && Number(line.receiptCents) === body.receiptCents && Number(line.paymentCents) === body.paymentCents;
    if (!same) lines.push({ ...body, id: line.id, version: line.version });
  });
  // A stored line no longer in the sheet, or whose every cell was cleared, is deleted.
  const deleteIds = [...stored.keys()].filter((id) => !kept.has(id) || cleared.has(id));
  return { lines, deleteIds, problems };
}

export function isDirty(rows: readonly CashJournalRow[], stored: ReadonlyMap<number, CashLineDto>): boolean {
  const p = savePayload(rows, stored);
  return p.lines.length > 0 || p.deleteIds.length > 0 || p.problems.length > 0;
}

export interface DayClosing {
  date: string;
  receiptCents: number;
  paymentCents: number;
  closingCents: number;
}

/** Each day's receipts, payments and closing balance, in date order. */
export function dayClosings(rows: readonly CashJournalRow[], openingCents: number): DayClosing[] {
  const days = new Map<string, { r: number; p: number }>();
  for (const r of rows) {
    if (!r.date || !hasAmount(r)) continue;
    const d = days.get(r.date) ?? { r: 0, p: 0 };
    d.r += r.receipt ?? 0;
    d.p += r.payment ?? 0;
    days.set(r.date, d);
  }
  let running = openingCents;
  return [...days.keys()].sort().map((date) => {
    const d = days.get(date)!;
    running += d.r - d.p;
    return { date, receiptCents: d.r, paymentCents: d.p, closingCents: running };
  });
}

export type { SheetSchema };
export { isBlankRow };
