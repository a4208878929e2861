/**
 * Columns of the voucher-shaped grid on the kit page (kit.html): index, summary, subject,
 * auxiliary (only for subjects with auxiliary types), debit and credit in digit cells. The real
 * voucher editor's `voucher.columns.ts` will look the same with the account year's subjects as
 * its catalogue. Rows: 20 to start with (spec 01 §2), Enter past the last row adds one.
 */
import { TEXT_BASE, VOUCHER_DEFAULT_ROWS, VOUCHER_LINE_MAX_CENTS } from '../src/domain/constants';
import type { LookupResolution, SheetRow, SheetSchema } from './sheet-schema';

export interface VoucherKitRow extends SheetRow {
  summary: string;
  subjectId: string | null;
  auxId: string | null;
  /** Cents. */
  debit: number | null;
  /** Cents. */
  credit: number | null;
}

/** What the columns need to know about subjects and auxiliary items. */
export interface VoucherKitCatalog {
  subjectLabel: (subjectId: string) => string;
  resolveSubject: (text: string) => LookupResolution;
  subjectHasAux: (subjectId: string | null) => boolean;
  auxLabel: (subjectId: string | null, auxId: string) => string;
  resolveAux: (subjectId: string | null, text: string) => LookupResolution;
}

export interface VoucherKitOptions {
  initialRows?: number;
  rowStep?: number;
}

export function voucherKitSchema(catalog: VoucherKitCatalog, options: VoucherKitOptions = {}): SheetSchema<VoucherKitRow> {
  const initialRows = options.initialRows ?? VOUCHER_DEFAULT_ROWS;
  // A voucher line holds what its 11 digit columns draw (亿 … 分): 999,999,999.99.
  const amountLimits = { maxAbsCents: VOUCHER_LINE_MAX_CENTS };
  return {
    id: 'voucher-kit',
    initialRows,
    minRows: initialRows,
    rowStep: options.rowStep ?? 1,
    blankRow: (id) => ({ id, summary: '', subjectId: null, auxId: null, debit: null, credit: null }),
    amountPair: { debit: 'debit', credit: 'credit' },
    totalsLabelColumn: 'summary',
    columns: [
      { kind: 'index', colId: 'index', headerKey: 'grid:columns.index', width: 52 },
      // F7 offers the screen's commonly used summaries (the kit page has none: nothing opens there).
      { kind: 'text', field: 'summary', headerKey: 'grid:columns.summary', flex: 2, minWidth: 180, maxLength: TEXT_BASE, picker: 'summary' },
      {
        kind: 'lookup',
        field: 'subjectId',
        headerKey: 'grid:columns.subject',
        flex: 2,
        minWidth: 190,
        picker: 'subject',
        clears: ['auxId'],
        lookup: {
          format: (value) => (typeof value === 'string' ? catalog.subjectLabel(value) : ''),
          resolve: (text) => catalog.resolveSubject(text),
        },
      },
      {
        kind: 'lookup',
        field: 'auxId',
        headerKey: 'grid:columns.auxiliary',
        flex: 1,
        minWidth: 140,
        picker: 'aux',
        applicable: (row) => catalog.subjectHasAux(row.subjectId),
        lookup: {
          format: (value, row) => (typeof value === 'string' ? catalog.auxLabel(row.subjectId, value) : ''),
          resolve: (text, row) => catalog.resolveAux(row.subjectId, text),
        },
      },
      { kind: 'amount', field: 'debit', headerKey: 'grid:columns.debit', limits: amountLimits },
      { kind: 'amount', field: 'credit', headerKey: 'grid:columns.credit', limits: amountLimits, skipOnEnter: (row) => row.debit !== null },
    ],
  };
}
