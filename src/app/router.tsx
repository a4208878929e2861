/**
 * The router: code-based TanStack Router tree built from the route table (routes/route-table.ts).
 *   /login      public; a signed-in user goes to /
 *   /404        where unknown paths land
 *   (app)       the shell layout; without a token → /login?redirect=<path>
 *     /         home
 *     …         every page of the table (rights and scope are checked by the shell's PageGate)
 */
import { createRootRouteWithContext, createRoute, createRouter, lazyRouteComponent, Navigate, Outlet, redirect } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import { pages } from './routes/access';
import { aliasTarget } from './routes/route-table';
import { homeScreen, screenFor } from './routes/screens';
import { loadNamespaces } from './i18n';
import { sessionStore } from './session/store';
import { queryClient } from './shell/query-client';
import { currentUserQueryOptions, systemConfigQueryOptions } from './queries/session';
import { myCompaniesQueryOptions } from './queries/company';
import { PageError } from './shell/page-error';

export interface RouterContext {
  queryClient: QueryClient;
}

declare module '@tanstack/router-core' {
  interface StaticDataRouteOption {
    /** Route-table page key (menu.json title). */
    pageKey?: string;
  }
}

const rootRoute = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  notFoundComponent: () => <Navigate to="/404" replace />,
});

const loginRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: 'login',
  validateSearch: (search: Record<string, unknown>): { redirect?: string } => (typeof search.redirect === 'string' ? { redirect: search.redirect } : {}),
  beforeLoad: () => {
    if (sessionStore.getState().token) throw redirect({ to: '/' });
  },
  component: lazyRouteComponent(() => import('./features/auth/login-page'), 'LoginPage'),
});

const notFoundRoute = createRoute({
  getParentRoute: () => rootRoute,
  path: '404',
  beforeLoad: () => loadNamespaces(['shell']),
  component: lazyRouteComponent(() => import('./shell/not-found-page'), 'NotFoundPage'),
});

const appLayout = lazyRouteComponent(() => import('./shell/app-layout'), 'AppLayout');

const appRoute = createRoute({
  getParentRoute: () => rootRoute,
  id: 'app',
  beforeLoad: async ({ location }) => {
    // Spec 01 §2: every route but /login needs a token and a user id.
    const { token, userId } = sessionStore.getState();
    if (!token || !userId) throw redirect({ to: '/login', search: { redirect: location.href } });
    // What the shell asks first (who is signed in, the settings, the companies) is asked now, while
    // its code and texts load, instead of after them: a first load waits for one round trip less.
    // Only when not in the cache yet (this runs before every page of the shell).
    void queryClient.prefetchQuery({ ...currentUserQueryOptions(), staleTime: Infinity });
    void queryClient.prefetchQuery({ ...systemConfigQueryOptions(), staleTime: Infinity });
    void queryClient.prefetchQuery({ ...myCompaniesQueryOptions(), staleTime: Infinity });
    // The shell's and the screens' texts (the sign-in page's are bundled with the entry), and the
    // shell's code beside them rather than after them.
    await Promise.all([loadNamespaces(), appLayout.preload?.()]);
  },
  component: appLayout,
});

const homeRoute = createRoute({ getParentRoute: () => appRoute, path: '/', staticData: { pageKey: 'root' }, component: homeScreen });

const pageRoutes = pages.map((p) => {
  const screen = screenFor(p.path);
  return createRoute({
    getParentRoute: () => appRoute,
    path: p.path,
    staticData: { pageKey: p.key },
    beforeLoad: p.aliasOf ? ({ params }) => { throw redirect({ href: aliasTarget(p.aliasOf!, params as Record<string, string>), replace: true }); } : undefined,
    component: screen.component,
    loader: screen.loader ? ({ context, params }) => screen.loader!({ context, params: params as Record<string, string> }) : undefined,
  });
});

const routeTree = rootRoute.addChildren([loginRoute, notFoundRoute, appRoute.addChildren([homeRoute, ...pageRoutes])]);

export const router = createRouter({
  routeTree,
  context: { queryClient },
  defaultPreload: 'intent',
  defaultErrorComponent: PageError,
  defaultPreloadStaleTime: 0,
  scrollRestoration: true,
});

declare module '@tanstack/react-router' {
  interface Register {
    router: typeof router;
  }
}
