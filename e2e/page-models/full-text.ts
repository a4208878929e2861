/**
 * The full-text tooltip of list and report grids (grids/full-text.tsx): a focused cell whose
 * text is cut off by its column shows the whole text at once; a cell that fits shows none.
 */
import { expect, type Locator, type Page } from '@playwright/test';

/** The grid tooltip on screen (AG Grid draws one at a time). */
export const gridTooltip = (page: Page) => page.locator('.ag-tooltip');

/** Whether the cell's text is cut off by its column (what the tooltip shows for). */
export function isCutOff(cell: Locator): Promise<boolean> {
  return cell.evaluate((c) => {
    const box = c.querySelector('.ag-cell-value') ?? c;
    return box.scrollWidth > box.clientWidth;
  });
}

/**
 * With the keyboard focus on `cell` (moved there by keys), its whole text shows in the tooltip, and
 * the tooltip describes the cell for a screen reader. `cell` must be cut off: a test of this needs a
 * text longer than its column.
 */
export async function expectFullText(page: Page, cell: Locator, text: string): Promise<void> {
  await expect(cell).toBeFocused();
  expect(await isCutOff(cell), `the cell is cut off, so its whole text shows in a tooltip: ${text}`).toBe(true);
  const tooltip = gridTooltip(page);
  await expect(tooltip).toHaveText(text);
  const id = await tooltip.getAttribute('id');
  expect((await cell.getAttribute('aria-describedby'))?.split(/\s+/), 'the tooltip describes the cell').toContain(id);
}
