import { expect, type Locator } from '@playwright/test';

/**
 * Waits until the keyboard focus is inside `popup` (a menu, dialog or pick list). Popups take the
 * focus a moment after they appear; keys pressed before that go to what had the focus.
 */
export async function expectFocusWithin(popup: Locator): Promise<void> {
  await expect.poll(() => popup.evaluate((el) => el.contains(document.activeElement)), { message: 'focus inside the popup' }).toBe(true);
}
