/** The label cell of the pinned totals row: whatever the entry grid's context renders for its figures. */
import type { CustomCellRendererProps } from 'ag-grid-react';
import { kitContextOf, type TotalsLabelValue } from './kit-context';

export function TotalsLabelCell(props: CustomCellRendererProps) {
  const value = props.value && typeof props.value === 'object' ? (props.value as TotalsLabelValue) : undefined;
  return <>{kitContextOf(props.context).renderTotalsLabel(value)}</>;
}
