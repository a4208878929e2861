/**
 * What the content area shows for the current page: the page when the user holds its rights and
 * the scope it needs; else the no-permission screen, or a banner naming the missing company,
 * ledger set or account year (spec 01 §2). Account management pages render with less scope so
 * the setup prompts can lead there.
 */
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { canOpen, findPage, missingScope, type PageRoute } from '../routes/access';
import { useScope, useSession } from '../session/store';
import { NoPermission } from './no-permission';

export function ScopeBanner({ page, accountsCount, settling = false }: { page: PageRoute; accountsCount: number | null; settling?: boolean }) {
  const { t } = useTranslation('shell');
  const scope = useScope();
  const user = useSession((s) => s.user);
  const missing = missingScope(page.level, scope);
  // While the shell still fills the scope in (a fresh load), nothing is missing yet.
  if (!missing || !user || settling) return null;
  // A company without any ledger set: the no-sub-account notice.
  const noAccounts = missing === 'account' && accountsCount === 0;
  // The banner links to the screen that fixes the gap, when the user may open it.
  const target = { account: { to: '/basic/accountList', label: t('banner.createAccount') }, accountYear: { to: '/basic/accountPeriod', label: t('banner.createYear') }, company: { to: '/system/companyList', label: t('banner.createCompany') } }[missing];
  const targetPage = findPage(target.to);
  const link = targetPage && canOpen(targetPage, user) ? target : null;
  return (
    <Alert color="yellow" variant="light" icon={<IconInfoCircle size={18} />} py="xs" data-testid="scope-banner" data-missing={missing}>
      <Text size="sm" span>{noAccounts ? t('banner.noAccounts') : t(`banner.${missing}`)}</Text>
      {link && page.path !== link.to && (
        <Anchor component={Link} to={link.to} size="sm" ml="sm">{link.label}</Anchor>
      )}
    </Alert>
  );
}

export function PageGate({ page, accountsCount, settling, children }: { page: PageRoute | undefined; accountsCount: number | null; settling?: boolean; children: ReactNode }) {
  const scope = useScope();
  const user = useSession((s) => s.user);
  if (!page) return <>{children}</>;
  if (!canOpen(page, user)) return <NoPermission />;
  const lacksContentScope = missingScope(page.contentLevel, scope) !== null;
  return (
    <Stack gap="sm">
      <ScopeBanner page={page} accountsCount={accountsCount} settling={settling} />
      {!lacksContentScope && children}
    </Stack>
  );
}
