/** Navigation to the administration screens through the sidebar menu, and their screenshots. */
import { expect, type Page } from '@playwright/test';
import { ShellModel } from './shell';

export const adminScreens = {
  users: { keys: ['userCenter', 'userCenter.user'], path: '/userCenter/user', grid: 'userCenter.user' },
  roles: { keys: ['userCenter', 'userCenter.role'], path: '/userCenter/role', grid: 'userCenter.role' },
  userCompanies: { keys: ['userCenter', 'userCenter.userCompany'], path: '/userCenter/userCompany', grid: 'userCenter.userCompany.companies' },
  companyList: { keys: ['system', 'system.companyList'], path: '/system/companyList', grid: 'system.companyList' },
  companyInfo: { keys: ['system', 'system.companyInfor'], path: '/system/companyInfor', grid: null },
  accountList: { keys: ['basic', 'basic.accountManage', 'basic.accountManage.accountList'], path: '/basic/accountList', grid: 'basic.accountList' },
  periods: { keys: ['basic', 'basic.accountManage', 'basic.accountManage.accountPeriod'], path: '/basic/accountPeriod', grid: 'basic.accountPeriod' },
} as const;

export type AdminScreen = keyof typeof adminScreens;

export async function openAdminScreen(page: Page, screen: AdminScreen) {
  const shell = new ShellModel(page);
  const { keys, path } = adminScreens[screen];
  // Right after sign-in the menu may still expand the current page's group while a click lands;
  // open it again (openMenu reads each group's state anew) until the page is there.
  await expect(async () => {
    if (new URL(page.url()).pathname !== path) await shell.openMenu(...keys);
    await page.waitForURL((u) => u.pathname === path, { timeout: 5000 });
  }).toPass({ timeout: 30_000 });
}
