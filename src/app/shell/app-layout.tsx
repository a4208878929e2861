/**
 * The signed-in shell (spec 01 §2 shell layout): top bar, sidebar (tree or popup, collapsible,
 * a drawer below MOBILE_BREAKPOINT_PX), visited-page tabs, breadcrumbs and the page. It also runs
 * the session watchdogs and the company setup flow, and reloads the page when the scope changes:
 * dialogs close, cached queries are invalidated, route loaders re-run and the page remounts.
 * Keyboard: the global keys of key-map.ts, the command palette, the shortcuts dialog, and focus
 * placed on the page's first control after every navigation (page-focus.ts).
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { Outlet, useLocation, useNavigate, useRouter, useRouterState } from '@tanstack/react-router';
import { AppShell, Box, Center, Loader, Stack } from '@mantine/core';
import { useLocalStorage, useMediaQuery } from '@mantine/hooks';
import { ModalsProvider, modals } from '@mantine/modals';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/zh-cn';
import { useTranslation } from 'react-i18next';
import { MOBILE_BREAKPOINT_PX } from '../../domain/constants';
import { queryKeys } from '../queries/keys';
import { pageOf, scopeReplaced, type ScopeLike } from '../routes/access';
import { useScope, useSession } from '../session/store';
import { ShellBreadcrumbs } from './breadcrumbs';
import { PageGate } from './page-gate';
import { queryClient } from './query-client';
import { SessionAlerts, useUserLoad } from './session-guard';
import { Sidebar, type SidebarMode } from './sidebar';
import { TabsBar, useTabsVisible, useTabTitle } from './tabs-bar';
import { TopBar } from './top-bar';
import { useCompanySetup } from './use-company-setup';
import { installLeaveGuard } from './dirty-guard';
import { CommandPalette, openPalette } from './command-palette';
import type { PageCommand } from './page-commands';
import { usePageFocus } from './page-focus';
import { typeAhead } from '../../../grids/type-ahead';
import { ShortcutsDialog } from './shortcuts-dialog';
import { adjacentTab, tabsStore } from './tabs-store';
import { useShellKeys } from './use-shell-keys';
import { SIDEBAR_NAV_ID } from './sidebar';
import { PAGE_REGION_ATTR } from '../../../grids/focus-first-cell';

/** Shell-level queries that a scope change must not refetch (they drive the scope itself). */
const SCOPE_INDEPENDENT = new Set<string>([queryKeys.currentUser()[0], queryKeys.config()[0]]);
const isShellQuery = (key: readonly unknown[]) => SCOPE_INDEPENDENT.has(String(key[0])) || (key[0] === 'companies' && key[1] === 'mine');

/**
 * Reloads the page when the company, ledger set or year selection is replaced: dialogs close,
 * cached queries are invalidated, route loaders re-run, and the returned key remounts the page.
 */
function useScopeReload(): number {
  const router = useRouter();
  const scope = useScope();
  const previous = useRef<ScopeLike>(scope);
  const [reloadKey, setReloadKey] = useState(0);
  useEffect(() => {
    const prev = previous.current;
    previous.current = { companyId: scope.companyId, accountId: scope.accountId, accountYearId: scope.accountYearId };
    if (!scopeReplaced(prev, scope)) return;
    modals.closeAll();
    setReloadKey((k) => k + 1);
    void queryClient.invalidateQueries({ predicate: (q) => !isShellQuery(q.queryKey) });
    void router.invalidate();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the version says when anything changed
  }, [scope.scopeVersion, router]);
  return reloadKey;
}

/** Every dialog of the signed-in product opens inside this provider (see app.tsx for why here). */
export function AppLayout() {
  const { t } = useTranslation('common');
  const language = useSession((s) => s.language);
  // Date pickers follow the UI language everywhere; weeks start on Monday, as in China.
  return (
    <DatesProvider settings={{ locale: language === 'zh_CN' ? 'zh-cn' : 'en', firstDayOfWeek: 1 }}>
      <ModalsProvider labels={{ confirm: t('confirm'), cancel: t('cancel') }}>
        <Shell />
      </ModalsProvider>
    </DatesProvider>
  );
}

function Shell() {
  const pathname = useLocation({ select: (l) => l.pathname });
  const mobile = useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`) ?? false;
  const [mobileOpened, setMobileOpened] = useState(false);
  const [collapsed, setCollapsed] = useLocalStorage({ key: 'ledgerdesk.sidebar.collapsed', defaultValue: false });
  const [mode, setMode] = useLocalStorage<SidebarMode>({ key: 'ledgerdesk.sidebar.mode', defaultValue: 'tree' });
  const userReady = useUserLoad();
  // Before the setup flow: a scope change first closes the dialogs, then the setup flow may open
  // its prompt for the new scope (effects run in this order).
  const reloadKey = useScopeReload();
  const { accountsCount, settling } = useCompanySetup();
  const [tabsVisible] = useTabsVisible();
  const page = pageOf(pathname);
  const { t } = useTranslation(['common', 'shell']);
  const tabTitle = useTabTitle();
  const pageTitle = page ? tabTitle({ pageKey: page.key, path: pathname }) : '';

  // Keyboard: the global keys of key-map.ts, the palette, the shortcuts dialog, focus on the page.
  const navigate = useNavigate();
  const router = useRouter();
  // The guard shows a background editor whose changes the user chose to save before leaving.
  useEffect(() => installLeaveGuard((href) => void router.navigate({ href })), [router]);
  const [shortcutsOpened, setShortcutsOpened] = useState(false);
  const focusMenu = () => {
    const entry = () => document.querySelector<HTMLElement>(`#${SIDEBAR_NAV_ID} [role="treeitem"][tabindex="0"]`);
    if (!mobile) return entry()?.focus();
    // The drawer opens first; then the menu's tabbable entry takes the focus.
    setMobileOpened(true);
    setTimeout(() => entry()?.focus(), 250);
  };
  // The router's location, not this render's: a key pressed right after a navigation comes before
  // the shell has drawn the new page.
  const switchTab = (delta: number) => {
    const next = adjacentTab(tabsStore.getSnapshot().tabs, router.state.location.pathname, delta);
    if (next) void navigate({ href: next.href });
  };
  useShellKeys({
    'palette.open': openPalette,
    'shortcuts.open': () => setShortcutsOpened(true),
    'menu.focus': focusMenu,
    'tabs.next': () => switchTab(1),
    'tabs.previous': () => switchTab(-1),
  });
  const shellCommands = useMemo<PageCommand[]>(
    () => [{ id: 'shell.shortcuts', label: t('shell:keys.title'), keywords: ['F1', 'shortcuts', '快捷键', 'kjj'], run: () => setShortcutsOpened(true) }],
    [t],
  );
  const pageRegion = useRef<HTMLDivElement>(null);
  const routerIdle = useRouterState({ select: (s) => s.status === 'idle' });
  usePageFocus(pageRegion, `${pathname}#${reloadKey}`, userReady && routerIdle);
  // Keys typed while the next page opens are kept for its first control (grids/type-ahead.ts).
  useEffect(() => router.subscribe('onBeforeNavigate', (e) => {
    if (e.pathChanged) typeAhead().arrive();
  }), [router]);

  useEffect(() => {
    document.title = pageTitle ? `${pageTitle} - ${t('appName')}` : t('appName');
  }, [pageTitle, t]);

  // Below the breakpoint the sidebar is a drawer, closed after every navigation.
  useEffect(() => setMobileOpened(false), [pathname, mobile]);

  const narrow = collapsed && !mobile;
  return (
    <AppShell
      header={{ height: 52 }}
      navbar={{ width: narrow ? 64 : 240, breakpoint: MOBILE_BREAKPOINT_PX, collapsed: { mobile: !mobileOpened, desktop: false } }}
      padding={0}
      data-mobile={mobile || undefined}
    >
      <AppShell.Header>
        <TopBar onShowShortcuts={() => setShortcutsOpened(true)} level={page?.level ?? 0} mobile={mobile} mobileMenuOpened={mobileOpened} onToggleMobileMenu={() => setMobileOpened((o) => !o)} />
      </AppShell.Header>
      <AppShell.Navbar>
        {userReady && (
          <Sidebar mode={mode} collapsed={narrow} onModeChange={setMode} onCollapsedChange={setCollapsed} canCollapse={!mobile} onNavigate={() => setMobileOpened(false)} />
        )}
      </AppShell.Navbar>
      <AppShell.Main>
        {userReady ? (
          <Stack gap={0}>
            {tabsVisible ? <TabsBar /> : <Box data-testid="tabs-hidden" />}
            <Box px="md" pt="xs" pb="md">
              <Stack gap="xs">
                <ShellBreadcrumbs />
                <Box key={reloadKey} ref={pageRegion} tabIndex={-1} style={{ outline: 'none' }} {...{ [PAGE_REGION_ATTR]: '' }} data-testid="page-region">
                  <PageGate page={page} accountsCount={accountsCount} settling={settling}>
                    <Outlet />
                  </PageGate>
                </Box>
              </Stack>
            </Box>
          </Stack>
        ) : (
          <Center h="60vh"><Loader /></Center>
        )}
      </AppShell.Main>
      <SessionAlerts />
      {userReady && <CommandPalette shellCommands={shellCommands} />}
      <ShortcutsDialog opened={shortcutsOpened} onClose={() => setShortcutsOpened(false)} />
    </AppShell>
  );
}
