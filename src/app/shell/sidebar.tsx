/**
 * The sidebar menu, built from the route table filtered by the user's rights (spec 01 §2, §6).
 * Two modes: a tree (nested, expandable) and a popup mode where a section opens a flyout of its
 * pages that closes by itself after FLYOUT_HIDE_MS. When collapsed to icons the popup behaviour
 * is used whatever the mode. Both are ARIA trees driven by the keyboard (menu-tree.ts, key-map.ts).
 */
import { useEffect, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from '@tanstack/react-router';
import { ActionIcon, Box, Collapse, Divider, Group, NavLink, Popover, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconChevronRight, IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconListTree, IconWindowMaximize } from '@tabler/icons-react';
import { FLYOUT_HIDE_MS } from '../../domain/constants';
import type { RouteNode } from '../routes/route-table';
import { titleKeyOf, visibleMenu } from '../routes/access';
import { useSession } from '../session/store';
import { matchShellKey } from './key-map';
import { menuIcon } from './menu-icons';
import { groupsContaining, rovingKey, treeAction, visibleRows, type TreeRow } from './menu-tree';

/** The sidebar's nav element (the menu.focus key moves focus into it). */
export const SIDEBAR_NAV_ID = 'sidebar-menu';

export type SidebarMode = 'tree' | 'popup';

interface SidebarProps {
  mode: SidebarMode;
  collapsed: boolean;
  onModeChange: (mode: SidebarMode) => void;
  onCollapsedChange: (collapsed: boolean) => void;
  /** Below the breakpoint the sidebar is a drawer: no collapsing to icons. */
  canCollapse: boolean;
  /** Called after a menu entry was followed (closes the mobile drawer). */
  onNavigate: () => void;
}

const targetOf = (n: RouteNode) => n.href ?? n.path ?? '/';
const containsPath = (n: RouteNode, pathname: string): boolean =>
  n.children ? n.children.some((c) => containsPath(c, pathname)) : !!n.path && n.path === pathname;

function LeafLink({ node, pathname, onNavigate, withIcon }: { node: RouteNode; pathname: string; onNavigate: () => void; withIcon?: boolean }) {
  const { t } = useTranslation('menu');
  const Icon = withIcon ? menuIcon(node.icon) : null;
  return (
    <NavLink
      component={Link}
      to={targetOf(node)}
      label={t(titleKeyOf(node))}
      leftSection={Icon ? <Icon size={18} stroke={1.6} /> : undefined}
      active={node.path === pathname}
      disabled={node.disabled}
      onClick={(e) => {
        if (node.disabled) e.preventDefault();
        else onNavigate();
      }}
      data-menu={node.key}
    />
  );
}

const groupIdOf = (key: string) => `menu-group-${key.replace(/\./g, '-')}`;

interface TreeItemProps {
  row: TreeRow;
  pathname: string;
  tabbable: boolean;
  onToggle: (key: string) => void;
  onNavigate: () => void;
  onFocusItem: (key: string) => void;
  children?: ReactNode;
}

/** One entry of the tree: a page link or a group button, with its ARIA tree-item state. */
function TreeItem({ row, pathname, tabbable, onToggle, onNavigate, onFocusItem, children }: TreeItemProps) {
  const { t } = useTranslation('menu');
  const { node, level, isGroup, expanded } = row;
  const Icon = level === 1 ? menuIcon(node.icon) : null;
  const common = {
    role: 'treeitem',
    'aria-level': level,
    tabIndex: tabbable ? 0 : -1,
    label: t(titleKeyOf(node)),
    leftSection: Icon ? <Icon size={18} stroke={1.6} /> : undefined,
    onFocus: () => onFocusItem(node.key),
    'data-menu': node.key,
    // The focus ring inside the entry: the scroll area would clip one drawn outside.
    style: { outlineOffset: -2 },
  } as const;
  if (!isGroup) {
    return (
      <NavLink
        {...common}
        component={Link}
        to={targetOf(node)}
        active={node.path === pathname}
        aria-current={node.path === pathname ? 'page' : undefined}
        disabled={node.disabled}
        aria-disabled={node.disabled || undefined}
        onClick={(e) => {
          if (node.disabled) e.preventDefault();
          else onNavigate();
        }}
      />
    );
  }
  return (
    <>
      <NavLink
        {...common}
        component="button"
        type="button"
        opened={expanded}
        disableRightSectionRotation
        aria-expanded={expanded}
        aria-owns={groupIdOf(node.key)}
        rightSection={<IconChevronRight size={14} style={{ transform: expanded ? 'rotate(90deg)' : undefined, transition: 'transform 150ms ease' }} />}
        onClick={() => onToggle(node.key)}
      />
      <Collapse expanded={expanded}>
        <div role="group" id={groupIdOf(node.key)} aria-label={t(titleKeyOf(node))} style={{ paddingInlineStart: level === 1 ? 26 : 14 }}>
          {children}
        </div>
      </Collapse>
    </>
  );
}

/**
 * Tree mode as an ARIA tree with a roving tabindex: Tab enters at the current page (or its
 * group), the arrows, Home/End, Enter and Esc of the key map (key-map.ts, scope "menu") move,
 * open and close groups and open pages.
 */
function MenuTree({ menu, pathname, onNavigate, label }: { menu: RouteNode[]; pathname: string; onNavigate: () => void; label: string }) {
  const navigate = useNavigate();
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set(groupsContaining(menu, pathname)));
  // The current page's groups open when it is reached another way (tab, palette, link).
  useEffect(() => {
    const groups = groupsContaining(menu, pathname);
    setExpanded((prev) => (groups.every((g) => prev.has(g)) ? prev : new Set([...prev, ...groups])));
  }, [menu, pathname]);
  const rows = useMemo(() => visibleRows(menu, expanded), [menu, expanded]);
  const [focused, setFocused] = useState<string | null>(null);
  const tabKey = rovingKey(rows, menu, pathname, focused);
  const treeRef = useRef<HTMLDivElement>(null);
  const pendingFocus = useRef<string | null>(null);

  const itemEl = (key: string) => treeRef.current?.querySelector<HTMLElement>(`[data-menu="${CSS.escape(key)}"]`) ?? null;
  const shown = (el: HTMLElement | null): el is HTMLElement => !!el && el.getClientRects().length > 0;
  const focusItem = (key: string) => {
    setFocused(key);
    const el = itemEl(key);
    if (shown(el)) el.focus();
    else pendingFocus.current = key;
  };
  // An entry inside a group that is just opening is shown a frame or two later: focus it then.
  useEffect(() => {
    let frame = 0;
    let tries = 0;
    const attempt = () => {
      const key = pendingFocus.current;
      if (!key) return;
      const el = itemEl(key);
      if (shown(el)) {
        pendingFocus.current = null;
        el.focus();
      } else if (tries++ < 30) frame = requestAnimationFrame(attempt);
      // Never shown (its group closed again): the keys count from the focused element again.
      else pendingFocus.current = null;
    };
    attempt();
    return () => cancelAnimationFrame(frame);
  });
  const toggle = (key: string) =>
    setExpanded((prev) => {
      const next = new Set(prev);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const binding = matchShellKey(e.nativeEvent, 'menu');
    // A key typed before the entry it moved to is shown (inside a group that is just opening) counts
    // from that entry, not from the one that still holds the DOM focus: → then ↓ lands on the second child.
    const key = pendingFocus.current ?? (e.target as HTMLElement).closest('[data-menu]')?.getAttribute('data-menu');
    if (!binding || !key) return;
    e.preventDefault();
    e.stopPropagation();
    const action = treeAction(binding.command, rows, key);
    if (action.type === 'focus') focusItem(action.key);
    else if (action.type === 'expand') setExpanded((prev) => new Set([...prev, action.key]));
    else if (action.type === 'collapse') {
      setExpanded((prev) => new Set([...prev].filter((k) => k !== action.key)));
      focusItem(action.key);
    } else if (action.type === 'open') {
      onNavigate();
      void navigate({ to: targetOf(action.node) });
    }
  };

  // Entries inside closed groups stay mounted (collapsed) but out of the arrow order.
  const render = (nodes: RouteNode[], level: number, parentKey: string | null): ReactNode =>
    nodes.map((n) => {
      const row: TreeRow = { node: n, level, parentKey, isGroup: !!n.children?.length, expanded: expanded.has(n.key) };
      return (
        <TreeItem key={n.key} row={row} pathname={pathname} tabbable={n.key === tabKey} onToggle={toggle} onNavigate={onNavigate} onFocusItem={setFocused}>
          {n.children && render(n.children, level + 1, n.key)}
        </TreeItem>
      );
    });
  return (
    <div role="tree" aria-label={label} ref={treeRef} onKeyDown={onKeyDown} data-testid="menu-tree">
      {render(menu, 1, null)}
    </div>
  );
}

/** The flyout content: groups as headings, pages as links; ↑/↓/Home/End move between the links, ←/Esc close. */
function FlyoutContent({ node, pathname, onNavigate, onClose }: { node: RouteNode; pathname: string; onNavigate: () => void; onClose: () => void }) {
  const { t } = useTranslation('menu');
  const render = (n: RouteNode): ReactNode =>
    n.children ? (
      <Box key={n.key} mb={4} role="group" aria-label={t(titleKeyOf(n))}>
        <Text size="xs" c="dimmed" fw={600} px="sm" pt={6}>{t(titleKeyOf(n))}</Text>
        {n.children.map(render)}
      </Box>
    ) : (
      <LeafLink key={n.key} node={n} pathname={pathname} onNavigate={onNavigate} />
    );
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const binding = matchShellKey(e.nativeEvent, 'menu');
    if (!binding) return;
    const links = [...e.currentTarget.querySelectorAll<HTMLElement>('a[data-menu]')];
    const i = links.indexOf(e.target as HTMLElement);
    const go = (j: number) => links[Math.max(0, Math.min(links.length - 1, j))]?.focus();
    const command = binding.command;
    if (command === 'tree.activate') return; // the link follows itself
    e.preventDefault();
    e.stopPropagation();
    if (command === 'tree.next') go(i + 1);
    else if (command === 'tree.previous') go(i - 1);
    else if (command === 'tree.first') go(0);
    else if (command === 'tree.last') go(links.length - 1);
    else if (command === 'tree.collapse') onClose();
  };
  return (
    <Box miw={200} data-testid="menu-flyout" onKeyDown={onKeyDown}>
      <Text fw={700} size="sm" px="sm" pb={4}>{t(titleKeyOf(node))}</Text>
      {node.children!.map(render)}
    </Box>
  );
}

interface PopupEntryProps {
  node: RouteNode;
  pathname: string;
  collapsed: boolean;
  open: boolean;
  tabbable: boolean;
  setOpen: (key: string | null) => void;
  onNavigate: () => void;
  onFocusItem: (key: string) => void;
}

function PopupEntry({ node, pathname, collapsed, open, tabbable, setOpen, onNavigate, onFocusItem }: PopupEntryProps) {
  const { t } = useTranslation('menu');
  const Icon = menuIcon(node.icon);
  const label = t(titleKeyOf(node));
  const item = { role: 'treeitem', 'aria-level': 1, tabIndex: tabbable ? 0 : -1, onFocus: () => onFocusItem(node.key), 'data-menu': node.key, style: { outlineOffset: -2 } } as const;
  if (!node.children) {
    const link = (
      <NavLink
        {...item}
        component={Link}
        to={targetOf(node)}
        label={collapsed ? undefined : label}
        aria-label={label}
        leftSection={<Icon size={18} stroke={1.6} />}
        active={node.path === pathname}
        aria-current={node.path === pathname ? 'page' : undefined}
        onClick={onNavigate}
      />
    );
    return collapsed ? <Tooltip label={label} position="right">{link}</Tooltip> : link;
  }
  return (
    <Popover opened={open} onChange={(o) => setOpen(o ? node.key : null)} position="right-start" offset={4} shadow="md" withinPortal trapFocus returnFocus>
      <Popover.Target>
        <NavLink
          {...item}
          component="button"
          type="button"
          label={collapsed ? undefined : label}
          aria-label={label}
          aria-haspopup="true"
          aria-expanded={open}
          leftSection={<Icon size={18} stroke={1.6} />}
          active={containsPath(node, pathname)}
          variant={open ? 'filled' : 'light'}
          onClick={() => setOpen(open ? null : node.key)}
        />
      </Popover.Target>
      <Popover.Dropdown p={6}>
        <FlyoutContent node={node} pathname={pathname} onNavigate={() => { setOpen(null); onNavigate(); }} onClose={() => setOpen(null)} />
      </Popover.Dropdown>
    </Popover>
  );
}

/** Popup mode: the top-level entries as a flat tree; Enter/→ on a section opens its flyout (focus moves in). */
function PopupMenu({ menu, pathname, collapsed, onNavigate, label }: { menu: RouteNode[]; pathname: string; collapsed: boolean; onNavigate: () => void; label: string }) {
  const navigate = useNavigate();
  const [flyout, setFlyout] = useState<string | null>(null);
  const [focused, setFocused] = useState<string | null>(null);
  const rows = useMemo(() => visibleRows(menu, new Set()), [menu]);
  const current = menu.find((n) => containsPath(n, pathname) || n.href === pathname)?.key ?? null;
  const tabKey = rovingKey(rows, menu, pathname, focused ?? current);

  // The flyout closes by itself after FLYOUT_HIDE_MS (spec 01 §2, §9).
  useEffect(() => {
    if (!flyout) return;
    const timer = setTimeout(() => setFlyout(null), FLYOUT_HIDE_MS);
    return () => clearTimeout(timer);
  }, [flyout]);
  // A scope change closes it too, like every other popup (spec 01 §2).
  const scopeVersion = useSession((s) => s.scopeVersion);
  useEffect(() => setFlyout(null), [scopeVersion]);

  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const binding = matchShellKey(e.nativeEvent, 'menu');
    const key = (e.target as HTMLElement).closest('[data-menu]')?.getAttribute('data-menu');
    if (!binding || !key) return;
    const row = rows.find((r) => r.node.key === key);
    if (!row) return;
    e.preventDefault();
    const command = row.isGroup && binding.command === 'tree.expand' ? 'tree.activate' : binding.command;
    const action = treeAction(command, rows, key);
    if (action.type === 'focus') {
      setFocused(action.key);
      e.currentTarget.querySelector<HTMLElement>(`[data-menu="${CSS.escape(action.key)}"]`)?.focus();
    } else if (action.type === 'expand') setFlyout(action.key);
    else if (action.type === 'open') {
      onNavigate();
      void navigate({ to: targetOf(action.node) });
    }
  };
  return (
    <div role="tree" aria-label={label} onKeyDown={onKeyDown} data-testid="menu-tree">
      {menu.map((n) => (
        <PopupEntry key={n.key} node={n} pathname={pathname} collapsed={collapsed} open={flyout === n.key} tabbable={n.key === tabKey} setOpen={setFlyout} onNavigate={onNavigate} onFocusItem={setFocused} />
      ))}
    </div>
  );
}

export function Sidebar({ mode, collapsed, onModeChange, onCollapsedChange, canCollapse, onNavigate }: SidebarProps) {
  const { t } = useTranslation('shell');
  const user = useSession((s) => s.user);
  const pathname = useLocation({ select: (l) => l.pathname });
  const menu = useMemo(() => visibleMenu(user), [user]);
  const popup = mode === 'popup' || collapsed;

  return (
    <Stack h="100%" gap={0} data-testid="sidebar" data-mode={popup ? 'popup' : 'tree'}>
      <ScrollArea style={{ flex: 1 }} p={4} type="hover">
        <nav aria-label={t('menu')} id={SIDEBAR_NAV_ID}>
          {popup ? (
            <PopupMenu menu={menu} pathname={pathname} collapsed={collapsed} onNavigate={onNavigate} label={t('menu')} />
          ) : (
            <MenuTree menu={menu} pathname={pathname} onNavigate={onNavigate} label={t('menu')} />
          )}
        </nav>
      </ScrollArea>
      <Divider />
      <Group justify={collapsed ? 'center' : 'space-between'} p={6} gap={4}>
        {!collapsed && (
          <Tooltip label={mode === 'tree' ? t('sidebar.popupMode') : t('sidebar.treeMode')}>
            <ActionIcon variant="subtle" color="gray" aria-label={mode === 'tree' ? t('sidebar.popupMode') : t('sidebar.treeMode')} onClick={() => onModeChange(mode === 'tree' ? 'popup' : 'tree')} data-testid="sidebar-mode">
              {mode === 'tree' ? <IconWindowMaximize size={18} /> : <IconListTree size={18} />}
            </ActionIcon>
          </Tooltip>
        )}
        {canCollapse && <Tooltip label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')}>
          <ActionIcon variant="subtle" color="gray" aria-label={collapsed ? t('sidebar.expand') : t('sidebar.collapse')} onClick={() => onCollapsedChange(!collapsed)} data-testid="sidebar-collapse">
            {collapsed ? <IconLayoutSidebarLeftExpand size={18} /> : <IconLayoutSidebarLeftCollapse size={18} />}
          </ActionIcon>
        </Tooltip>}
      </Group>
    </Stack>
  );
}
