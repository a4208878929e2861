/**
 * From a screen's column data (`SheetSchema.columns`) to AG Grid column definitions: the index
 * column, text and lookup cells with the text editor, amount cells with the digit renderer,
 * header and amount editor; editability from the row (read-only sheet, pinned totals row, cells
 * that do not apply); the totals label spanning the columns before the first amount.
 */
import type { CellClassParams, ColDef, ColSpanParams, EditableCallbackParams, ValueFormatterParams, ValueGetterParams } from 'ag-grid-community';
import type { TFunction } from 'i18next';
import { AmountCellEditor } from './amount-editor';
import { inBounds } from './cell-range';
import { DigitCellRenderer } from './digit-cell';
import { DigitHeader, type DigitHeaderParams } from './digit-header';
import { AMOUNT_COLUMN_WIDTH_PX } from './entry-grid-setup';
import { kitContextOf } from './kit-context';
import { TextCellEditor } from './text-editor';
import { TotalsLabelCell } from './totals-label-cell';
import { fullTextTooltip } from './full-text';
import { colIdOf, isApplicable, isDataColumn, type DataColumn, type EntryColumn, type SheetRow, type SheetSchema } from './sheet-schema';

/** What `suppressKeyboardEvent` and commands need to know about a column. */
export interface EntryColumnContext {
  kind: EntryColumn<SheetRow>['kind'];
}

export interface EntryColDefOptions extends DigitHeaderParams {
  t: TFunction;
}

function editableFor<R extends SheetRow>(column: DataColumn<R>) {
  return (p: EditableCallbackParams<R>) => {
    const kit = kitContextOf<R>(p.context);
    return !kit.readOnly && !p.node.rowPinned && p.data !== undefined && isApplicable(column, p.data);
  };
}

/** Columns from the label column up to (not including) the first amount column: the totals label spans them. */
function totalsSpan<R extends SheetRow>(schema: SheetSchema<R>, labelColId: string): number {
  const start = schema.columns.findIndex((c) => colIdOf(c) === labelColId);
  if (start < 0) return 1;
  let span = 0;
  for (const c of schema.columns.slice(start)) {
    if (c.kind === 'amount') break;
    span++;
  }
  return Math.max(1, span);
}

export function toEntryColDefs<R extends SheetRow>(schema: SheetSchema<R>, options: EntryColDefOptions): ColDef<R>[] {
  const { t, units, unitNames } = options;
  const labelColId = schema.totalsLabelColumn;
  const span = labelColId ? totalsSpan(schema, labelColId) : 1;
  return schema.columns.map((column): ColDef<R> => {
    const headerName = t(column.headerKey);
    const sizing = { width: column.width, minWidth: column.minWidth, flex: column.flex };
    const context: EntryColumnContext = { kind: column.kind };
    if (!isDataColumn(column)) {
      return {
        ...sizing,
        colId: column.colId,
        headerName,
        context,
        editable: false,
        resizable: false,
        cellClass: 'ld-cell-index',
        valueGetter: (p: ValueGetterParams<R>) => (p.node?.rowPinned ? '' : (p.node?.rowIndex ?? 0) + 1),
      };
    }
    const base: ColDef<R> = {
      ...sizing,
      colId: column.field,
      field: column.field as unknown as ColDef<R>['field'],
      headerName,
      context,
      editable: editableFor(column),
      cellClassRules: {
        'ld-cell-na': (p: CellClassParams<R>) => !column.computed && !p.node.rowPinned && p.data !== undefined && !isApplicable(column, p.data),
        // A cell the screen flags (schema.cellIssue: required and empty, repeated number…).
        'ld-cell-issue': (p: CellClassParams<R>) => !!schema.cellIssue && !p.node.rowPinned && p.data !== undefined && !!schema.cellIssue(p.data, column.field),
        'ld-cell-computed': () => column.computed === true,
        // The block Shift+arrows selected for Ctrl+C.
        'ld-cell-selected': (p: CellClassParams<R>) => {
          const selection = kitContextOf<R>(p.context).selection;
          return selection !== null && !p.node.rowPinned && typeof p.node.rowIndex === 'number' && inBounds(schema, selection, p.node.rowIndex, column.field);
        },
      },
    };
    if (column.kind === 'amount') {
      return {
        ...base,
        width: column.width ?? AMOUNT_COLUMN_WIDTH_PX,
        minWidth: column.minWidth ?? AMOUNT_COLUMN_WIDTH_PX,
        resizable: false,
        cellClass: 'ld-cell-amount',
        headerClass: 'ld-header-amount',
        cellRenderer: DigitCellRenderer,
        headerComponent: DigitHeader,
        headerComponentParams: { units, unitNames } satisfies DigitHeaderParams,
        cellEditor: AmountCellEditor,
      };
    }
    // Text and lookup cells: their whole text in a tooltip while focused, when cut off (decision 057).
    const def: ColDef<R> = { ...base, cellEditor: TextCellEditor, tooltip: fullTextTooltip };
    if (column.kind === 'lookup' && column.lookup) {
      const lookup = column.lookup;
      def.valueFormatter = (p: ValueFormatterParams<R>) => (p.data && !p.node?.rowPinned ? lookup.format(p.value ?? null, p.data) : '');
    }
    if (column.field === labelColId) {
      def.cellRendererSelector = (p) => (p.node.rowPinned ? { component: TotalsLabelCell } : undefined);
      def.colSpan = (p: ColSpanParams<R>) => (p.node?.rowPinned ? span : 1);
    }
    return def;
  });
}
