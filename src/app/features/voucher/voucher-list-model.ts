/**
 * The pure half of the voucher list (/voucher/daily/list): the screen's filter as the API's
 * voucherFilter, which batch actions a selection allows (the editor toolbar's machine, per voucher),
 * the auditor's keys, the row the focus goes to after an audit, and the per-voucher report of a
 * batch. No React here, so it is unit-tested.
 */
import { enabledVoucherActions } from '../../../../machines/voucher.machine';
import { VOUCHER_FILTER_PERIOD_RANGES, VOUCHER_FILTER_VALUE_RANGES, type VoucherDto, type VoucherFilter, type voucherListStates } from '../../../contract/voucher';
import { parsePastedAmount, sumCents } from '../../../domain/money';
import type { RightHolder } from '../../../domain/rights';
import { voucherActionSpecs, voucherGuards, type VoucherAction } from '../../../domain/voucher-lifecycle';
import type { MessageRef } from '../common/form-validation';
import { periodStart, reversedRanges } from '../common/range-filter';
import { VOUCHER_LIST_KEY_BINDINGS, type VoucherListCommand } from './voucher-keys';
import { disabledReason, toolbarSnapshot, type ServerAction } from './voucher-toolbar-model';
import type { ResultCode } from '../../../domain/result-codes';

export type VoucherListState = (typeof voucherListStates)[number];

/** What the filter panel holds (saved with the saved filters as it is). */
export interface VoucherListFilterState {
  periodFrom: number | null;
  periodTo: number | null;
  kindId: number | null;
  codeFrom: string;
  codeTo: string;
  listState: VoucherListState;
  /** Subject code prefix (a parent takes its children). */
  subjectCode: string | null;
  summary: string;
  /** Amounts in yuan as typed ("1,200.50"). */
  amountFrom: string;
  amountTo: string;
  /** The maker (制单人, a user id): filter.makerId. */
  makerId: number | null;
  /** An auxiliary value a line carries (核算项目): its type (1 department … 6 budget item) and id. */
  auxTypeId: number | null;
  auxId: number | null;
}

export const emptyVoucherListFilter = (): VoucherListFilterState => ({
  periodFrom: null, periodTo: null, kindId: null, codeFrom: '', codeTo: '', listState: 'ALL', subjectCode: null, summary: '', amountFrom: '', amountTo: '', makerId: null, auxTypeId: null, auxId: null,
});

/** A saved filter from an older version of the screen: keep what still fits. */
export function readSavedVoucherFilter(saved: unknown): VoucherListFilterState {
  const base = emptyVoucherListFilter();
  if (!saved || typeof saved !== 'object') return base;
  const s = saved as Record<string, unknown>;
  const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) && v > 0 ? v : null);
  const str = (v: unknown) => (typeof v === 'string' ? v : '');
  const states: readonly string[] = ['ALL', 'TO_AUDIT', 'TO_CASHIER', 'TO_BOOK', 'ERROR'];
  return {
    periodFrom: num(s.periodFrom), periodTo: num(s.periodTo), kindId: num(s.kindId),
    codeFrom: str(s.codeFrom), codeTo: str(s.codeTo),
    listState: typeof s.listState === 'string' && states.includes(s.listState) ? (s.listState as VoucherListState) : 'ALL',
    subjectCode: typeof s.subjectCode === 'string' && /^\d+$/.test(s.subjectCode) ? s.subjectCode : null,
    summary: str(s.summary), amountFrom: str(s.amountFrom), amountTo: str(s.amountTo), makerId: num(s.makerId),
    ...auxOf(num(s.auxTypeId), num(s.auxId)),
  };
}

/** A saved auxiliary filter: a type of 1 … 6 with a value, else none. */
const auxOf = (type: number | null, id: number | null) => (type !== null && type <= 6 && id !== null ? { auxTypeId: type, auxId: id } : { auxTypeId: null, auxId: null });

/** Amount text in yuan ("1,200.5") as cents, or undefined when empty or not an amount. */
export function amountFilterCents(text: string): number | undefined {
  // As a Chinese keyboard types it too (full-width digits, the IME's 。 for the dot).
  // Thousands separators group by three: "12,5" is no amount (never 125.00).
  const s = text.trim();
  if (!s) return undefined;
  const r = parsePastedAmount(s);
  return r.ok ? r.cents : undefined;
}

const codeOf = (text: string) => (/^\d{1,9}$/.test(text.trim()) && Number(text) > 0 ? Number(text) : undefined);

/**
 * The filter fields the list cannot ask as they stand, each with its message: text that is no
 * amount (voucher:list.filters.amountInvalid), the end of a range of codes or amounts below its
 * start (the contract's own refusal, VOUCHER_FILTER_VALUE_RANGES, in the words the server answers it
 * with: errors:RANGE_END_BEFORE_START), or a range of periods that ends before it starts (the
 * contract's VOUCHER_FILTER_PERIOD_RANGES on the periods' start dates: errors:PERIOD_END_BEFORE_START).
 * The list says so under the field and keeps its rows until they are put right, instead of dropping
 * an amount it cannot read (the list showed every voucher under "abc"), answering a reversed range
 * with an empty list, or swapping a reversed period range behind the clerk's back.
 */
export function filterProblems(
  f: Pick<VoucherListFilterState, 'codeFrom' | 'codeTo' | 'amountFrom' | 'amountTo'> & Partial<Pick<VoucherListFilterState, 'periodFrom' | 'periodTo'>>,
  periods: readonly { id: number; startAt: string }[] = [],
): Partial<Record<'periodTo' | 'codeTo' | 'amountFrom' | 'amountTo', MessageRef>> {
  const out: Partial<Record<'periodTo' | 'codeTo' | 'amountFrom' | 'amountTo', MessageRef>> = {};
  const values = { codeFrom: codeOf(f.codeFrom), codeTo: codeOf(f.codeTo), amountFrom: amountFilterCents(f.amountFrom), amountTo: amountFilterCents(f.amountTo) };
  const reversed = reversedRanges(values, [], VOUCHER_FILTER_VALUE_RANGES);
  const periodRange = reversedRanges({ periodFrom: periodStart(periods, f.periodFrom), periodTo: periodStart(periods, f.periodTo) }, VOUCHER_FILTER_PERIOD_RANGES);
  if (periodRange.periodTo) out.periodTo = periodRange.periodTo;
  if (reversed.codeTo) out.codeTo = reversed.codeTo;
  if (reversed.amountTo) out.amountTo = reversed.amountTo;
  const invalid = { key: 'voucher:list.filters.amountInvalid' };
  if (f.amountFrom.trim() && values.amountFrom === undefined) out.amountFrom = invalid;
  if (f.amountTo.trim() && values.amountTo === undefined) out.amountTo = invalid;
  return out;
}

/**
 * The API filter of the screen's filter: the period range as it was chosen (the contract's
 * periodFrom / periodTo: a reversed one is the server's to refuse, never swapped here; the list does
 * not ask with it, `filterProblems`), codes and amounts when they read as such. Scoped to the ledger
 * set and the account year of the top bar.
 */
export function toApiFilter(
  f: VoucherListFilterState,
  scope: { accountId: number; accountYearId: number },
  periods: readonly { id: number; startAt: string }[],
  keyword: string,
): VoucherFilter {
  const out: VoucherFilter = { accountId: scope.accountId, accountYearId: scope.accountYearId, listState: f.listState };
  // A period no longer in the year (a filter saved in another year) leaves that end open.
  const known = (id: number | null): id is number => id !== null && periods.some((p) => p.id === id);
  if (known(f.periodFrom)) out.periodFrom = f.periodFrom;
  if (known(f.periodTo)) out.periodTo = f.periodTo;
  if (f.kindId !== null) out.kindId = f.kindId;
  const cf = codeOf(f.codeFrom);
  const ct = codeOf(f.codeTo);
  if (cf !== undefined) out.codeFrom = cf;
  if (ct !== undefined) out.codeTo = ct;
  if (f.subjectCode) out.subjectCode = f.subjectCode;
  if (f.summary.trim()) out.summary = f.summary.trim().slice(0, 50);
  const af = amountFilterCents(f.amountFrom);
  const at = amountFilterCents(f.amountTo);
  if (af !== undefined) out.amountFrom = af;
  if (at !== undefined) out.amountTo = at;
  if (f.makerId !== null) out.makerId = f.makerId;
  // A type alone (its value not chosen yet) narrows nothing.
  if (f.auxTypeId !== null && f.auxId !== null) {
    out.auxTypeId = f.auxTypeId;
    out.auxId = f.auxId;
  }
  if (keyword.trim()) out.keyword = keyword.trim().slice(0, 50);
  return out;
}

/**
 * The list narrowed to the vouchers a link names (?ids=: the period end's blockers). They may lie in
 * another year than the top bar's (the next period to settle is often last year's December), so the
 * year drops out: the ids and the ledger set say which vouchers.
 */
export function withLinkIds(filter: VoucherFilter, ids: readonly number[]): VoucherFilter {
  if (!ids.length) return filter;
  const { accountYearId: _year, ...rest } = filter;
  return { ...rest, id: [...ids] };
}

/** The batch actions of the list toolbar (main buttons, then the "more" dropdown), as the editor shows them. */
export const LIST_MAIN_ACTIONS = ['audit', 'auditError', 'bookkeep', 'cashier'] as const satisfies readonly ServerAction[];
export const LIST_MORE_ACTIONS = ['reverseAudit', 'reverseAuditError', 'reverseBookkeep', 'reverseCashier', 'invalid', 'reverseInvalid'] as const satisfies readonly ServerAction[];

type ListVoucher = Pick<VoucherDto, 'id' | 'state' | 'auditAt' | 'auditPass' | 'bookKeepAt' | 'cashierAt' | 'createdBy' | 'periodId'>;

/**
 * How many of the selected vouchers the machine lets `user` take `action` on (the editor toolbar's
 * snapshot per voucher: right, state, period, maker). A batch button is enabled when at least one
 * can; the others are answered as refused in the report, never skipped silently.
 */
export function actionableCount(action: VoucherAction, rows: readonly ListVoucher[], user: (RightHolder & { id: number }) | null, settledPeriodIds: ReadonlySet<number>): number {
  let n = 0;
  for (const v of rows) {
    const snapshot = toolbarSnapshot({ voucher: v, user, periodSettled: settledPeriodIds.has(v.periodId), dirty: false });
    if (enabledVoucherActions(snapshot)[action]) n++;
  }
  return n;
}

/**
 * Why none of the selected vouchers can take `action` (the batch item is disabled): the refusal most
 * of them share, by the editor toolbar's rule (disabledReason: the right, the state, the maker …).
 * A voucher of a settled period is refused for its period (PERIOD_SETTLED, 期间已结账) by every
 * action that needs an open one, whatever its state: nothing is to be done about a bookkept voucher
 * there until the period is reopened, so "reverse the bookkeeping first" would send the user
 * nowhere. Null when one of them can, or none is selected.
 */
export function batchRefusal(action: VoucherAction, rows: readonly ListVoucher[], user: (RightHolder & { id: number }) | null, settledPeriodIds: ReadonlySet<number>): ResultCode | null {
  const counts = new Map<ResultCode, number>();
  const needsOpenPeriod = voucherActionSpecs[action].guards.includes('periodOpen');
  for (const v of rows) {
    const settled = settledPeriodIds.has(v.periodId);
    const reason = disabledReason(toolbarSnapshot({ voucher: v, user, periodSettled: settled, dirty: false }), action) as ResultCode | null;
    if (reason === null) return null;
    const why: ResultCode = settled && needsOpenPeriod && reason !== 'NO_PERMISSION' ? 'PERIOD_SETTLED' : reason;
    counts.set(why, (counts.get(why) ?? 0) + 1);
  }
  // The most shared; between equals, a rule's refusal (the settled period …) before a state's.
  const rule = (code: ResultCode) => Object.values(voucherGuards).some((g) => g.code === code);
  let best: ResultCode | null = null;
  for (const [code, n] of counts) if (best === null || n > counts.get(best)! || (n === counts.get(best)! && rule(code) && !rule(best))) best = code;
  return best;
}

/** The first line's summary and the number of lines ("收律师费" · 2). */
export function firstSummary(v: Pick<VoucherDto, 'items'>): string {
  const first = [...v.items].sort((a, b) => a.lineNo - b.lineNo)[0];
  return first?.summary ?? '';
}

/**
 * The tags a row shows (spec 01 §4): invalid, audit success / error, bookkept, cashier; and
 * `settled` when the voucher's period is settled (期间已结账: nothing but copying acts on it), so the
 * list says why its actions are refused before they are tried.
 */
export type VoucherRowTag = 'invalid' | 'auditSuccess' | 'auditError' | 'bookkept' | 'cashier' | 'settled';
export function rowTags(v: Pick<VoucherDto, 'state' | 'auditAt' | 'auditPass' | 'bookKeepAt' | 'cashierAt'>, settled = false): VoucherRowTag[] {
  const tags: VoucherRowTag[] = [];
  if (v.state === 'INVALID') tags.push('invalid');
  if (v.auditAt) tags.push(v.auditPass === false ? 'auditError' : 'auditSuccess');
  if (v.bookKeepAt) tags.push('bookkept');
  if (v.cashierAt) tags.push('cashier');
  if (settled) tags.push('settled');
  return tags;
}

/**
 * The auditor's keys on the list (on top of the grid's arrows, Space to select, Enter to open and
 * Delete). Chosen not to clash: the shell holds Ctrl+K, F1, ?, Alt+M and Alt+PageUp/PageDown; the
 * entry grid Alt+A, Alt+Insert, Ctrl+D/I/Z/Y, F7, Shift+F10; the editor Ctrl+S, F12, Alt+N,
 * PageUp/PageDown and Alt+↑/↓; Chromium F5/F6/F11 and Ctrl+letters. F8 has no default in Chromium.
 */

export const voucherListKeyLabel = (command: VoucherListCommand) => VOUCHER_LIST_KEY_BINDINGS.find((b) => b.command === command)?.label ?? '';

/**
 * Where the focus goes after the focused voucher was audited: the voucher that followed it, found
 * again in the refreshed rows (it keeps its id when the audited one leaves a "to be audited" list),
 * else the row at the same index, else the last row; null when the list is empty.
 */
export function focusAfterAudit(rowIdsBefore: readonly number[], auditedId: number, rowIdsAfter: readonly number[]): { index: number; id: number } | null {
  if (!rowIdsAfter.length) return null;
  const at = rowIdsBefore.indexOf(auditedId);
  const nextId = at >= 0 ? rowIdsBefore[at + 1] : undefined;
  if (nextId !== undefined) {
    const i = rowIdsAfter.indexOf(nextId);
    if (i >= 0) return { index: i, id: nextId };
  }
  const stay = Math.min(Math.max(at, 0), rowIdsAfter.length - 1);
  return { index: stay, id: rowIdsAfter[stay] };
}

/** One line of the report after a batch. */
export interface BatchReportLine {
  id: number;
  label: string;
  markTime: string;
  ok: boolean;
  message: string | null;
}

/** The batch answer joined with the rows it was asked for (labels "记-0003"), in the order asked. */
export function batchReport(
  answers: readonly { id: number; ok: boolean; msg: string | null }[],
  rows: readonly Pick<VoucherDto, 'id' | 'kindName' | 'codeText' | 'markTime'>[],
): { lines: BatchReportLine[]; done: number; refused: number } {
  const byId = new Map(rows.map((r) => [r.id, r]));
  const lines = answers.map((a) => {
    const r = byId.get(a.id);
    return { id: a.id, label: r ? `${r.kindName}-${r.codeText}` : `#${a.id}`, markTime: r?.markTime.slice(0, 10) ?? '', ok: a.ok, message: a.ok ? null : a.msg };
  });
  const done = lines.filter((l) => l.ok).length;
  return { lines, done, refused: lines.length - done };
}

/** The page's debit and credit totals (the pinned 合计 row), in cents as the API writes them. */
export function pageTotals(rows: readonly Pick<VoucherDto, 'debitCents' | 'creditCents' | 'state'>[]): { debitCents: string; creditCents: string; count: number } {
  // Invalid vouchers do not count: they are void, as in the ledgers.
  const live = rows.filter((r) => r.state !== 'INVALID');
  return { debitCents: String(sumCents(live.map((r) => Number(r.debitCents)))), creditCents: String(sumCents(live.map((r) => Number(r.creditCents)))), count: live.length };
}
