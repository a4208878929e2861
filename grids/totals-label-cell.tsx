/** The label cell of the pinned totals row: whatever the entry grid's context renders for it. */
import type { CustomCellRendererProps } from 'ag-grid-react';
import { kitContextOf } from './kit-context';

export function TotalsLabelCell(props: CustomCellRendererProps) {
  return <>{kitContextOf(props.context).renderTotalsLabel()}</>;
}
