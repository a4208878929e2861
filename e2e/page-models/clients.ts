/** Page models of the client and project screens (/customer/list, /project/list). */
import { expect, type Locator, type Page } from '@playwright/test';
import { ShellModel } from './shell';
import { ListModel } from './admin-list';
import { chooseOpenOption } from './keys';

export const clientScreens = {
  customers: { keys: ['customer'], path: '/customer/list', grid: 'customer.list' },
  projects: { keys: ['project'], path: '/project/list', grid: 'project.list' },
} as const;

export async function openClientScreen(page: Page, screen: keyof typeof clientScreens) {
  await new ShellModel(page).openMenu(...clientScreens[screen].keys);
  await page.waitForURL((u) => u.pathname === clientScreens[screen].path);
  return ListModel.byId(page, clientScreens[screen].grid);
}

/** Picks from a server-searched (Multi)Select by keyboard: focus, type, wait for the option, ArrowDown, Enter. */
/**
 * Types a keyword into a searching picker and takes the option by the keyboard. The arrow is pressed
 * until that option is the chosen one (keys.ts): the list may still be showing the results of part of
 * the keyword, and an Enter before the arrow chose the option took nothing (the invoice flake of stop 20).
 */
export async function pickByKeyboard(page: Page, input: Locator, keyword: string, option: RegExp) {
  await input.focus();
  await page.keyboard.type(keyword);
  await chooseOpenOption(page.getByRole('option', { name: option }).first());
}

/** Whether the element has the keyboard focus now (no waiting: the caller keeps pressing keys). */
async function hasFocus(target: Locator): Promise<boolean> {
  if (!(await target.count())) return false;
  return target.first().evaluate((el) => el === document.activeElement);
}

/**
 * From a focused cell of `row`, presses → (or ←) until the cell of `colId` has the focus (the grid
 * scrolls it into view on the way: far columns are not drawn before). Returns that cell.
 */
export async function arrowToCell(page: Page, row: Locator, colId: string, key: 'ArrowRight' | 'ArrowLeft' = 'ArrowRight', maxKeys = 30): Promise<Locator> {
  const cell = row.locator(`[col-id="${colId}"]`);
  for (let i = 0; i < maxKeys && !(await hasFocus(cell)); i++) await page.keyboard.press(key);
  await expect(cell).toBeFocused();
  return cell;
}

/** Presses Tab until `target` has the focus, as a clerk tabs to a button. */
export async function tabTo(page: Page, target: Locator, maxKeys = 40): Promise<void> {
  for (let i = 0; i < maxKeys && !(await hasFocus(target)); i++) await page.keyboard.press('Tab');
  await expect(target).toBeFocused();
}
