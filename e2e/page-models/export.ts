/**
 * Background exports seen from the keyboard: Enter on a list's Export, then straight to another
 * screen through the command palette (Ctrl+K, a query, Enter), as a clerk who does not wait for the
 * file does. The export must go on without its page: the file arrives on the other screen.
 */
import { expect, type Download, type Locator, type Page, type Route } from '@playwright/test';
import { pressOn } from './keys';
import { ShellKeyboard } from './shell';

export interface ExportElsewhere {
  file: Download;
  /** The page's path when the file arrived. */
  pathWhenDownloaded: string;
  /** How many export calls the page made (a second Enter on a running export makes none). */
  exportCalls: number;
}

/**
 * Presses Enter on `exportButton`, opens the palette at once and goes to the screen of `entry`
 * (its `query` chooses it) at `path`, until `arrived` shows; answers the download and where the
 * user was when it came. The task's progress answers are held until the other screen shows: on a
 * busy machine the next screen can take longer to draw than the task to finish, and a file that
 * came while the list was still drawn would prove nothing.
 */
export async function exportThenLeave(page: Page, exportButton: Locator, query: string, entry: string, path: string, arrived: Locator): Promise<ExportElsewhere> {
  let release!: () => void;
  const left = new Promise<void>((resolve) => (release = resolve));
  const hold = async (route: Route) => {
    await left;
    await route.continue();
  };
  await page.route('**/api/system/export/*', hold);
  let exportCalls = 0;
  const countCall = (r: { url: () => string; method: () => string }) => {
    if (r.method() === 'POST' && /\/export$/.test(new URL(r.url()).pathname)) exportCalls++;
  };
  page.on('request', countCall);
  let pathWhenDownloaded = '';
  const download = page.waitForEvent('download').then((d) => {
    pathWhenDownloaded = new URL(page.url()).pathname;
    return d;
  });
  await pressOn(exportButton);
  const keys = new ShellKeyboard(page);
  await keys.searchPalette(query, entry);
  await page.keyboard.press('Enter');
  await page.waitForURL((u) => u.pathname === path);
  await expect(arrived).toBeVisible();
  await expect(exportButton).toHaveCount(0);
  release();
  const file = await download;
  page.off('request', countCall);
  await page.unroute('**/api/system/export/*', hold);
  expect(file).toBeTruthy();
  return { file, pathWhenDownloaded, exportCalls };
}
