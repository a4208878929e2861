/** Shown instead of a page the user has no right to open (menus hide it; typed URLs land here). */
import { useTranslation } from 'react-i18next';
import { Link } from '@tanstack/react-router';
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';

export function NoPermission() {
  const { t } = useTranslation('shell');
  return (
    <Center py={80} data-testid="no-permission">
      <Stack align="center" gap="sm">
        <ThemeIcon size={56} radius="xl" color="red" variant="light"><IconLock size={30} /></ThemeIcon>
        <Title order={3}>{t('noPermission.title')}</Title>
        <Text c="dimmed">{t('noPermission.body')}</Text>
        <Button component={Link} to="/" variant="light">{t('backHome')}</Button>
      </Stack>
    </Center>
  );
}
