/**
 * The shell of spec 01 §2/§4/§8: company/account/year switching reloads the page's data, menus
 * follow rights, idle time-out (fake clock), the expired-login alert on network failure, the
 * language switch (screenshots), the change-password dialog, tabs, sidebar modes and mobile; the
 * page's first field focused after a fresh load; AG Grid's loading overlay in the UI language.
 */
import { expect, test, allowPageProblem } from './page-models/test';
import { apiHeaders, LoginPageModel, loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { restoreDemoState } from './page-models/demo-state';
import { e2eNow } from './page-models/clock';

test.afterAll(async ({ request }) => restoreDemoState(request));


test('switching company selects its main ledger and last year and reloads the page data', async ({ page }) => {
  const shell = new ShellModel(page);
  await loginAs(page, 'admin', 'admin123');
  await expect(shell.companySelect()).toHaveValue(/Demo Law Firm/);
  await expect(shell.accountSelect()).toHaveValue(/Main ledger/);
  await expect(shell.yearSelect()).toHaveValue('2026');
  await expect(page.getByTestId('home-periods').getByRole('row')).toHaveCount(13);

  const switched = page.waitForResponse((r) => r.url().includes('/api/idm/user/switchCompany') && r.ok());
  const periods = page.waitForResponse((r) => /\/api\/account\/period\?accountYearId=/.test(r.url()) && r.ok());
  await shell.selectCompany(/Second Branch/);
  await switched;
  await expect(shell.accountSelect()).toHaveValue(/Branch ledger/);
  await expect(shell.yearSelect()).toHaveValue('2026');
  // The page reloaded its data for the new scope.
  await periods;
  await expect(page.getByTestId('home-company')).toHaveText(/Second Branch/);
  await expect(page.getByTestId('home-account')).toHaveText(/Branch ledger/);

  // Back to the first company; then change the year: the page reloads its periods.
  await shell.selectCompany(/Demo Law Firm/);
  await expect(shell.accountSelect()).toHaveValue(/Main ledger/);
  const periods2025 = page.waitForResponse((r) => /\/api\/account\/period\?accountYearId=/.test(r.url()) && r.ok());
  await shell.selectYear('2025');
  await periods2025;
  await expect(page.getByTestId('home-periods')).toContainText('2025-01');

});

test('the company choice survives a reload (scope remembered per user)', async ({ page }) => {
  const shell = new ShellModel(page);
  await loginAs(page, 'admin', 'admin123');
  await shell.selectCompany(/Second Branch/);
  await expect(shell.accountSelect()).toHaveValue(/Branch ledger/);
  await page.reload();
  await expect(shell.companySelect()).toHaveValue(/Second Branch/);
  await expect(shell.accountSelect()).toHaveValue(/Branch ledger/);
  await shell.selectCompany(/Demo Law Firm/);
  await expect(shell.accountSelect()).toHaveValue(/Main ledger/);
});

test('the company and ledger-set selectors show the whole name (no clipped letters), the name in their tooltip, in both languages', async ({ page }) => {
  const shell = new ShellModel(page);
  await loginAs(page, 'admin', 'admin123');
  await shell.selectCompany(/Second Branch/);
  await expect(shell.accountSelect()).toHaveValue('分所账套 Branch ledger ★');
  const fits = (select: ReturnType<ShellModel['accountSelect']>) => select.evaluate((el) => el.scrollWidth <= el.clientWidth);
  try {
    for (const lang of ['zh_CN', 'en_US'] as const) {
      await shell.switchLanguage(lang);
      await expect(shell.accountSelect()).toHaveValue('分所账套 Branch ledger ★');
      // "分所账套 Branch ledge" was cut mid-word, with no ellipsis: the box now holds the name.
      expect(await fits(shell.accountSelect())).toBe(true);
      await expect(shell.accountSelect()).toHaveAttribute('title', '分所账套 Branch ledger ★');
      await expect(shell.accountSelect()).toHaveCSS('text-overflow', 'ellipsis');
      expect(await fits(shell.companySelect())).toBe(true);
      await expect(shell.companySelect()).toHaveAttribute('title', /Second Branch/);
      await expect(shell.companySelect()).toHaveCSS('text-overflow', 'ellipsis');
    }
  } finally {
    await shell.switchLanguage('zh_CN');
    await shell.selectCompany(/Demo Law Firm/);
  }
  await expect(shell.accountSelect()).toHaveAttribute('title', /Main ledger/);
});

test('a fresh load of a page that needs a ledger set never flashes the missing-scope banner while the shell fills the scope in', async ({ page }) => {
  // Every banner that is ever attached is noted, from the first script of each load on.
  await page.addInitScript(() => {
    const w = window as unknown as { bannersSeen: string[] };
    w.bannersSeen = [];
    new MutationObserver(() => {
      const b = document.querySelector('[data-testid="scope-banner"]');
      if (b) w.bannersSeen.push(b.getAttribute('data-missing') ?? '?');
    }).observe(document, { childList: true, subtree: true });
  });
  await loginAs(page, 'admin', 'admin123');
  await page.goto('/voucher/daily/list');
  await expect(page.getByTestId('voucher-list')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { bannersSeen: string[] }).bannersSeen)).toEqual([]);
  // A deep link opened again (a reload goes home by spec 01 §2, a new load of the address keeps it).
  await page.goto('/voucher/daily/list');
  await expect(page.getByTestId('voucher-list')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { bannersSeen: string[] }).bannersSeen)).toEqual([]);
  // Forgotten scope (a first sign-in on this browser): the shell picks the company, ledger set and year itself.
  await page.evaluate(() => Object.keys(localStorage).filter((k) => k.includes('scope')).forEach((k) => localStorage.removeItem(k)));
  await page.goto('/voucher/daily/list');
  await expect(page.getByTestId('voucher-list')).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { bannersSeen: string[] }).bannersSeen)).toEqual([]);
});

test('menus without the right are hidden and typed URLs show no permission', async ({ page }) => {
  const shell = new ShellModel(page);
  await loginAs(page, 'clerk', 'clerk123');
  await expect(shell.menu('voucher')).toBeVisible();
  await expect(shell.menu('userCenter')).toHaveCount(0);
  await expect(shell.menu('system')).toHaveCount(0);
  await expect(shell.menu('basic')).toHaveCount(0);
  await shell.openMenu('voucher');
  await expect(shell.menu('voucher.end')).toHaveCount(0);
  await page.goto('/userCenter/user');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  await expect(page.getByTestId('no-permission')).toContainText('没有权限');
  await page.goto('/system/companyList');
  await expect(page.getByTestId('no-permission')).toBeVisible();
  // The admin sees them.
  await shell.logout();
  await loginAs(page, 'admin', 'admin123');
  await expect(shell.menu('userCenter')).toBeVisible();
  await expect(shell.menu('system')).toBeVisible();
});

test('the selectors follow the page level and banners name missing scope', async ({ page, request }) => {
  const shell = new ShellModel(page);
  // A fresh company without a ledger set.
  const auth = await apiHeaders(page.request, 'admin', 'admin123');
  const created = await request.post('/api/company', { data: { name: 'Empty Co 空公司' }, headers: auth });
  const createdBody = await created.json();
  expect(createdBody.success).toBe(true);

  await loginAs(page, 'admin', 'admin123');
  await shell.openMenu('system', 'system.companyList');
  // Level 0: no selectors.
  await expect(page.getByTestId('scope-selectors')).toHaveCount(0);
  await shell.openMenu('system.companyInfor');
  await expect(shell.companySelect()).toBeVisible();
  await expect(shell.accountSelect()).toHaveCount(0);

  await page.getByTestId('logo').click();
  await shell.selectCompany(/Empty Co/);
  // No ledger set: the setup prompt offers creating one (admin).
  await expect(page.getByTestId('setup-no-account')).toBeVisible();
  await page.getByRole('button', { name: '去创建' }).click();
  await expect(page).toHaveURL(/\/basic\/accountList$/);
  await page.getByTestId('logo').click();
  await expect(page.getByTestId('scope-banner')).toHaveAttribute('data-missing', 'account');
  await shell.openMenu('voucher', 'voucher.daily', 'voucher.daily.list');
  await expect(page.getByTestId('scope-banner')).toBeVisible();
  await expect(page.getByTestId('voucher-list')).toHaveCount(0);
  await shell.selectCompany(/Demo Law Firm/);
  await expect(page.getByTestId('voucher-list')).toBeVisible();
  await expect(page.getByTestId('scope-banner')).toHaveCount(0);
  // Leave the shared demo data as it was for later specs.
  await request.delete(`/api/company/${createdBody.data.id}`, { headers: auth });
});

test('a user linked to no company is told so; level ≥1 pages show the missing-company banner', async ({ page, request }) => {
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const res = await request.post('/api/idm/user', {
    data: { username: 'loner', name: '独立用户', password: 'lone123', kind: 'OTHER', companyIds: [] },
    headers,
  });
  expect((await res.json()).success).toBe(true);
  await loginAs(page, 'loner', 'lone123');
  await expect(page.getByTestId('setup-no-company')).toBeVisible();
  await page.getByRole('button', { name: '确定' }).click();
  await expect(page.getByTestId('scope-banner')).toHaveAttribute('data-missing', 'company');
  // Without rights the menu is empty of sections.
  await expect(new ShellModel(page).menu('voucher')).toHaveCount(0);
});

test('tabs: visited pages stay, close goes to the last tab, close others and close all keep fixed tabs', async ({ page }) => {
  const shell = new ShellModel(page);
  await loginAs(page, 'admin', 'admin123');
  await shell.openMenu('voucher', 'voucher.daily', 'voucher.daily.list');
  await shell.openMenu('voucher.business', 'voucher.business.balanceBySubject');
  await shell.openMenu('customer');
  await expect(shell.tabs()).toHaveCount(5); // home, common (fixed), three pages
  await shell.tab('/voucher/business/balanceBySubject').click();
  await expect(page).toHaveURL(/balanceBySubject$/);
  await shell.closeTab('/voucher/business/balanceBySubject');
  await expect(page).toHaveURL(/\/customer\/list$/);
  await expect(shell.tabs()).toHaveCount(4);
  // Fixed tabs have no close button.
  await expect(shell.tab('/common').getByRole('button')).toHaveCount(0);

  await page.getByTestId('tabs-actions').click();
  await page.getByRole('menuitem', { name: '关闭其他' }).click();
  await expect(shell.tabs()).toHaveCount(3);
  await page.getByTestId('tabs-actions').click();
  await page.getByRole('menuitem', { name: '关闭全部' }).click();
  await expect(shell.tabs()).toHaveCount(2);
  await expect(page).toHaveURL(/\/common$/);

  // The tab row is optional: hidden from the user menu, kept hidden after a reload, shown again.
  await shell.openUserMenu();
  await page.getByTestId('menu-toggle-tabs').click();
  await expect(page.getByTestId('tabs-bar')).toHaveCount(0);
  await page.reload();
  await expect(page.getByTestId('tabs-hidden')).toBeAttached();
  await expect(page.getByTestId('tabs-bar')).toHaveCount(0);
  await shell.openUserMenu();
  await page.getByTestId('menu-toggle-tabs').click();
  await expect(page.getByTestId('tabs-bar')).toBeVisible();
});

test('tabs: the active tab is scrolled into view when the strip overflows; the tab menu lists every open page', async ({ page }) => {
  const shell = new ShellModel(page);
  await loginAs(page, 'admin', 'admin123');
  const strip = page.getByTestId('tabs-bar').locator('.mantine-ScrollArea-viewport');
  /** The whole tab lies inside the strip's visible part. */
  const expectInView = async (path: string) => {
    await expect(async () => {
      const v = (await strip.boundingBox())!;
      const r = (await shell.tab(path).boundingBox())!;
      expect(r.x).toBeGreaterThanOrEqual(v.x - 0.5);
      expect(r.x + r.width).toBeLessThanOrEqual(v.x + v.width + 0.5);
    }).toPass();
  };
  await shell.openMenu('voucher', 'voucher.daily', 'voucher.daily.list');
  for (const key of ['voucher.business.summaryBySubject', 'voucher.business.generalLedgerBySubject', 'voucher.business.subLedgerBySubject', 'voucher.business.balanceBySubject',
    'voucher.business.generalLedgerByAuxiliary', 'voucher.business.subLedgerByAuxiliary', 'voucher.business.balanceByAuxiliary']) {
    await shell.openMenu('voucher.business', key);
  }
  await shell.openMenu('budget', 'budget.catalog');
  await shell.openMenu('budget.summaryByBudgetExecution');
  await shell.openMenu('customer');
  await shell.openMenu('invoice');
  await shell.openMenu('project');
  // More tabs than the strip shows: the newest (active) one is in view, the first page's is not.
  expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
  await expectInView('/project/list');
  const first = (await shell.tab('/voucher/daily/list').boundingBox())!;
  expect(first.x).toBeLessThan((await strip.boundingBox())!.x);
  // A narrower window keeps the active tab in view (the strip follows its own size).
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1000, height: size.height });
  await expectInView('/project/list');
  await page.setViewportSize(size);
  await expectInView('/project/list');

  // The tab menu lists every open page; choosing one opens it and brings its tab into view.
  await page.getByTestId('tabs-actions').click();
  const items = page.getByTestId('tabs-list-item');
  await expect(items).toHaveCount(await shell.tabs().count());
  await page.locator('[data-testid="tabs-list-item"][data-path="/voucher/daily/list"]').click();
  await expect(page).toHaveURL(/\/voucher\/daily\/list$/);
  await expectInView('/voucher/daily/list');
  await expect(shell.tab('/voucher/daily/list')).toHaveAttribute('aria-selected', 'true');
});

test('sidebar: popup mode flyout closes by itself after 10 s; collapse; logo goes to root', async ({ page }) => {
  await page.clock.install({ time: e2eNow() });
  const shell = new ShellModel(page);
  await loginAs(page, 'admin', 'admin123');
  await page.getByTestId('sidebar-mode').click();
  await expect(shell.sidebar()).toHaveAttribute('data-mode', 'popup');
  await shell.menu('voucher').click();
  const flyout = page.getByTestId('menu-flyout');
  await expect(flyout).toBeVisible();
  await page.clock.fastForward(10_500);
  await expect(flyout).toHaveCount(0);
  await shell.menu('voucher').click();
  await flyout.locator('[data-menu="voucher.daily.list"]').click();
  await expect(page).toHaveURL(/\/voucher\/daily\/list$/);
  await expect(flyout).toHaveCount(0);

  await page.getByTestId('sidebar-collapse').click();
  const box = await shell.sidebar().boundingBox();
  expect(box!.width).toBeLessThan(80);
  await page.getByTestId('sidebar-collapse').click();
  await page.getByTestId('sidebar-mode').click();
  await expect(shell.sidebar()).toHaveAttribute('data-mode', 'tree');
  await page.getByTestId('logo').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('below 992 px the layout is mobile and the sidebar is closed', async ({ page }) => {
  await page.setViewportSize({ width: 900, height: 800 });
  const shell = new ShellModel(page);
  await loginAs(page, 'admin', 'admin123');
  // The sidebar exists but is off-screen until the burger opens it.
  await expect(page.getByTestId('mobile-burger')).toBeVisible();
  await expect(shell.sidebar()).not.toBeInViewport();
  await page.getByTestId('mobile-burger').click();
  await expect(shell.sidebar()).toBeInViewport();
  await shell.openMenu('customer');
  await expect(page).toHaveURL(/\/customer\/list$/);
  await expect(shell.sidebar()).not.toBeInViewport();
});

test('after an hour without clicks the idle alert offers only re-login, which logs out', async ({ page }) => {
  await page.clock.install({ time: e2eNow() });
  const shell = new ShellModel(page);
  await loginAs(page, 'auditor', 'audit123');
  await page.clock.fastForward('59:00');
  await expect(shell.idleAlert()).toHaveCount(0);
  // A click restarts the hour.
  await page.getByTestId('home-page').click();
  await page.clock.fastForward('59:00');
  await expect(shell.idleAlert()).toHaveCount(0);
  await page.clock.fastForward('01:10');
  await expect(shell.idleAlert()).toBeVisible();
  await expect(shell.idleAlert()).toContainText('您长时间未操作');
  await expect(shell.idleAlert().getByRole('button')).toHaveCount(1);
  await shell.idleAlert().getByTestId('idle-alert-relogin').click();
  await expect(page).toHaveURL(/\/login/);
  await expect(new LoginPageModel(page).password()).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('ledgerdesk.token'))).toBeNull();
});

test('a network failure shows the expired-login alert; re-login logs out', async ({ page }) => {
  const shell = new ShellModel(page);
  await loginAs(page, 'admin', 'admin123');
  await expect(shell.yearSelect()).toHaveValue('2026');
  await page.route('**/api/**', (route) => route.abort('failed'));
  await shell.selectYear('2025');
  await expect(shell.expiredAlert()).toBeVisible();
  await expect(shell.expiredAlert()).toContainText('登录已失效');
  await page.unroute('**/api/**');
  await shell.expiredAlert().getByRole('button').click();
  await expect(page).toHaveURL(/\/login/);
});

test('a revoked session on reload shows the expired-login alert', async ({ page }) => {
  const shell = new ShellModel(page);
  await loginAs(page, 'auditor', 'audit123');
  const token = await page.evaluate(() => sessionStorage.getItem('ledgerdesk.token'));
  await page.request.post('/api/idm/user/logout', { headers: { authorization: `Bearer ${token}` } });
  await page.reload();
  await expect(shell.expiredAlert()).toBeVisible();
  await shell.expiredAlert().getByRole('button').click();
  await expect(page).toHaveURL(/\/login/);
});

test('language switch: every text follows, with a screenshot in each language', async ({ page }) => {
  const shell = new ShellModel(page);
  await loginAs(page, 'admin', 'admin123');
  await shell.openMenu('voucher', 'voucher.daily', 'voucher.daily.list');
  await shell.openMenu('voucher.business', 'voucher.business.balanceByAuxiliary');
  await expect(page.getByTestId('tabs-bar')).toContainText('辅助余额表');
  await page.screenshot({ path: 'test-results/shell-zh_CN.png', fullPage: true });

  const saved = page.waitForResponse((r) => r.url().endsWith('/api/idm/user/language') && r.ok());
  await shell.switchLanguage('en_US');
  await saved;
  await expect(page.getByTestId('tabs-bar')).toContainText('Balance by auxiliary');
  await expect(shell.menu('voucher')).toContainText('Vouchers');
  await expect(shell.breadcrumbs()).toContainText('Ledgers');
  await expect(page.locator('html')).toHaveAttribute('lang', 'en-US');
  await page.screenshot({ path: 'test-results/shell-en_US.png', fullPage: true });

  await page.getByTestId('logo').click();
  await page.screenshot({ path: 'test-results/home-en_US.png', fullPage: true });
  // The preference is the user's: a new session adopts it.
  await shell.logout();
  await loginAs(page, 'admin', 'admin123');
  await expect(shell.menu('voucher')).toContainText('Vouchers');
  await page.screenshot({ path: 'test-results/login-after-en_US.png' });
  await shell.switchLanguage('zh_CN');
  await expect(shell.menu('voucher')).toContainText('凭证');
  await page.getByTestId('logo').click();
  await page.screenshot({ path: 'test-results/home-zh_CN.png', fullPage: true });
});

// A fresh load (an address typed or opened from a link, not a refresh, which goes home) shows the
// scope banner until the ledger set is restored, then the page: its first field gets the focus, as
// after a tab switch or a menu entry.
for (const path of ['/basic/bankAccount', '/budget/catalog', '/cashier/cashBankJournalQuery']) {
  test(`a fresh load of ${path} puts the focus on the page's first field`, async ({ page }) => {
    await loginAs(page, 'admin', 'admin123', { at: path });
    await expect(page.getByTestId('list-keyword')).toBeFocused();
  });
}

test("AG Grid's own texts follow the language in the entry grids too (the loading overlay)", async ({ page }) => {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __overlays: string[] }).__overlays = seen;
    const note = () => {
      for (const el of document.querySelectorAll('.ag-overlay')) {
        const text = el.textContent?.trim();
        if (text && !seen.includes(text)) seen.push(text);
      }
    };
    document.addEventListener('DOMContentLoaded', () => new MutationObserver(note).observe(document.body, { childList: true, subtree: true }));
  });
  await loginAs(page, 'admin', 'admin123', { at: '/basic/cashBankOpeningBalance' });
  const overlays = () => page.evaluate(() => (window as unknown as { __overlays: string[] }).__overlays);
  await expect.poll(overlays).toContainEqual(expect.stringMatching(/^加载中/));
  expect((await overlays()).filter((text) => /[A-Za-z]/.test(text))).toEqual([]);
});

test('change password: on-blur validation, then a real change logs out', async ({ page }) => {
  const shell = new ShellModel(page);
  await loginAs(page, 'cashier', 'cash123');
  await shell.openUserMenu();
  await page.getByTestId('menu-change-password').click();
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(Math.round(box!.width)).toBe(400);

  const oldPw = dialog.getByTestId('pw-oldPassword');
  const newPw = dialog.getByTestId('pw-newPassword');
  const confirmPw = dialog.getByTestId('pw-confirmPassword');
  await oldPw.focus();
  await oldPw.blur();
  await expect(dialog).toContainText('请输入原密码');
  await newPw.fill('abc');
  await newPw.blur();
  await expect(dialog).toContainText('密码须为4-12位字母和数字');
  await newPw.fill('cash456');
  await newPw.blur();
  await expect(dialog).not.toContainText('密码须为4-12位字母和数字');
  await confirmPw.focus();
  await confirmPw.blur();
  await expect(dialog).toContainText('请确认密码');
  await confirmPw.fill('cash457');
  await confirmPw.blur();
  await expect(dialog).toContainText('两次输入的密码不一致');

  // A wrong old password is refused by the server.
  await oldPw.fill('nope123');
  await confirmPw.fill('cash456');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(page.getByText('原密码错误')).toBeVisible();

  await oldPw.fill('cash123');
  await dialog.getByRole('button', { name: '确认' }).click();
  await expect(page).toHaveURL(/\/login/);
  await loginAs(page, 'cashier', 'cash456');
  await expect(page.getByTestId('user-menu')).toContainText('王出纳');
  // Restore the demo password for later specs.
  const back = await page.request.post('/api/idm/user/changePassword', { data: { oldPassword: 'cash456', newPassword: 'cash123' }, headers: await apiHeaders(page.request, 'cashier', 'cash456') });
  expect((await back.json()).success).toBe(true);
});

test('a page whose code cannot be loaded shows an error with retry, inside the shell', async ({ page }) => {
  const shell = new ShellModel(page);
  await loginAs(page, 'admin', 'admin123');
  await page.route(/\/assets\/conflict-page-[^/]+\.js$/, (route) => route.abort('failed'));
  allowPageProblem(page, /Failed to fetch dynamically imported module/);
  // The router first reloads the application once (a new deployment replaced the chunks);
  // as after any refresh, the shell starts again from home.
  // Home is already showing before the reload: wait for the reload itself, or the second click could
  // land before it and be undone by it.
  const reloaded = page.waitForEvent('load');
  await shell.clickMenu('retrieval');
  await reloaded;
  await expect(page.getByTestId('home-page')).toBeVisible();
  // A second failure is shown as an error inside the shell.
  await shell.clickMenu('retrieval');
  await expect(page.getByTestId('page-error')).toBeVisible();
  await expect(shell.sidebar()).toBeVisible();
  await page.unroute(/\/assets\/conflict-page-[^/]+\.js$/);
  await page.getByTestId('logo').click();
  await expect(page.getByTestId('home-page')).toBeVisible();
});

test('user loading is retried; after the third failure the user is logged out with the message', async ({ page }) => {
  await loginAs(page, 'auditor', 'audit123');
  let calls = 0;
  await page.route('**/api/idm/user/current', (route) => {
    calls += 1;
    return route.fulfill({ status: 500, contentType: 'application/json', body: JSON.stringify({ data: null, success: false, code: 'OPERATION_FAILED', msg: '操作失败!' }) });
  });
  await page.reload();
  await expect(page).toHaveURL(/\/login/, { timeout: 15_000 });
  expect(calls).toBe(3);
  await expect(page.getByText('登录失败，请重新登录。')).toBeVisible();
  expect(await page.evaluate(() => sessionStorage.getItem('ledgerdesk.token'))).toBeNull();
});

test('when user info returns nothing: "Verification failed, please Login again."', async ({ page }) => {
  await loginAs(page, 'auditor', 'audit123');
  await page.route('**/api/idm/user/current', (route) =>
    route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: null, success: true, code: 0, msg: '' }) }),
  );
  await page.reload();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText('验证失败，请重新登录')).toBeVisible();
});
