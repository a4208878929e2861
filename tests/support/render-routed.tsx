/**
 * Draws a component as the app draws a page: in a route (so what marks its tab, useTabDirty and
 * useTabPath, has one), with Mantine and the given i18n. The route's path is `path` ('/' unless
 * told): a test reads the tab's flags under it (tabsStore.dirtyTabs()).
 */
import type { ReactNode } from 'react';
import { act, render } from '@testing-library/react';
import { MantineProvider } from '@mantine/core';
import { createMemoryHistory, createRootRoute, createRouter, RouterProvider } from '@tanstack/react-router';
import type { i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';

export async function renderRouted(Page: () => ReactNode, i18n: I18n, path = '/'): Promise<void> {
  const router = createRouter({ routeTree: createRootRoute({ component: Page }), history: createMemoryHistory({ initialEntries: [path] }) });
  await act(async () => {
    render(
      <I18nextProvider i18n={i18n}>
        <MantineProvider>
          <RouterProvider router={router} />
        </MantineProvider>
      </I18nextProvider>,
    );
  });
}
