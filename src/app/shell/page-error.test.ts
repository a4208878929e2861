import { describe, expect, it } from 'vitest';
import { isStaleChunkError } from './page-error';

describe('isStaleChunkError', () => {
  it('knows the browsers\' words for a code chunk that cannot be fetched (a new version replaced it)', () => {
    expect(isStaleChunkError(new TypeError('Failed to fetch dynamically imported module: http://x/assets/voucher-list-page-ab12.js'))).toBe(true);
    expect(isStaleChunkError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isStaleChunkError(new TypeError('error loading dynamically imported module: http://x/a.js'))).toBe(true);
    expect(isStaleChunkError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
  });
  it('leaves other errors to the page error', () => {
    expect(isStaleChunkError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isStaleChunkError(null)).toBe(false);
  });
});
