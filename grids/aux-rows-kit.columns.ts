/**
 * Columns of the auxiliary-rows grid on the kit page (`kit.html?sheet=aux`), shaped like the
 * voucher's auxiliary-entry popup (spec 01 §2, spec 02 §2.9): one row per auxiliary item with its
 * amount; it starts with 1 + 5 rows and arrow-down on the last row adds one (`appendOnArrowDown`).
 * The real popup's columns follow the subject's auxiliary types.
 */
import { VOUCHER_LINE_MAX_CENTS } from '../src/domain/constants';
import { matchLookup, type LookupOption } from './lookup-match';
import type { SheetRow, SheetSchema } from './sheet-schema';

export interface AuxKitRow extends SheetRow {
  auxId: string | null;
  /** Cents. */
  amount: number | null;
}

/** Rows the popup starts with: the filled one plus 5 blank (spec 02 §2.9). */
export const AUX_POPUP_INITIAL_ROWS = 6;

export function auxRowsKitSchema(options: readonly LookupOption[]): SheetSchema<AuxKitRow> {
  return {
    id: 'aux-rows-kit',
    initialRows: AUX_POPUP_INITIAL_ROWS,
    minRows: 1,
    rowStep: 1,
    appendOnArrowDown: true,
    blankRow: (id) => ({ id, auxId: null, amount: null }),
    totalsLabelColumn: 'auxId',
    columns: [
      { kind: 'index', colId: 'index', headerKey: 'grid:columns.index', width: 52 },
      {
        kind: 'lookup',
        field: 'auxId',
        headerKey: 'grid:columns.auxiliary',
        flex: 1,
        minWidth: 180,
        picker: 'aux',
        lookup: {
          format: (value) => options.find((o) => o.value === value)?.name ?? '',
          resolve: (text) => matchLookup(text, options),
        },
      },
      { kind: 'amount', field: 'amount', headerKey: 'grid:columns.amount', limits: { maxAbsCents: VOUCHER_LINE_MAX_CENTS } },
    ],
  };
}
