/**
 * The cash and bank journal's rules (decision 035). Every write of one bank account locks the
 * account row first, so numbering and checks of one account run one after the other. A line is
 * exactly one receipt or one payment (checked here and by the table's CHECK), dated on or after
 * the account's start date, names an income kind for a receipt or an outcome kind for a payment of
 * the account's own ledger set, and cannot change or go once a voucher was made from it.
 */
import type { Db } from '../../db/client';
import { assertVersion, companyScope, withTx, type Tx } from '../../db/tx';
import { DomainError } from '../../../domain/result-codes';
import { cashLineProblem, monthOf } from '../../../domain/cashier-journal';
import type { Paging } from '../../../contract/common';
import type { CashBalanceRowDto, CashFromVoucherFilter, CashLineBody, CashLineDto, CashVoucherLineDto, CashLineFilter, CashListFilter, CashOpeningDto, CashPageMode, CashTotalDto } from '../../../contract/cashier-journal';
import { voucherCodes } from '../doc-to-voucher/queries';
import * as q from './queries';
import { CASH_COLUMNS, type SheetCashLine } from './sheet';
import { headerOf } from '../export/sheet';
import type { ResultCode } from '../../../domain/result-codes';
import type { Language } from '../../../domain/enums';
import { messageOf } from '../../http/messages';

const s = (n: number) => String(n);

function lineDto(r: Awaited<ReturnType<typeof q.selectLines>>['rows'][number], balance: number): CashLineDto {
  return {
    id: r.l.id, companyId: r.l.companyId, bankAccountId: r.l.bankAccountId, bankAccount: r.ba, date: r.l.lineDate, code: r.l.code, summary: r.l.summary,
    kindId: r.l.kindId, kind: r.kind ? { ...r.kind, direction: r.kind.direction as 'INCOME' | 'OUTCOME' } : null, counterparty: r.l.counterparty,
    receiptCents: s(r.l.receiptCents), paymentCents: s(r.l.paymentCents), balanceCents: s(balance), voucherId: r.l.voucherId, fromVoucher: r.l.fromVoucher,
    createdBy: r.l.createdBy, createdByName: r.maker, version: r.l.version,
  };
}

/** Lines of a page with their running balances: per account, opening + the sums up to each line. */
export async function listLines(db: Db, companyId: number, p: Paging<CashLineFilter>, page?: CashPageMode): Promise<{ content: CashLineDto[]; total: number }> {
  const { rows, total } = await q.selectLines(companyScope(db, companyId), p, page);
  const byAccount = new Map<number, typeof rows>();
  for (const r of rows) byAccount.set(r.l.bankAccountId, [...(byAccount.get(r.l.bankAccountId) ?? []), r]);
  const openings = await q.openingsOf(db, [...byAccount.keys()]);
  const balance = new Map<number, number>();
  for (const [accountId, list] of byAccount) {
    const keys = list.map((r) => ({ date: r.l.lineDate, id: r.l.id })).sort((a, b) => (a.date === b.date ? a.id - b.id : a.date < b.date ? -1 : 1));
    const nets = await q.runningNet(db, accountId, keys[0], keys[keys.length - 1]);
    const opening = openings.get(accountId)?.openingCents ?? 0;
    for (const r of list) balance.set(r.l.id, opening + (nets.get(r.l.id) ?? 0));
  }
  const codes = await voucherCodes(db, rows.flatMap((r) => (r.l.voucherId ? [r.l.voucherId] : [])));
  return { content: rows.map((r) => ({ ...lineDto(r, balance.get(r.l.id) ?? 0), voucherCode: r.l.voucherId ? codes.get(r.l.voucherId) ?? null : null })), total };
}

/** The footer of the journal query: count, receipts and payments of every line under the filter. */
export async function totalLines(db: Db, companyId: number, f: CashLineFilter): Promise<CashTotalDto> {
  const t = await q.sumLines(companyScope(db, companyId), f);
  return { count: t.count, receiptCents: t.receipt, paymentCents: t.payment };
}

/** The keyset words of a list filter (cashKeyset) as a page mode, and the filter without them; more than one is refused. */
export function pageModeOf(f: CashListFilter): { filter: CashLineFilter; page: CashPageMode } {
  const { after, before, last, ...filter } = f;
  const given = [after && 'after', before && 'before', last && 'last'].filter(Boolean);
  if (given.length > 1) throw new DomainError('INVALID_INPUT', { field: 'filter', rule: 'onePageMode' });
  return { filter, page: after ? { mode: 'after', cursor: after } : before ? { mode: 'before', cursor: before } : last ? { mode: 'last' } : { mode: 'offset' } };
}

async function linesById(db: Db, companyId: number, accountId: number, ids: number[]): Promise<CashLineDto[]> {
  if (!ids.length) return [];
  // The same page query as the list (balances included), narrowed to the saved ids.
  const { content } = await listLines(db, companyId, { filter: { accountId, ids } as CashLineFilter & { ids: number[] }, offset: 0, limit: ids.length, sort: {}, expand: new Set() });
  const order = new Map(ids.map((id, i) => [id, i]));
  return content.sort((a, b) => order.get(a.id)! - order.get(b.id)!);
}

interface Ctx { tx: Tx; account: q.BankAccountRow; startDate: string | null; years: { from: string; to: string } | null; userId: number }

async function checkKind(c: Ctx, kindId: number | null | undefined, receipt: boolean, isNew: boolean): Promise<void> {
  if (!kindId) return;
  const k = await q.findKind(c.tx, c.account.companyId, kindId);
  if (!k || k.accountId !== c.account.accountId) throw new DomainError('NO_PERMISSION');
  if ((k.direction === 'INCOME') !== receipt) throw new DomainError('CASH_KIND_DIRECTION', { code: k.code });
  if (isNew && k.disabled) throw new DomainError('CASH_KIND_DISABLED', { code: k.code });
}

function checkAmounts(l: { receiptCents: number; paymentCents: number }): void {
  const p = cashLineProblem(l);
  if (p) throw new DomainError('CASH_LINE_AMOUNT');
}

/**
 * A line's date: not before the account's start date, and within the ledger set's account years
 * (spec 01 §5: an accounting date lies within them; 2031-11-30 typed for 2021 would sit in no year
 * the books or the reconciliation reach). The refusal names the range a date may take. A stored
 * line saved again with its own date keeps it (`previous`), as a reimbursement's mark date does.
 */
function checkDate(c: Ctx, date: string, previous?: string): void {
  if (c.startDate && date < c.startDate) throw new DomainError('CASH_LINE_BEFORE_START', { date, startDate: c.startDate });
  if (!c.years || date === previous || (date >= c.years.from && date <= c.years.to)) return;
  const from = c.startDate && c.startDate > c.years.from ? c.startDate : c.years.from;
  throw new DomainError('CASH_LINE_OUTSIDE_YEARS', { date, from, to: c.years.to });
}

async function codeFor(c: Ctx, month: number, code: number | null | undefined, except?: number): Promise<number> {
  if (!code) return q.nextCode(c.tx, c.account.id, month);
  if (await q.codeTaken(c.tx, c.account.id, month, code, except)) throw new DomainError('CASH_CODE_DUPLICATE', { code });
  return code;
}

async function openCtx(tx: Tx, bankAccountId: number, userId: number, forWrite = true): Promise<Ctx> {
  const account = await q.findBankAccount(tx, bankAccountId, forWrite);
  if (!account) throw new DomainError('NO_PERMISSION');
  const opening = (await q.openingsOf(tx, [account.id])).get(account.id);
  return { tx, account, startDate: opening?.startDate ?? null, years: await q.accountYearSpan(tx, account.accountId), userId };
}

/** A line linked to a voucher keeps its figures: made into it (never changes), or brought in from it (the voucher's own). */
async function refuseLinked(tx: Tx, row: q.LineRow): Promise<void> {
  if (!row.voucherId) return;
  if (!row.fromVoucher) throw new DomainError('CASH_LINE_HAS_VOUCHER');
  const voucher = (await voucherCodes(tx, [row.voucherId])).get(row.voucherId) ?? `#${row.voucherId}`;
  throw new DomainError('CASH_LINE_FROM_VOUCHER', { voucher });
}

async function updateOne(c: Ctx, row: q.LineRow, b: Omit<CashLineBody, 'id'>): Promise<void> {
  assertVersion(row.version, b.version);
  await refuseLinked(c.tx, row);
  checkAmounts(b);
  checkDate(c, b.date, row.lineDate);
  await checkKind(c, b.kindId, b.receiptCents > 0, b.kindId !== row.kindId);
  const month = monthOf(b.date);
  const sameMonth = month === row.month;
  const code = b.code ? (sameMonth && b.code === row.code ? row.code : await codeFor(c, month, b.code, row.id)) : sameMonth ? row.code : await codeFor(c, month, null);
  await q.patchLine(c.tx, row.id, {
    lineDate: b.date, month, code, summary: b.summary, kindId: b.kindId ?? null, counterparty: b.counterparty ?? null, receiptCents: b.receiptCents, paymentCents: b.paymentCents,
  });
}

/** A new line of the context's account through every rule; answers its id. */
async function insertNew(c: Ctx, l: Omit<CashLineBody, 'id'>): Promise<number> {
  checkAmounts(l);
  checkDate(c, l.date);
  await checkKind(c, l.kindId, l.receiptCents > 0, true);
  const month = monthOf(l.date);
  const row = await q.insertLine(c.tx, {
    companyId: c.account.companyId, bankAccountId: c.account.id, lineDate: l.date, month, code: await codeFor(c, month, l.code), summary: l.summary,
    kindId: l.kindId ?? null, counterparty: l.counterparty ?? null, receiptCents: l.receiptCents, paymentCents: l.paymentCents, createdBy: c.userId,
  });
  return row.id;
}

/** The cell a refusal of an imported line is about (its column's header, as the sheet's own cell errors name it). */
const CASH_RULE_FIELDS: Partial<Record<ResultCode, string>> = {
  CASH_LINE_BEFORE_START: 'date', CASH_LINE_OUTSIDE_YEARS: 'date',
  IMPORT_REFERENCE_UNKNOWN: 'kindCode', CASH_KIND_DIRECTION: 'kindCode', CASH_KIND_DISABLED: 'kindCode',
};
function cashColumnOf(code: ResultCode): string | null {
  const c = CASH_COLUMNS.find((x) => x.field !== undefined && x.field === CASH_RULE_FIELDS[code]);
  return c ? headerOf(c) : null;
}

/**
 * Imports workbook lines as new lines of one bank account (numbered afresh), all or nothing: every
 * row goes through the sheet's rules (amounts, start date, kind side and state); every refused row
 * is named (IMPORT_ROWS_INVALID with the rows in the appendix) and nothing is saved then.
 */
export async function importLines(db: Db, bankAccountId: number, userId: number, rows: SheetCashLine[], lang: Language): Promise<{ created: number }> {
  return withTx(db, async (tx) => {
    const c = await openCtx(tx, bankAccountId, userId);
    if (c.account.disabled) throw new DomainError('CASH_ACCOUNT_DISABLED', { code: c.account.code });
    const errors: Array<{ row: number; column: string | null; message: string }> = [];
    const kinds = new Map<string, number | null>();
    for (const r of rows) {
      try {
        let kindId: number | null = null;
        if (r.kindCode) {
          if (!kinds.has(r.kindCode)) kinds.set(r.kindCode, (await q.findKindByCode(tx, c.account.companyId, c.account.accountId, r.kindCode))?.id ?? null);
          kindId = kinds.get(r.kindCode) ?? null;
          if (kindId === null) throw new DomainError('IMPORT_REFERENCE_UNKNOWN', { code: r.kindCode });
        }
        // Checks first: a row refused before its insert leaves the transaction usable for the next rows.
        checkAmounts(r);
        checkDate(c, r.date);
        await checkKind(c, kindId, r.receiptCents > 0, true);
        if (!errors.length) await insertNew(c, { date: r.date, code: null, summary: r.summary, kindId, counterparty: r.counterparty, receiptCents: r.receiptCents, paymentCents: r.paymentCents });
      } catch (e) {
        if (!(e instanceof DomainError)) throw e;
        errors.push({ row: r.row, column: cashColumnOf(e.code), message: messageOf(e.code, lang, e.params) });
      }
    }
    if (errors.length) throw new DomainError('IMPORT_ROWS_INVALID', { row: errors[0].row, message: errors[0].message, count: errors.length }, { errors });
    return { created: rows.length };
  });
}

/** Deletes, updates and creates lines of one bank account, all or nothing; answers the saved lines. */
export async function saveLines(db: Db, bankAccountId: number, userId: number, body: { lines: CashLineBody[]; deleteIds: number[] }): Promise<CashLineDto[]> {
  const { companyId, accountId, saved } = await withTx(db, async (tx) => {
    const c = await openCtx(tx, bankAccountId, userId);
    if (c.account.disabled && body.lines.some((l) => !l.id)) throw new DomainError('CASH_ACCOUNT_DISABLED', { code: c.account.code });
    const touched = [...body.deleteIds, ...body.lines.flatMap((l) => (l.id ? [l.id] : []))];
    const repeated = touched.find((id, i) => touched.indexOf(id) !== i);
    if (repeated !== undefined) throw new DomainError('INVALID_INPUT', { field: body.deleteIds.includes(repeated) ? 'deleteIds' : 'lines', rule: 'lineRepeated' });
    const existing = new Map((await q.linesByIds(tx, c.account.id, touched)).map((r) => [r.id, r]));
    if (existing.size !== touched.length) throw new DomainError('NO_PERMISSION');
    // A line brought in from a voucher may go (and come in again after the voucher changed).
    for (const id of body.deleteIds) {
      const row = existing.get(id)!;
      if (row.voucherId && !row.fromVoucher) throw new DomainError('CASH_LINE_HAS_VOUCHER');
    }
    await q.deleteLines(tx, body.deleteIds);
    const saved: number[] = [];
    for (const l of body.lines) {
      if (!l.id) continue;
      await updateOne(c, existing.get(l.id)!, l);
      saved.push(l.id);
    }
    for (const l of body.lines) {
      if (l.id) continue;
      saved.push(await insertNew(c, l));
    }
    return { companyId: c.account.companyId, accountId: c.account.accountId, saved };
  });
  return linesById(db, companyId, accountId, saved);
}

export async function updateLine(db: Db, id: number, userId: number, body: Omit<CashLineBody, 'id'>): Promise<CashLineDto> {
  const line = await q.findLine(db, id);
  if (!line) throw new DomainError('NO_PERMISSION');
  const [dto] = await saveLines(db, line.bankAccountId, userId, { lines: [{ ...body, id }], deleteIds: [] });
  return dto;
}

export async function deleteLine(db: Db, id: number, userId: number): Promise<void> {
  const line = await q.findLine(db, id);
  if (!line) throw new DomainError('NO_PERMISSION');
  await saveLines(db, line.bankAccountId, userId, { lines: [], deleteIds: [id] });
}

// ---- bringing in from vouchers (从凭证引入日记账) --------------------------------------------------

/** The bank account's subject code and the range (starting no earlier than its start date unless told). */
async function broughtInScope(db: Db, c: Ctx, dateFrom: string, dateTo: string, fromStart = true) {
  const code = c.account.subjectId !== null ? await q.subjectCodeOf(db, c.account.subjectId) : null;
  if (!code) throw new DomainError('CASH_ACCOUNT_NO_SUBJECT', { code: c.account.code });
  return { companyId: c.account.companyId, accountId: c.account.accountId, subjectCode: code, dateFrom: fromStart && c.startDate && c.startDate > dateFrom ? c.startDate : dateFrom, dateTo };
}

/** How a voucher line counts in the journal: a debit (or a red credit) is a receipt, a credit (or a red debit) a payment. */
function sidesOf(r: q.VoucherLineRow): { receiptCents: number; paymentCents: number } {
  const inflow = r.debit ? r.amountCents : -r.amountCents;
  return inflow > 0 ? { receiptCents: inflow, paymentCents: 0 } : { receiptCents: 0, paymentCents: -inflow };
}

/** A page of the voucher lines on the bank account's subject in the range that no journal line holds yet. */
export async function voucherLinesToBringIn(db: Db, bankAccountId: number, p: Paging<CashFromVoucherFilter>): Promise<{ content: CashVoucherLineDto[]; total: number }> {
  return withTx(db, async (tx) => {
    const c = await openCtx(tx, bankAccountId, 0, false);
    const scope = await broughtInScope(tx, c, p.filter.dateFrom, p.filter.dateTo);
    if (scope.dateFrom > scope.dateTo) return { content: [], total: 0 };
    const { rows, total } = await q.voucherLinesFor(tx, { ...scope, page: { offset: p.offset, limit: p.limit } });
    const codes = await voucherCodes(tx, [...new Set(rows.map((r) => r.voucherId))]);
    return { total, content: rows.map((r) => {
      const { receiptCents, paymentCents } = sidesOf(r);
      return {
        itemId: r.itemId, voucherId: r.voucherId, voucherCode: codes.get(r.voucherId) ?? `#${r.voucherId}`, date: r.date, lineNo: r.lineNo, summary: r.summary, subjectCode: r.subjectCode,
        counterparty: r.counterparty, receiptCents: s(receiptCents), paymentCents: s(paymentCents), audited: r.audited, bookkept: r.bookkept,
      };
    }) };
  });
}

/**
 * Brings voucher lines into the bank account's journal, all or none: each becomes a line dated on its
 * voucher's date, numbered in its month, with the voucher line's summary and customer or vendor,
 * linked to the voucher (fromVoucher). A line no longer offered (brought in meanwhile, its voucher
 * changed, voided or gone, not on the account's subject) refuses the whole call, naming its voucher.
 */
export async function bringInVoucherLines(db: Db, bankAccountId: number, userId: number, itemIds: number[]): Promise<CashLineDto[]> {
  const { companyId, accountId, saved } = await withTx(db, async (tx) => {
    const c = await openCtx(tx, bankAccountId, userId);
    if (c.account.disabled) throw new DomainError('CASH_ACCOUNT_DISABLED', { code: c.account.code });
    // Any date: a line before the start date is refused below, saying so.
    const scope = await broughtInScope(tx, c, '0001-01-01', '9999-12-31', false);
    const { rows } = await q.voucherLinesFor(tx, { ...scope, itemIds, lock: true });
    const found = new Set(rows.map((r) => r.itemId));
    const missing = itemIds.find((id) => !found.has(id));
    if (missing !== undefined) {
      const voucherId = await q.voucherOfItem(tx, c.account.companyId, missing);
      const voucher = voucherId ? (await voucherCodes(tx, [voucherId])).get(voucherId) : undefined;
      if (!voucher) throw new DomainError('NO_PERMISSION');
      throw new DomainError('CASH_VOUCHER_LINE_TAKEN', { voucher });
    }
    const saved: number[] = [];
    for (const r of rows) {
      checkDate(c, r.date);
      const month = monthOf(r.date);
      const line = await q.insertLine(tx, {
        companyId: c.account.companyId, bankAccountId: c.account.id, lineDate: r.date, month, code: await codeFor(c, month, null), summary: r.summary,
        kindId: null, counterparty: r.counterparty ? r.counterparty.slice(0, 100) : null, ...sidesOf(r), voucherId: r.voucherId, fromVoucher: true, createdBy: userId,
      });
      saved.push(line.id);
    }
    return { companyId: c.account.companyId, accountId: c.account.accountId, saved };
  });
  return linesById(db, companyId, accountId, saved);
}

export async function nextCode(db: Db, bankAccountId: number, date: string): Promise<number> {
  return q.nextCode(db, bankAccountId, monthOf(date));
}

// ---- balances ------------------------------------------------------------------------------------

/** Per account: opening (the recorded opening plus every line before dateFrom), receipts, payments and closing per bucket. */
export async function balances(db: Db, companyId: number, o: { accountId: number; bankAccountIds?: number[]; dateFrom: string; dateTo: string; groupBy: 'DAY' | 'MONTH' | 'TOTAL'; includeEmpty?: boolean }) {
  if (o.dateTo < o.dateFrom) throw new DomainError('PERIOD_END_BEFORE_START');
  const accounts = await q.bankAccountsOf(companyScope(db, companyId), o.accountId, o.bankAccountIds);
  if (o.bankAccountIds && accounts.length !== new Set(o.bankAccountIds).size) throw new DomainError('NO_PERMISSION');
  const ids = accounts.map((a) => a.id);
  const [openings, before, buckets] = await Promise.all([q.openingsOf(db, ids), q.sumsBefore(db, ids, { before: o.dateFrom }), q.sumsByBucket(db, ids, o.dateFrom, o.dateTo, o.groupBy)]);
  const rows: CashBalanceRowDto[] = [];
  const total = { opening: 0, receipt: 0, payment: 0, closing: 0 };
  for (const a of accounts) {
    const b = before.get(a.id);
    let running = (openings.get(a.id)?.openingCents ?? 0) + (b ? b.receipt - b.payment : 0);
    const mine = buckets.filter((x) => x.id === a.id);
    const accountOpening = running;
    let receipt = 0;
    let payment = 0;
    if (!mine.length && !o.includeEmpty && !openings.has(a.id) && !b) continue;
    // No movement in the range: the account still shows its balance once.
    if (o.groupBy === 'TOTAL' || !mine.length) {
      const x = mine[0] ?? { receipt: 0, payment: 0, receiptCount: 0, paymentCount: 0 };
      rows.push(row(a, o.groupBy === 'TOTAL' ? null : o.dateFrom.slice(0, o.groupBy === 'MONTH' ? 7 : 10), running, x));
      receipt += x.receipt;
      payment += x.payment;
    } else {
      for (const x of mine) {
        rows.push(row(a, x.bucket, running, x));
        running += x.receipt - x.payment;
        receipt += x.receipt;
        payment += x.payment;
      }
    }
    total.opening += accountOpening;
    total.receipt += receipt;
    total.payment += payment;
    total.closing += accountOpening + receipt - payment;
  }
  return { rows, total: { openingCents: s(total.opening), receiptCents: s(total.receipt), paymentCents: s(total.payment), closingCents: s(total.closing) } };

  function row(a: q.BankAccountRow, bucket: string | null, opening: number, x: { receipt: number; payment: number; receiptCount: number; paymentCount: number }): CashBalanceRowDto {
    return {
      bankAccountId: a.id, bankAccountCode: a.code, bankAccountName: a.name, kind: a.kind, bucket, openingCents: s(opening), receiptCents: s(x.receipt), paymentCents: s(x.payment),
      closingCents: s(opening + x.receipt - x.payment), receiptCount: x.receiptCount, paymentCount: x.paymentCount,
    };
  }
}

/** Recomputes each account's balance from its opening and lines (up to the date, or all). */
export async function calcBalances(db: Db, bankAccountIds: number[], date?: string) {
  const ids = [...new Set(bankAccountIds)];
  const [openings, sums] = await Promise.all([q.openingsOf(db, ids), q.sumsBefore(db, ids, { upTo: date })]);
  return ids.map((id) => {
    const o = openings.get(id);
    const x = sums.get(id) ?? { receipt: 0, payment: 0, count: 0 };
    const opening = o?.openingCents ?? 0;
    return { bankAccountId: id, startDate: o?.startDate ?? null, openingCents: s(opening), receiptCents: s(x.receipt), paymentCents: s(x.payment), closingCents: s(opening + x.receipt - x.payment), lineCount: x.count };
  });
}

// ---- openings ------------------------------------------------------------------------------------

export async function listOpenings(db: Db, companyId: number, accountId: number): Promise<CashOpeningDto[]> {
  const accounts = await q.bankAccountsOf(companyScope(db, companyId), accountId);
  const ids = accounts.map((a) => a.id);
  const [openings, firsts] = await Promise.all([q.openingsOf(db, ids), q.firstLineDates(db, ids)]);
  return accounts.map((a) => {
    const o = openings.get(a.id);
    return {
      bankAccountId: a.id, bankAccountCode: a.code, bankAccountName: a.name, kind: a.kind, disabled: a.disabled, id: o?.id ?? null, startDate: o?.startDate ?? a.openedAt ?? null,
      openingCents: s(o?.openingCents ?? 0), firstLineDate: firsts.get(a.id) ?? null, version: o?.version ?? null,
    };
  });
}

/** Saves openings of bank accounts of the ledger set; a start date after the account's first line is refused. */
export async function saveOpenings(db: Db, companyId: number, accountId: number, userId: number, list: Array<{ bankAccountId: number; startDate: string; openingCents: number; version?: number | null }>): Promise<CashOpeningDto[]> {
  await withTx(db, async (tx) => {
    const ids = list.map((o) => o.bankAccountId);
    if (new Set(ids).size !== ids.length) throw new DomainError('INVALID_INPUT', { field: 'openings', rule: 'accountRepeated' });
    const accounts = new Map((await q.bankAccountsOf(companyScope(tx, companyId), accountId, ids)).map((a) => [a.id, a]));
    if (accounts.size !== ids.length) throw new DomainError('NO_PERMISSION');
    for (const id of ids) await q.findBankAccount(tx, id, true);
    const [current, firsts] = await Promise.all([q.openingsOf(tx, ids), q.firstLineDates(tx, ids)]);
    for (const o of list) {
      const cur = current.get(o.bankAccountId);
      if (o.version !== undefined && o.version !== null) assertVersion(cur?.version ?? -1, o.version);
      else if (o.version === null && cur) throw new DomainError('STALE_DATA');
      const first = firsts.get(o.bankAccountId);
      if (first && o.startDate > first) throw new DomainError('CASH_OPENING_AFTER_LINES', { code: accounts.get(o.bankAccountId)!.code, date: first });
      if (cur && cur.startDate === o.startDate && cur.openingCents === o.openingCents) continue;
      await q.upsertOpening(tx, { companyId, bankAccountId: o.bankAccountId, startDate: o.startDate, openingCents: o.openingCents, updatedBy: userId });
    }
  });
  return listOpenings(db, companyId, accountId);
}
