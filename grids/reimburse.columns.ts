/**
 * Columns of the reimbursement sheet (spec 02 §2.8, §4): expense kind (a lookup of the company's
 * enabled kinds: typed by its number in the list or its name, F7 for the list), invoice issue date
 * (typed 2026-11-03, 2026/11/3, 20261103 or 11-3 in the mark date's year), invoice number, amount in
 * digit cells up to the maximum cost, remark. 20 rows to start with, 5 more as soon as the last
 * one is filled (`growWhenFilled`), Enter past the last row adds rows too.
 */
import { MAX_COST_CENTS, REIMBURSE_DEFAULT_ROWS, REIMBURSE_ROW_STEP, TEXT_BASE } from '../src/domain/constants';
import { isCalendarDate } from '../src/contract/common';
import { matchLookup, type LookupOption } from './lookup-match';
import type { FieldOf, LookupResolution, SheetRow, SheetSchema } from './sheet-schema';

export interface ReimburseRow extends SheetRow {
  /** The expense kind's id as text (lookup value). */
  expenseKindId: string | null;
  /** YYYY-MM-DD. */
  issueAt: string | null;
  no: string;
  /** Cents. */
  amount: number | null;
  remark: string;
}

/** The kinds a line may take, and the names every kind shows by. */
export interface ReimburseCatalog {
  /** The kinds offered (typed by number or name, F7): the enabled ones (spec 02 §7). */
  kinds: readonly LookupOption[];
  /**
   * Every kind of the company by id, disabled ones too: a stored line shows the kind it carries by
   * its name (the server keeps it on that line, domain `KindRule`), though it is offered no more.
   */
  names?: ReadonlyMap<string, string>;
  /** The year a short date (11-3) is read in. */
  year: number;
}

/** Reads a typed date; null when it is not one. */
export function readIssueDate(text: string, year: number): string | null {
  const s = text.trim().replace(/[./年月]/g, '-').replace(/日$/, '');
  let m = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(s) ?? /^(\d{4})(\d{2})(\d{2})$/.exec(s);
  let y = m ? Number(m[1]) : year;
  let mo: number;
  let d: number;
  if (m) {
    mo = Number(m[2]);
    d = Number(m[3]);
  } else {
    m = /^(\d{1,2})-(\d{1,2})$/.exec(s);
    if (!m) return null;
    mo = Number(m[1]);
    d = Number(m[2]);
  }
  if (y < 1900 || y > 9999) y = year;
  const iso = `${String(y).padStart(4, '0')}-${String(mo).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  return isCalendarDate(iso) ? iso : null;
}

export const REIMBURSE_FIELDS: readonly FieldOf<ReimburseRow>[] = ['expenseKindId', 'issueAt', 'no', 'amount', 'remark'];

export function reimburseSchema(catalog: ReimburseCatalog, cellIssue?: SheetSchema<ReimburseRow>['cellIssue']): SheetSchema<ReimburseRow> {
  const kindLabel = (value: string | number | null) => {
    if (value === null || value === '') return '';
    return catalog.names?.get(String(value)) ?? catalog.kinds.find((o) => o.value === String(value))?.name ?? '';
  };
  return {
    id: 'reimburse',
    initialRows: REIMBURSE_DEFAULT_ROWS,
    minRows: REIMBURSE_DEFAULT_ROWS,
    rowStep: REIMBURSE_ROW_STEP,
    growWhenFilled: true,
    blankRow: (id) => ({ id, expenseKindId: null, issueAt: null, no: '', amount: null, remark: '' }),
    totalsLabelColumn: 'no',
    cellIssue,
    columns: [
      { kind: 'index', colId: 'index', headerKey: 'grid:columns.index', width: 52 },
      {
        kind: 'lookup',
        field: 'expenseKindId',
        headerKey: 'reimburse:columns.kind',
        flex: 1,
        minWidth: 150,
        picker: 'kind',
        lookup: { format: (value) => kindLabel(value), resolve: (text) => matchLookup(text, catalog.kinds) },
      },
      {
        kind: 'lookup',
        field: 'issueAt',
        headerKey: 'reimburse:columns.issueAt',
        width: 130,
        lookup: {
          format: (value) => (typeof value === 'string' ? value : ''),
          resolve: (text): LookupResolution => {
            const d = readIssueDate(text, catalog.year);
            return d ? { ok: true, value: d } : { ok: false, reason: 'notFound' };
          },
        },
      },
      { kind: 'text', field: 'no', headerKey: 'reimburse:columns.no', flex: 1, minWidth: 150, maxLength: TEXT_BASE, copyDown: false },
      { kind: 'amount', field: 'amount', headerKey: 'reimburse:columns.amount', limits: { maxAbsCents: MAX_COST_CENTS } },
      { kind: 'text', field: 'remark', headerKey: 'reimburse:columns.remark', flex: 1, minWidth: 140, maxLength: TEXT_BASE },
    ],
  };
}
