/**
 * Top bar (spec 01 §2): logo and system name (link to root), the scope selectors of the current
 * menu level, the language switch (when the system config allows it) and the user menu with
 * change password, keyboard shortcuts and log out.
 */
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from '@tanstack/react-router';
import { useQuery } from '@tanstack/react-query';
import { Avatar, Burger, Group, Menu, Text, UnstyledButton } from '@mantine/core';
import { IconCheck, IconChevronDown, IconKey, IconKeyboard, IconLanguage, IconLayoutNavbar, IconLogout, IconReceipt2 } from '@tabler/icons-react';
import type { Language } from '../../domain/enums';
import type { MenuLevel } from '../routes/route-table';
import { systemConfigQueryOptions } from '../queries/session';
import { useScope, useSession } from '../session/store';
import { ChangePasswordDialog } from './change-password-dialog';
import { confirmDiscardDirtyTabs } from './dirty-guard';
import { bindingOf, shellKeyLabel } from './key-map';
import { ScopeSelectors } from './scope-selectors';
import { useTabsVisible } from './tabs-bar';
import { applyLanguage, logout } from './session-actions';

export const LANGUAGE_LABELS: Record<Language, string> = { zh_CN: '中文', en_US: 'English' };

interface TopBarProps {
  level: MenuLevel;
  /** Opens the "Keyboard shortcuts" dialog. */
  onShowShortcuts: () => void;
  mobile: boolean;
  mobileMenuOpened: boolean;
  onToggleMobileMenu: () => void;
}

export function TopBar({ level, onShowShortcuts, mobile, mobileMenuOpened, onToggleMobileMenu }: TopBarProps) {
  const { t } = useTranslation(['shell', 'common']);
  const navigate = useNavigate();
  const user = useSession((s) => s.user);
  const language = useSession((s) => s.language);
  const config = useQuery(systemConfigQueryOptions());
  const [passwordOpened, setPasswordOpened] = useState(false);
  const [tabsVisible, setTabsVisible] = useTabsVisible();
  // A company, ledger set or year change closes every dialog (spec 01 §2), this one too.
  const { scopeVersion } = useScope();
  useEffect(() => setPasswordOpened(false), [scopeVersion]);

  return (
    <Group h="100%" px="sm" justify="space-between" wrap="nowrap" gap="xs">
      <Group gap="sm" wrap="nowrap" style={{ minWidth: 0 }}>
        {mobile && <Burger opened={mobileMenuOpened} onClick={onToggleMobileMenu} size="sm" aria-label={t('shell:menu')} data-testid="mobile-burger" />}
        <UnstyledButton component={Link} to="/" aria-label={t('shell:home')} data-testid="logo">
          <Group gap={6} wrap="nowrap">
            <IconReceipt2 size={26} color="var(--mantine-color-blue-6)" />
            {!mobile && <Text fw={700} size="lg" c="blue.7" style={{ whiteSpace: 'nowrap' }}>{t('common:appName')}</Text>}
          </Group>
        </UnstyledButton>
        <ScopeSelectors level={level} compact={mobile} />
      </Group>
      <Group gap="xs" wrap="nowrap">
        {config.data?.languageSwitch !== false && (
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <UnstyledButton aria-label={t('shell:language')} data-testid="language-switch">
                <Group gap={4} wrap="nowrap">
                  <IconLanguage size={18} />
                  {!mobile && <Text size="sm">{LANGUAGE_LABELS[language]}</Text>}
                </Group>
              </UnstyledButton>
            </Menu.Target>
            <Menu.Dropdown>
              {(Object.keys(LANGUAGE_LABELS) as Language[]).map((lang) => (
                <Menu.Item key={lang} onClick={() => void applyLanguage(lang)} fw={lang === language ? 700 : undefined} data-testid={`language-${lang}`}>
                  {LANGUAGE_LABELS[lang]}
                </Menu.Item>
              ))}
            </Menu.Dropdown>
          </Menu>
        )}
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <UnstyledButton aria-label={t('shell:userMenu')} data-testid="user-menu">
              <Group gap={6} wrap="nowrap">
                <Avatar src={user?.avatar?.realUri} size={28} radius="xl" color="blue">{user?.name?.slice(0, 1)}</Avatar>
                {!mobile && <Text size="sm" style={{ whiteSpace: 'nowrap' }}>{user?.name}</Text>}
                <IconChevronDown size={14} />
              </Group>
            </UnstyledButton>
          </Menu.Target>
          <Menu.Dropdown>
            <Menu.Label>{user?.username}</Menu.Label>
            <Menu.Item leftSection={<IconKey size={16} />} onClick={() => setPasswordOpened(true)} data-testid="menu-change-password">
              {t('shell:password.title')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconLayoutNavbar size={16} />}
              rightSection={tabsVisible ? <IconCheck size={14} /> : null}
              onClick={() => setTabsVisible(!tabsVisible)}
              data-testid="menu-toggle-tabs"
            >
              {t('shell:tabs.show')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconKeyboard size={16} />}
              rightSection={<Text size="xs" c="dimmed">{shellKeyLabel(bindingOf('shortcuts.open'))}</Text>}
              onClick={onShowShortcuts}
              data-testid="menu-shortcuts"
            >
              {t('shell:keys.title')}
            </Menu.Item>
            <Menu.Item
              leftSection={<IconLogout size={16} />}
              color="red"
              onClick={async () => {
                if (!(await confirmDiscardDirtyTabs())) return;
                await logout();
                await navigate({ to: '/login' });
              }}
              data-testid="menu-logout"
            >
              {t('shell:logout')}
            </Menu.Item>
          </Menu.Dropdown>
        </Menu>
      </Group>
      <ChangePasswordDialog opened={passwordOpened} onClose={() => setPasswordOpened(false)} />
    </Group>
  );
}
