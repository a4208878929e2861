/**
 * Sign-in and the access rules of spec 01 §2: login, captcha after 3 failures, the redirect
 * parameter, /login when signed in, unknown paths, the refresh rule, language choice.
 */
import { expect, test } from './page-models/test';
import { LoginPageModel, loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';

test('signs in and shows the shell with the demo company selected', async ({ page }) => {
  await page.goto('/');
  await expect(page).toHaveURL(/\/login\?redirect=%2F$/);
  await loginAs(page, 'admin', 'admin123');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-company')).toHaveText(/Demo Law Firm/);
  await expect(page.getByTestId('home-year')).toHaveText('2026');
  await expect(page.getByTestId('user-menu')).toContainText('系统管理员');
});

test('required fields are checked before calling the server', async ({ page }) => {
  const login = new LoginPageModel(page);
  await login.goto();
  await login.submitButton().click();
  await expect(page.getByText('请输入用户名')).toBeVisible();
  await expect(page.getByText('请输入密码')).toBeVisible();
});

test('a captcha is required after 3 failed attempts and a wrong captcha is refused', async ({ page }) => {
  const login = new LoginPageModel(page);
  await login.goto();
  // Failures count per username, known or not; an unknown one keeps the demo users usable.
  for (let i = 0; i < 3; i++) {
    await login.submit('nobody', 'wrong-password');
    await expect(login.error()).toContainText('用户名或密码错误');
  }
  // The third failure's answer carries the captcha image.
  await expect(login.captchaImage()).toBeVisible();
  const src = await login.captchaImage().getAttribute('src');
  expect(src).toMatch(/^data:image\//);
  await login.submit('nobody', 'wrong1', 'zzzz');
  await expect(login.error()).toContainText('验证码');
  // A fresh image is shown after a wrong captcha.
  await expect(login.captchaImage()).toBeVisible();
  expect(await login.captchaImage().getAttribute('src')).not.toBe(src);
  await expect(page).toHaveURL(/\/login/);
});

test('a deep link goes through /login with a redirect parameter and comes back', async ({ page }) => {
  await page.goto('/voucher/daily/list');
  await expect(page).toHaveURL(/\/login\?redirect=%2Fvoucher%2Fdaily%2Flist/);
  await loginAs(page, 'clerk', 'clerk123');
  await expect(page).toHaveURL(/\/voucher\/daily\/list$/);
  await expect(page.getByTestId('voucher-list')).toBeVisible();
  await expect(new ShellModel(page).breadcrumbs()).toContainText('凭证列表');
});

test('a foreign redirect is ignored', async ({ page }) => {
  await page.goto('/login?redirect=' + encodeURIComponent('//evil.example/'));
  await loginAs(page, 'clerk', 'clerk123');
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
});

test('a signed-in user opening /login goes to /, unknown paths go to /404', async ({ page }) => {
  await loginAs(page, 'clerk', 'clerk123');
  await page.goto('/login');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByTestId('home-page')).toBeVisible();
  await page.goto('/no/such/page');
  await expect(page).toHaveURL(/\/404$/);
  await expect(page.getByTestId('not-found')).toBeVisible();
});

test('after a refresh a deep path goes home and the tabs close; /common survives', async ({ page }) => {
  const shell = new ShellModel(page);
  await loginAs(page, 'admin', 'admin123');
  await shell.openMenu('voucher', 'voucher.daily', 'voucher.daily.list');
  await expect(page).toHaveURL(/\/voucher\/daily\/list$/);
  await expect(shell.tab('/voucher/daily/list')).toBeVisible();
  await page.reload();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByTestId('home-page')).toBeVisible();
  await expect(shell.tab('/voucher/daily/list')).toHaveCount(0);
  // The session itself survives the reload (token in session storage).
  await expect(page.getByTestId('user-menu')).toContainText('系统管理员');

  await shell.openMenu('home', 'home.common');
  await expect(page).toHaveURL(/\/common$/);
  await page.reload();
  await expect(page).toHaveURL(/\/common$/);
});

test('the language can be chosen on the sign-in page and is kept after signing in', async ({ page }) => {
  const login = new LoginPageModel(page);
  await login.goto();
  await login.chooseLanguage('English');
  await expect(page.getByText('Username')).toBeVisible();
  await login.submit('cashier', 'wrong-password');
  // The server answers in the chosen language.
  await expect(login.error()).toContainText('Wrong username or password');
  await login.submit('cashier', 'cash123');
  await expect(page.getByTestId('sidebar')).toBeVisible();
  await expect(new ShellModel(page).menu('cashier')).toContainText('Cashier');
  // The choice was saved as the user's preference; put it back for later specs.
  const token = await page.evaluate(() => sessionStorage.getItem('ledgerdesk.token'));
  const res = await page.request.post('/api/idm/user/language', { data: { language: 'zh_CN' }, headers: { authorization: `Bearer ${token}` } });
  expect((await res.json()).success).toBe(true);
});
