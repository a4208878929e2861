/**
 * The sidebar menu, built from the route table filtered by the user's rights (spec 01 §2, §6).
 * Two modes: a tree (nested, expandable) and a popup mode where a section opens a flyout of its
 * pages that closes by itself after FLYOUT_HIDE_MS. When collapsed to icons the popup behaviour
 * is used whatever the mode.
 */
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '@tanstack/react-router';
import { ActionIcon, Box, Divider, Group, NavLink, Popover, ScrollArea, Stack, Text, Tooltip } from '@mantine/core';
import { IconLayoutSidebarLeftCollapse, IconLayoutSidebarLeftExpand, IconListTree, IconWindowMaximize } from '@tabler/icons-react';
import { FLYOUT_HIDE_MS } from '../../domain/constants';
import type { RouteNode } from '../routes/route-table';
import { titleKeyOf, visibleMenu } from '../routes/access';
import { useSession } from '../session/store';
import { menuIcon } from './menu-icons';

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

function TreeNode({ node, pathname, onNavigate, depth }: { node: RouteNode; pathname: string; onNavigate: () => void; depth: number }) {
  const { t } = useTranslation('menu');
  const [opened, setOpened] = useState(() => containsPath(node, pathname));
  useEffect(() => {
    if (containsPath(node, pathname)) setOpened(true);
  }, [node, pathname]);
  if (!node.children) return <LeafLink node={node} pathname={pathname} onNavigate={onNavigate} withIcon={depth === 0} />;
  const Icon = depth === 0 ? menuIcon(node.icon) : null;
  return (
    <NavLink
      label={t(titleKeyOf(node))}
      leftSection={Icon ? <Icon size={18} stroke={1.6} /> : undefined}
      opened={opened}
      onChange={setOpened}
      childrenOffset={depth === 0 ? 26 : 14}
      data-menu={node.key}
    >
      {node.children.map((c) => (
        <TreeNode key={c.key} node={c} pathname={pathname} onNavigate={onNavigate} depth={depth + 1} />
      ))}
    </NavLink>
  );
}

/** The flyout content: groups as headings, pages as links. */
function FlyoutContent({ node, pathname, onNavigate }: { node: RouteNode; pathname: string; onNavigate: () => void }) {
  const { t } = useTranslation('menu');
  const render = (n: RouteNode): ReactNode =>
    n.children ? (
      <Box key={n.key} mb={4}>
        <Text size="xs" c="dimmed" fw={600} px="sm" pt={6}>{t(titleKeyOf(n))}</Text>
        {n.children.map(render)}
      </Box>
    ) : (
      <LeafLink key={n.key} node={n} pathname={pathname} onNavigate={onNavigate} />
    );
  return (
    <Box miw={200} data-testid="menu-flyout">
      <Text fw={700} size="sm" px="sm" pb={4}>{t(titleKeyOf(node))}</Text>
      {node.children!.map(render)}
    </Box>
  );
}

function PopupEntry({ node, pathname, collapsed, open, setOpen, onNavigate }: {
  node: RouteNode; pathname: string; collapsed: boolean; open: boolean; setOpen: (key: string | null) => void; onNavigate: () => void;
}) {
  const { t } = useTranslation('menu');
  const Icon = menuIcon(node.icon);
  const label = t(titleKeyOf(node));
  if (!node.children) {
    const link = (
      <NavLink
        component={Link}
        to={targetOf(node)}
        label={collapsed ? undefined : label}
        aria-label={label}
        leftSection={<Icon size={18} stroke={1.6} />}
        active={node.path === pathname}
        onClick={onNavigate}
        data-menu={node.key}
      />
    );
    return collapsed ? <Tooltip label={label} position="right">{link}</Tooltip> : link;
  }
  return (
    <Popover opened={open} onChange={(o) => setOpen(o ? node.key : null)} position="right-start" offset={4} shadow="md" withinPortal>
      <Popover.Target>
        <NavLink
          label={collapsed ? undefined : label}
          aria-label={label}
          leftSection={<Icon size={18} stroke={1.6} />}
          active={containsPath(node, pathname)}
          variant={open ? 'filled' : 'light'}
          onClick={() => setOpen(open ? null : node.key)}
          data-menu={node.key}
        />
      </Popover.Target>
      <Popover.Dropdown p={6}>
        <FlyoutContent node={node} pathname={pathname} onNavigate={() => { setOpen(null); onNavigate(); }} />
      </Popover.Dropdown>
    </Popover>
  );
}

export function Sidebar({ mode, collapsed, onModeChange, onCollapsedChange, canCollapse, onNavigate }: SidebarProps) {
  const { t } = useTranslation('shell');
  const user = useSession((s) => s.user);
  const pathname = useLocation({ select: (l) => l.pathname });
  const menu = visibleMenu(user);
  const [flyout, setFlyout] = useState<string | null>(null);
  const popup = mode === 'popup' || collapsed;

  // The flyout closes by itself after FLYOUT_HIDE_MS (spec 01 §2, §9).
  useEffect(() => {
    if (!flyout) return;
    const timer = setTimeout(() => setFlyout(null), FLYOUT_HIDE_MS);
    return () => clearTimeout(timer);
  }, [flyout]);
  // A scope change closes it too, like every other popup (spec 01 §2).
  const scopeVersion = useSession((s) => s.scopeVersion);
  useEffect(() => setFlyout(null), [scopeVersion]);

  return (
    <Stack h="100%" gap={0} data-testid="sidebar" data-mode={popup ? 'popup' : 'tree'}>
      <ScrollArea style={{ flex: 1 }} p={4} type="hover">
        <nav aria-label={t('menu')}>
          {menu.map((n) =>
            popup ? (
              <PopupEntry key={n.key} node={n} pathname={pathname} collapsed={collapsed} open={flyout === n.key} setOpen={setFlyout} onNavigate={onNavigate} />
            ) : (
              <TreeNode key={n.key} node={n} pathname={pathname} onNavigate={onNavigate} depth={0} />
            ),
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
