/**
 * Financial settings by keyboard: voucher kinds (create, a duplicate refused with the spec's
 * 'Data duplication!', delete with confirmation, the default kind refused) and the system
 * settings page (download base, language switch). Screenshots in both languages.
 */
import { recordNotices } from './page-models/notices';
import { expect, test } from './page-models/test';
import { apiHeaders, loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';
import { restoreDemoState } from './page-models/demo-state';
import { FormDialogModel, ListModel } from './page-models/admin-list';
import { financeScreens, openFinanceScreen, VoucherKindScreen } from './page-models/finance-settings';
import { pressOn } from './page-models/keys';
import { expectFocusWithin } from './page-models/focus';

test.afterAll(async ({ request }) => {
  // Put the demo's kinds and settings back for the next spec.
  const headers = await apiHeaders(request, 'admin', 'admin123');
  const kinds = (await (await request.get('/api/voucher/kind', { params: { accountId: 1 }, headers })).json()).data?.content ?? [];
  for (const k of kinds as { id: number; name: string }[]) if (!['记', '收', '付', '转'].includes(k.name)) await request.delete(`/api/voucher/kind/${k.id}`, { headers });
  const currencies = (await (await request.get('/api/common/currency', { params: { companyId: 1 }, headers })).json()).data?.content ?? [];
  for (const c of currencies as { id: number; base: boolean }[]) if (!c.base) await request.delete(`/api/common/currency/${c.id}`, { headers });
  await request.post('/api/voucher/codeRule', { data: { accountId: 1, length: 4 }, headers });
  await restoreDemoState(request);
});

test('voucher kinds by keyboard: create, duplicate refused, delete with confirmation', async ({ page }) => {
  const notices = await recordNotices(page);
  await loginAs(page, 'admin', 'admin123');
  await new ShellModel(page).switchLanguage('en_US');
  await openFinanceScreen(page, 'voucherKind');
  const screen = new VoucherKindScreen(page);

  // The ledger set starts with 记/收/付/转, 记 the default.
  await expect(screen.list.rows()).toHaveCount(4);
  await expect(screen.list.row('记').getByTestId('voucher-kind-default-badge')).toBeVisible();

  // New by keyboard: Enter on New, type, Tab, type, Enter saves and closes.
  await screen.openNew();
  await screen.typeAndSave('现', 'Cash');
  await expect(screen.dialog.root()).toBeHidden();
  await expect(screen.list.row('Cash')).toHaveCount(1);
  // A save says so (spec 02 §8: 'Saved successfully!'), a refused save 'Save failed!' above the reason.
  await expect.poll(notices).toContain('Saved successfully!');

  // A duplicate name is refused with the spec's message under the field; the dialog stays open.
  await screen.openNew();
  await screen.typeAndSave('收');
  await expect(screen.dialog.root()).toBeVisible();
  await expect(screen.dialog.root()).toContainText('Data duplication!');
  await expect.poll(async () => (await notices()).some((n) => n.startsWith('Save failed!') && n.includes('Data duplication!'))).toBe(true);
  await screen.dialog.pressEscape();
  await screen.dialog.discardFromPrompt();
  await expect(screen.dialog.root()).toBeHidden();
  await expect(screen.list.rows()).toHaveCount(5);

  // Delete on the selected row asks; Enter confirms.
  await screen.list.select('Cash');
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await expect(page.getByTestId('confirm-dialog')).toContainText('Cannot be recovered after deletion');
  await expectFocusWithin(page.getByTestId('confirm-dialog'));
  await page.keyboard.press('Enter');
  await expect(screen.list.row('Cash')).toHaveCount(0);

  // 记 is used by the demo vouchers: the used-check refuses before any confirmation, the row stays.
  // (That the default kind cannot be deleted either is the server's rule, tested in finance-settings.test.ts.)
  await screen.list.select('General');
  const usedCheck = page.waitForResponse((r) => /\/api\/voucher\/kind\/\d+\/used/.test(r.url()));
  await page.keyboard.press('Delete');
  expect(await (await usedCheck).json()).toMatchObject({ success: true, data: true });
  await expect(page.locator('.mantine-Notification-root', { hasText: 'Already in use, cannot be deleted!' }).first()).toBeVisible();
  await expect(page.getByTestId('confirm-dialog')).toBeHidden();
  await expect(screen.list.row('General')).toHaveCount(1);
  await page.screenshot({ path: 'test-results/finance-en_US-voucherKind.png', animations: 'disabled' });

  await new ShellModel(page).switchLanguage('zh_CN');
  await expect(screen.list.rows()).toHaveCount(4);
  await page.screenshot({ path: 'test-results/finance-zh_CN-voucherKind.png', animations: 'disabled' });
  await screen.openNew();
  await page.screenshot({ path: 'test-results/finance-zh_CN-voucherKind-dialog.png', animations: 'disabled' });
  await screen.dialog.pressEscape();
});

test('system settings by keyboard: download base saved with Enter, language switch, interface language', async ({ page, request }) => {
  await loginAs(page, 'admin', 'admin123');
  await openFinanceScreen(page, 'settings');
  const base = page.getByTestId('settings-download-base');
  await base.focus();
  await base.fill('https://files.example.com/');
  await base.press('Enter');
  await expect(page.getByTestId('settings-save')).toBeDisabled();
  const config = async () => (await (await request.get('/api/system/config')).json()).data;
  await expect.poll(async () => (await config()).downloadBase).toBe('https://files.example.com/');
  // That save is over only once the page has read the settings again: a reload still on its way
  // would be held by the route below and keep the next save queued behind it (CI flake).
  await expect(page.getByTestId('settings-save')).not.toHaveAttribute('aria-busy', 'true');

  // An Enter while the last save is still finishing (its reload of the settings held back here) is
  // not dropped: the cleared box is saved after it. Clearing the box clears the address.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route('**/api/system/config*', async (route) => {
    if (route.request().method() === 'GET') await held;
    await route.fallback();
  });
  await base.fill('https://slow.example.com/');
  await base.press('Enter');
  await expect.poll(async () => (await config()).downloadBase).toBe('https://slow.example.com/');
  await expect(page.getByTestId('settings-save')).toHaveAttribute('aria-busy', 'true');
  await base.fill('');
  await base.press('Enter');
  release();
  await page.unroute('**/api/system/config*');
  await expect.poll(async () => (await config()).downloadBase).toBeNull();
  await expect(page.getByTestId('settings-save')).toBeDisabled();
  await expect(base).toHaveValue('');

  // The language switch checkbox: Space toggles, Enter in the form saves.
  const toggle = page.getByTestId('settings-language-switch');
  await toggle.focus();
  await page.keyboard.press('Space');
  await base.press('Enter');
  await expect.poll(async () => (await config()).languageSwitch).toBe(false);
  await expect(page.getByTestId('language-switch')).toHaveCount(0);
  await toggle.focus();
  await page.keyboard.press('Space');
  await base.press('Enter');
  await expect(page.getByTestId('language-switch')).toBeVisible();

  // The interface language by the segmented control (arrow keys), then back.
  await page.getByTestId('settings-language').getByRole('radio', { checked: true }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByTestId('system-settings')).toContainText('System settings');
  await page.screenshot({ path: 'test-results/finance-en_US-settings.png', animations: 'disabled' });
  await page.keyboard.press('ArrowLeft');
  await expect(page.getByTestId('system-settings')).toContainText('系统设置');
  await page.screenshot({ path: 'test-results/finance-zh_CN-settings.png', animations: 'disabled' });
});

test('voucher code rule and currencies by keyboard', async ({ page, request }) => {
  await loginAs(page, 'admin', 'admin123');
  await openFinanceScreen(page, 'voucherCode');
  const length = page.getByTestId('voucher-code-length');
  await expect(length).toHaveValue('4');
  await length.focus();
  await length.press('Control+a');
  await page.keyboard.type('6');
  await expect(page.getByTestId('voucher-code-example')).toContainText('000001');
  await length.press('Enter');
  await expect(page.getByTestId('voucher-code-save')).toBeDisabled();
  await page.screenshot({ path: 'test-results/finance-zh_CN-voucherCode.png', animations: 'disabled' });
  const headers = await apiHeaders(request, 'admin', 'admin123');
  await expect.poll(async () => (await (await request.get('/api/voucher/codeRule', { params: { accountId: 1 }, headers })).json()).data.length).toBe(6);
  // Out of range: the rule's own words (a number from 1 to 10), not the generic "at most 10 characters".
  await length.press('Control+a');
  await page.keyboard.type('12');
  await length.press('Enter');
  const rule = page.getByTestId('voucher-code-rule');
  await expect(rule).toContainText('请输入 1 至 10 之间的整数');
  await expect(rule).not.toContainText('字符');
  await length.press('Control+a');
  await page.keyboard.type('6');
  await expect(rule).not.toContainText('请输入 1 至 10 之间的整数');
  await expect(page.getByTestId('voucher-code-example')).toContainText('000001');

  await openFinanceScreen(page, 'currencyType');
  const list = ListModel.byId(page, financeScreens.currencyType.grid);
  await expect(list.row('CNY').getByTestId('currency-base-badge')).toBeVisible();
  const dialog = new FormDialogModel(page, 'currency-dialog');
  await pressOn(page.getByTestId('currency-new'));
  await expect(dialog.root().getByTestId('currency-code')).toBeFocused();
  await page.keyboard.type('usd');
  await page.keyboard.press('Tab');
  await page.keyboard.type('美元');
  await page.keyboard.press('Tab');
  // A rate it cannot read: its hint is the message, said once (it showed as hint and message).
  await page.keyboard.type('7.1x');
  await dialog.save();
  await expect(dialog.root().getByTestId('currency-rate')).toHaveAttribute('aria-invalid', 'true');
  await expect(dialog.root().getByText('每单位折合本位币的数额，最多 6 位小数')).toHaveCount(1);
  await page.keyboard.press('Backspace');
  await page.keyboard.type('0');
  await dialog.save();
  await expect(dialog.root()).toBeHidden();
  await expect(list.row('USD')).toContainText('7.1');
  await page.screenshot({ path: 'test-results/finance-zh_CN-currencyType.png', animations: 'disabled' });
  // The base currency cannot be deleted: its delete button stays disabled.
  await list.select('CNY');
  await expect(page.getByTestId('currency-delete')).toBeDisabled();
  await list.select('USD');
  await page.keyboard.press('Delete');
  await expect(page.getByTestId('confirm-dialog')).toBeVisible();
  await expectFocusWithin(page.getByTestId('confirm-dialog'));
  await page.keyboard.press('Enter');
  await expect(list.row('USD')).toHaveCount(0);
});

test('voucher code rule: typing while a save is on its way neither leaves Save enabled nor is refused as someone else\'s change', async ({ page, request }) => {
  const notices = await recordNotices(page);
  await loginAs(page, 'admin', 'admin123');
  await openFinanceScreen(page, 'voucherCode');
  const length = page.getByTestId('voucher-code-length');
  const save = page.getByTestId('voucher-code-save');
  await expect(length).toHaveValue(/^\d+$/);
  // The first save is held on its way until the clerk has typed on.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  let posts = 0;
  await page.route('**/api/voucher/codeRule', async (route) => {
    if (route.request().method() !== 'POST') return route.continue();
    posts += 1;
    if (posts === 1) await held;
    await route.continue();
  });
  await length.focus();
  await length.press('Control+a');
  await page.keyboard.type('7');
  await length.press('Enter');
  await expect.poll(() => posts).toBe(1);
  await length.press('Control+a');
  await page.keyboard.type('9');
  release();
  await expect.poll(async () => (await notices()).filter((n) => n.includes('保存成功')).length).toBe(1);
  // Back on the value just saved: nothing to save.
  await length.press('Control+a');
  await page.keyboard.type('7');
  await expect(save).toBeDisabled();
  // A new value saves, not refused as a change made by someone else.
  await length.press('Control+a');
  await page.keyboard.type('8');
  await length.press('Enter');
  await expect(save).toBeDisabled();
  const headers = await apiHeaders(request, 'admin', 'admin123');
  await expect.poll(async () => (await (await request.get('/api/voucher/codeRule', { params: { accountId: 1 }, headers })).json()).data.length).toBe(8);
  await expect(save).toBeDisabled();
  expect((await notices()).filter((n) => n.includes('他人修改'))).toEqual([]);
});
