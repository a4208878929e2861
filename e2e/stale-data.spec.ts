/**
 * Someone else saved the voucher while it was on screen: the auditor's F9 is refused (STALE_DATA,
 * "数据已被他人修改，请刷新后重新操作") and the editor then shows the voucher as it now is, its new
 * figures and uppercase total, without a reload of the page (the query client reads everything on
 * screen again after such a refusal); the next F9 examines the voucher the auditor now sees.
 */
import { expect, test } from './page-models/test';
import { loginAs } from './page-models/login';
import { apiLogin } from './page-models/voucher-list';
import { restoreDemoState } from './page-models/demo-state';

const made = { voucherId: 0 };

test.afterAll(async ({ request }) => {
  const admin = await apiLogin(request, 'admin', 'admin123');
  if (made.voucherId) await admin.del(`/api/voucher/${made.voucherId}`).catch(() => undefined);
  await restoreDemoState(request);
});

test('a voucher changed by its maker while the auditor looks at it: F9 is refused and the editor shows the new figures', async ({ page, request }) => {
  const clerk = await apiLogin(request, 'clerk', 'clerk123');
  const years = await clerk.get('/api/account/year', { accountId: 1 });
  const year = (years.content as Array<{ id: number; year: number }>).find((y) => y.year === 2026)!;
  const subjects = (await clerk.get('/api/subject', { filter: { accountYearId: year.id }, limit: 1000 })).content as Array<{ id: number; code: string }>;
  const kinds = (await clerk.get('/api/voucher/kind', { accountId: 1 })).content as Array<{ id: number; isDefault: boolean }>;
  const body = (cents: number) => ({
    accountId: 1, kindId: (kinds.find((k) => k.isDefault) ?? kinds[0]).id, markTime: '2026-11-20', billCount: 0,
    items: [
      { summary: 'E2E改动', subjectId: subjects.find((x) => x.code === '1002')!.id, direction: true, amount: String(cents) },
      { summary: 'E2E改动', subjectId: subjects.find((x) => x.code === '1001')!.id, direction: false, amount: String(cents) },
    ],
  });
  const v = await clerk.post('/api/voucher', body(432_100)) as { id: number; version: number };
  made.voucherId = v.id;

  await loginAs(page, 'auditor', 'audit123', { at: `/newVoucher/${v.id}` });
  const upper = page.getByTestId('voucher-uppercase-inline');
  await expect(upper).toContainText('肆仟叁佰贰拾壹元整');
  // The maker corrects the amounts meanwhile.
  await clerk.post(`/api/voucher/${v.id}`, { ...body(4_321_000), version: v.version });

  await page.getByTestId('voucher-uppercase-inline').click();
  await page.keyboard.press('F9');
  await expect(page.getByText('数据已被他人修改').first()).toBeVisible();
  // Without touching anything: the editor reads the voucher again and shows what it now holds.
  await expect(upper).toContainText('肆万叁仟贰佰壹拾元整');
  // The auditor examines what is on screen now.
  await page.keyboard.press('F9');
  await expect.poll(async () => ((await clerk.get(`/api/voucher/${v.id}`)) as { auditPass: boolean | null }).auditPass).toBe(true);
});
