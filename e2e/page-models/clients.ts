/** Page models of the client and project screens (/customer/list, /project/list). */
import { expect, type Locator, type Page } from '@playwright/test';
import { ShellModel } from './shell';
import { ListModel } from './admin-list';

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
export async function pickByKeyboard(page: Page, input: Locator, keyword: string, option: RegExp) {
  await input.focus();
  await page.keyboard.type(keyword);
  await expect(page.getByRole('option', { name: option })).toBeVisible();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
}
