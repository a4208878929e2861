/**
 * The screen of every route whose real screen comes with a later issue: it names the feature
 * and says that it is coming, so nobody mistakes it for a finished (or broken) screen.
 * Used by router.tsx for every page without a registered screen.
 */
import { useTranslation } from 'react-i18next';
import { useLocation } from '@tanstack/react-router';
import { Badge, Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { findPage } from '../../routes/access';

export function PlaceholderPage() {
  const { t } = useTranslation(['shell', 'menu']);
  const pathname = useLocation({ select: (l) => l.pathname });
  const page = findPage(pathname);
  const name = page ? t(`menu:${page.key}`) : pathname;
  const section = page?.trail.length ? page.trail.map((k) => t(`menu:${k}.title`)).join(' / ') : null;
  return (
    <Center py={60} data-testid="placeholder-page">
      <Paper withBorder radius="md" p="xl" maw={560} w="100%">
        <Stack align="center" gap="sm">
          <ThemeIcon size={56} radius="xl" variant="light">
            <IconTools size={30} />
          </ThemeIcon>
          {section && <Text c="dimmed" size="sm">{section}</Text>}
          <Title order={3} ta="center">{name}</Title>
          <Badge variant="light" color="orange">{t('shell:placeholder.badge')}</Badge>
          <Text ta="center" c="dimmed">{t('shell:placeholder.body', { name })}</Text>
        </Stack>
      </Paper>
    </Center>
  );
}
