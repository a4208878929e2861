/**
 * Sign-in page model. `loginAs(page, username, password)` signs in from /login and waits for the
 * shell, so other specs start from a signed-in page in one line.
 */
import { expect, type APIRequestContext, type Page } from '@playwright/test';

export class LoginPageModel {
  constructor(readonly page: Page) {}

  readonly username = () => this.page.locator('input[name="username"]');
  readonly password = () => this.page.locator('input[name="password"]');
  readonly captcha = () => this.page.locator('input[name="captcha"]');
  readonly captchaImage = () => this.page.getByTestId('captcha-image');
  readonly error = () => this.page.getByTestId('login-error');
  readonly submitButton = () => this.page.locator('form button[type="submit"]');

  async goto(redirect?: string) {
    await this.page.goto(redirect ? `/login?redirect=${encodeURIComponent(redirect)}` : '/login');
    await expect(this.password()).toBeVisible();
  }

  /** Fills the form and submits it (by pressing Enter in the last field, as a keyboard user does). */
  async submit(username: string, password: string, captcha?: string) {
    await this.username().fill(username);
    await this.password().fill(password);
    if (captcha !== undefined) await this.captcha().fill(captcha);
    await (captcha !== undefined ? this.captcha() : this.password()).press('Enter');
  }

  async chooseLanguage(label: '中文' | 'English') {
    await this.page.getByText(label, { exact: true }).click();
  }
}

/** Signs in and waits until the shell is ready (the tabs bar shows once the user is loaded). */
export async function loginAs(page: Page, username: string, password: string): Promise<void> {
  const login = new LoginPageModel(page);
  if (!/^\/login/.test(new URL(page.url(), 'http://x').pathname)) await login.goto();
  await login.submit(username, password);
  await expect(page.getByTestId('tabs-bar')).toBeVisible();
}

/** Signs in through the API (for test set-up): the bearer headers of a fresh session. */
export async function apiHeaders(request: APIRequestContext, username: string, password: string): Promise<{ authorization: string }> {
  const body = await (await request.post('/api/idm/user/login', { data: { username, password } })).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return { authorization: `Bearer ${body.data.accessToken as string}` };
}
