/**
 * Width kept for a grid's vertical scrollbar (AG Grid `scrollbarWidth`), by the entry grids and the
 * list grids alike. Where the browser's scrollbars overlay the content (macOS, headless Chromium)
 * AG Grid would otherwise lay the columns (fitted or flex) over the whole width and then draw its
 * scrollbar over the last one once the rows outgrow the grid: an entry grid's last digits, the
 * department reimbursements' "751.5" for 751.58, the general ledger's balances. Kept from the
 * start (`alwaysShowVerticalScroll`), the columns also keep their widths when the rows come to scroll.
 */
export const GRID_SCROLLBAR_WIDTH_PX = 16;
