// @vitest-environment jsdom
/**
 * A page's export outlives the page: the list page that started it unmounts when the user goes to
 * another tab, and the file must still arrive (and the notice say so). Back on the page, its bar and
 * its "one export at a time" are there again.
 */
import { act, cleanup, render, screen } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { installDomShims } from '../../../../tests/support/dom-shims';
import type { ExportTaskState } from '../../../../machines/export-progress.machine';

const server = vi.hoisted(() => ({ states: [] as ExportTaskState[] }));
vi.mock('../../queries/export', () => ({
  fetchExportTask: async () => (server.states.length > 1 ? server.states.shift()! : server.states[0]!),
}));

// The unit lane shares one module cache across files (isolate: false): load afresh so the mock holds
// even when another file loaded the real module first.
vi.resetModules();
const { useExportProgress } = await import('./export-progress');
const { initI18n } = await import('../../i18n');
const i18n = initI18n('en_US');

beforeAll(async () => {
  await i18n.changeLanguage('en_US');
  installDomShims();
});

let exporter: ReturnType<typeof useExportProgress> | null = null;
function CustomersPage() {
  exporter = useExportProgress('transfer:customer');
  return <div data-testid="page">{exporter.bar}</div>;
}

async function showPage() {
  const rootRoute = createRootRoute({ component: CustomersPage });
  const router = createRouter({ routeTree: rootRoute, history: createMemoryHistory({ initialEntries: ['/customer/list'] }) });
  await router.load();
  const view = render(<MantineProvider><RouterProvider router={router} /></MantineProvider>);
  await act(async () => {});
  return view;
}

const downloads: string[] = [];
beforeEach(() => {
  vi.useFakeTimers({ shouldAdvanceTime: true });
  downloads.length = 0;
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.getAttribute('href') ?? '');
  });
});
afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
});

describe('useExportProgress: the task is the app\'s, not the page\'s', () => {
  it('leaving the page while the export runs: the file still downloads and a notice says it is ready', async () => {
    server.states = [{ progress: 30, completed: false, failed: false, result: null, error: null }, { progress: 100, completed: true, failed: false, result: '/api/files/7?sig=a', error: null }];
    const page = await showPage();
    act(() => exporter!.start('token-customers-1'));
    expect(exporter!.running).toBe(true);
    expect(screen.getByTestId('export-progress')).toBeTruthy();
    // The user goes to another tab at once: the list page unmounts.
    page.unmount();
    await act(() => vi.advanceTimersByTimeAsync(3000));
    expect(downloads).toEqual(['/api/files/7?sig=a']);
    const { notifications: shown, queue } = notificationsStore.getState();
    expect([...shown, ...queue].map((n) => n.message)).toContain('Your export is ready: the file is downloading.');
  });

  it('back on the page, the bar of its running export shows again and a second export is refused', async () => {
    server.states = [{ progress: 50, completed: false, failed: false, result: null, error: null }];
    const first = await showPage();
    act(() => exporter!.start('token-customers-2'));
    first.unmount();
    await act(() => vi.advanceTimersByTimeAsync(1600));
    await showPage();
    expect(exporter!.running).toBe(true);
    expect(screen.getByTestId('export-progress-value').textContent).toContain('50');
    const call = vi.fn(() => Promise.resolve({ token: 'token-customers-3' }));
    let started: boolean | undefined;
    await act(async () => {
      started = await exporter!.run(call);
    });
    expect(started).toBe(false);
    expect(call).not.toHaveBeenCalled();
  });
});
