/**
 * The auxiliary ledgers' and budget execution screens' filter state, its mapping to the API
 * filters (none while the period range ends before it starts) and the drill-down links between the
 * screens (pure, tested).
 */
import { treeAuxTypeIds, type AuxBalanceFilter, type AuxDetailFilter, type AuxTotalFilter, type BudgetDetailFilter, type BudgetExecFilter } from '../../../contract/ledger-aux';
import type { PeriodDto } from '../../../contract/account';
import { currentPeriod } from '../ledger/subject-balance-model';
import { periodRangeReversed } from '../common/range-filter';

export interface AuxRef { id: number; code: string; name: string }

export interface AuxFilterState {
  startPeriodId: number | null;
  endPeriodId: number | null;
  auxTypeId: number;
  /** The values chosen (empty: every value); the sub-ledger uses the first. */
  values: AuxRef[];
  codeFrom: string;
  codeTo: string;
  /** The sub-ledger's subject (and the subjects below it). */
  subject: { id: number; code: string; name: string } | null;
  includeUnbooked: boolean;
  showZero: boolean;
  /** A tree type (departments, budget items): the deepest level shown (null: every level)… */
  level: number | null;
  /** …or only the values without children. */
  leafOnly: boolean;
}

export const emptyAuxFilter = (auxTypeId = 3): AuxFilterState => ({
  startPeriodId: null, endPeriodId: null, auxTypeId, values: [], codeFrom: '', codeTo: '', subject: null, includeUnbooked: true, showZero: false, level: null, leafOnly: false,
});

/** Whether the type's values form a tree (the balance offers level and leaf-only). */
export const isTreeType = (auxTypeId: number) => (treeAuxTypeIds as readonly number[]).includes(auxTypeId);

/** The range asked, or the default: the current period alone (balances), the year through it (ledgers). */
export function periodsOf(s: Pick<AuxFilterState, 'startPeriodId' | 'endPeriodId'>, periods: readonly PeriodDto[], today: string, fromYearStart: boolean): { start: number; end: number } | null {
  const current = currentPeriod(periods, today);
  const start = s.startPeriodId ?? (fromYearStart ? periods[0]?.id : current?.id);
  const end = s.endPeriodId ?? current?.id;
  return start === undefined || end === undefined ? null : { start, end };
}

/** The range to ask the ledger for: the range in force, unless it ends before it starts (said under its end period, range-filter.ts). */
function askedPeriods(s: Pick<AuxFilterState, 'startPeriodId' | 'endPeriodId'>, periods: readonly PeriodDto[], today: string, fromYearStart: boolean): { start: number; end: number } | null {
  const r = periodsOf(s, periods, today, fromYearStart);
  return r && !periodRangeReversed(periods, r.start, r.end) ? r : null;
}

const code = (c: string) => (/^\d{1,40}$/.test(c.trim()) ? c.trim() : undefined);

export function toAuxBalanceFilter(s: AuxFilterState, accountId: number, accountYearId: number, periods: readonly PeriodDto[], today: string, fromYearStart = false): AuxBalanceFilter | null {
  const r = askedPeriods(s, periods, today, fromYearStart);
  if (!r) return null;
  return {
    accountId, accountYearId, startPeriodId: r.start, endPeriodId: r.end, auxTypeId: s.auxTypeId,
    auxIds: s.values.length > 0 ? s.values.map((v) => v.id) : undefined,
    subjectCodeFrom: code(s.codeFrom), subjectCodeTo: code(s.codeTo), includeUnbooked: s.includeUnbooked, showZero: s.showZero,
    level: isTreeType(s.auxTypeId) && s.level !== null ? s.level : undefined, leafOnly: isTreeType(s.auxTypeId) && s.leafOnly,
  };
}

/** The general ledger's filter: the balance's without levels. */
export function toAuxTotalFilter(s: AuxFilterState, accountId: number, accountYearId: number, periods: readonly PeriodDto[], today: string): AuxTotalFilter | null {
  const f = toAuxBalanceFilter(s, accountId, accountYearId, periods, today, true);
  if (!f) return null;
  const { level: _level, leafOnly: _leafOnly, ...rest } = f;
  return rest;
}

/** The sub-ledger's filter, or null until a value is chosen. */
export function toAuxDetailFilter(s: AuxFilterState, accountId: number, accountYearId: number, periods: readonly PeriodDto[], today: string): AuxDetailFilter | null {
  const r = askedPeriods(s, periods, today, true);
  const value = s.values[0];
  if (!r || !value) return null;
  return {
    accountId, accountYearId, startPeriodId: r.start, endPeriodId: r.end, auxTypeId: s.auxTypeId, auxId: value.id,
    subjectId: s.subject?.id, includeUnbooked: s.includeUnbooked,
  };
}

export interface BudgetFilterState {
  startPeriodId: number | null;
  endPeriodId: number | null;
  budget: AuxRef | null;
  includeUnbooked: boolean;
  showZero: boolean;
}
export const emptyBudgetFilter = (): BudgetFilterState => ({ startPeriodId: null, endPeriodId: null, budget: null, includeUnbooked: true, showZero: true });

export function toBudgetSummaryFilter(s: BudgetFilterState, accountId: number, accountYearId: number, periods: readonly PeriodDto[], today: string): BudgetExecFilter | null {
  const r = askedPeriods(s, periods, today, true);
  if (!r) return null;
  return { accountId, accountYearId, startPeriodId: r.start, endPeriodId: r.end, budgetIds: s.budget ? [s.budget.id] : undefined, includeUnbooked: s.includeUnbooked, showZero: s.showZero };
}

export function toBudgetDetailFilter(s: BudgetFilterState, accountId: number, accountYearId: number, periods: readonly PeriodDto[], today: string): BudgetDetailFilter | null {
  const r = askedPeriods(s, periods, today, true);
  if (!r || !s.budget) return null;
  return { accountId, accountYearId, startPeriodId: r.start, endPeriodId: r.end, budgetId: s.budget.id, includeUnbooked: s.includeUnbooked };
}

// ---- Saved filters (user data, the SavedFilters control): a stored filter is read back defensively.

const idOf = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x > 0 ? x : null);
const bool = (x: unknown, d: boolean) => (typeof x === 'boolean' ? x : d);
const refOf = (x: unknown): AuxRef | null => {
  if (!x || typeof x !== 'object') return null;
  const o = x as Record<string, unknown>;
  const id = idOf(o.id);
  return id === null ? null : { id, code: typeof o.code === 'string' ? o.code.slice(0, 50) : '', name: typeof o.name === 'string' ? o.name.slice(0, 100) : '' };
};
const digits = (x: unknown) => (typeof x === 'string' ? x.replace(/\D/g, '').slice(0, 40) : '');

/** A saved auxiliary ledger filter (anything else: the empty filter of the screen's type). */
export function readSavedAuxFilter(v: unknown, auxTypeId = 3): AuxFilterState {
  const base = emptyAuxFilter(auxTypeId);
  if (!v || typeof v !== 'object') return base;
  const o = v as Record<string, unknown>;
  const type = idOf(o.auxTypeId);
  const level = idOf(o.level);
  return {
    startPeriodId: idOf(o.startPeriodId), endPeriodId: idOf(o.endPeriodId),
    auxTypeId: type !== null && type <= 6 ? type : base.auxTypeId,
    values: Array.isArray(o.values) ? o.values.map(refOf).filter((r): r is AuxRef => r !== null).slice(0, 1000) : [],
    codeFrom: digits(o.codeFrom), codeTo: digits(o.codeTo), subject: refOf(o.subject),
    includeUnbooked: bool(o.includeUnbooked, base.includeUnbooked), showZero: bool(o.showZero, base.showZero),
    level: level !== null && level <= 15 ? level : null, leafOnly: bool(o.leafOnly, false),
  };
}

/** A saved budget execution filter. */
export function readSavedBudgetFilter(v: unknown): BudgetFilterState {
  const base = emptyBudgetFilter();
  if (!v || typeof v !== 'object') return base;
  const o = v as Record<string, unknown>;
  return {
    startPeriodId: idOf(o.startPeriodId), endPeriodId: idOf(o.endPeriodId), budget: refOf(o.budget),
    includeUnbooked: bool(o.includeUnbooked, base.includeUnbooked), showZero: bool(o.showZero, base.showZero),
  };
}

/** A drill-down carried in the address (?drill=…): what the target screen applies to its filter. */
export interface Drill {
  startPeriodId: number;
  endPeriodId: number;
  includeUnbooked: boolean;
  auxTypeId?: number;
  value?: AuxRef;
  subject?: { id: number; code: string; name: string };
}

export const drillHref = (path: string, d: Drill) => `${path}?drill=${encodeURIComponent(JSON.stringify(d))}`;

/** The drill read back from the address, or null when absent or not one. */
export function parseDrill(raw: unknown): Drill | null {
  let v: unknown = raw;
  if (typeof raw === 'string') {
    try {
      v = JSON.parse(raw);
    } catch {
      return null;
    }
  }
  if (!v || typeof v !== 'object') return null;
  const d = v as Partial<Drill>;
  if (typeof d.startPeriodId !== 'number' || typeof d.endPeriodId !== 'number') return null;
  return { startPeriodId: d.startPeriodId, endPeriodId: d.endPeriodId, includeUnbooked: d.includeUnbooked !== false, auxTypeId: d.auxTypeId, value: d.value, subject: d.subject };
}
