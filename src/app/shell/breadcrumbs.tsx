/** Breadcrumbs built from route-table titles: home / section / group / page. */
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from '@tanstack/react-router';
import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import { pageOf } from '../routes/access';
import { useTabTitle } from './tabs-bar';

export function ShellBreadcrumbs() {
  const { t } = useTranslation('menu');
  const title = useTabTitle();
  const pathname = useLocation({ select: (l) => l.pathname });
  const page = pageOf(pathname);
  if (!page || page.key === 'root') return null;
  return (
    <Breadcrumbs separatorMargin={6} fz="sm" data-testid="breadcrumbs">
      <Anchor component={Link} to="/" size="sm">{t('root')}</Anchor>
      {page.trail.filter((k) => k !== 'home').map((k) => (
        <Text key={k} size="sm" c="dimmed">{t(`${k}.title`)}</Text>
      ))}
      <Text size="sm" fw={500}>{title({ pageKey: page.key, path: pathname })}</Text>
    </Breadcrumbs>
  );
}
