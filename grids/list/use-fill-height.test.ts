import { describe, expect, it } from 'vitest';
import { fillHeightOf, FILL_BOTTOM_GAP_PX } from './use-fill-height';

describe('fillHeightOf', () => {
  it('brings the box and what stands under it down to the window bottom, less the gap', () => {
    // A grid at 300 px, 200 px high, with a 40 px totals line under it in the page region.
    expect(fillHeightOf({ top: 300, bottom: 500 }, { top: 100, bottom: 540 }, 900, 320)).toBe(900 - 300 - 40 - FILL_BOTTOM_GAP_PX);
  });
  it('does not depend on the box height it had (no feedback between measure and size)', () => {
    const a = fillHeightOf({ top: 300, bottom: 500 }, { top: 100, bottom: 540 }, 900, 100);
    const b = fillHeightOf({ top: 300, bottom: 844 }, { top: 100, bottom: 884 }, 900, 100);
    expect(a).toBe(b);
  });
  it('never goes under the minimum (a short window scrolls the page instead)', () => {
    expect(fillHeightOf({ top: 600, bottom: 700 }, { top: 100, bottom: 700 }, 700, 360)).toBe(360);
  });
});
