/**
 * The whole text of a cell that is cut off, readable from the keyboard: in every grid (lists, reports,
 * entry sheets) a focused cell whose text does not fit shows it in a tooltip at once (arrowing onto the cell, or
 * clicking it), the way a spreadsheet shows a long cell's content when it is selected. Hover tooltips
 * (AG Grid's default) would leave a clerk who never touches the mouse with "北京朝阳国际商务咨…".
 *
 * Only text that is cut off gets one (`tooltipShowMode: 'whenTruncated'`); the tooltip is also the
 * cell's aria description. AG Grid cannot tell whether a cell renderer's content fits, so list
 * renderers are wrapped (`withFullText`): a renderer that draws text (a string, or elements holding
 * only text, such as an indented name) tells the grid its text and how to see that it is cut off;
 * badges, switches and buttons get no tooltip.
 */
import { useLayoutEffect, type ReactNode } from 'react';
import type { ColDef, GridOptions, ICellRendererParams, TooltipCallbackParams } from 'ag-grid-community';

/** Grid options of every grid: ReadGrid, ListGrid and the entry kit's. */
export const FULL_TEXT_GRID_OPTIONS = {
  tooltipTrigger: 'focus',
  tooltipShowMode: 'whenTruncated',
} as const satisfies Pick<GridOptions, 'tooltipTrigger' | 'tooltipShowMode'>;

/** A cell's tooltip (a column default): its displayed text, for cells without a renderer. */
export function fullTextTooltip(p: TooltipCallbackParams): string | undefined {
  const colDef = p.colDef as ColDef | undefined;
  if (colDef?.cellRenderer) return undefined;
  return shownText(p.valueFormatted ?? p.value);
}

function shownText(v: unknown): string | undefined {
  if (typeof v === 'number') return String(v);
  return typeof v === 'string' && v.trim() !== '' ? v : undefined;
}

/** Whether an element's content is wider (or taller) than the element shows. */
export function isCutOff(el: HTMLElement): boolean {
  return el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;
}

/** Content that is not plain text: its text would not read as the cell shows it. */
const NOT_TEXT = 'button, input, select, textarea, a, svg, img, [role="switch"], [role="checkbox"], .mantine-Badge-root';

/** The text a rendered cell shows, when it is text only; undefined for badges, switches, buttons. */
export function renderedText(out: ReactNode, box: HTMLElement | null | undefined): string | undefined {
  if (typeof out === 'string' || typeof out === 'number') return shownText(out);
  if (!box || out == null || typeof out === 'boolean' || box.querySelector(NOT_TEXT)) return undefined;
  return shownText(box.textContent ?? '');
}

type Renderer<P> = (p: P) => ReactNode;

/** A list cell renderer that gives the grid its text for the full-text tooltip (see above). */
export function withFullText<P extends ICellRendererParams>(render: Renderer<P>): Renderer<P> {
  function FullTextCell(p: P) {
    const out = render(p);
    useLayoutEffect(() => {
      const box = p.eParentOfValue;
      const text = renderedText(out, box);
      // An empty text clears what an earlier render of the cell set.
      p.setTooltip?.(text ?? '', () => !!box && isCutOff(box));
    });
    return out;
  }
  return FullTextCell;
}

/** The screen's renderers, each wrapped (functions only: a registered name such as 'agCheckboxCellRenderer' stays). */
export function rendersWithFullText<R extends Record<string, unknown>>(renderers: R | undefined): R | undefined {
  if (!renderers) return renderers;
  const out: Record<string, unknown> = {};
  for (const [name, r] of Object.entries(renderers)) out[name] = typeof r === 'function' && !isClass(r) ? withFullText(r as Renderer<ICellRendererParams>) : r;
  return out as R;
}

function isClass(f: unknown): boolean {
  return typeof f === 'function' && /^class\b/.test(Function.prototype.toString.call(f));
}
