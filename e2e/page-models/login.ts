/**
 * Sign-in page model. `loginAs(page, username, password)` signs in from /login and waits for the
 * shell, so other specs start from a signed-in page in one line.
 */
import { expect, type APIRequestContext, type BrowserContext, type Page } from '@playwright/test';

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

let injected = 0;
/** How long the shell may take to show after signing in (the first load builds the app's chunks' cache). */
const SHELL_READY_MS = 30_000;

/**
 * Signs in and waits until the shell is ready (the tabs bar shows once the user is loaded).
 *
 * On the sign-in page it fills the form, as a user does (the form's own tests are in login.spec.ts).
 * Anywhere else it signs in through the API and hands the session to the app the way a reload
 * finds it (the token in sessionStorage), then opens the home page: the same session, without
 * loading the sign-in page for every test. The hand-over is one-shot (a marker in sessionStorage),
 * so a later logout or another loginAs in the same page is not undone by it.
 *
 * `at` opens that address instead of the home page: a test that starts on one screen pays for one
 * load of the app, not two (each is about 2 CPU-s of the browser on the 2-core CI machine).
 */
export async function loginAs(page: Page, username: string, password: string, options: { at?: string } = {}): Promise<void> {
  const onLogin = /^\/login/.test(new URL(page.url(), 'http://x').pathname);
  if (onLogin) {
    await new LoginPageModel(page).submit(username, password);
  } else {
    const res = await page.request.post('/api/idm/user/login', { data: { username, password } });
    const body = (await res.json()) as { success: boolean; data: { accessToken: string; user: { id: number } } };
    expect(body.success, JSON.stringify(body)).toBe(true);
    const marker = `e2e.session.${++injected}.${Date.now()}`;
    await page.addInitScript(
      ([token, userId, key]) => {
        // Frames without storage (the browser's PDF viewer in the print drawer) are not the app.
        if (window.location.origin === 'null' || !window.sessionStorage || sessionStorage.getItem(key)) return;
        sessionStorage.setItem(key, '1');
        sessionStorage.setItem('ledgerdesk.token', token);
        sessionStorage.setItem('ledgerdesk.userId', userId);
        sessionStorage.setItem('ledgerdesk.savedAt', String(Date.now()));
      },
      [body.data.accessToken, String(body.data.user.id), marker] as const,
    );
    await page.goto(options.at ?? '/');
  }
  await expect(page.getByTestId('tabs-bar')).toBeVisible({ timeout: SHELL_READY_MS });
  if (onLogin && options.at) {
    await page.goto(options.at);
    await expect(page.getByTestId('tabs-bar')).toBeVisible({ timeout: SHELL_READY_MS });
  }
}

/**
 * Opens the app in `language` from the next page load on (the choice the language menu stores), for
 * every page of `target` (a page, or a browser context with its pages).
 */
export async function startInLanguage(target: Page | BrowserContext, language: 'zh_CN' | 'en_US'): Promise<void> {
  await target.addInitScript((l) => {
    // Frames without storage (the browser's PDF viewer in the print drawer) are not the app.
    if (window.localStorage) localStorage.setItem('ledgerdesk.language', l);
  }, language);
}

/** Signs in through the API (for test set-up): the bearer headers of a fresh session. */
export async function apiHeaders(request: APIRequestContext, username: string, password: string): Promise<{ authorization: string }> {
  const body = await (await request.post('/api/idm/user/login', { data: { username, password } })).json();
  expect(body.success, JSON.stringify(body)).toBe(true);
  return { authorization: `Bearer ${body.data.accessToken as string}` };
}
