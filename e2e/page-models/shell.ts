/**
 * Shell page model: scope selectors, sidebar menu, tabs, user menu and the session alerts.
 * Selectors use test ids and roles, not texts, so specs run in either language.
 */
import { expect, type Locator, type Page } from '@playwright/test';

export class ShellModel {
  constructor(readonly page: Page) {}

  readonly sidebar = () => this.page.getByTestId('sidebar');
  readonly menu = (key: string) => this.sidebar().locator(`[data-menu="${key}"]`);
  readonly companySelect = () => this.page.getByTestId('company-select');
  readonly accountSelect = () => this.page.getByTestId('account-select');
  readonly yearSelect = () => this.page.getByTestId('year-select');
  readonly tabs = () => this.page.getByTestId('tabs-bar').getByRole('tab');
  readonly tab = (path: string) => this.page.getByTestId('tabs-bar').locator(`[role="tab"][data-path="${path}"]`);
  readonly breadcrumbs = () => this.page.getByTestId('breadcrumbs');
  readonly idleAlert = () => this.page.getByTestId('idle-alert');
  readonly expiredAlert = () => this.page.getByTestId('expired-alert');

  /** Picks an option of a Mantine Select by its visible label. */
  async choose(select: Locator, label: string | RegExp) {
    const option = this.page.getByRole('option', { name: label });
    // The dropdown closes if the page re-renders the selector while it opens (a list still loading
    // behind it); open it again until the option is there, then pick it.
    await expect(async () => {
      if (!(await option.isVisible())) await select.click();
      await expect(option).toBeVisible({ timeout: 2000 });
      await option.click({ timeout: 2000 });
    }).toPass({ timeout: 20_000 });
  }

  async selectCompany(name: string | RegExp) {
    await this.choose(this.companySelect(), name);
  }
  async selectYear(year: string) {
    await this.choose(this.yearSelect(), year);
  }

  /** Opens a page through the tree menu: section keys first, then the page key. */
  async openMenu(...keys: string[]) {
    for (const key of keys) {
      const item = this.menu(key);
      if (key === keys.at(-1)) {
        // A click that lands while the section above it is still opening can be lost: click the page
        // entry again until it is the current page (one click for an entry that is not a page link).
        if ((await item.evaluate((el) => el.tagName)) !== 'A') {
          await item.click();
          break;
        }
        await expect(async () => {
          if ((await item.getAttribute('aria-current')) !== 'page') await item.click();
          await expect(item).toHaveAttribute('aria-current', 'page', { timeout: 3000 });
        }).toPass({ timeout: 20_000 });
        break;
      }
      // A section opens on a click; it may already be open (the route's section opens by itself,
      // sometimes just after the page draws): click only while it is closed, until it is open.
      await expect(async () => {
        if ((await item.getAttribute('data-expanded')) === null) await item.click();
        await expect(item).toHaveAttribute('data-expanded', /.*/, { timeout: 1000 });
      }).toPass({ timeout: 15_000 });
    }
  }

  /** Clicks one menu entry once, whatever it leads to (a page that fails to load, say). */
  async clickMenu(key: string) {
    await this.menu(key).click();
  }

  async openUserMenu() {
    await this.page.getByTestId('user-menu').click();
  }

  async logout() {
    await this.openUserMenu();
    await this.page.getByTestId('menu-logout').click();
    await expect(this.page).toHaveURL(/\/login/);
  }

  async switchLanguage(lang: 'zh_CN' | 'en_US') {
    await this.page.getByTestId('language-switch').click();
    await this.page.getByTestId(`language-${lang}`).click();
  }

  async closeTab(path: string) {
    await this.tab(path).getByRole('button').click();
  }
}

/**
 * The shell driven by the keyboard only (issue 6 §4): the sidebar tree, page tabs, the command
 * palette and the shortcuts dialog. Keys come from src/app/shell/key-map.ts.
 */
export class ShellKeyboard {
  constructor(readonly page: Page) {}

  readonly tree = () => this.page.getByTestId('sidebar').getByRole('tree');
  readonly palette = () => this.page.getByTestId('palette-input');
  readonly paletteEntry = (id: string) => this.page.locator(`[data-entry="${id}"]`);
  readonly pageRegion = () => this.page.getByTestId('page-region');

  /** data-menu of the focused element ('' when focus is elsewhere). */
  async focusedMenuKey(): Promise<string> {
    return this.page.evaluate(() => document.activeElement?.getAttribute('data-menu') ?? '');
  }

  /** Presses Shift+Tab (back from the page) until a menu entry has the focus. */
  async tabBackIntoMenu(maxPresses = 10) {
    for (let i = 0; i < maxPresses; i++) {
      await this.page.keyboard.press('Shift+Tab');
      if (await this.page.evaluate(() => document.activeElement?.getAttribute('role') === 'treeitem')) return;
    }
    throw new Error('Shift+Tab never reached the menu');
  }

  /** Moves down the tree with ↓ until the entry has the focus. */
  async arrowTo(key: string, maxPresses = 40) {
    for (let i = 0; i < maxPresses; i++) {
      // The tree focuses an entry inside a group that is just opening a frame later: read the focus
      // once it is on the tree's current entry (the roving tabindex="0"), never in between.
      await expect.poll(() => this.page.evaluate(() => document.activeElement?.getAttribute('tabindex') === '0' && document.activeElement.hasAttribute('data-menu'))).toBe(true);
      if ((await this.focusedMenuKey()) === key) return;
      await this.page.keyboard.press('ArrowDown');
    }
    expect(await this.focusedMenuKey()).toBe(key);
  }

  /** Opens a page through the tree: → opens each group and moves into it, Enter opens the page. */
  async openMenu(...keys: string[]) {
    for (const key of keys) {
      await this.arrowTo(key);
      if (key === keys.at(-1)) await this.page.keyboard.press('Enter');
      else {
        if ((await this.page.locator(`[data-menu="${key}"]`).getAttribute('aria-expanded')) !== 'true') await this.page.keyboard.press('ArrowRight');
        await expect(this.page.locator(`[data-menu="${key}"]`)).toHaveAttribute('aria-expanded', 'true');
        await this.page.keyboard.press('ArrowRight');
      }
    }
  }

  /** Whether the focused element is a control inside the page's region (not the region itself). */
  async focusIsOnPageControl(): Promise<string | null> {
    return this.page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      const region = document.querySelector('[data-testid="page-region"]');
      if (!el || !region || el === region || !region.contains(el)) return null;
      return el.tagName.toLowerCase() + (el.getAttribute('role') ? `[role=${el.getAttribute('role')}]` : '');
    });
  }

  /** Ctrl+K, types the query, waits for the entry to be the chosen one. */
  async searchPalette(query: string, expectedEntry: string) {
    // Typed at once, as a fast user does: the palette takes keys typed before it is drawn.
    await this.page.keyboard.press('Control+k');
    await this.page.keyboard.type(query);
    await expect(this.palette()).toBeFocused();
    await expect(this.palette()).toHaveValue(query);
    await expect(this.paletteEntry(expectedEntry)).toHaveAttribute('data-selected', 'true');
  }
}
