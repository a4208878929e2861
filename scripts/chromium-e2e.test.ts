/**
 * The e2e browser launcher (scripts/chromium-e2e.sh): Chromium reads only the last
 * --disable-features switch, so the launcher joins Playwright's list with ours into one.
 */
import { execFileSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const launcher = resolve(__dirname, 'chromium-e2e.sh');
/** The arguments the launcher would start the browser with (echo stands in for Chromium). */
const argsOf = (args: string[], env: Record<string, string> = {}) =>
  execFileSync(launcher, args, { env: { ...process.env, CHROMIUM_PATH: '/bin/echo', ...env } }).toString().trim();

describe('chromium-e2e.sh', () => {
  it('joins every --disable-features list into one switch, after the other arguments, with the omnibox popups off', () => {
    expect(argsOf(['--headless', '--disable-features=PaintHolding,MediaRouter', '--no-sandbox', '--disable-features=Translate'])).toBe(
      '--headless --no-sandbox --disable-features=WebUIOmniboxPopup,WebUIOmniboxAimPopup,PaintHolding,MediaRouter,Translate',
    );
  });

  it('passes other arguments through unchanged, and E2E_DISABLED_FEATURES can be emptied', () => {
    expect(argsOf(['--user-data-dir=/tmp/a b', '--disable-features='], { E2E_DISABLED_FEATURES: '' })).toBe('--user-data-dir=/tmp/a b');
    expect(argsOf([], { E2E_DISABLED_FEATURES: 'X' })).toBe('--disable-features=X');
  });
});
