/**
 * Visited-page tabs: every opened page is a tab (home and /common are fixed), with close, close
 * others and close all, all reachable by keyboard (key-map.ts). Dirty tabs raise a close request (see use-tab-dirty.ts); without a page
 * handler the shell asks for confirmation here.
 */
import { useEffect, useRef, type KeyboardEvent } from 'react';
import { useLocalStorage } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { ActionIcon, CloseButton, Group, Menu, ScrollArea, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconCheck, IconChevronDown, IconPinned } from '@tabler/icons-react';
import { canOpen, pageOf, pages } from '../routes/access';
import { useSession } from '../session/store';
import { matchShellKey } from './key-map';
import { tabsStore, useTabs, type Tab } from './tabs-store';
import { tabTitle, useTabLabels } from './tab-labels';

/** Title of a tab: the label its page gave it (tab-labels.ts), else the page title plus the id of editor pages (/newVoucher/12). */
export function useTabTitle() {
  const { t, i18n } = useTranslation('menu');
  const labels = useTabLabels();
  return (tab: Pick<Tab, 'pageKey' | 'path'>) => tabTitle(tab, (k, p) => t(k, p), i18n.language, labels[tab.path]);
}

/** The row of visited-page tabs is optional (spec 01 §2); the choice is kept per browser. */
export function useTabsVisible() {
  return useLocalStorage({ key: 'ledgerdesk.tabs.visible', defaultValue: true });
}

/** Scrolls the strip (only it, never the page) so that the whole tab shows, with a little room beside it. */
function revealTab(viewport: HTMLElement, tab: HTMLElement, room = 8): void {
  const v = viewport.getBoundingClientRect();
  const r = tab.getBoundingClientRect();
  if (r.left < v.left) viewport.scrollLeft -= v.left - r.left + room;
  else if (r.right > v.right) viewport.scrollLeft += Math.min(r.right - v.right + room, r.left - v.left);
}

export function TabsBar() {
  const { t } = useTranslation('shell');
  const title = useTabTitle();
  const navigate = useNavigate();
  const location = useLocation();
  const user = useSession((s) => s.user);
  const { tabs, dirty } = useTabs();
  const go = (href: string) => void navigate({ href });

  // Record every visited page; the fixed tabs are always there.
  useEffect(() => {
    if (!user) return;
    tabsStore.visit({ path: '/', href: '/', pageKey: 'root', affix: true });
    for (const p of pages) if (p.affix && canOpen(p, user)) tabsStore.visit({ path: p.path, href: p.path, pageKey: p.key, affix: true });
    const page = pageOf(location.pathname);
    // An alias is on its way to its page (the router sends it on): no tab of its own.
    if (page && !page.aliasOf && canOpen(page, user)) {
      tabsStore.visit({ path: location.pathname, href: location.href, pageKey: page.key, affix: page.affix });
    }
  }, [location.pathname, location.href, user]);

  // Rights are per company: after a switch, tabs of pages the user may no longer open go.
  useEffect(() => {
    if (!user) return;
    tabsStore.retain((tab) => {
      const page = pageOf(tab.path);
      return !page || canOpen(page, user);
    }, location.pathname, go);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only a new user (rights) matters here
  }, [user]);

  // Default answer to a dirty tab's close request: confirm, then close anyway.
  useEffect(
    () =>
      tabsStore.onCloseRequest((req) => {
        const tab = tabsStore.getSnapshot().tabs.find((x) => x.path === req.path);
        modals.openConfirmModal({
          title: t('tabs.unsavedTitle'),
          children: <Text size="sm">{t('tabs.unsavedBody', { name: tab ? title(tab) : req.path })}</Text>,
          labels: { confirm: t('tabs.closeAnyway'), cancel: t('tabs.keepOpen') },
          confirmProps: { color: 'red' },
          onConfirm: req.close,
        });
      }),
    [t, title],
  );

  const active = location.pathname;
  /** A tab's name as the strip and the tab menu show it, marked while it has unsaved changes. */
  const label = (tab: Tab) => (dirty.has(tab.path) ? `● ${title(tab)}` : title(tab));
  // The strip scrolls without a scroll bar: the active tab is brought into view whenever it changes
  // or the strip changes (a page opened past the right edge used to stay out of sight), whenever the
  // strip or its row of tabs changes size (a narrower window, a label that grows), and after every
  // page the router has drawn: the router's scroll restoration puts back the scroll position every
  // element had when a page was last left, this strip's too, and it did so after the tab had been
  // brought into view (the tab opened from the tab menu ended half out of sight; on a busy machine
  // the newest tab stayed out of sight).
  const viewport = useRef<HTMLDivElement>(null);
  const router = useRouter();
  useEffect(() => {
    const vp = viewport.current;
    if (!vp) return;
    const reveal = () => {
      const el = vp.querySelector<HTMLElement>(`[role="tab"][aria-selected="true"]`);
      if (el) revealTab(vp, el);
    };
    reveal();
    // Subscribed after the router's own restoration (set up when the router was made): runs after it.
    const unsubscribe = router.subscribe('onRendered', reveal);
    if (typeof ResizeObserver === 'undefined') return unsubscribe;
    const sized = new ResizeObserver(reveal);
    sized.observe(vp);
    for (const row of vp.children) sized.observe(row);
    return () => {
      unsubscribe();
      sized.disconnect();
    };
  }, [active, tabs.length, router]);
  // Roving tabindex over the tab strip (key-map.ts, scope "tabs"): ←/→/Home/End move the focus,
  // Enter/Space open the focused tab, Delete closes it.
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const binding = matchShellKey(e.nativeEvent, 'tabs');
    const el = (e.target as HTMLElement).closest<HTMLElement>('[role="tab"]');
    if (!binding || !el || e.target !== el) return;
    const all = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]')];
    const i = all.indexOf(el);
    const tab = tabs.find((x) => x.path === el.dataset.path);
    e.preventDefault();
    const focusAt = (j: number) => all[(j + all.length) % all.length]?.focus();
    switch (binding.command) {
      case 'tablist.next': return focusAt(i + 1);
      case 'tablist.previous': return focusAt(i - 1);
      case 'tablist.first': return focusAt(0);
      case 'tablist.last': return focusAt(all.length - 1);
      case 'tablist.activate': return tab && tab.path !== active ? go(tab.href) : undefined;
      case 'tablist.close': return tab && !tab.affix ? tabsStore.close([tab.path], active, go) : undefined;
      default: return undefined;
    }
  };
  return (
    <Group gap={0} wrap="nowrap" px={4} h={34} style={{ borderBottom: '1px solid var(--mantine-color-gray-3)', background: 'var(--mantine-color-gray-0)' }} data-testid="tabs-bar">
      <ScrollArea type="never" style={{ flex: 1 }} viewportRef={viewport}>
        <Group gap={2} wrap="nowrap" role="tablist" aria-label={t('tabs.label')} py={3} onKeyDown={onKeyDown}>
          {tabs.map((tab, index) => {
            const isActive = tab.path === active;
            const tabbable = isActive || (index === 0 && !tabs.some((x) => x.path === active));
            return (
              <Group
                key={tab.path}
                gap={2}
                wrap="nowrap"
                px={8}
                h={27}
                role="tab"
                aria-selected={isActive}
                tabIndex={tabbable ? 0 : -1}
                data-path={tab.path}
                data-dirty={dirty.has(tab.path) || undefined}
                style={{
                  borderRadius: 4,
                  cursor: 'pointer',
                  background: isActive ? 'var(--mantine-color-blue-6)' : 'white',
                  color: isActive ? 'white' : undefined,
                  border: '1px solid var(--mantine-color-gray-3)',
                  whiteSpace: 'nowrap',
                }}
                onClick={() => !isActive && go(tab.href)}
                onAuxClick={(e) => e.button === 1 && !tab.affix && tabsStore.close([tab.path], active, go)}
              >
                {tab.affix && <IconPinned size={12} />}
                <Text size="xs" span>{label(tab)}</Text>
                {!tab.affix && (
                  <CloseButton
                    size="xs"
                    variant="transparent"
                    c={isActive ? 'white' : 'gray'}
                    aria-label={t('tabs.close')}
                    tabIndex={-1}
                    onClick={(e) => {
                      e.stopPropagation();
                      tabsStore.close([tab.path], active, go);
                    }}
                  />
                )}
              </Group>
            );
          })}
        </Group>
      </ScrollArea>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={t('tabs.actions')} data-testid="tabs-actions">
            <IconChevronDown size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item onClick={() => tabsStore.close([active], active, go)} disabled={!tabs.some((x) => x.path === active && !x.affix)}>
            {t('tabs.close')}
          </Menu.Item>
          <Menu.Item onClick={() => tabsStore.closeOthers(active, active, go)}>{t('tabs.closeOthers')}</Menu.Item>
          <Menu.Item onClick={() => tabsStore.closeAll(active, go)}>{t('tabs.closeAll')}</Menu.Item>
          {/* Every open page, also those scrolled out of the strip: one key or click away. */}
          <Menu.Divider />
          <Menu.Label>{t('tabs.label')}</Menu.Label>
          <div style={{ maxHeight: '50vh', overflowY: 'auto' }}>
            {tabs.map((tab) => (
              <Menu.Item key={tab.path} data-testid="tabs-list-item" data-path={tab.path} aria-current={tab.path === active ? 'page' : undefined}
                leftSection={tab.affix ? <IconPinned size={12} /> : undefined} rightSection={tab.path === active ? <IconCheck size={14} /> : undefined}
                onClick={() => tab.path !== active && go(tab.href)}>
                {label(tab)}
              </Menu.Item>
            ))}
          </div>
        </Menu.Dropdown>
      </Menu>
    </Group>
  );
}
