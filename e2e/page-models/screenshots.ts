/**
 * Tests that only take the screens' pictures in both languages (for a person to look at) carry this
 * tag. `npm test` leaves them out to keep the suite short; `npm run screenshots` runs them (the
 * PNGs go to test-results/). The screens they show are exercised by the functional specs.
 */
export const SCREENSHOTS = { tag: '@screenshots' } as const;
