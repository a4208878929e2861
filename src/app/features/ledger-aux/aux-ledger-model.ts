/**
 * The auxiliary ledgers' and budget execution screens' filter state, its mapping to the API
 * filters and the drill-down links between the screens (pure, tested).
 */
import type { AuxBalanceFilter, AuxDetailFilter, BudgetDetailFilter, BudgetExecFilter } from '../../../contract/ledger-aux';
import type { PeriodDto } from '../../../contract/account';
import { currentPeriod } from '../ledger/subject-balance-model';

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
}

export const emptyAuxFilter = (auxTypeId = 3): AuxFilterState => ({
  startPeriodId: null, endPeriodId: null, auxTypeId, values: [], codeFrom: '', codeTo: '', subject: null, includeUnbooked: true, showZero: false,
});

/** The range asked, or the default: the current period alone (balances), the year through it (ledgers). */
export function periodsOf(s: Pick<AuxFilterState, 'startPeriodId' | 'endPeriodId'>, periods: readonly PeriodDto[], today: string, fromYearStart: boolean): { start: number; end: number } | null {
  const current = currentPeriod(periods, today);
  const start = s.startPeriodId ?? (fromYearStart ? periods[0]?.id : current?.id);
  const end = s.endPeriodId ?? current?.id;
  return start === undefined || end === undefined ? null : { start, end };
}

const code = (c: string) => (/^\d{1,40}$/.test(c.trim()) ? c.trim() : undefined);

export function toAuxBalanceFilter(s: AuxFilterState, accountId: number, accountYearId: number, periods: readonly PeriodDto[], today: string, fromYearStart = false): AuxBalanceFilter | null {
  const r = periodsOf(s, periods, today, fromYearStart);
  if (!r) return null;
  return {
    accountId, accountYearId, startPeriodId: r.start, endPeriodId: r.end, auxTypeId: s.auxTypeId,
    auxIds: s.values.length > 0 ? s.values.map((v) => v.id) : undefined,
    subjectCodeFrom: code(s.codeFrom), subjectCodeTo: code(s.codeTo), includeUnbooked: s.includeUnbooked, showZero: s.showZero,
  };
}

/** The sub-ledger's filter, or null until a value is chosen. */
export function toAuxDetailFilter(s: AuxFilterState, accountId: number, accountYearId: number, periods: readonly PeriodDto[], today: string): AuxDetailFilter | null {
  const r = periodsOf(s, periods, today, true);
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
  const r = periodsOf(s, periods, today, true);
  if (!r) return null;
  return { accountId, accountYearId, startPeriodId: r.start, endPeriodId: r.end, budgetIds: s.budget ? [s.budget.id] : undefined, includeUnbooked: s.includeUnbooked, showZero: s.showZero };
}

export function toBudgetDetailFilter(s: BudgetFilterState, accountId: number, accountYearId: number, periods: readonly PeriodDto[], today: string): BudgetDetailFilter | null {
  const r = periodsOf(s, periods, today, true);
  if (!r || !s.budget) return null;
  return { accountId, accountYearId, startPeriodId: r.start, endPeriodId: r.end, budgetId: s.budget.id, includeUnbooked: s.includeUnbooked };
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
