import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Focuses `target` and presses `key` on it, as a keyboard user does after tabbing to a control:
 * only once the control is enabled and really has the focus (a button still disabled while the
 * screen loads takes no focus, and the key would go to whatever had it).
 */
export async function pressOn(target: Locator, key = 'Enter'): Promise<void> {
  await expect(target).toBeEnabled();
  await target.focus();
  await expect(target).toBeFocused();
  await target.page().keyboard.press(key);
}

/** `pressOn` for the control with the test id `testId`. */
export async function pressById(page: Page, testId: string, key = 'Enter'): Promise<void> {
  await pressOn(page.getByTestId(testId), key);
}
