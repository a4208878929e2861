/** Page models of the department and employee screens (/userCenter/department, /userCenter/employee). */
import { expect, type Page } from '@playwright/test';
import { ShellModel } from './shell';
import { ListModel } from './admin-list';
import { pressOn } from './keys';

export const staffScreens = {
  departments: { keys: ['userCenter', 'userCenter.department'], path: '/userCenter/department', grid: 'userCenter.department' },
  employees: { keys: ['userCenter', 'userCenter.employee'], path: '/userCenter/employee', grid: 'userCenter.employee' },
} as const;

export async function openStaffScreen(page: Page, screen: keyof typeof staffScreens) {
  await new ShellModel(page).openMenu(...staffScreens[screen].keys);
  await page.waitForURL((u) => u.pathname === staffScreens[screen].path);
  // The address changes before the page's code has arrived: until its list shows, the previous
  // screen (with a department tree of the same test id) is still the one on view.
  const list = ListModel.byId(page, staffScreens[screen].grid);
  await expect(list.root).toBeVisible();
  return list;
}

export class DepartmentTreeModel {
  constructor(readonly page: Page) {}
  readonly root = () => this.page.getByTestId('department-tree');
  /** Chooses a node by keyboard: focus it, then Enter. */
  async choose(label: string | RegExp) {
    const node = this.root().getByRole('treeitem').filter({ has: this.page.getByText(label, { exact: false }) }).last();
    // The tree may re-render while its data refreshes (focus is lost then): retry until chosen.
    await expect(async () => {
      await pressOn(node);
      await expect(this.root().locator('[data-chosen]')).toContainText(label, { timeout: 1000 });
    }).toPass();
  }
}
