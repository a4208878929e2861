/**
 * Whether a read grid shows every column at the window's width (1440 px beside the open menu): no
 * header cell past the grid's right edge, and no amount cut off in its cell (grids/list/amount-fit.ts
 * widens a column to its widest figure; when they cannot all fit, the grid scrolls sideways: pass
 * `sideways: true` where the figures may be that wide). Names may end in … (their tooltip shows them).
 */
import { expect, type Locator } from '@playwright/test';

export async function expectEveryColumnInView(grid: Locator, { sideways = false, amountCols = /debit|credit|Debit|Credit|balance|Balance|amount/ }: { sideways?: boolean; amountCols?: RegExp } = {}): Promise<void> {
  const report = await grid.evaluate((root, pattern) => {
    const wrapper = root.querySelector('.ag-root-wrapper') ?? root;
    const right = wrapper.getBoundingClientRect().right;
    const past = [...root.querySelectorAll('.ag-header-cell[col-id]')].filter((h) => h.getBoundingClientRect().right > right + 1).map((h) => h.getAttribute('col-id'));
    const re = new RegExp(pattern);
    const cutAmounts = [...root.querySelectorAll('.ag-cell[col-id]')]
      .filter((c) => re.test(c.getAttribute('col-id') ?? '') && c.scrollWidth > c.clientWidth + 1)
      .map((c) => `${c.getAttribute('col-id')}: ${c.textContent}`);
    return { past, cutAmounts };
  }, amountCols.source);
  expect(sideways ? { ...report, past: [] } : report).toEqual({ past: [], cutAmounts: [] });
}
