/** Column helpers shared by the auxiliary ledgers' and budget execution grids. */
import type { ColDef, ValueFormatterParams } from 'ag-grid-community';
import { formatCents } from '../../../domain/money';

/** Amounts in yuan; zero left blank unless `keepZero` says otherwise for the row. */
export function moneyCol<R>(field: string, headerName: string, keepZero: (row: R | undefined) => boolean = () => false): ColDef<R> {
  return {
    // 'cents' (read-grid.tsx): a negative figure (a red-ink reversal, an overspent budget) in red, as in every read grid.
    field: field as never, headerName, colId: field, type: ['rightAligned', 'cents'], minWidth: 92, cellDataType: false,
    valueFormatter: (p: ValueFormatterParams<R>) => {
      const cents = Number(p.value ?? 0);
      return cents === 0 && !keepZero(p.data ?? undefined) ? '' : formatCents(cents);
    },
  };
}

