/**
 * The subject ledgers' filter state (科目汇总表, 总账, 明细账) and its mapping to the API filters,
 * the drill-down links between them (pure, tested).
 */
import type { SubjectBalanceFilter, SubjectDetailFilter } from '../../../contract/ledger';
import type { PeriodDto } from '../../../contract/account';
import { emptySubjectBalanceFilter, toSubjectBalanceFilter, type SubjectBalanceFilterState } from './subject-balance-model';

export interface SubjectLedgerFilterState extends SubjectBalanceFilterState {
  /** The sub-ledger's subject (with every subject below it); null: none chosen yet. */
  subjectId: number | null;
}

export const emptySubjectLedgerFilter = (): SubjectLedgerFilterState => ({ ...emptySubjectBalanceFilter(), subjectId: null });

/** Summary and general ledger: the subject balance's filter. */
export const toSubjectLedgerFilter = (s: SubjectLedgerFilterState, accountId: number, accountYearId: number, periods: readonly PeriodDto[], today: string): SubjectBalanceFilter | null =>
  toSubjectBalanceFilter(s, accountId, accountYearId, periods, today);

/** The sub-ledger's filter, or null while its periods or subject are not chosen. */
export function toSubjectDetailFilter(s: SubjectLedgerFilterState, accountId: number, accountYearId: number, periods: readonly PeriodDto[], today: string): SubjectDetailFilter | null {
  const f = toSubjectBalanceFilter(s, accountId, accountYearId, periods, today);
  if (!f || s.subjectId === null) return null;
  return { accountId, accountYearId, startPeriodId: f.startPeriodId, endPeriodId: f.endPeriodId, subjectId: s.subjectId, includeUnbooked: f.includeUnbooked };
}

export const SUB_LEDGER_PATH = '/voucher/business/subLedgerBySubject';

/** The sub-ledger of a subject over a period range: the link a summary or general-ledger row opens. */
export function subLedgerHref(v: { subjectId: number; startPeriodId: number; endPeriodId: number; includeUnbooked: boolean }): string {
  const q = new URLSearchParams({ subjectId: String(v.subjectId), start: String(v.startPeriodId), end: String(v.endPeriodId), unbooked: v.includeUnbooked ? '1' : '0' });
  return `${SUB_LEDGER_PATH}?${q}`;
}

/** The filter a sub-ledger link carries (search params), or null when it carries none. */
export function readSubLedgerSearch(search: Record<string, unknown>): Partial<SubjectLedgerFilterState> | null {
  const num = (v: unknown) => {
    const n = Number(v);
    return Number.isInteger(n) && n > 0 ? n : null;
  };
  const subjectId = num(search.subjectId);
  if (subjectId === null) return null;
  const start = num(search.start);
  const end = num(search.end);
  return {
    subjectId,
    ...(start !== null ? { startPeriodId: start } : {}),
    ...(end !== null ? { endPeriodId: end } : {}),
    ...(search.unbooked !== undefined ? { includeUnbooked: String(search.unbooked) !== '0' } : {}),
  };
}

/** A saved filter read back (user data may hold an older shape): the known fields, the rest default. */
export function readSavedLedgerFilter(v: unknown): SubjectLedgerFilterState {
  const base = emptySubjectLedgerFilter();
  if (!v || typeof v !== 'object') return base;
  const o = v as Record<string, unknown>;
  const id = (x: unknown) => (typeof x === 'number' && Number.isInteger(x) && x > 0 ? x : null);
  const text = (x: unknown) => (typeof x === 'string' ? x.replace(/\D/g, '').slice(0, 40) : '');
  return {
    startPeriodId: id(o.startPeriodId), endPeriodId: id(o.endPeriodId), codeFrom: text(o.codeFrom), codeTo: text(o.codeTo),
    level: id(o.level), includeUnbooked: typeof o.includeUnbooked === 'boolean' ? o.includeUnbooked : base.includeUnbooked,
    showZero: typeof o.showZero === 'boolean' ? o.showZero : base.showZero, subjectId: id(o.subjectId),
  };
}
