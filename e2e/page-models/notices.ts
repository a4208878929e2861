import type { Page } from '@playwright/test';

/**
 * Records the text of every notice the page shows, from its first script on. A notice stays
 * MESSAGE_DISPLAY_MS (1.5 s): one said while the page is still loading can close before a check
 * that polls the page sees it on a busy machine (workspace.spec flaked so). Answers a reader of the
 * texts seen so far.
 */
export async function recordNotices(page: Page): Promise<() => Promise<string[]>> {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __notices: string[] }).__notices = seen;
    const note = (n: Node) => {
      if (!(n instanceof Element)) return;
      const roots = n.matches('.mantine-Notification-root') ? [n] : [...n.querySelectorAll('.mantine-Notification-root')];
      for (const r of roots) seen.push(r.textContent ?? '');
    };
    const start = () =>
      new MutationObserver((records) => {
        for (const r of records) for (const n of r.addedNodes) note(n);
      }).observe(document.documentElement, { childList: true, subtree: true });
    if (document.documentElement) start();
    else document.addEventListener('DOMContentLoaded', start, { once: true });
  });
  return () => page.evaluate(() => (window as unknown as { __notices: string[] }).__notices);
}
