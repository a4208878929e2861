import { describe, expect, it } from 'vitest';
import { replacesShown } from './stored-record';

describe('replacesShown', () => {
  it('takes the stored record when nothing or another record is shown', () => {
    expect(replacesShown(null, { id: 1, version: 0 })).toBe(true);
    expect(replacesShown(undefined, { id: 1, version: 0 })).toBe(true);
    expect(replacesShown({ id: 2, version: 5 }, { id: 1, version: 0 })).toBe(true);
  });
  it('takes a newer version of the shown record only', () => {
    expect(replacesShown({ id: 1, version: 1 }, { id: 1, version: 2 })).toBe(true);
    expect(replacesShown({ id: 1, version: 2 }, { id: 1, version: 2 })).toBe(false);
    // An answer drawn late (the audit's version 1 after the cancel's version 2 is shown) is no news.
    expect(replacesShown({ id: 1, version: 2 }, { id: 1, version: 1 })).toBe(false);
  });
});
