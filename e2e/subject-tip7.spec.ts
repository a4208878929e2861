/**
 * Tip7 (spec 02 §2.1, §5): adding an auxiliary type to a subject the books already use asks for
 * confirmation, then for a value per new type in the 600×400 popup; the value lands on the
 * subject's existing voucher lines. The spec builds its own used subject (a child of 5603 with one
 * voucher) and removes it afterwards, so the demo chart stays as seeded.
 */
import { expect, test, type APIRequestContext } from './page-models/test';
import { loginAs } from './page-models/login';
import { restoreDemoState } from './page-models/demo-state';
import { SubjectCatalogueModel } from './page-models/subjects';
import { pressOn } from './page-models/keys';
import { expectFocusWithin } from './page-models/focus';

const CODE = '560399';

interface Fixture { headers: Record<string, string>; accountYearId: number; subjectId: number; voucherId: number }
let fx: Fixture | null = null;

async function adminHeaders(request: APIRequestContext) {
  const login = await (await request.post('/api/idm/user/login', { data: { username: 'admin', password: 'admin123' } })).json();
  return { authorization: `Bearer ${login.data.accessToken}` };
}

/** The main ledger set's last account year (the one the app opens), a used subject and its voucher. */
async function makeUsedSubject(request: APIRequestContext): Promise<Fixture> {
  const headers = await adminHeaders(request);
  const get = async (url: string, params: Record<string, string | number>) => (await (await request.get(url, { params, headers })).json()).data;
  const accounts = (await get('/api/account', { limit: 100 })).content as Array<{ id: number; main: boolean | number }>;
  const account = accounts.find((a) => a.main) ?? accounts[0]!;
  const years = (await get('/api/account/year', { accountId: account.id })).content as Array<{ id: number; year: number }>;
  const year = years.sort((a, b) => a.year - b.year).at(-1)!;
  const kinds = (await get('/api/voucher/kind', { filter: JSON.stringify({ accountId: account.id }) })).content as Array<{ id: number }>;
  const cash = (await get('/api/subject', { filter: JSON.stringify({ accountYearId: year.id, code: '1001' }) })).content[0] as { id: number };
  const created = await (await request.post('/api/subject', { data: { accountYearId: year.id, code: CODE, name: 'E2E 辅助核算测试' }, headers })).json();
  expect(created.success, JSON.stringify(created)).toBe(true);
  const voucher = await (await request.post('/api/voucher', {
    data: {
      accountId: account.id, kindId: kinds[0]!.id, markTime: `${year.year}-03-15`,
      items: [
        { summary: 'E2E 财务费用', subjectId: created.data.id, direction: true, amount: '12345' },
        { summary: 'E2E 财务费用', subjectId: cash.id, direction: false, amount: '12345' },
      ],
    },
    headers,
  })).json();
  expect(voucher.success, JSON.stringify(voucher)).toBe(true);
  return { headers, accountYearId: year.id, subjectId: created.data.id, voucherId: voucher.data.id };
}

test.afterAll(async ({ request }) => {
  if (fx) {
    const headers = await adminHeaders(request);
    await request.delete(`/api/voucher/${fx.voucherId}`, { headers });
    await request.delete('/api/subject', { params: { filter: JSON.stringify({ accountYearId: fx.accountYearId, id: [fx.subjectId] }) }, headers });
  }
  await restoreDemoState(request);
});

test('a used subject gains an auxiliary type only with a value for its existing lines (tip7)', async ({ page, request }) => {
  fx = await makeUsedSubject(request);
  await loginAs(page, 'admin', 'admin123');
  const s = new SubjectCatalogueModel(page);
  await s.open();
  await s.list.search(CODE);
  await s.list.open(CODE);
  await expect(s.dialog()).toBeVisible();

  // Tick "department" with the keyboard and save: the server asks tip7 first.
  await s.dialog().getByTestId('subject-aux-1').focus();
  await page.keyboard.press('Space');
  await pressOn(s.name());
  const confirm = page.getByTestId('confirm-dialog');
  await expect(confirm).toContainText('该科目已被使用');
  await expectFocusWithin(confirm);
  await page.keyboard.press('Enter');

  // The value popup: confirming empty names the missing type; then a leaf department is chosen.
  const popup = page.getByTestId('aux-values-dialog');
  await expect(popup).toBeVisible();
  // The popup is the answer to the server's refusal: no failure notice on top of it.
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
  // The caret is in the popup's first value box (not left in the subject dialog behind it).
  await expect(popup.getByTestId('aux-value-1')).toBeFocused();
  await pressOn(popup.getByTestId('aux-values-ok'));
  await expect(popup).toContainText('部门为必填项');
  await page.screenshot({ path: 'test-results/subject-tip7-zh_CN.png' });
  const dept = popup.getByTestId('aux-value-1');
  // The list opens with its first option chosen a moment later, and redraws when the departments
  // arrive: open it, wait for the chosen option, Enter; again if the list was redrawn meanwhile.
  await expect(async () => {
    await dept.focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.locator('[role="option"][data-combobox-selected]')).toHaveCount(1, { timeout: 2000 });
    await page.keyboard.press('Enter');
    await expect(dept).not.toHaveValue('', { timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await pressOn(popup.getByTestId('aux-values-ok'));
  await expect(popup).toBeHidden();
  await expect(s.dialog()).toBeHidden();

  // The existing line now carries the department; the subject lists its auxiliary type.
  const v = (await (await request.get(`/api/voucher/${fx.voucherId}`, { headers: fx.headers })).json()).data;
  const line = v.items.find((i: { subjectId: number }) => i.subjectId === fx!.subjectId);
  expect(line.auxes.map((a: { auxTypeId: number }) => a.auxTypeId)).toEqual([1]);
  await expect(await s.list.fullRow(CODE)).toContainText('部门');

  // Removing the type from the used subject is refused.
  const removed = await (await request.post(`/api/subject/${fx.subjectId}`, { data: { auxTypeIds: [] }, headers: fx.headers })).json();
  expect(removed.code).toBe('SUBJECT_AUX_IN_USE');
});
