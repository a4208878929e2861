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

/**
 * In an open Mantine pick list: ↓ until `option` is the chosen one, then Enter, and the list closes.
 * Enter pressed before the arrow has chosen it (the list still filtering what was typed) would take
 * nothing. And Mantine re-reads which option is chosen on a 0 ms timer after the list opens; under
 * load Chromium runs the arrow key first, so the option looks chosen while Enter takes nothing (the
 * list stays open, as it would for a quick typist): then ↓ onto it once more and Enter again.
 */
export async function chooseOpenOption(option: Locator): Promise<void> {
  const page = option.page();
  await expect(option).toBeVisible();
  const checkedBefore = await option.getAttribute('aria-selected');
  for (let attempt = 1; ; attempt++) {
    for (let i = 0; i < 40 && (await option.getAttribute('data-combobox-selected')) === null; i++) await page.keyboard.press('ArrowDown');
    await expect(option).toHaveAttribute('data-combobox-selected', 'true');
    await page.keyboard.press('Enter');
    // Taken: a single select closes its list; a multi-select keeps it open and ticks (or unticks) the option.
    const taken = async () => !(await option.isVisible()) || (await option.getAttribute('aria-selected')) !== checkedBefore;
    try {
      await expect.poll(taken, { timeout: attempt < 3 ? 2_000 : 10_000 }).toBe(true);
      return;
    } catch (e) {
      if (attempt >= 3) throw e;
    }
    await page.keyboard.press('ArrowDown');
  }
}

/** Opens a Mantine select by the keyboard (focus, ↓), takes the option named `name` and checks the box shows it. */
export async function pickByKeys(select: Locator, name: string): Promise<void> {
  await select.focus();
  await select.page().keyboard.press('ArrowDown');
  await chooseOpenOption(select.page().getByRole('option', { name, exact: true }));
  await expect(select).toHaveValue(name);
}

/** Counts real pointer presses in the page (keyboard activation never makes one): answers a reader of the count. */
export async function countMouse(page: Page): Promise<() => Promise<number>> {
  await page.addInitScript(() => {
    (window as unknown as { __mouse: number }).__mouse = 0;
    for (const type of ['mousedown', 'pointerdown']) window.addEventListener(type, () => ((window as unknown as { __mouse: number }).__mouse += 1), true);
  });
  return () => page.evaluate(() => (window as unknown as { __mouse: number }).__mouse);
}
