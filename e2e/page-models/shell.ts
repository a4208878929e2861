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
    await select.click();
    await this.page.getByRole('option', { name: label }).click();
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
      const expanded = await item.getAttribute('data-expanded');
      if (expanded === null || key === keys.at(-1)) await item.click();
    }
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
