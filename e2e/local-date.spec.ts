/**
 * "Today" is the user's calendar date, not Greenwich's: in Beijing at 07:30 on 1 December (23:30 UTC
 * on 30 November) the balance sheet opens on December and the business query runs to 1 December.
 * Before, the reports took the UTC date and opened on November until 8 in the morning.
 */
import { expect, test } from './page-models/test';
import { loginAs } from './page-models/login';
import { ShellModel } from './page-models/shell';

test.use({ timezoneId: 'Asia/Shanghai' });

test('at 07:30 on 1 December in Beijing, today is 1 December', async ({ page }) => {
  await page.clock.setFixedTime(new Date('2026-11-30T23:30:00Z'));
  await loginAs(page, 'admin', 'admin123');
  const shell = new ShellModel(page);
  await shell.selectYear('2026');
  await page.goto('/report/balanceSheet');
  await expect(page.getByTestId('bs-month')).toHaveValue('第 12 期（2026-12）');
  await page.goto('/businessQuery');
  await expect(page.getByTestId('bq-to')).toHaveValue('2026-12-01');
  await expect(page.getByTestId('bq-from')).toHaveValue('2026-01-01');
});
