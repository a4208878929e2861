/**
 * Root providers: Mantine theme, TanStack Query and the router. To keep the sign-in route small
 * (≤ 200 kB gzipped), the notification host loads lazily once a session exists (and stays, so a
 * message shown right before logout is still seen on /login; 1.5 s, limited and deduplicated:
 * shell/notifications-host.tsx), and the modals provider lives in
 * the signed-in layout (shell/app-layout.tsx), where every dialog of the product opens.
 */
import { lazy, Suspense, useState } from 'react';
import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from '@tanstack/react-router';
import { theme } from './theme';
import { router } from './router';
import { useSession } from './session/store';
import { queryClient } from './shell/query-client';
import { ColumnWidthsProvider } from './features/common/column-widths';

const LazyNotificationsHost = lazy(() => import('./shell/notifications-host').then((m) => ({ default: m.NotificationsHost })));

function NotificationsHost() {
  const signedIn = useSession((s) => !!s.token);
  const [needed, setNeeded] = useState(signedIn);
  if (signedIn && !needed) setNeeded(true);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <LazyNotificationsHost />
    </Suspense>
  );
}

export function App() {
  return (
    <MantineProvider theme={theme}>
      <QueryClientProvider client={queryClient}>
        <NotificationsHost />
        <ColumnWidthsProvider>
          <RouterProvider router={router} />
        </ColumnWidthsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
